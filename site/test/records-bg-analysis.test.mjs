// The engine's view of a backgammon record: every play of each roll rated as GNU
// Backgammon analyses a game (backgammonview RatePlay); a deliberately bad play is marked with the
// better play, the win-chance graph drawn; a real game from ../shared/games analysed at the
// default setting with its time printed; a cancelled analysis leaves the page responsive.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, withShots, view } from './harness.mjs';
import { findGames, openGame, recordsAsk } from './records-harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

const gamesDir = findGames('backgammon');

/** Pastes a record text into the import box and waits for the review of its game (the
 * first listed when the file holds several). */
async function reviewText(page, text, pick) {
  await page.click('#rec-import summary');
  await page.fill('#rec-text', text);
  await page.click('#rec-read');
  if (pick !== undefined) {
    await page.waitForFunction(() => document.querySelector('#rec-list button'));
    await page.click(`#rec-list li:nth-child(${pick + 1}) button`);
  }
  await page.waitForFunction(() => window.__madang.mode === 'review' && window.__madangRecords.rec);
  const n = await page.evaluate(() => window.__madangRecords.rec.moves.length);
  await page.waitForFunction((k) => window.__madang.view.ply === k, n);
  return n;
}

const analysed = (page) => page.waitForFunction(() => window.__madangRecords.analysis && window.__madangRecords.analysis.done, null, { timeout: 300000 });

test('engine view: a deliberately bad backgammon play is marked with the better play, the graph drawn', async () => {
  const ctx = await stack.browser.newContext();
  const page = await openGame(stack, ctx, 'backgammon');
  await withShots('records-bg-analysis', [page], async () => {
    // the opening 3-1 played 8/7 8/5 (two blots, no point) instead of 8/5 6/5
    const moves = ['3-1', '8/7 8/5', '5-2', '13/11 13/8', '6-4', '24/14'];
    const ex = await recordsAsk(page, 'export', { game: 'backgammon', moves, tags: [['Event', 'test']] });
    assert.equal(ex.ok, true);
    assert.equal(await reviewText(page, ex.text), moves.length);
    assert.equal(await page.isVisible('#rec-analyse'), true);
    assert.equal(await page.inputValue('#rec-depth'), 'normal');
    assert.match(await page.textContent('#rec-depth option[value=normal]'), /상대 주사위까지/);
    await page.click('#rec-analyse');
    await analysed(page);
    const an = await page.evaluate(() => {
      const r = window.__madangRecords;
      return { n: r.analysis.scores.length, losses: r.losses(), scores: r.analysis.scores.map((s) => ({ v: s.v, loss: s.loss, skill: s.skill })) };
    });
    assert.equal(an.n, moves.length + 1);
    // every roll loses nothing; the bad play is a blunder by gnubg's thresholds (≥ 0.160)
    for (const k of [0, 2, 4]) assert.equal(an.scores[k].loss, 0, `roll ${k}`);
    const bad = an.losses.find((l) => l.ply === 2);
    assert.ok(bad, JSON.stringify(an.losses));
    assert.equal(bad.better, '8/5 6/5');
    assert.equal(bad.skill, 'verybad');
    assert.ok(bad.loss >= 160, `${bad.loss}`);
    // the graph: one point per position, seat 0's (흰색) win chance as seen from the top
    assert.equal(await page.locator('#rec-graph polyline').count(), 1);
    const pts = (await page.getAttribute('#rec-graph polyline', 'points')).trim().split(' ');
    assert.equal(pts.length, moves.length + 1);
    assert.match(await page.getAttribute('#rec-graph', 'aria-label'), /승리 확률/);
    assert.ok(await page.locator('#rec-graph .loss-dot').count() >= 1);
    // the list marks the play with its class and the better play
    const li = page.locator('#rec-moves li:nth-child(2)');
    assert.match(await li.getAttribute('class'), /loss/);
    assert.match(await li.locator('.loss-note').textContent(), /큰 실수\(\?\?\) −0\.\d{3}, 더 나은 수: 8\/5 6\/5/);
    assert.equal(await page.locator('#rec-moves li.loss').count(), an.losses.length);
    // at the bad play, the line under the board says what it lost and the better play
    await page.click('#rec-moves li:nth-child(2) button');
    await page.waitForFunction(() => window.__madang.view.ply === 2);
    assert.match(await page.textContent('#rec-eval'), /^엔진 평가: 주사위를 굴리기 전 검은색 승리 확률 \d+\.\d% .*직전 수는 큰 실수\(\?\?\)입니다: 기대 점수를 0\.\d{3}점 잃었습니다\. 엔진이 찾은 더 나은 수: 8\/5 6\/5\.$/);
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => window.__madang.view.ply === 1);
    assert.match(await page.textContent('#rec-eval'), /^엔진 평가: 흰색 승리 확률 .* 최선의 수 8\/5 6\/5\.$/);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

/** The first game of 100 to 140 entries (rolls and plays: a typical game of 50 to 70
 * plays) among the shared Backgammon Studio matches: {text, index}. */
async function typicalGame(page) {
  const dir = join(gamesDir, 'backgammon', 'studio');
  for (const f of readdirSync(dir).sort()) {
    const text = readFileSync(join(dir, f), 'utf8');
    const a = await recordsAsk(page, 'import', { game: 'backgammon', text });
    const i = a.games.findIndex((g) => !g.problems.length && g.moves.length >= 100 && g.moves.length <= 140);
    if (i >= 0) return { text, index: a.games.length > 1 ? i : undefined, file: f, n: a.games[i].moves.length };
  }
  throw new Error('no typical game');
}

test('engine view: a typical backgammon game analysed at the default setting; a cancelled analysis leaves the page responsive', { skip: !gamesDir && 'no shared/games' }, async () => {
  const ctx = await stack.browser.newContext();
  const page = await openGame(stack, ctx, 'backgammon');
  await withShots('records-bg-analysis-game', [page], async () => {
    const g = await typicalGame(page);
    const n = await reviewText(page, g.text, g.index);
    assert.equal(n, g.n);
    await page.click('#rec-analyse');
    await analysed(page);
    const an = await page.evaluate(() => {
      const r = window.__madangRecords;
      return { n: r.analysis.scores.length, ms: r.analysis.elapsed, losses: r.losses() };
    });
    assert.equal(an.n, n + 1);
    const plays = (await view(page)).history.filter((e) => !e.roll).length;
    console.log(`# analysis of a ${plays}-play backgammon game (${n} entries, ${g.file}) at the default setting: ${(an.ms / 1000).toFixed(1)} s, ${an.losses.length} plays marked`);
    assert.equal(await page.locator('#rec-moves li.loss').count(), an.losses.length);
    for (const l of an.losses) assert.ok(l.better && l.loss >= 40, JSON.stringify(l));
    assert.match(await page.textContent('#rec-progress'), /분석을 마쳤습니다/);

    // the deep setting, cancelled after its first positions
    await page.selectOption('#rec-depth', 'deep');
    await page.click('#rec-analyse');
    await page.waitForFunction(() => window.__madangRecords.analysis && window.__madangRecords.analysis.scores.length >= 3, null, { timeout: 60000 });
    await page.click('#rec-cancel');
    const k = await page.evaluate(() => window.__madangRecords.analysis.scores.length);
    assert.match(await page.textContent('#rec-progress'), /멈췄습니다/);
    assert.equal(await page.isHidden('#rec-cancel'), true);
    assert.equal(await page.isVisible('#rec-analyse'), true);
    // stepping still answers after the cancel (how fast is measured, not asserted: a loaded
    // machine delays it, and a quiet one proves nothing)
    await page.keyboard.press('Home');
    await page.waitForFunction(() => window.__madang.view.ply === 0, null, { timeout: 30000 });
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => window.__madang.view.ply === 1, null, { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(await page.evaluate(() => window.__madangRecords.analysis.scores.length), k, 'the analysis went on after cancel');
    // and continuing from the reviewed position still plays
    await page.click('#rec-continue-local');
    await page.waitForFunction(() => window.__madang.mode === 'local');
    assert.equal((await view(page)).phase, 'move');
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});
