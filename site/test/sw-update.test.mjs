// A new deploy through the service worker (issue 32): two builds of the site served in turn
// from one folder at one address. The second build differs from the first in the draughts
// family's engine alone (its module with a custom section added, so a new engine folder), as a
// deploy of a changed engine would. Pages come from the worker's precache, so the visit after
// the deploy first shows the first build, whole, while the browser fetches the new /sw.js; the
// new worker installs the second build, takes over and drops the first build's files. Then an
// untouched page reloads itself once into the second build, and a page where a move was made
// shows a notice and reloads only when its button is pressed. Either way the page ends on the
// second build, whole (its engine loads and plays, no file of the first build asked for after
// the switch), and with the network off the page is the second build's. A page that one of its
// own reloads brought does not reload itself again (no loop).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack, openPage, engineReady, repoRoot, withShots } from './harness.mjs';
import { UPDATE } from '../src/js/pwa/text.js';

const site = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.SITE_DIST || join(site, 'dist');
const built = (() => { try { return readdirSync(join(dist, 'assets')).some((f) => f.startsWith('engine-draughts-')); } catch { return false; } })();

let tmp;
let server;
let stack;

/** A free port of 127.0.0.1. */
const freePort = () => new Promise((res, rej) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => res(port)); });
  s.on('error', rej);
});

/** A WebAssembly module with a custom section appended (still the same program). */
function withSection(wasm, text) {
  const name = Buffer.from('madang-test');
  const payload = Buffer.from(text);
  const body = Buffer.concat([Buffer.from([name.length]), name, payload]);
  assert.ok(body.length < 128 && name.length < 128, 'one-byte LEB128 sizes');
  return Buffer.concat([wasm, Buffer.from([0, body.length]), body]);
}

/** Builds the second site into out: the first build's modules, the draughts one changed. */
function secondBuild(out) {
  cpSync(dist, out, { recursive: true }); // the compressed copies of unchanged files are reused
  const inputs = join(tmp, 'wasm');
  mkdirSync(inputs);
  const list = [];
  for (const d of readdirSync(join(dist, 'assets'))) {
    const m = d.match(/^engine-([\w-]+)-[A-Z0-9]{8}$/);
    if (!m) continue;
    let bytes = readFileSync(join(dist, 'assets', d, 'madang.wasm'));
    if (m[1] === 'draughts') bytes = withSection(bytes, 'build 2');
    writeFileSync(join(inputs, `${m[1]}.wasm`), bytes);
    list.push(join(inputs, `${m[1]}.wasm`));
  }
  const exec = join(dist, 'assets', readdirSync(join(dist, 'assets')).find((d) => d.startsWith('engine-draughts-')), 'wasm_exec.js');
  execFileSync(process.execPath, [join(site, 'build.mjs')], {
    cwd: site, env: { ...process.env, SITE_OUT: out, WASM: list.join(' '), WASM_EXEC: exec }, stdio: 'pipe',
  });
}

/** Serves the folder's contents from now on (the server keeps the folder open). */
function serveBuild(folder, from) {
  for (const f of readdirSync(folder)) rmSync(join(folder, f), { recursive: true, force: true });
  cpSync(from, folder, { recursive: true });
}

before(async () => {
  if (!built) return;
  tmp = mkdtempSync(join(tmpdir(), 'madang-sw-update-'));
  secondBuild(join(tmp, 'b'));
  const served = join(tmp, 'served');
  mkdirSync(served);
  serveBuild(served, dist);
  const port = await freePort();
  const bin = process.env.MADANG_BIN || join(repoRoot, 'bin', 'madang');
  server = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--data', join(tmp, 'data'), '--site', served, '--quiet'], { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
  process.env.MADANG_URL = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(`${process.env.MADANG_URL}/`)).ok) break; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 150));
  }
  stack = await startStack(); // the browser, at the server above
});
after(async () => {
  if (stack) await stack.stop();
  if (server) server.kill('SIGTERM');
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** The page's engine module URL (the build's hashed name), and whether the site's precache
 * holds url. */
const wasmOf = (page) => page.evaluate(() => document.body.dataset.wasm);
const precached = (page, url) => page.evaluate(async (u) => {
  for (const k of await caches.keys()) {
    if (!k.startsWith('workbox-precache')) continue;
    const keys = await (await caches.open(k)).keys();
    if (keys.some((r) => new URL(r.url).pathname === u)) return true;
  }
  return false;
}, url);


/** The engine module a build's /checkers/ page names (data-wasm). */
const wasmIn = (folder) => readFileSync(join(folder, 'checkers', 'index.html'), 'utf8').match(/ data-wasm="([^"]+)"/)[1];
/** The URL paths of the hashed files of build a that build b does not have. */
const onlyIn = (a, b) => {
  const files = (d) => new Set(readdirSync(join(d, 'assets'), { recursive: true }).map((f) => `/assets/${f.split('\\').join('/')}`));
  const inB = files(b);
  return new Set([...files(a)].filter((f) => !inB.has(f) && !/\.(br|gz)$/.test(f)));
};
/** Until the page's worker is active and controls it. */
const controlled = (page) => page.evaluate(async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  }
});
/** The engine module of each document /checkers/ loaded in the tab, in order (the context's
 * init script below keeps them in sessionStorage, which lasts across reloads). */
const LOADS = 'madang-test:loads';
const loads = (page) => page.evaluate((k) => JSON.parse(sessionStorage.getItem(k) || '[]'), LOADS);
/** Until the page is build wasm's with its engine ready (through the page's own reloads). */
const settledOn = (page, wasm) => page.waitForFunction((w) => document.body && document.body.dataset.wasm === w
  && window.__madang && window.__madang.view && window.__madang.view.moves, wasm, { timeout: 60000 });
/** Until the new worker is active alone and its precache holds keep and not drop. */
async function precacheSwitched(page, keep, drop) {
  const settled = () => page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return !!reg && !reg.installing && !reg.waiting && !!reg.active;
  });
  for (let i = 0; i < 240 && !((await settled()) && (await precached(page, keep)) && !(await precached(page, drop))); i++) {
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.ok(await precached(page, keep), 'the new worker precached the new engine');
  assert.ok(!(await precached(page, drop)), 'and dropped the old one');
}
/** A game on this device on the page, and its next move played (from ply). */
async function playsLocal(page, ply = 0) {
  if (ply === 0) {
    await page.click('[data-mode="local"]:visible');
    await page.waitForFunction(() => window.__madang.mode === 'local' && window.__madang.view && window.__madang.view.moves.length);
  }
  await page.evaluate(() => window.__madang.play(window.__madang.view.moves[0]));
  await page.waitForFunction((p) => window.__madang.view.ply === p + 1, ply);
}
/** The visit under the first build: a fresh profile, /checkers/ until its worker controls it
 * with the first build precached; every request of the context logged ({path, nav}). */
async function firstVisit() {
  serveBuild(join(tmp, 'served'), dist);
  const ctx = await stack.browser.newContext({ serviceWorkers: 'allow' });
  await ctx.addInitScript((k) => addEventListener('DOMContentLoaded', () => {
    if (location.pathname !== '/checkers/') return;
    const l = JSON.parse(sessionStorage.getItem(k) || '[]');
    sessionStorage.setItem(k, JSON.stringify([...l, document.body.dataset.wasm]));
  }), LOADS);
  const log = [];
  ctx.on('request', (r) => log.push({ path: new URL(r.url()).pathname, nav: r.isNavigationRequest() }));
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  await engineReady(page);
  await controlled(page);
  return { ctx, page, log };
}
/** The requests of the log from index `from` on: none is for a file of the first build alone,
 * and the second build's engine module is among them once (the worker the page's head started,
 * taken by the page's engine, build.mjs). */
function onlySecondAfter(log, from, first, second) {
  const old = onlyIn(dist, join(tmp, 'b'));
  assert.ok(old.has(first), 'the first build\'s engine is a file the second does not have');
  assert.ok(log.slice(0, from).some((r) => r.path === first), 'the log holds the first build\'s engine asked for before the switch');
  const asked = log.slice(from).map((r) => r.path);
  assert.deepEqual(asked.filter((p) => old.has(p)), [], 'no file of the first build asked for after the switch');
  assert.equal(asked.filter((p) => p === second).length, 1, 'the second build\'s engine asked for once');
}

test('a new build: an untouched page reloads itself once into it, which plays, and offline', { skip: !built && 'no built dist (make site)' }, async () => {
  const first = wasmIn(dist);
  const second = wasmIn(join(tmp, 'b'));
  assert.notEqual(second, first);
  const { ctx, page, log } = await firstVisit();
  await withShots('sw-update-untouched', [page], async () => {
    assert.equal(await wasmOf(page), first);
    assert.ok(await precached(page, first), 'the first build\'s engine is precached');

    // the deploy: the second build replaces the first at the same address; the next visit
    // shows the first build from the device, whole, while the browser fetches the new sw.js
    serveBuild(join(tmp, 'served'), join(tmp, 'b'));
    const mark = log.length;
    await page.reload();
    // the new worker installs, takes over, and the untouched page reloads itself into the
    // second build
    await settledOn(page, second);
    assert.deepEqual(await loads(page), [first, first, second], 'the first build from the device, then one reload into the second');
    const navs = log.map((r, i) => (r.nav && i >= mark ? i : -1)).filter((i) => i >= 0);
    assert.equal(navs.length, 2, 'the visit and the page\'s own reload');
    assert.equal(await page.evaluate(() => globalThis.madangEngine), null, 'the engine took the worker the page\'s head started');
    await precacheSwitched(page, second, first);
    await playsLocal(page);
    onlySecondAfter(log, navs[1], first, second);

    // offline: the second build's page and its engine, which plays
    await ctx.setOffline(true);
    await page.reload();
    await engineReady(page);
    assert.equal(await wasmOf(page), second);
    await playsLocal(page);
    assert.deepEqual(await loads(page), [first, first, second, second], 'no reload of the page\'s own since');
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('a new build: a page where a move was made says so and reloads into it at its button, the game kept', { skip: !built && 'no built dist (make site)' }, async () => {
  const first = wasmIn(dist);
  const second = wasmIn(join(tmp, 'b'));
  const { ctx, page, log } = await firstVisit();
  await withShots('sw-update-in-use', [page], async () => {
    // the deploy, its sw.js last: the next visit shows the first build from the device and
    // no new worker comes until a move is made on it
    const served = join(tmp, 'served');
    serveBuild(served, join(tmp, 'b'));
    for (const f of ['sw.js', 'sw.js.br', 'sw.js.gz']) cpSync(join(dist, f), join(served, f));
    await page.reload();
    await engineReady(page);
    assert.equal(await wasmOf(page), first, 'the visit shows the build the device holds');
    await playsLocal(page);
    // the new sw.js goes up and the page's registration checks it, as a navigation does
    for (const f of ['sw.js', 'sw.js.br', 'sw.js.gz']) cpSync(join(tmp, 'b', f), join(served, f));
    await page.evaluate(async () => { await (await navigator.serviceWorker.getRegistration()).update(); });
    // the new worker takes over: the page in use stays and says so
    await page.waitForFunction((t) => {
      const p = document.querySelector('#update-notice p');
      return !!p && p.textContent === t;
    }, UPDATE.ready, { timeout: 60000 });
    assert.ok(await page.isVisible('#update-notice'), 'the notice is shown');
    assert.equal(await page.textContent('#update-notice button'), UPDATE.reload);
    assert.deepEqual(await loads(page), [first, first], 'nothing reloaded');
    assert.equal(await page.evaluate(() => window.__madang.view.ply), 1, 'the game on screen is kept');
    await precacheSwitched(page, second, first);
    assert.deepEqual(await loads(page), [first, first], 'nothing reloaded before the button');

    // the button: the second build's page, its engine playing the game kept on the device
    const mark = log.length;
    await page.click('#update-notice button');
    await settledOn(page, second);
    assert.deepEqual(await loads(page), [first, first, second]);
    const nav = log.findIndex((r, i) => i >= mark && r.nav);
    assert.ok(nav >= mark, 'the button reloaded the page');
    await page.click('#resume-button');
    await page.waitForFunction(() => window.__madang.mode === 'local' && window.__madang.view && window.__madang.view.ply === 1);
    await playsLocal(page, 1);
    onlySecondAfter(log, nav, first, second);

    // offline: the second build's page and its engine, which plays
    await ctx.setOffline(true);
    await page.reload();
    await engineReady(page);
    assert.equal(await wasmOf(page), second);
    assert.deepEqual(await loads(page), [first, first, second, second]);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

// No reload loop: a page that one of its own reloads brought (the flag update.js leaves in
// sessionStorage, set here by hand) never reloads itself again; a new worker taking over shows
// the notice instead.
test('a new build: a page its own reload brought does not reload itself again', { skip: !built && 'no built dist (make site)' }, async () => {
  const first = wasmIn(dist);
  const second = wasmIn(join(tmp, 'b'));
  const { ctx, page } = await firstVisit();
  await withShots('sw-update-no-loop', [page], async () => {
    await page.evaluate(() => sessionStorage.setItem('madang:sw-reloaded', '1'));
    serveBuild(join(tmp, 'served'), join(tmp, 'b'));
    await page.reload();
    await page.waitForFunction((t) => {
      const p = document.querySelector('#update-notice p');
      return !!p && p.textContent === t;
    }, UPDATE.ready, { timeout: 60000 });
    assert.deepEqual(await loads(page), [first, first], 'no reload of the page\'s own');
    await page.click('#update-notice button');
    await settledOn(page, second);
    assert.deepEqual(await loads(page), [first, first, second]);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});
