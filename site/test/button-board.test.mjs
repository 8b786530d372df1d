// The button board as a person reads it after moves: each square's piece said in its label,
// the same as the 3D board draws.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

test('checkers: the button board shows the pieces and says them after moves', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  await withShots('cells-after-moves', [page], async () => {
    await engineReady(page);
    await page.click('button[data-mode="local"]');
    await page.waitForFunction(() => window.__madang.mode === 'local');
    const cell = (sq) => page.$eval(`#grid [data-sq="${sq}"]`, (b) => ({ cls: b.className, label: b.getAttribute('aria-label') }));
    // the start: Black men on 1–12, White on 21–32, 13–20 empty
    assert.match((await cell(11)).label, /^c3, 흑 말$/);
    assert.match((await cell(11)).cls, /\bblack\b/);
    assert.match((await cell(15)).label, /^d4, 빈칸$/);
    for (const text of ['11-15', '22-18']) {
      await page.click(`#moves button[data-text="${text}"]`);
      await page.waitForFunction((t) => window.__madang.view.last && window.__madang.view.last.text === t, text);
    }
    // 11-15 moved Black's man from c3 to d4, 22-18 White's from 22 to 18
    let c = await cell(11);
    assert.equal(c.label, 'c3, 빈칸');
    assert.doesNotMatch(c.cls, /\b(black|white)\b/);
    c = await cell(15);
    assert.match(c.label, /^d4, 흑 말/);
    assert.match(c.cls, /\bblack\b/);
    c = await cell(18);
    assert.match(c.label, /^[a-h]\d, 백 말$/);
    assert.match(c.cls, /\bwhite\b/);
    assert.match((await cell(22)).label, /, 빈칸$/);
    // Black must take 15x22: the capturing man is marked on the board and in its label
    c = await cell(15);
    assert.match(c.label, /따먹을 수 있는 말/);
    await page.click('#moves button[data-text="15x22"]');
    await page.waitForFunction(() => window.__madang.view.ply === 3);
    assert.match((await cell(18)).label, /, 빈칸$/);
    assert.match((await cell(22)).label, /흑 말$/);
    assert.match((await cell(15)).label, /, 빈칸$/);
    // the 3D board draws the same: no piece on the captured square
    assert.equal(await page.evaluate(() => window.__madang.view.board[18]), 0);
  });
  await ctx.close();
});
