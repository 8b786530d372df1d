// The end of a game: the result shows over the board, in view at every width, and '다시 하기'
// starts the next game with none of the last one's messages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady, waitMyTurn } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

const inViewport = (page, sel) => page.evaluate((s) => {
  const r = document.querySelector(s).getBoundingClientRect();
  return { ok: r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth, r: JSON.stringify(r), h: window.innerHeight };
}, sel);

for (const [w, h] of [[1280, 900], [390, 844], [1024, 640]]) {
  test(`checkers ${w}x${h}: the result of a game shows over the board, in view`, async () => {
    const ctx = await stack.browser.newContext({ viewport: { width: w, height: h } });
    const page = await openPage(ctx, `${stack.url}/checkers/`);
    await withShots(`result-${w}`, [page], async () => {
      await engineReady(page);
      await page.click('button[data-level="beginner"]');
      await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view.ply === 0);
      // played on the button board, as a phone player does (the page scrolls down to it)
      await page.click('#moves button >> nth=0');
      await waitMyTurn(page);
      await page.click('#resign');
      await page.click('#resign');
      await page.waitForFunction(() => !document.getElementById('result').hidden);
      // the page scrolls the result into view: wait for that, then say where it is if not
      await page.waitForFunction((sel) => {
        const b = document.querySelector(sel).getBoundingClientRect();
        return b.height > 0 && b.top >= 0 && b.bottom <= window.innerHeight && b.left >= 0 && b.right <= window.innerWidth;
      }, '#result', { timeout: 15000 }).catch(() => {});
      const r = await inViewport(page, '#result');
      assert.ok(r.ok, `result out of view: ${r.r} (viewport height ${r.h})`);
      const board = await page.locator('#board-wrap').boundingBox();
      const res = await page.locator('#result').boundingBox();
      assert.ok(res.y >= board.y && res.y + res.height <= board.y + board.height, `result not over the board: ${JSON.stringify(res)} ${JSON.stringify(board)}`);
      assert.match(await page.textContent('#result'), /기권/);
      assert.deepEqual(page.errors, []);
    });
    await ctx.close();
  });
}

test('checkers: 다시 하기 clears every message of the game before', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  await withShots('clear-messages', [page], async () => {
    await engineReady(page);
    await page.click('button[data-level="beginner"]');
    await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view.ply === 0);
    await page.click('#offer-draw');
    await page.waitForFunction(() => document.getElementById('alert').textContent.includes('무승부'));
    await page.click('#resign'); // armed: '한 번 더 누르면 기권'
    await page.click('#restart');
    await page.waitForFunction(() => window.__madang.view.ply === 0 && !window.__madang.thinking);
    await page.waitForTimeout(100);
    assert.equal(await page.textContent('#alert'), '');
    assert.equal(await page.textContent('#resign'), '기권');
    assert.equal(await page.isVisible('#result'), false);
    // the AI's answer to an offer of the game before never lands on the new one
    await page.click('#offer-draw');
    await page.click('#moves button >> nth=0');
    await page.click('#restart');
    await page.waitForFunction(() => window.__madang.view.ply === 0 && !window.__madang.thinking);
    await page.waitForTimeout(1200);
    assert.equal(await page.textContent('#alert'), '');
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});
