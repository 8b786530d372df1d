// The engine's view of a record on the draughts page: a 100-ply draughts game
// analysed at the default setting, its time printed, the graph and the marked moves drawn.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, view } from './harness.mjs';
import { findGames, openGame, reviewShared } from './records-harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

const gamesDir = findGames();

test('engine view: a 100-ply draughts game analysed at the default setting', { skip: !gamesDir && 'no shared/games' }, async () => {
  const ctx = await stack.browser.newContext();
  const page = await openGame(stack, ctx, 'draughts');
  await withShots('records-analysis', [page], async () => {
    await reviewShared(page, gamesDir, 100);
    assert.equal(await page.inputValue('#rec-depth'), 'normal');
    await page.click('#rec-analyse');
    await page.waitForFunction(() => window.__madangRecords.analysis && window.__madangRecords.analysis.done, null, { timeout: 200000 });
    const an = await page.evaluate(() => {
      const r = window.__madangRecords;
      return { n: r.analysis.scores.length, ms: r.analysis.elapsed, losses: r.losses() };
    });
    assert.equal(an.n, 101);
    console.log(`# analysis of a 100-ply draughts game at the default setting: ${(an.ms / 1000).toFixed(1)} s, ${an.losses.length} moves marked`);
    assert.equal(await page.locator('#rec-graph polyline').count(), 1);
    assert.equal(await page.locator('#rec-moves li.loss').count(), an.losses.length);
    assert.match(await page.textContent('#rec-eval'), /엔진 평가|게임 끝/);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});
