// The 3D board in a render worker (src/js/render/): where the browser has
// OffscreenCanvas, the page's main thread never makes a WebGL context — three.js's scene build,
// shader compilation and draws run in the worker, whose picture still takes taps (a move
// played on the canvas) and orbit drags; without OffscreenCanvas the page draws on its main
// thread as before and plays the same. Structural, not timed: what runs where, not how long.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady, view, clickSquare, refuseWorkerWebGL } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

/** Records on the page every getContext kind asked of a canvas on its main thread. */
const recordContexts = () => {
  window.__contexts = [];
  const get = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
    window.__contexts.push(kind);
    return get.call(this, kind, ...rest);
  };
};

/** Plays the first quiet move of a local game by tapping its two squares on the canvas. */
async function tapMove(page) {
  await page.click('button[data-mode="local"]');
  await page.waitForFunction(() => window.__madang.mode === 'local' && window.__madang.view && window.__madang.view.moves);
  const v = await view(page);
  const m = v.moves.find((x) => !x.capture) || v.moves[0];
  await clickSquare(page, m.from);
  await page.waitForFunction((f) => window.__madang.sel && window.__madang.sel.from === f, m.from);
  await clickSquare(page, m.to);
  await page.waitForFunction((p) => window.__madang.view.ply > p, v.ply);
}

for (const [path, worker] of [['/draughts/', 'render-squares'], ['/chinese-checkers/', 'render-star']]) {
  test(`${path}: the board is drawn in the ${worker} worker, none of WebGL on the main thread, and taps play`, async () => {
    const ctx = await stack.browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    await ctx.addInitScript(recordContexts);
    const page = await openPage(ctx, `${stack.url}${path}`);
    await withShots(`render-worker-${worker}`, [page], async () => {
      await engineReady(page);
      await page.waitForFunction(() => document.body.dataset.scene === 'ready');
      assert.ok(page.workers().some((w) => w.url().includes(`/assets/${worker}-`)), `no ${worker} worker: ${page.workers().map((w) => w.url())}`);
      if (path === '/draughts/') {
        await tapMove(page);
      } else {
        // a star move by taps: a marble with a move, then its destination
        await page.click('button.not-diamond-kr[data-mode="local"]');
        await page.waitForFunction(() => window.__madang.mode === 'local' && window.__madang.view && window.__madang.view.moves);
        const v = await view(page);
        const m = v.moves.find((x) => !x.pass);
        await clickSquare(page, m.from);
        await page.waitForFunction((f) => window.__madang.sel && window.__madang.sel.from === f, m.from);
        await clickSquare(page, m.to);
        await page.waitForFunction((p) => window.__madang.view.ply > p, v.ply);
      }
      // an orbit drag turns the camera in the worker: a square's place on screen moves
      const sq = (await view(page)).moves[0].from;
      const before = await page.evaluate((s) => window.__madang.squareToScreen(s), sq);
      const box = await page.locator('#board3d').boundingBox();
      await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.5, { steps: 8 });
      await page.mouse.up();
      await page.waitForFunction(([s, b]) => Promise.resolve(window.__madang.squareToScreen(s)).then((p) => !!p && Math.hypot(p.x - b.x, p.y - b.y) > 5), [sq, before]);
      const kinds = await page.evaluate(() => window.__contexts);
      assert.deepEqual(kinds.filter((k) => /webgl/i.test(k)), [], `WebGL on the main thread: ${kinds}`);
      assert.deepEqual(page.errors, []);
    });
    await ctx.close();
  });
}

test('without OffscreenCanvas the main thread draws the board and taps play the same', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 412, height: 823 } });
  await ctx.addInitScript(recordContexts);
  await ctx.addInitScript(() => { delete HTMLCanvasElement.prototype.transferControlToOffscreen; });
  const page = await openPage(ctx, `${stack.url}/draughts/`);
  await withShots('render-worker-fallback', [page], async () => {
    await engineReady(page);
    await page.waitForFunction(() => document.body.dataset.scene === 'ready');
    assert.ok(!page.workers().some((w) => w.url().includes('/assets/render-')), 'a render worker without OffscreenCanvas');
    await tapMove(page);
    assert.ok((await page.evaluate(() => window.__contexts)).some((k) => /webgl/i.test(k)), 'the main thread has the WebGL context');
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

// Safari 16.4–16.x has OffscreenCanvas but no WebGL in it: the worker says so before the page
// hands over its canvas, and the page draws on its main thread (a canvas once transferred could
// never draw there, and the board would be missing).
test('without WebGL in a worker the page keeps its canvas and the main thread draws', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 412, height: 823 } });
  await ctx.addInitScript(recordContexts);
  await refuseWorkerWebGL(ctx, 'squares');
  const page = await openPage(ctx, `${stack.url}/draughts/`);
  await withShots('render-worker-no-webgl', [page], async () => {
    await engineReady(page);
    await page.waitForFunction(() => document.body.dataset.scene === 'ready');
    assert.ok((await page.evaluate(() => window.__contexts)).some((k) => /webgl/i.test(k)), 'the main thread has the WebGL context');
    assert.equal(await page.isVisible('#board3d'), true);
    await tapMove(page);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});
