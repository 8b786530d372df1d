// The engine's view of a record on the draughts page (issue 19): a 100-ply draughts game
// analysed at the default setting, its time printed, the graph and the marked moves drawn.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, withShots, openPage, engineReady, view, repoRoot } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

const gamesDir = [process.env.MADANG_GAMES, join(repoRoot, '../shared/games'), join(repoRoot, '../../shared/games')]
  .find((d) => d && existsSync(d));


async function openGame(ctx, game) {
  const page = await openPage(ctx, `${stack.url}/${game}/`);
  await engineReady(page);
  return page;
}


const recordsAsk = (page, op, args) => page.evaluate(([o, a]) => {
  const b = a.bytes ? { ...a, bytes: new Uint8Array(a.bytes) } : a;
  return window.__madangRecords.recordsEngine().ask(o, b);
}, [op, args]);

/** Imports the first game of a shared draughts file cut to n moves, into review. */
async function reviewShared(page, n) {
  const a = await recordsAsk(page, 'import', { game: 'draughts', bytes: [...readFileSync(join(gamesDir, 'draughts', 'wk2003.pdn'))] });
  const g = a.games.find((x) => x.moves.length >= n && !x.problems.length);
  const ex = await recordsAsk(page, 'export', { game: 'draughts', moves: g.moves.slice(0, n), tags: [['Event', 'test']] });
  assert.equal(ex.ok, true);
  await page.click('#rec-import summary');
  await page.fill('#rec-text', ex.text);
  await page.click('#rec-read');
  await page.waitForFunction((k) => window.__madang.mode === 'review' && window.__madang.view.ply === k, n);
  return g.moves.slice(0, n);
}

test('engine view: a 100-ply draughts game analysed at the default setting', { skip: !gamesDir && 'no shared/games' }, async () => {
  const ctx = await stack.browser.newContext();
  const page = await openGame(ctx, 'draughts');
  await withShots('records-analysis', [page], async () => {
    await reviewShared(page, 100);
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
