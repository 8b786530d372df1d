// The engine's view of a star-game record: a move that throws away a jump
// ladder is marked with the engine's better move and the per-seat graph is drawn; a
// cancelled analysis leaves the page responsive; a whole chinese-checkers game of the
// intermediate AI against itself analysed at the default setting, its time printed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots } from './harness.mjs';
import { openGame, recordsAsk } from './records-harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

// ai/halma judge_test.go's ladder: red's 4.2 climbs 5.6, 7.4, 9.2, 11.2 to 12.2 in one move;
// 5.6-4.1 steps the bottom rung back home and throws the ladder away.
const LADDER = '0 1.1,2.1,2.2,3.1,3.2,4.2,5.6,7.4,9.2,11.2/14.1,14.2,14.3,14.4,15.1,15.2,15.3,16.1,16.2,17.1 20 0';

/** A record text's holes ("4.2-12.2", seat 0's names) as red reads them: "4단 2번 → 12단 2번". */
const shown = (text) => text.split('-').map((n) => n.replace(/^(\d+)\.(\d+)$/, '$1단 $2번')).join(' → ');

const ask = (page, op, args) => page.evaluate(([o, a]) => window.__madang.engine.ask(o, a), [op, args]);

/** Writes moves from fen as a record, imports it through the panel into review. */
async function reviewRecord(page, game, fen, moves, outcome = {}) {
  const ex = await recordsAsk(page, 'export', { game, fen, moves, status: outcome.status, winner: outcome.winner, tags: [['Event', 'test']] });
  assert.equal(ex.ok, true, JSON.stringify(ex));
  await page.click('#rec-import summary');
  await page.fill('#rec-text', ex.text);
  await page.click('#rec-read');
  await page.waitForFunction((k) => window.__madang.mode === 'review' && window.__madang.view.ply === k, moves.length);
}

/** A chinese-checkers game of the intermediate AI against itself (seeded), at most cap plies:
 * {moves, outcome}. */
async function aiGame(page, cap) {
  const start = await ask(page, 'start', { game: 'chinese-checkers', seed: 7 });
  assert.equal(start.ok, true);
  const moves = [];
  let outcome = start.view.outcome;
  for (let k = 0; k < cap && outcome.status === 'ongoing'; k++) {
    const a = await ask(page, 'ai', { level: 'intermediate', seed: 100 + k });
    assert.equal(a.ok, true, JSON.stringify(a));
    const p = await ask(page, 'play', { text: a.choice.text });
    assert.equal(p.ok, true);
    moves.push(a.choice.text);
    outcome = p.view.outcome;
  }
  return { moves, outcome };
}

test('star engine view: a thrown-away ladder is marked with the better move, the graph a line a seat', async () => {
  const ctx = await stack.browser.newContext();
  const page = await openGame(stack, ctx, 'chinese-checkers');
  await withShots('records-star-analysis', [page], async () => {
    const legal = (await ask(page, 'load', { game: 'chinese-checkers', fen: LADDER, moves: [] })).view.moves.map((m) => m.text);
    const blue = (await ask(page, 'load', { game: 'chinese-checkers', fen: LADDER, moves: ['5.6-4.1'] })).view.moves[0].text;
    const red = (await ask(page, 'load', { game: 'chinese-checkers', fen: LADDER, moves: ['5.6-4.1', blue] })).view.moves.find((m) => m.jumps === 0).text;
    await reviewRecord(page, 'chinese-checkers', LADDER, ['5.6-4.1', blue, red]);
    assert.equal(await page.isVisible('#rec-analyse'), true);
    assert.equal(await page.inputValue('#rec-depth'), 'normal');
    await page.click('#rec-analyse');
    await page.waitForFunction(() => window.__madangRecords.analysis && window.__madangRecords.analysis.done, null, { timeout: 60000 });
    const an = await page.evaluate(() => {
      const r = window.__madangRecords;
      return { n: r.analysis.scores.length, losses: r.losses(), first: r.analysis.scores[0] };
    });
    assert.equal(an.n, 4);
    assert.equal(an.first.race.length, 2);
    assert.ok(an.first.loss >= 1.5, `5.6-4.1 loses ${an.first.loss} moves`);
    assert.equal(an.losses[0].ply, 1);
    // the better move depends on the depth 0.5 s reaches (4.2-12.2 at depths 3-5, pinned in
    // ai/halma's judge_test.go; 3.1-5.5 at depth 6): one of red's legal moves, not the one played
    const best = an.first.text;
    assert.ok(legal.includes(best) && best !== '5.6-4.1', `better move ${best}`);
    // written as the page writes holes for people: 단·번, here from red's
    // side (the review's board is seen from seat 0), never the record's "4.2-12.2"
    const better = shown(best);
    assert.equal(an.losses[0].better, better);
    const esc = better.replace(/[.()]/g, '\\$&');
    assert.match(await page.textContent('#rec-moves li:first-child'), new RegExp(`^1\\. 빨강 5단 6번 → 4단 1번.*더 나은 수: ${esc}$`));
    for (const sel of ['#rec-moves', '#rec-where']) assert.doesNotMatch(await page.textContent(sel), /\d+\.\d+-\d+\.\d+/, sel);
    assert.equal(await page.getAttribute('#rec-moves li:first-child', 'class'), 'loss');
    // the graph: one line a seat in its colour, a dot on the marked move
    assert.equal(await page.locator('#rec-graph polyline.race-red').count(), 1);
    assert.equal(await page.locator('#rec-graph polyline.race-blue').count(), 1);
    assert.ok(await page.locator('#rec-graph circle.loss-dot').count() >= 1);
    assert.match(await page.getAttribute('#rec-graph', 'aria-label'), /남은 거리/);
    assert.equal(await page.isVisible('#rec-graph'), true);
    await page.click('#rec-moves button[data-ply="1"]');
    await page.waitForFunction(() => window.__madang.view.ply === 1);
    const ev = await page.textContent('#rec-eval');
    assert.match(ev, new RegExp(`빨강 \\d+\\.\\d수, 파랑 \\d+\\.\\d수.*엔진이 고른 수 [^.]*번\\..*더 나은 수: ${esc}`));
    assert.doesNotMatch(ev, /\d+\.\d+-\d+\.\d+/, ev);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('star engine view: cancel leaves the page responsive; a whole game at the default setting', async () => {
  const ctx = await stack.browser.newContext();
  const page = await openGame(stack, ctx, 'chinese-checkers');
  await withShots('records-star-cancel', [page], async () => {
    const { moves, outcome } = await aiGame(page, 400);
    await reviewRecord(page, 'chinese-checkers', '', moves, outcome);
    // cancel after the first positions
    await page.click('#rec-analyse');
    await page.waitForFunction(() => window.__madangRecords.analysis && window.__madangRecords.analysis.scores.length >= 2, null, { timeout: 30000 });
    await page.click('#rec-cancel');
    const n = await page.evaluate(() => window.__madangRecords.analysis.scores.length);
    assert.match(await page.textContent('#rec-progress'), /멈췄습니다/);
    // stepping still answers after the cancel (how fast is measured, not asserted: a loaded
    // machine delays it, and a quiet one proves nothing)
    await page.keyboard.press('Home');
    await page.waitForFunction(() => window.__madang.view.ply === 0, null, { timeout: 30000 });
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => window.__madang.view.ply === 1, null, { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(await page.evaluate(() => window.__madangRecords.analysis.scores.length), n, 'the analysis went on after cancel');
    assert.equal(await page.isHidden('#rec-cancel'), true);
    assert.equal(await page.isVisible('#rec-analyse'), true);
    // the whole game at the default setting
    await page.click('#rec-analyse');
    await page.waitForFunction(() => window.__madangRecords.analysis && window.__madangRecords.analysis.done, null, { timeout: 540000 });
    const an = await page.evaluate(() => {
      const r = window.__madangRecords;
      return { n: r.analysis.scores.length, ms: r.analysis.elapsed, losses: r.losses(), last: r.analysis.scores.at(-1) };
    });
    assert.equal(an.n, moves.length + 1);
    assert.equal(an.last.over, outcome.status !== 'ongoing');
    const won = outcome.status === 'win' ? `${['red', 'blue'][outcome.winner]} won` : outcome.status;
    console.log(`# analysis of a ${moves.length}-ply chinese-checkers game (intermediate against itself, ${won}) at the default setting: ${(an.ms / 1000).toFixed(1)} s, ${an.losses.length} moves marked`);
    assert.equal(await page.locator('#rec-graph polyline').count(), 2);
    assert.equal(await page.locator('#rec-moves li.loss').count(), an.losses.length);
    assert.match(await page.textContent('#rec-progress'), /마쳤습니다/);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('star engine view: three players of diamond get a line a seat', async () => {
  const ctx = await stack.browser.newContext();
  const page = await openGame(stack, ctx, 'diamond');
  await withShots('records-star-three', [page], async () => {
    const start = await ask(page, 'start', { game: 'diamond', options: { players: 3 }, seed: 3 });
    const moves = [];
    for (let k = 0; k < 6; k++) {
      const a = await ask(page, 'ai', { level: 'intermediate', seed: k });
      await ask(page, 'play', { text: a.choice.text });
      moves.push(a.choice.text);
    }
    assert.equal(start.view.seats, 3);
    const ex = await recordsAsk(page, 'export', { game: 'diamond', options: { players: 3 }, moves, tags: [['Event', 'test']] });
    await page.click('#rec-import summary');
    await page.fill('#rec-text', ex.text);
    await page.click('#rec-read');
    await page.waitForFunction(() => window.__madang.mode === 'review' && window.__madang.view.ply === 6);
    await page.selectOption('#rec-depth', 'fast');
    await page.click('#rec-analyse');
    await page.waitForFunction(() => window.__madangRecords.analysis && window.__madangRecords.analysis.done, null, { timeout: 60000 });
    const scores = await page.evaluate(() => window.__madangRecords.analysis.scores);
    assert.equal(scores.length, 7);
    assert.ok(scores.every((s) => s.race.length === 3));
    for (const c of ['red', 'yellow', 'green']) assert.equal(await page.locator(`#rec-graph polyline.race-${c}`).count(), 1, c);
    assert.match(await page.textContent('#rec-eval'), /빨강 \d+\.\d수, 노랑 \d+\.\d수, 초록 \d+\.\d수/);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});
