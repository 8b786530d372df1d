// Every page's service-worker registration (/assets/pwa.js, from src/partials/head.html):
// /sw.js for the whole site, registered once the page has what it came for, so the worker's
// first download of the site (its precache, sw.js) never shares a slow connection with the
// page's own first load: a game page waits until its engine has arrived (<body data-engine>,
// first-moves.js; the first moves are offered before, from the page itself), any other page
// until its load event. A new build's worker taking over the page later: update.js.
import { watchUpdates } from './update.js';

/** Resolves when the page is ready for the worker's downloads. */
export function pageSettled(doc = document) {
  const loaded = doc.readyState === 'complete' ? Promise.resolve()
    : new Promise((resolve) => addEventListener('load', resolve, { once: true }));
  if (!doc.body || !('worker' in doc.body.dataset)) return loaded;
  return loaded.then(() => new Promise((resolve) => {
    if (doc.body.dataset.engine) return resolve();
    const watch = new MutationObserver(() => {
      if (!doc.body.dataset.engine) return;
      watch.disconnect();
      resolve();
    });
    watch.observe(doc.body, { attributes: true, attributeFilter: ['data-engine'] });
  }));
}

if ('serviceWorker' in navigator) {
  watchUpdates();
  pageSettled().then(() => navigator.serviceWorker.register('/sw.js', { scope: '/' }))
    .catch((err) => console.warn('madang: service worker', err));
}
