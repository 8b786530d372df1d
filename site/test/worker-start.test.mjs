// The engine worker's first requests (src/js/worker.js): the module's download starts before
// the worker asks for wasm_exec.js (whose importScripts blocks the worker until it has run), so
// on a slow connection the two round trips overlap; the module is still asked for once.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, engineReady, withShots } from './harness.mjs';
import { manifest } from './games.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { if (stack) await stack.stop(); });

for (const family of manifest.families) {
  const game = family.games[0].id;
  test(`${game}: the worker asks for its module before wasm_exec.js, and once`, async () => {
    const ctx = await stack.browser.newContext();
    const seen = [];
    ctx.on('request', (r) => {
      const m = new URL(r.url()).pathname.match(/\/assets\/engine-[\w-]+-[A-Z0-9]{8}\/(madang\.wasm|wasm_exec\.js)$/);
      if (m) seen.push(m[1]);
    });
    const page = await ctx.newPage();
    await withShots(`worker-start-${game}`, [page], async () => {
      await page.goto(`${stack.url}/${game}/`);
      await engineReady(page);
      // the first view may come from the first-moves table before the worker has asked for
      // anything (first-moves.js): wait until the engine itself has answered (body data-engine)
      await page.waitForFunction(() => ['ready', 'checked'].includes(document.body.dataset.engine), null, { timeout: 30000 });
      assert.deepEqual(seen, ['madang.wasm', 'wasm_exec.js']);
    });
    await ctx.close();
  });
}
