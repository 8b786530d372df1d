// The site build (build.mjs) into a temporary folder with stand-in engine files, no browser:
// every asset's path carries a content hash (only the pages keep fixed names), the pages name
// files that exist, a changed engine changes only the engine's names, and the brotli and gzip
// copies hold the same bytes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { GAMES, manifest } from './games.mjs';

const site = join(dirname(fileURLToPath(import.meta.url)), '..');
let tmp;

const walk = (dir) => readdirSync(dir).flatMap((f) => {
  const p = join(dir, f);
  return statSync(p).isDirectory() ? walk(p) : [p];
});

/** Builds the site into a fresh folder with a stand-in draughts wasm of the given bytes,
 * fixed stand-ins for the star family's (halma) and backgammon's. */
function build(name, wasmBytes) {
  const out = join(tmp, name);
  const wasm = join(tmp, `${name}-in`, 'draughts.wasm');
  const halma = join(tmp, `${name}-in`, 'halma.wasm');
  const bgw = join(tmp, `${name}-in`, 'backgammon.wasm');
  const exec = join(tmp, `${name}-in`, 'wasm_exec.js');
  execFileSync('mkdir', ['-p', dirname(wasm)]);
  writeFileSync(wasm, wasmBytes);
  writeFileSync(halma, Buffer.from('\0asm\x01\0\0\0 star'));
  writeFileSync(bgw, Buffer.from('\0asm\x01\0\0\0 backgammon'));
  writeFileSync(exec, '/* stand-in for Go\'s wasm_exec.js */ globalThis.Go = class {};\n');
  execFileSync(process.execPath, [join(site, 'build.mjs')], {
    cwd: site, env: { ...process.env, SITE_OUT: out, WASM: `${wasm} ${halma} ${bgw}`, WASM_EXEC: exec }, stdio: 'pipe',
  });
  return out;
}

const hashed = /-[A-Z0-9]{8}(\.|\/)/;
const PAGES = ['index.html', '404.html', 'checkers/index.html', 'draughts/index.html', 'backgammon/index.html',
  'chinese-checkers/index.html', 'diamond-kr/index.html', 'diamond/index.html'];
// the pages, config.json and the service worker keep fixed names (served no-cache)
const isPage = (rel) => /(^|\/)(index|404)\.html(\.br|\.gz)?$/.test(rel) || /^(config\.json|sw\.js)/.test(rel);

let a;
let b;
before(() => {
  tmp = mkdtempSync(join(tmpdir(), 'madang-build-test-'));
  a = build('a', Buffer.from('\0asm\x01\0\0\0 first'));
  b = build('b', Buffer.from('\0asm\x01\0\0\0 second'));
});
after(() => { if (tmp) rmSync(tmp, { recursive: true, force: true }); });

test('every asset path except the pages carries a content hash', () => {
  const files = walk(a).map((p) => relative(a, p));
  assert.ok(files.length > 10, files.join(' '));
  for (const f of files) {
    if (isPage(f)) continue;
    assert.match(f, hashed, `${f} has no content hash in its path`);
  }
  // the pages: home, the Korean 404 page and one per game of each family
  for (const p of PAGES) assert.ok(files.includes(p), p);
});

test('every page carries the shared head: language, viewport, its own title and description, icon, stylesheet', () => {
  const titles = new Set();
  for (const page of PAGES) {
    const html = readFileSync(join(a, page), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    assert.match(html, /^<!doctype html>\n<html lang="ko">\n<head>\n/, page);
    assert.match(head, /<meta name="viewport" content="width=device-width, initial-scale=1">/, page);
    // a PNG: an SVG icon costs a page a whole SVG document on its main thread (a long task
    // after the first paint under Lighthouse's mobile CPU)
    assert.match(head, /<link rel="icon" href="data:image\/png;base64,[A-Za-z0-9+/=]+">/, page);
    assert.match(head, /<link rel="stylesheet" href="\/assets\/site-[A-Z0-9]{8}\.css">/, page);
    assert.doesNotMatch(html, /\{\{|<!-- head/, `${page} keeps a placeholder or the head line`);
    const title = head.match(/<title>([^<]+) — 마당<\/title>|<title>(마당 — [^<]+)<\/title>/);
    assert.ok(title, `${page} has a title`);
    titles.add(title[1] || title[2]);
    assert.match(head, /<meta name="description" content="[^"]{10,}">/, page);
    if (page.includes('/')) assert.match(head, /<link rel="modulepreload" href="\/assets\/(draughts|halma|backgammon)-[A-Z0-9]{8}\.js">/, page);
  }
  assert.equal(titles.size, PAGES.length, 'every page has its own title');
});

test('the pages name hashed files that exist, and the engine of their family', () => {
  for (const page of PAGES) {
    const html = readFileSync(join(a, page), 'utf8');
    const named = [...html.matchAll(/"(\/assets\/[^"?]+)/g)].map((m) => m[1]);
    assert.ok(named.length > 0, page);
    for (const n of named) {
      assert.match(n, hashed, `${page} names ${n}`);
      assert.ok(existsSync(join(a, n)), `${page} names ${n}, which is missing`);
    }
  }
  const game = readFileSync(join(a, 'checkers/index.html'), 'utf8');
  assert.match(game, /data-worker="\/assets\/engine-draughts-[A-Z0-9]{8}\/worker\.js"/);
  assert.match(game, /data-wasm="\/assets\/engine-draughts-[A-Z0-9]{8}\/madang\.wasm"/);
  assert.match(game, /<script type="module" src="\/assets\/draughts-[A-Z0-9]{8}\.js">/);
  const bg = readFileSync(join(a, 'backgammon/index.html'), 'utf8');
  assert.match(bg, /data-worker="\/assets\/engine-backgammon-[A-Z0-9]{8}\/worker\.js"/);
  assert.match(bg, /data-wasm="\/assets\/engine-backgammon-[A-Z0-9]{8}\/madang\.wasm"/);
  assert.match(bg, /<script type="module" src="\/assets\/backgammon-[A-Z0-9]{8}\.js">/);
  const star = readFileSync(join(a, 'diamond/index.html'), 'utf8');
  assert.match(star, /data-wasm="\/assets\/engine-halma-[A-Z0-9]{8}\/madang\.wasm"/);
  assert.match(star, /<script type="module" src="\/assets\/halma-[A-Z0-9]{8}\.js">/);
});

test('a changed engine changes the engine folder and nothing else', () => {
  const list = (d) => walk(d).map((p) => relative(d, p)).filter((f) => !f.startsWith('assets/engine-')).sort();
  assert.deepEqual(list(b).filter((f) => !isPage(f)), list(a).filter((f) => !isPage(f)));
  const engine = (d, fam) => readdirSync(join(d, 'assets')).filter((f) => f.startsWith(`engine-${fam}-`));
  assert.equal(engine(a, 'draughts').length, 1);
  assert.notDeepEqual(engine(a, 'draughts'), engine(b, 'draughts'));
  assert.deepEqual(engine(a, 'halma'), engine(b, 'halma'), 'the unchanged engine keeps its folder');
  assert.deepEqual(engine(a, 'backgammon'), engine(b, 'backgammon'), 'the unchanged engine keeps its folder');
});

test('brotli and gzip copies hold the same bytes as each file', () => {
  const originals = walk(a).filter((p) => !/\.(br|gz)$/.test(p));
  for (const p of originals) {
    const raw = readFileSync(p);
    assert.ok(existsSync(`${p}.br`) && existsSync(`${p}.gz`), `${p} has no compressed copies`);
    assert.deepEqual(brotliDecompressSync(readFileSync(`${p}.br`)), raw, `${p}.br`);
    assert.deepEqual(gunzipSync(readFileSync(`${p}.gz`)), raw, `${p}.gz`);
  }
});

test('every page has a meta description, each game its own, and the turn line\'s first text', async () => {
  const { MSG } = await import('../src/js/text.js');
  const seen = new Set();
  for (const page of PAGES) {
    const html = readFileSync(join(a, page), 'utf8');
    const m = html.match(/<meta name="description" content="([^"]{10,})">/);
    assert.ok(m, `${page} has no meta description`);
    assert.ok(!m[1].includes('{{'), `${page}: ${m[1]}`);
    assert.ok(!seen.has(m[1]), `${page} repeats a description`);
    seen.add(m[1]);
  }
  for (const page of PAGES.filter((p) => p.includes('/'))) {
    const html = readFileSync(join(a, page), 'utf8');
    assert.ok(html.includes(`<p id="turn" class="turn">${MSG.menuHint}</p>`), `${page}: the turn line is empty in the HTML`);
  }
});

// every family's entry bundle (the star pages, backgammon's 2D board too): three.js
// only in chunks the entry imports dynamically (the 3D families: draughts, halma), never in
// the entry or what it imports statically
const FAMILY_ENTRIES = { draughts: { threeD: true }, halma: { threeD: true }, backgammon: { threeD: false } };
for (const [family, { threeD }] of Object.entries(FAMILY_ENTRIES)) {
  test(`three.js is not loaded with the game page (${family}): only by a dynamic import after the first paint`, () => {
    const assets = join(a, 'assets');
    const entry = readdirSync(assets).find((f) => new RegExp(`^${family}-[A-Z0-9]{8}\\.js$`).test(f));
    assert.ok(entry, `no ${family} entry bundle`);
    const js = readFileSync(join(assets, entry), 'utf8');
    const three = (f) => readFileSync(join(assets, f), 'utf8').includes('WebGLRenderer');
    // what the entry imports statically, and those chunks' own static imports (paths relative
    // to the importing file: './chunks/x.js' from the entry, './y.js' from a chunk)
    const rel = (from, spec) => posix.normalize(posix.join(posix.dirname(from), spec));
    const staticImports = (f) => [...readFileSync(join(assets, f), 'utf8').matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g)].map((m) => rel(f, m[1]));
    const closure = (first) => {
      const seen = new Set();
      const queue = [...first];
      while (queue.length) {
        const f = queue.pop();
        if (seen.has(f)) continue;
        seen.add(f);
        queue.push(...staticImports(f));
      }
      return seen;
    };
    const loaded = closure(staticImports(entry));
    assert.ok(!three(entry), `the ${family} entry holds three.js`);
    for (const f of loaded) assert.ok(!three(f), `the ${family} entry loads ${f}, which holds three.js, at once`);
    if (threeD) {
      const dyn = [...js.matchAll(/import\("(\.\/[^"]+\.js)"\)/g)].map((m) => rel(entry, m[1]));
      assert.ok(dyn.length, `no dynamic import in the ${family} entry`);
      assert.ok([...closure(dyn)].some(three), `the ${family} entry never imports three.js dynamically`);
    }
  });
}

// the reading part of each game page (src/guide/<game>.html) is in the page of its
// game, its {{ai:...}} placeholders filled from src/guide/ai-figures.json as written by
// `make ai-figures` (the file's selfplay runs); none is left unfilled.
const guideDir = join(site, 'src', 'guide');
const figures = JSON.parse(readFileSync(join(guideDir, 'ai-figures.json'), 'utf8'));
const fragments = readdirSync(guideDir).filter((f) => f.endsWith('.html')).map((f) => f.slice(0, -5));

test('the AI figures file is the output of make ai-figures', () => {
  assert.equal(figures.command, 'make ai-figures');
  for (const id of GAMES) {
    const g = figures.games[id];
    assert.ok(g, `figures for ${id}`);
    for (const run of ['vsBeginner', 'self', 'advanced']) {
      assert.match(g[run].run, new RegExp(`^selfplay --game ${id} `), `${id} ${run}`);
      assert.ok(g[run].games > 0, `${id} ${run} games`);
    }
  }
});

test('every guide fragment is injected into its game page with the figures of ai-figures.json', () => {
  // the figure as build.mjs prints it, looked up the same way: under games.<id> or top level
  const value = (key) => {
    const [first, ...rest] = key.split('.');
    let v = first in figures.games ? figures.games[first] : figures[first];
    for (const k of rest) v = v[k];
    assert.ok(v != null && typeof v !== 'object', `ai-figures.json has ${key}`);
    if (typeof v !== 'number') return String(v);
    // a tenth of a unit, or two significant digits under 1 (0.021 ms a move is not '0')
    return v.toLocaleString('en-US', v !== 0 && Math.abs(v) < 1 ? { maximumSignificantDigits: 2 } : { maximumFractionDigits: 1 });
  };
  let checked = 0;
  for (const id of fragments) {
    const pagePath = join(a, id, 'index.html');
    if (!existsSync(pagePath)) continue; // the game's page is not built in this branch yet
    // the fragment's /assets/ names are hashed like the template's (practice.js)
    const page = readFileSync(pagePath, 'utf8').replace(/\/assets\/practice-[A-Z0-9]{8}\.js/g, '/assets/practice.js');
    const raw = readFileSync(join(guideDir, `${id}.html`), 'utf8');
    const keys = [...raw.matchAll(/\{\{ai:([\w.-]+)\}\}/g)].map((m) => m[1]);
    assert.ok(keys.length >= 5, `${id}: the guide quotes the AI figures (${keys.length} placeholders)`);
    // the fragment's first lines name its head (src/partials/guide-head.html) and its lead
    const parts = raw.match(/^<!-- guide-head -->\n(.*)\n([\s\S]*)$/);
    assert.ok(parts, `guide/${id}.html starts with its <!-- guide-head --> line and its lead`);
    const [, lead, body] = parts;
    const title = manifest.families.flatMap((f) => f.games).find((g) => g.id === id).title;
    assert.ok(page.includes(`<section class="guide" id="guide" aria-labelledby="guide-title">\n<h2 id="guide-title">${title} 알아보기</h2>\n${lead}\n<nav class="guide-toc" aria-labelledby="guide-toc-title">`), `${id}/index.html heads its guide with the title, the lead and the contents`);
    const filled = body.replace(/\{\{ai:([\w.-]+)\}\}/g, (m, k) => value(k)).trimEnd();
    assert.ok(page.includes(`</nav>\n${filled}`), `${id}/index.html holds guide/${id}.html with its figures filled in`);
    assert.ok(!page.includes('<!-- guide -->'), `${id}: the marker is replaced`);
    assert.ok(!page.includes('{{ai:'), `${id}: no placeholder left`);
    assert.equal((page.match(/<section class="guide"/g) || []).length, 1, `${id}: one guide, its own`);
    assert.ok(page.includes(`id="guide-title"`), id);
    checked++;
  }
  // checkers and draughts share one template: each page carries its own game's text
  assert.ok(checked >= 2, `checked ${checked} pages`);
  assert.match(readFileSync(join(a, 'checkers', 'index.html'), 'utf8'), /<h2 id="guide-title">영미식 체커 알아보기/);
  assert.match(readFileSync(join(a, 'draughts', 'index.html'), 'utf8'), /<h2 id="guide-title">국제식 드래프트 알아보기/);
  // the figures file's measured values are on the pages
  assert.ok(readFileSync(join(a, 'draughts', 'index.html'), 'utf8').includes(`중급 승률 ${value('draughts.vsBeginner.winPct')}%`));
});

// What a player reads names no developer command (new-user test, 2026-12-01): the guides
// are part of every game page.
test('the guides\' AI figures caption names no repository command', () => {
  const dir = join(site, 'src', 'guide');
  const files = readdirSync(dir).filter((n) => n.endsWith('.html'));
  assert.ok(files.length >= 6);
  for (const f of files) assert.doesNotMatch(readFileSync(join(dir, f), 'utf8'), /make ai-figures|저장소/, f);
});

/** The service worker's precache list: [url, revision] pairs as build.mjs wrote them into sw.js. */
const precacheOf = (dir) => [...readFileSync(join(dir, 'sw.js'), 'utf8').matchAll(/url:"([^"]+)",revision:(null|"([0-9A-F]{8})")/g)]
  .map((m) => [m[1], m[3] || null]);

test('the service worker precaches every page by its URL with a revision, and every hashed asset but the fonts', () => {
  const list = precacheOf(a);
  const urls = new Map(list);
  const files = walk(a).map((p) => relative(a, p).split('\\').join('/')).filter((f) => !/\.(br|gz)$/.test(f));
  for (const f of files) {
    if (f.startsWith('assets/fonts/')) {
      assert.ok(!urls.has(`/${f}`), `${f}: the fonts are kept as pages load them, not precached`);
    } else if (f.startsWith('assets/')) {
      assert.ok(urls.has(`/${f}`), `${f} is not precached`);
      assert.equal(urls.get(`/${f}`), null, `${f}: a hashed asset needs no revision`);
    }
  }
  for (const page of PAGES) {
    const url = `/${page}`.replace(/index\.html$/, '');
    assert.match(urls.get(url) || '', /^[0-9A-F]{8}$/, `${url} is precached with a revision`);
  }
  // every game of the manifest has its page in the list
  for (const g of GAMES) assert.ok(urls.has(`/${g}/`), g);
  assert.ok(!urls.has('/sw.js'), 'the worker does not precache itself');
  assert.equal(list.length, urls.size, 'no URL twice');
});

test('a changed engine changes the service worker: the new engine folder in, the old one out', () => {
  const ua = new Map(precacheOf(a));
  const ub = new Map(precacheOf(b));
  const folder = (m) => [...m.keys()].filter((u) => /^\/assets\/engine-draughts-[A-Z0-9]{8}\/madang\.wasm$/.test(u));
  assert.equal(folder(ua).length, 1);
  assert.notDeepEqual(folder(ua), folder(ub));
  assert.ok(!ub.has(folder(ua)[0]), 'the old engine is not in the new list');
  assert.notEqual(readFileSync(join(a, 'sw.js'), 'utf8'), readFileSync(join(b, 'sw.js'), 'utf8'));
  // the page naming the engine changed its revision; a page of another family did not
  assert.notEqual(ua.get('/checkers/'), ub.get('/checkers/'));
  assert.equal(ua.get('/backgammon/'), ub.get('/backgammon/'));
});

/** The width and height of a PNG file (its IHDR chunk). */
const pngSize = (file) => {
  const b = readFileSync(file);
  assert.deepEqual([...b.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], `${file} is a PNG`);
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
};

test('every page links the web app manifest: Korean name, standalone, theme colour, icons at 192 and 512 px', () => {
  let linked = null;
  for (const page of PAGES) {
    const head = readFileSync(join(a, page), 'utf8').split('</head>')[0];
    const m = head.match(/<link rel="manifest" href="(\/assets\/manifest-[A-Z0-9]{8}\.json)">/);
    assert.ok(m, `${page} links the manifest`);
    linked = linked || m[1];
    assert.equal(m[1], linked, 'one manifest for the whole site');
    assert.match(head, /<meta name="theme-color" content="#[0-9a-f]{6}">/, page);
    const touch = head.match(/<link rel="apple-touch-icon" href="(\/assets\/icons\/[^"]+\.png)">/);
    assert.ok(touch, `${page} names an apple-touch-icon`);
    assert.deepEqual(pngSize(join(a, touch[1])), [180, 180]);
    assert.match(head, /<script type="module" src="\/assets\/pwa-[A-Z0-9]{8}\.js"><\/script>/, `${page} registers the service worker`);
  }
  const app = JSON.parse(readFileSync(join(a, linked), 'utf8'));
  assert.equal(app.short_name, '마당');
  assert.match(app.name, /마당/);
  assert.equal(app.lang, 'ko');
  assert.equal(app.display, 'standalone');
  assert.equal(app.start_url, '/');
  assert.equal(app.scope, '/');
  const head = readFileSync(join(a, 'index.html'), 'utf8');
  assert.equal(app.theme_color, head.match(/<meta name="theme-color" content="([^"]+)">/)[1]);
  assert.match(app.background_color, /^#[0-9a-f]{6}$/);
  for (const purpose of ['any', 'maskable']) {
    for (const size of [192, 512]) {
      const icon = app.icons.find((i) => i.purpose === purpose && i.sizes === `${size}x${size}`);
      assert.ok(icon, `a ${purpose} icon of ${size} px`);
      assert.equal(icon.type, 'image/png');
      assert.match(icon.src, /^\/assets\/icons\/[\w-]+-[A-Z0-9]{8}\.png$/);
      assert.deepEqual(pngSize(join(a, icon.src)), [size, size], icon.src);
    }
  }
});

test('every game page carries its table of first moves (issue 32), small, and preloads its bundle\'s static chunks', () => {
  for (const id of GAMES) {
    const html = readFileSync(join(a, id, 'index.html'), 'utf8');
    const m = html.match(/<script type="application\/json" id="first-moves">([^<]*)<\/script>/);
    assert.ok(m, `${id}: no first moves`);
    const t = JSON.parse(m[1]);
    assert.equal(t.game, id);
    assert.ok(t.setups.length >= 1);
    for (const s of t.setups) {
      const root = s.root.set;
      // the start offers moves, or waits for the opening roll and tables its rolls
      assert.ok(root.moves.length > 0 || (root.phase === 'roll' && s.root.rolls.length === 30), id);
    }
    // a page's first moves stay small on the wire: under 16 KB brotli (backgammon's 30 rolls the most)
    const br = brotliCompressSync(Buffer.from(m[1]));
    assert.ok(br.length < 16_000, `${id}: ${br.length} bytes brotli`);
    // the entry's modulepreload comes with its chunks', which exist
    const pre = [...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+)">/g)].map((x) => x[1]);
    assert.ok(pre.some((p) => p.startsWith('/assets/chunks/')), `${id}: ${pre.join(' ')}`);
    for (const p of pre) assert.ok(existsSync(join(a, p)), p);
  }
});
