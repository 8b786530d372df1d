// A game against the AI or on this device survives a reload: the menu offers it, and it goes
// on from the same position.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady, view, waitMyTurn } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

for (const mode of ['ai', 'local']) {
  test(`checkers ${mode}: a reload keeps the game on this device and offers to continue`, async () => {
    const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openPage(ctx, `${stack.url}/checkers/`);
    await withShots(`reload-${mode}`, [page], async () => {
      await engineReady(page);
      await page.click(mode === 'ai' ? 'button[data-level="beginner"]' : 'button[data-mode="local"]');
      await page.waitForFunction((m) => window.__madang.mode === m && window.__madang.view.ply === 0, mode);
      // on one device the record's draw offer comes back too (the AI is not offered one: its
      // answer would end the game)
      if (mode === 'local') await page.click('#offer-draw');
      await page.click('#moves button >> nth=0');
      // (waitMyTurn alone may return before the engine has answered the click under load)
      if (mode === 'ai') await page.waitForFunction(() => window.__madang.view.ply === 2);
      await waitMyTurn(page);
      if (mode === 'local') {
        await page.click('#moves button >> nth=0');
        await page.waitForFunction(() => window.__madang.view.ply === 2);
      }
      const before = await view(page);
      const record = await page.$$eval('#history li', (ls) => ls.map((l) => l.textContent));
      await page.reload();
      await engineReady(page);
      await page.waitForSelector('#resume:visible');
      assert.match(await page.textContent('#resume-text'), mode === 'ai' ? /영미식 체커, AI\(초급\)와 대결, 2수/ : /영미식 체커, 이 기기에서 2명, 2수/);
      await page.click('#resume-button');
      await page.waitForFunction((m) => window.__madang.mode === m && window.__madang.view.ply === 2, mode);
      const v = await view(page);
      assert.equal(v.fen, before.fen);
      assert.equal(v.toMove, 0);
      assert.deepEqual(await page.$$eval('#history li', (ls) => ls.map((l) => l.textContent)), record);
      if (mode === 'local') assert.match(record[0], /무승부 제안/);
      if (mode === 'ai') assert.equal(await page.evaluate(() => window.__madang.level), 'beginner');
      // the game goes on, and a finished game is not offered again
      await page.click('#moves button >> nth=0');
      await page.waitForFunction(() => window.__madang.view.ply >= 3);
      await waitMyTurn(page);
      await page.click('#resign');
      await page.click('#resign');
      await page.waitForFunction(() => !document.getElementById('result').hidden);
      await page.reload();
      await engineReady(page);
      assert.equal(await page.isVisible('#resume'), false);
      assert.deepEqual(page.errors, []);
    });
    await ctx.close();
  });
}
