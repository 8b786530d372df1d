// Game records on the draughts page, review: stepping with keys, continuing from
// a reviewed position, a cancelled analysis leaving the page responsive, Korean import errors;
// the time left at each move of a star record and a .mat with clocks.
// (records.test.mjs has the round trips and the shared files, records-analysis.test.mjs the
// analysis of a 100-ply game.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, withShots, view, openPage, engineReady, repoRoot } from './harness.mjs';
import { findGames, openGame, reviewShared } from './records-harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

const gamesDir = findGames();

test('review: keys step through the record, the move list is clickable, play continues from a reviewed position', { skip: !gamesDir && 'no shared/games' }, async () => {
  const ctx = await stack.browser.newContext();
  const page = await openGame(stack, ctx, 'draughts');
  await withShots('records-review', [page], async () => {
    const moves = await reviewShared(page, gamesDir, 20);
    const ply = async () => (await view(page)).ply;
    const at = (k) => page.waitForFunction((x) => window.__madang.view.ply === x && window.__madangRecords.ply === x, k);
    await page.locator('#rec-forward').focus();
    await page.keyboard.press('Home');
    await at(0);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await at(3);
    await page.keyboard.press('ArrowLeft');
    await at(2);
    await page.keyboard.press('End');
    await at(20);
    assert.match(await page.textContent('#turn'), /20\/20수째/);
    await page.click('#rec-moves button[data-ply="7"]');
    await at(7);
    assert.equal(await page.getAttribute('#rec-moves button[data-ply="7"]', 'aria-current'), 'step');
    assert.equal((await view(page)).history.at(-1).text, moves[6]);
    // the board cannot be played in review
    assert.equal(await page.evaluate(() => window.__madang.myTurn()), false);
    // continue against the AI: the player takes the side to move (black after 7 plies)
    await page.click('#rec-continue-ai');
    await page.waitForFunction(() => window.__madang.mode === 'ai');
    const v = await view(page);
    assert.equal(v.ply, 7);
    assert.deepEqual(v.history.map((e) => e.text), moves.slice(0, 7));
    assert.equal(await page.evaluate(() => window.__madang.human), 1);
    await page.locator('#moves button').first().click();
    await page.waitForFunction(() => window.__madang.view.ply === 9 && !window.__madang.thinking, null, { timeout: 60000 });
    assert.equal(await ply(), 9);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('a cancelled analysis leaves the page responsive; import errors name the game and the move in Korean', { skip: !gamesDir && 'no shared/games' }, async () => {
  const ctx = await stack.browser.newContext();
  const page = await openGame(stack, ctx, 'draughts');
  await withShots('records-cancel', [page], async () => {
    await reviewShared(page, gamesDir, 30);
    await page.selectOption('#rec-depth', 'deep');
    await page.click('#rec-analyse');
    await page.waitForFunction(() => window.__madangRecords.analysis && window.__madangRecords.analysis.scores.length >= 1, null, { timeout: 30000 });
    await page.click('#rec-cancel');
    const n = await page.evaluate(() => window.__madangRecords.analysis.scores.length);
    assert.match(await page.textContent('#rec-progress'), /멈췄습니다/);
    // stepping still answers after the cancel (how fast is measured, not asserted: a loaded
    // machine delays it, and a quiet one proves nothing)
    await page.keyboard.press('Home');
    await page.waitForFunction(() => window.__madang.view.ply === 0, null, { timeout: 30000 });
    await new Promise((r) => setTimeout(r, 2000));
    assert.ok(await page.evaluate(() => window.__madangRecords.analysis.scores.length) <= n + 0, 'the analysis went on after cancel');
    assert.equal(await page.isHidden('#rec-cancel'), true);
    // the last position was not reached: its line says so instead of staying empty
    const total = await page.evaluate(() => window.__madangRecords.rec.moves.length);
    assert.ok(n <= total, `${n} positions of ${total + 1} analysed before the cancel`);
    await page.keyboard.press('End');
    await page.waitForFunction((t) => window.__madang.view.ply === t, total, { timeout: 5000 });
    assert.equal(await page.textContent('#rec-eval'), '이 국면은 분석하지 않았습니다 (분석을 도중에 멈춤).');
    // a record with a wrong move: the Korean error names the game and the move
    await page.fill('#rec-text', '[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 3. 31-26 46-41 *\n');
    await page.click('#rec-read');
    await page.waitForFunction(() => document.querySelector('#rec-errors li'));
    assert.equal(await page.textContent('#rec-errors li'), '1번째 게임의 3... 46-41: 규칙상 둘 수 없는 수입니다.');
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});


// A file that is not a record, on each family's page: one line says that no game could be
// read (before the syntax error's line), and nothing opens for review.
test('a text that is not a record: the page says no game could be read, on every family', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  for (const game of ['draughts', 'chinese-checkers', 'backgammon']) {
    const page = await openPage(ctx, `${stack.url}/${game}/`);
    await withShots(`not-a-record-${game}`, [page], async () => {
      await engineReady(page);
      await page.click('#rec-import summary');
      await page.fill('#rec-text', 'hello world, not a record\n');
      await page.click('#rec-read');
      await page.waitForFunction(() => document.querySelectorAll('#rec-errors li').length >= 2, null, { timeout: 20000 });
      const lines = await page.$$eval('#rec-errors li', (ls) => ls.map((l) => l.textContent));
      assert.match(lines[0], /읽을 수 있는 게임이 하나도 없습니다/, game);
      assert.match(lines[1], /줄/, game);
      assert.equal(await page.evaluate(() => window.__madang.mode), null, game);
      assert.deepEqual(page.errors, []);
    });
    await page.close();
  }
  await ctx.close();
});

// The clock's time left after each move, from the records' own clock notation: the star
// record's {[%clk h:mm:ss]} comments and the .mat's "; [%clk G N) LEFT RIGHT]" lines (the
// hand-written fixtures of rules/halma/record and rules/backgammon/mat), in the review's list.
test('review: the time left at each move of a star record and of a .mat with clocks', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const star = readFileSync(join(repoRoot, 'rules/halma/record/testdata/clock.txt'), 'utf8');
  const mat = readFileSync(join(repoRoot, 'rules/backgammon/mat/testdata/clock.mat'), 'utf8');
  for (const [game, text, want] of [
    // the fixture's first game alone (the others: one without clocks, one unclosed comment)
    ['chinese-checkers', star.slice(0, star.indexOf('[Event', 1)), ['0:04:58', '0:04:51', '0:03:07.5', '']],
    // the log: the opening roll, then each roll and its play; the clock on the play
    ['backgammon', mat, ['', '0:04:58', '', '0:04:51', '', '0:04:40.5', '', '']],
  ]) {
    const page = await openPage(ctx, `${stack.url}/${game}/`);
    await withShots(`records-clocks-${game}`, [page], async () => {
      await engineReady(page);
      await page.click('#rec-import summary');
      await page.fill('#rec-text', text);
      await page.click('#rec-read');
      await page.waitForFunction((n) => window.__madang.mode === 'review' && document.querySelectorAll('#rec-moves li button').length === n, want.length, { timeout: 30000 });
      const items = await page.$$eval('#rec-moves li button', (bs) => bs.map((b) => b.textContent));
      want.forEach((clk, i) => {
        if (clk) assert.ok(items[i].endsWith(` (남은 시간 ${clk})`), `${game} entry ${i + 1}: ${items[i]}`);
        else assert.doesNotMatch(items[i], /남은 시간/, `${game} entry ${i + 1}`);
      });
      assert.deepEqual(page.errors, []);
    });
    await page.close();
  }
  await ctx.close();
});
