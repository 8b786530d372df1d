// Builds the static site into dist/ (or $SITE_OUT): the pages, the CSS, one page bundle per
// game family (esbuild, ES modules with the shared code — three.js, the shell — split into
// shared chunks), and per family an engine folder with the worker, Go's wasm_exec.js and the
// family's WebAssembly module (as madang.wasm; the page names it to the worker:
// worker.js?wasm=<url>).
//
// Every asset's path carries a content hash, so a browser never pairs an old bundle with a
// new engine and every asset may be cached for a year (immutable): bundles and chunks are
// named <name>-<HASH>.js by esbuild, the CSS site-<HASH>.css, and the engine files keep
// their names inside a folder named by the hash of all three, assets/engine-<family>-<HASH>/
// (the worker loads wasm_exec.js beside itself). Only the HTML pages (index.html, 404.html)
// and the deployment's config.json keep fixed names; they name the hashed files and must be
// served no-cache.
// Each asset and page also gets brotli (.br, quality 11) and gzip (.gz, level 9) copies for a
// server to send by Accept-Encoding.
//
// Inputs from the Makefile (mk/site.mk):
//   WASM="dir/draughts.wasm ..."   the engine modules, one <family>.wasm per family (spaces or
//                                  commas between; a lone madang.wasm serves every family)
//   WASM_EXEC=$(go env GOROOT)/lib/wasm/wasm_exec.js
// Without them the build reuses the wasm and wasm_exec.js the output folder already holds.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import {
  mkdirSync, readFileSync, writeFileSync, existsSync, rmSync, readdirSync, statSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import resvg from '@resvg/resvg-js';
import { MSG, josa } from './src/js/text.js';
import { appManifest, ICON_SIZES, THEME_COLOR } from './src/js/pwa/app-manifest.js';
import { pageURL } from './src/js/pwa/page-url.js';
import { workerURL } from './src/js/engine.js';

const root = dirname(fileURLToPath(import.meta.url));
const src = join(root, 'src');
const out = process.env.SITE_OUT || join(root, 'dist');
const assets = join(out, 'assets');

/** The game families as their descriptors in Go declare them (games/<family>, package
 * games): the site manifest `madang games --json`, which make writes to .build/games.json
 * ($GAMES names another file). Each family has a page module (src/js/<family>/page.js), an
 * engine module (<family>.wasm), a page template and the games it serves
 * (dist/<game>/index.html), each with its Korean title and the page's <meta
 * name="description"> ({{DESCRIPTION}} in the template; search results show it); without a
 * description the build writes a generic sentence from the title. */
const manifestFile = process.env.GAMES || join(root, '.build', 'games.json');
if (!existsSync(manifestFile)) {
  console.error(`build: ${relative(process.cwd(), manifestFile)} missing; build with make site (it runs madang games --json)`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
if (!manifest.roomErrors) {
  console.error(`build: ${relative(process.cwd(), manifestFile)} has no roomErrors; rebuild it with make site`);
  process.exit(1);
}
const FAMILIES = Object.fromEntries(manifest.families.map((f) => [f.name, f]));
/** The render workers the families' boards use (src/js/render/<name>.js). */
const RENDERS = [...new Set(manifest.families.map((f) => f.render).filter(Boolean))];

/** A page's description when its game names none. */
const description = (title, text) => text || `${josa(title, '을/를')} 브라우저에서 둡니다. AI와 대결하거나, 한 기기에서 둘이, 또는 링크로 친구와 온라인으로 겨룹니다.`;

/** The first text of the turn line (<p id="turn">, empty in a template) is in the HTML, so
 * the page shows it at its first paint instead of after the engine has loaded (the shell
 * writes the same text once it has a position). */
const withTurnText = (html) => html.replace(/(<p id="turn"[^>]*>)(<\/p>)/, (m, open, close) => `${open}${escapeHTML(MSG.menuHint)}${close}`);
const escapeHTML = (t) => t.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A family's build-time markup for its page template: its descriptor's prerender module
 * (src/js/<prerender>, exporting prerender(html, escapeHTML)), or none. */
const prerenders = Object.fromEntries(await Promise.all(manifest.families.map(async (f) => [f.name,
  f.prerender ? (await import(join(src, 'js', f.prerender))).prerender : (html) => html])));

/** The first 8 characters of a content hash, upper-case hex (esbuild's hashes are 8 base32). */
const hash = (...parts) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex').slice(0, 8).toUpperCase();
};

/** Every file under dir, recursively (absolute paths). */
const walk = (dir) => (existsSync(dir) ? readdirSync(dir).flatMap((f) => {
  const p = join(dir, f);
  return statSync(p).isDirectory() ? walk(p) : [p];
}) : []);

// the engine inputs: from the environment, else whatever the last build left
const wasmInputs = (process.env.WASM || '').split(/[\s,]+/).filter(Boolean);
const modules = new Map(); // family → its module's bytes
let wasmExec = process.env.WASM_EXEC ? readFileSync(process.env.WASM_EXEC) : null;
for (const p of walk(assets)) {
  const m = relative(assets, p).match(/^engine-([\w-]+)-[A-Z0-9]{8}\/(madang\.wasm|wasm_exec\.js)$/);
  if (!m) continue;
  if (m[2] === 'madang.wasm' && !wasmInputs.length) modules.set(m[1], readFileSync(p));
  if (m[2] === 'wasm_exec.js' && !wasmExec) wasmExec = readFileSync(p);
}
for (const w of wasmInputs) {
  const family = basename(w, '.wasm');
  // madang.wasm: the single module of the days before one per family serves every family
  for (const f of family === 'madang' ? Object.keys(FAMILIES) : [family]) modules.set(f, readFileSync(w));
}
if (!wasmExec) {
  console.error('build: wasm_exec.js missing; build with make site');
  process.exit(1);
}
// compressed copies of hashed files are kept: the same name holds the same bytes (brotli at
// quality 11 takes seconds for a wasm module)
const hashed = /-[A-Z0-9]{8}[./]/;
const packed = new Map();
for (const p of walk(assets)) {
  const rel = relative(out, p);
  if (/\.(br|gz)$/.test(p) && hashed.test(rel)) packed.set(rel, readFileSync(p));
}
rmSync(out, { recursive: true, force: true });
mkdirSync(assets, { recursive: true });

/** /assets/<logical name> → /assets/<hashed path>, for the pages. */
const names = {};

// page bundles: one entry per family, shared chunks
const pages = await esbuild.build({
  // and the guide's practice boards (src/js/guide/practice.js), which a guide
  // fragment loads as /assets/practice.js
  entryPoints: {
    ...Object.fromEntries(Object.keys(FAMILIES).map((f) => [f, join(src, `js/${f}/page.js`)])),
    practice: join(src, 'js/guide/practice.js'),
    // every page's service-worker registration (src/js/pwa/register.js)
    pwa: join(src, 'js/pwa/register.js'),
    // the render workers (module workers; src/js/render/worker.js), named to a page as
    // data-render-worker
    ...Object.fromEntries(RENDERS.map((r) => [`render-${r}`, join(src, `js/render/${r}.js`)])),
  },
  bundle: true,
  splitting: true,
  minify: true,
  format: 'esm',
  target: ['es2020'],
  outdir: assets,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
  // from the manifest: the games' titles (src/js/titles.js) and the room's error texts
  // (src/js/room-errors.js)
  define: {
    MADANG_TITLES: JSON.stringify(Object.fromEntries(manifest.families.flatMap((f) => f.games).map((g) => [g.id, g.title]))),
    MADANG_ROOM_ERRORS: JSON.stringify(manifest.roomErrors),
    MADANG_CLOCKS: JSON.stringify(Object.fromEntries(manifest.families.flatMap((f) => f.games).map((g) => [g.id, g.room.clocks]))),
  },
});
for (const [file, o] of Object.entries(pages.metafile.outputs)) {
  if (!o.entryPoint) continue;
  const render = o.entryPoint.match(/js\/render\/(\w+)\.js$/);
  const family = o.entryPoint.endsWith('js/guide/practice.js') ? 'practice'
    : o.entryPoint.endsWith('js/pwa/register.js') ? 'pwa'
    : render ? `render-${render[1]}`
      : Object.keys(FAMILIES).find((f) => o.entryPoint.endsWith(`js/${f}/page.js`));
  names[`${family}.js`] = relative(assets, resolve(file));
}
/** The chunks a bundle imports statically, recursively (its hashed path under assets/ → theirs):
 * each page names its entry's as modulepreload links, so they load beside the entry instead of
 * one round trip after it (on a slow phone connection 0.6 s before the first move). */
const staticChunks = (entry) => {
  const seen = new Set();
  const walkImports = (file) => {
    const o = pages.metafile.outputs[file];
    for (const i of (o && o.imports) || []) {
      if (i.kind !== 'import-statement' || seen.has(i.path)) continue;
      seen.add(i.path);
      walkImports(i.path);
    }
  };
  walkImports(Object.keys(pages.metafile.outputs).find((f) => relative(assets, resolve(f)) === entry));
  return [...seen].map((f) => relative(assets, resolve(f))).sort();
};

// the worker is a classic worker (importScripts for wasm_exec.js beside it): an IIFE
const worker = await esbuild.build({
  entryPoints: [join(src, 'js/worker.js')],
  bundle: true, minify: true, format: 'iife', target: ['es2020'], write: false, logLevel: 'warning',
});
const workerJS = worker.outputFiles[0].contents;

// per family: assets/engine-<family>-<HASH>/{worker.js, wasm_exec.js, madang.wasm}
const engines = {};
for (const family of Object.keys(FAMILIES)) {
  if (!modules.has(family)) {
    console.error(`build: ${family}.wasm missing; build with make site`);
    process.exit(1);
  }
  const files = { 'worker.js': workerJS, 'wasm_exec.js': wasmExec, 'madang.wasm': modules.get(family) };
  const dir = `engine-${family}-${hash(...Object.entries(files).flat())}`;
  mkdirSync(join(assets, dir));
  for (const [f, b] of Object.entries(files)) writeFileSync(join(assets, dir, f), b);
  engines[family] = { worker: `/assets/${dir}/worker.js`, wasm: `/assets/${dir}/madang.wasm` };
  // the engine's files: assets/engine-files/<game>-<kind>-<HASH>.<ext>, each cached on its
  // own (a new module does not fetch unchanged weights again), named to the page as
  // data-engine-files="<game>:<kind>:<url>,..." and passed on in the worker's query string
  const efiles = FAMILIES[family].engineFiles.map(({ game, kind, path }) => {
    const b = readFileSync(join(root, '..', path));
    const name = `engine-files/${game}-${kind}-${hash(b)}${path.slice(path.lastIndexOf('.'))}`;
    mkdirSync(join(assets, 'engine-files'), { recursive: true });
    writeFileSync(join(assets, name), b);
    return `${game}:${kind}:/assets/${name}`;
  });
  engines[family].files = efiles.length ? ` data-engine-files="${efiles.join(',')}"` : '';
  // a family's game-record module (<family>-records.wasm), when it has one: its own worker
  // folder, named to the page as data-records-worker and data-records-wasm
  const rec = modules.get(`${family}-records`);
  if (rec) {
    const rfiles = { 'worker.js': workerJS, 'wasm_exec.js': wasmExec, 'madang.wasm': rec };
    const rdir = `engine-${family}-records-${hash(...Object.entries(rfiles).flat())}`;
    mkdirSync(join(assets, rdir));
    for (const [f, b] of Object.entries(rfiles)) writeFileSync(join(assets, rdir, f), b);
    engines[family].records = ` data-records-worker="/assets/${rdir}/worker.js" data-records-wasm="/assets/${rdir}/madang.wasm"`;
  }
}

// the style sheet with the Korean web font (@fontsource/noto-sans-kr, SIL Open Font License
// 1.1): esbuild inlines the font's @font-face rules, one per unicode-range subset, and copies
// the font files to assets/fonts/<name>-<HASH>.woff2 (.woff for old browsers), so a browser
// fetches only the subsets of the letters a page shows; the licence goes beside them
const style = await esbuild.build({
  entryPoints: { site: join(src, 'css/site.css') },
  bundle: true,
  minify: true,
  outdir: assets,
  entryNames: '[name]-[hash]',
  assetNames: 'fonts/[name]-[hash]',
  loader: { '.woff2': 'file', '.woff': 'file' },
  metafile: true,
  logLevel: 'warning',
});
for (const [file, o] of Object.entries(style.metafile.outputs)) {
  if (o.entryPoint && file.endsWith('.css')) names['site.css'] = relative(assets, resolve(file));
}
const ofl = readFileSync(join(root, 'node_modules/@fontsource/noto-sans-kr/LICENSE'));
names['OFL-noto-sans-kr.txt'] = `fonts/OFL-noto-sans-kr-${hash(ofl)}.txt`;
writeFileSync(join(assets, names['OFL-noto-sans-kr.txt']), ofl);

// the app's icons, rendered from our SVGs (src/icons/icon.svg and its maskable twin) to PNG
// at each size, and the web app manifest naming them (src/js/pwa/app-manifest.js)
mkdirSync(join(assets, 'icons'), { recursive: true });
const icons = { icons: {}, maskable: {} };
for (const [kind, svg] of [['icons', 'icon.svg'], ['maskable', 'icon-maskable.svg']]) {
  const text = readFileSync(join(src, 'icons', svg), 'utf8');
  for (const size of ICON_SIZES) {
    const png = new resvg.Resvg(text, { fitTo: { mode: 'width', value: size } }).render().asPng();
    const name = `icons/${basename(svg, '.svg')}-${size}-${hash(png)}.png`;
    writeFileSync(join(assets, name), png);
    icons[kind][size] = `/assets/${name}`;
    names[`${basename(svg, '.svg')}-${size}.png`] = name;
  }
}
const appJSON = `${JSON.stringify(appManifest(icons), null, 1)}\n`;
names['manifest.json'] = `manifest-${hash(appJSON)}.json`;
writeFileSync(join(assets, names['manifest.json']), appJSON);

/** A page with every /assets/<logical name> replaced by its hashed path. */
const link = (html) => html.replace(/\/assets\/([\w.-]+)/g, (m, f) => {
  if (!names[f]) throw new Error(`build: a page names /assets/${f}, which the build does not make`);
  return `/assets/${names[f]}`;
});

// The reading part of each game page: src/guide/<game>.html replaces the line
// `<!-- guide -->` of the template serving that game (one template may serve several games,
// so per game). Its {{ai:<game>.<run>.<figure>}} placeholders (or {{ai:<top-level key>}})
// are filled from src/guide/ai-figures.json, which `make ai-figures` writes; a placeholder
// the file lacks stops the build.
const guideDir = join(src, 'guide');
const figuresFile = join(guideDir, 'ai-figures.json');
const figures = existsSync(figuresFile) ? JSON.parse(readFileSync(figuresFile, 'utf8')) : {};
/** A figure as the pages print it: thousands with commas, decimals as measured. */
const printFigure = (v) => {
  if (typeof v !== 'number') return String(v);
  // a figure under 1 keeps two significant digits (backgammon's 0.021 ms a move is not 0)
  if (v !== 0 && Math.abs(v) < 1) return v.toLocaleString('en-US', { maximumSignificantDigits: 2 });
  return v.toLocaleString('en-US', { maximumFractionDigits: 1 });
};
/** A guide fragment starts with the line `<!-- guide-head -->` and its lead paragraph's line:
 * the build writes src/partials/guide-head.html there (the section, its heading '<title>
 * 알아보기', the lead, the table of contents), so every guide has the same head. */
const guideHead = readFileSync(join(src, 'partials/guide-head.html'), 'utf8');
/** The guide fragment of game id with its head and figures filled in, or null when it has none. */
function guide(id) {
  const f = join(guideDir, `${id}.html`);
  if (!existsSync(f)) return null;
  const raw = readFileSync(f, 'utf8');
  const head = raw.match(/^<!-- guide-head -->\n(<p class="lead">.*<\/p>)\n/);
  if (!head) throw new Error(`build: guide/${id}.html does not start with its <!-- guide-head --> line and its lead`);
  return (guideHead.replace('{{LEAD}}', () => head[1]) + raw.slice(head[0].length)).replace(/\{\{ai:([\w.-]+)\}\}/g, (m, key) => {
    const [first, ...rest] = key.split('.');
    let v = figures.games && first in figures.games ? figures.games[first] : figures[first];
    for (const k of rest) v = v == null ? undefined : v[k];
    if (v == null || typeof v === 'object') throw new Error(`build: guide/${id}.html quotes ${m}, which ${relative(root, figuresFile)} lacks`);
    return printFigure(v);
  }).trimEnd();
}

/** A page template's first line names its head: `<!-- head title="…" description="…"
 * preload="/assets/x.js" -->` (preload optional), and the build writes src/partials/head.html
 * there, so every page carries the same head (icon, stylesheet, viewport). A template without
 * the line is an error: a page without its head would be served without styles. */
const headPartial = readFileSync(join(src, 'partials/head.html'), 'utf8');
/** The game pages' shell markup (src/partials/shell.html): part name → its lines, each part
 * from its line `<!-- part NAME -->` to the next; a template's line `<!-- shell NAME -->`
 * becomes that part. A name the partial lacks is an error. */
const shellParts = Object.fromEntries([...readFileSync(join(src, 'partials/shell.html'), 'utf8')
  .matchAll(/^<!-- part ([\w-]+) -->\n([\s\S]*?)(?=^<!-- part |(?![\s\S]))/gm)].map((m) => [m[1], m[2]]));
const withShell = (file, html) => html.replace(/^[ \t]*<!-- shell ([\w-]+) -->\n/gm, (m, name) => {
  if (!(name in shellParts)) throw new Error(`build: ${file} names the shell part ${name}, which src/partials/shell.html lacks`);
  return shellParts[name];
});
const page = (file) => {
  const html = withShell(file, readFileSync(join(src, file), 'utf8'));
  const m = html.match(/^<!-- head((?: \w+="[^"]*")+) -->\n/);
  if (!m) throw new Error(`build: ${file} does not start with its <!-- head … --> line`);
  const a = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
  if (!a.title || !a.description) throw new Error(`build: ${file}'s head line needs a title and a description`);
  return headPartial.replace('{{PAGE_TITLE}}', () => a.title).replace('{{DESCRIPTION}}', () => a.description)
    .replace('{{THEME_COLOR}}', () => THEME_COLOR)
    .replace('{{PRELOAD}}', () => (a.preload ? `<link rel="modulepreload" href="${a.preload}">\n` : '')) + html.slice(m[0].length);
};

/** The home page's cards, one per game in the manifest's order, for the line `<!-- cards -->`
 * of src/index.html: a card's picture is its art class, with the markup of its art file
 * (src/<artFile>, an inline SVG) when it names one. */
const cards = () => manifest.families.flatMap((f) => f.games).map(({ id, title, card }) => {
  const art = card.artFile ? readFileSync(join(src, card.artFile), 'utf8').trim() : '';
  return `    <li class="card ready" data-game="${id}">
      <a href="/${id}/">
        <span class="card-art ${card.art}" aria-hidden="true">${art}</span>
        <span class="card-title">${escapeHTML(title)}</span>
        <span class="card-text">${escapeHTML(card.text)}</span>
        <span class="card-badge">지금 두기</span>
      </a>
    </li>`;
}).join('\n');

// the home page, and the page a host shows for a missing path (404.html: CloudFront's custom
// error response)
for (const f of ['index.html', '404.html']) {
  writeFileSync(join(out, f), link(page(f)).replace(/^[ \t]*<!-- cards -->[ \t]*$/m, cards));
}
// Each game page's first moves (issue 32): the table site/wasm/firstmoves made with the rules
// (.build/first-moves/<game>.json, `make site`; $FIRST_MOVES names another folder), written
// into the page as <script type="application/json" id="first-moves">, so the page offers the
// first move before its engine has arrived (src/js/first-moves.js). Go's JSON escapes < > &,
// so the text cannot close the script element.
const firstMovesDir = process.env.FIRST_MOVES || join(root, '.build', 'first-moves');
const firstMoves = (id) => {
  const f = join(firstMovesDir, `${id}.json`);
  if (!existsSync(f)) {
    console.error(`build: ${relative(process.cwd(), f)} missing; build with make site (it runs site/wasm/firstmoves)`);
    process.exit(1);
  }
  const text = readFileSync(f, 'utf8').trim();
  if (/<\//.test(text)) throw new Error(`build: ${f} holds '</'`);
  return `<script type="application/json" id="first-moves">${text}</script>\n`;
};
/** A game page's first script, in its head before the style sheet (a script after one waits
 * for it): on a visit the service worker serves (the page controlled), it starts the engine's
 * worker at once, so the module compiles while the page is parsed (0.2–0.4 s of a second visit on
 * the throttled phone, CPU x4) instead of after; engine.js takes it (self.madangEngine). On a
 * first visit it does nothing: the engine's download would share the connection with the
 * page's own, which the first move waits for. */
const earlyEngine = (family) => {
  const dataset = { worker: engines[family].worker, wasm: engines[family].wasm };
  const files = engines[family].files.match(/ data-engine-files="([^"]*)"/);
  if (files) dataset.engineFiles = files[1];
  const url = JSON.stringify(workerURL(family, { body: { dataset } }));
  return `<script>if (navigator.serviceWorker && navigator.serviceWorker.controller) { const e = { url: ${url} }; e.worker = new Worker(e.url); e.worker.onerror = () => { e.failed = true; }; self.madangEngine = e; }</script>\n`;
};
for (const [family, { games, page: html, render }] of Object.entries(FAMILIES)) {
  const entry = `<link rel="modulepreload" href="/assets/${names[`${family}.js`]}">`;
  const template = prerenders[family](withTurnText(link(page(html))), escapeHTML)
    .replace('<link rel="stylesheet"', () => `${earlyEngine(family)}<link rel="stylesheet"`)
    .replace(entry, () => [entry, ...staticChunks(names[`${family}.js`]).map((c) => `<link rel="modulepreload" href="/assets/${c}">`)].join('\n'))
    .replace('<body ', `<body data-worker="${engines[family].worker}" data-wasm="${engines[family].wasm}"${engines[family].files}${engines[family].records || ''}${render ? ` data-render-worker="/assets/${names[`render-${render}.js`]}"` : ''} `);
  for (const { id, title, description: text } of games) {
    mkdirSync(join(out, id), { recursive: true });
    const g = guide(id);
    const withGuide = template.replace(/^[ \t]*<!-- guide -->[ \t]*$/m, () => (g == null ? '' : link(g)));
    const filled = withGuide.replaceAll('{{GAME}}', id).replaceAll('{{TITLE}}', title)
      .replaceAll('{{DESCRIPTION}}', escapeHTML(description(title, text)));
    if (!filled.includes('</body>')) throw new Error(`build: ${html} has no </body> for the first moves`);
    writeFileSync(join(out, id, 'index.html'), filled.replace('</body>', () => `${firstMoves(id)}</body>`));
  }
}

// The service worker, /sw.js (src/js/pwa/sw.js): its precache list is the built file set, each
// page by its URL ('/', '/checkers/') with the hash of its bytes as revision, each hashed asset
// by its URL alone (its name changes with its bytes); the fonts are left out (a hundred
// unicode-range subsets, of which a page loads a few: the worker keeps those it sees); the
// 404 page is in it, for an address the site lacks with no network (sw.js). The
// list is in the worker's bytes, so every build that changes a file changes sw.js, and a
// browser installs the new worker at its next visit.
const precache = walk(out).map((p) => relative(out, p).split('\\').join('/'))
  .filter((f) => !/(^|\/)\./.test(f) && !f.startsWith('assets/fonts/') && !/\.(br|gz)$/.test(f))
  .sort()
  .map((f) => (f.startsWith('assets/') ? { url: `/${f}`, revision: null }
    : { url: pageURL(f), revision: hash(readFileSync(join(out, f))) }));
const sw = await esbuild.build({
  entryPoints: [join(src, 'js/pwa/sw.js')],
  bundle: true, minify: true, format: 'iife', target: ['es2020'], write: false, logLevel: 'warning', legalComments: 'none',
  define: { 'self.__WB_MANIFEST': JSON.stringify(precache), 'process.env.NODE_ENV': '"production"' },
});
writeFileSync(join(out, 'sw.js'), sw.outputFiles[0].contents);

// compressed copies of everything a server sends
// (the fonts too, although woff2 gains little: one rule for every file a server sends)
const packable = /\.(html|js|css|wasm|json|svg|txt|bin|png|woff2?)$/;
for (const p of walk(out)) {
  if (!packable.test(p)) continue;
  const b = readFileSync(p);
  const rel = relative(out, p);
  // a font or an icon is compressed already: a fast brotli level gains as much as 11 does, in a
  // second instead of a minute for the fonts together
  const quality = /\.(woff2?|png)$/.test(p) ? 4 : 11;
  writeFileSync(`${p}.br`, packed.get(`${rel}.br`) || brotliCompressSync(b, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: b.length },
  }));
  writeFileSync(`${p}.gz`, packed.get(`${rel}.gz`) || gzipSync(b, { level: 9 }));
}
console.log('site built into', out);
