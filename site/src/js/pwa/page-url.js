// Which URLs of the site are pages (served from the service worker's precache, sw.js), and
// the name the precache list gives each (build.mjs: '/' and '/<game>/' for the index pages).

/** The page a URL of the site stands for ('/checkers/' for /checkers/index.html?room=x), or
 * null for anything else (the hashed assets, sw.js). */
export function pageOf(url) {
  const p = url.pathname;
  if (p.startsWith('/assets/')) return null;
  if (p.endsWith('/')) return p;
  if (p.endsWith('/index.html')) return p.slice(0, -'index.html'.length);
  return p.endsWith('.html') ? p : null;
}

/** The precache name of a built page file ('checkers/index.html' → '/checkers/'). */
export function pageURL(file) {
  return `/${file}`.replace(/(^|\/)index\.html$/, '$1');
}
