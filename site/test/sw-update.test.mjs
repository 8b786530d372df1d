// A new deploy through the service worker (issue 32): two builds of the site served in turn
// from one folder at one address. The second build differs from the first in the draughts
// family's engine alone (its module with a custom section added, so a new engine folder), as a
// deploy of a changed engine would. After a visit under the first build, the next visit under
// the second gets the second build's page at once (pages are network-first), the new worker
// replaces the old one and its precache holds the new engine and no longer the old, and with
// the network off the page is the second build's, whole: its engine loads and plays.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack, openPage, engineReady, repoRoot, withShots } from './harness.mjs';

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

test('a new build is picked up through the service worker without mixing builds, and plays offline', { skip: !built && 'no built dist (make site)' }, async () => {
  const ctx = await stack.browser.newContext({ serviceWorkers: 'allow' });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  await withShots('sw-update', [page], async () => {
    await engineReady(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      }
    });
    const first = await wasmOf(page);
    assert.ok(await precached(page, first), 'the first build\'s engine is precached');

    // the deploy: the second build replaces the first at the same address
    serveBuild(join(tmp, 'served'), join(tmp, 'b'));
    await page.reload();
    await engineReady(page);
    const second = await wasmOf(page);
    assert.notEqual(second, first, 'the next visit shows the new build\'s page at once');
    // the new worker installs and takes over: its precache holds the new engine, not the old
    const settled = () => page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return !!reg && !reg.installing && !reg.waiting && !!reg.active;
    });
    for (let i = 0; i < 240 && !((await settled()) && (await precached(page, second)) && !(await precached(page, first))); i++) {
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.ok(await precached(page, second), 'the new worker precached the new engine');
    assert.ok(!(await precached(page, first)), 'and dropped the old one');

    // offline: the second build's page and its engine, which plays
    await ctx.setOffline(true);
    await page.reload();
    await engineReady(page);
    assert.equal(await wasmOf(page), second);
    await page.click('[data-mode="local"]');
    await page.waitForFunction(() => window.__madang.mode === 'local' && window.__madang.view);
    await page.evaluate(() => window.__madang.play(window.__madang.view.moves[0]));
    await page.waitForFunction(() => window.__madang.view.ply === 1);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});
