// Game records on the backgammon and star-game pages: a game played on the page,
// downloaded (GNU Backgammon's .mat; madang's star-game text) and imported again gives the
// same moves (rolls and plays) and result.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startStack, withShots, openPage, engineReady, view } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

test('backgammon: a game played on the page, downloaded as .mat and imported again', async () => {
  const ctx = await stack.browser.newContext({ acceptDownloads: true });
  const page = await openPage(ctx, `${stack.url}/backgammon/`);
  await withShots('records-roundtrip-backgammon', [page], async () => {
    await engineReady(page);
    await page.click('[data-mode=local]');
    // rolls and plays on this device until six plays are made
    let plays = 0;
    while (plays < 6) {
      const v = await view(page);
      if (v.phase === 'roll') await page.click('#roll');
      else {
        await page.click('#moves button >> nth=0');
        plays++;
      }
      await page.waitForFunction((p) => window.__madang.view.ply > p, v.ply);
    }
    await page.click('#resign');
    await page.click('#resign');
    await page.waitForFunction(() => window.__madang.view.outcome.status === 'win');
    const v = await view(page);
    // a .mat holds no opening tie: the record's log is the game's without them
    const texts = v.history.filter((e) => !(e.opening && e.text[0] === e.text[2])).map((e) => e.text);
    const p = Math.max(1, v.outcome.points || 1);
    const token = v.outcome.winner === 0 ? `${p}-0` : `0-${p}`;
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#rec-download')]);
    assert.match(dl.suggestedFilename(), /^madang-backgammon-\d{8}\.mat$/);
    const text = readFileSync(await dl.path(), 'utf8');
    assert.match(text, /; \[EventDate "\d{4}\.\d\d\.\d\d"\]/);
    assert.match(text, /; \[Player 1 "/);
    assert.match(text, / 0 point match\n\n Game 1\n/);
    assert.match(text, new RegExp(`Wins ${p} point`));
    await page.click('#back-to-menu');
    await page.click('#rec-import summary');
    await page.fill('#rec-text', text);
    await page.click('#rec-read');
    await page.waitForFunction(() => window.__madang.mode === 'review');
    const rec = await page.evaluate(() => window.__madangRecords.rec);
    assert.equal(rec.game, 'backgammon');
    assert.deepEqual(rec.moves, texts);
    assert.equal(rec.result, token);
    // the review opens at the record's end once the engine has replayed it: wait for that
    await page.waitForFunction((n) => window.__madang.view.ply === n, texts.length, { timeout: 30000 }).catch(() => {});
    assert.equal((await view(page)).ply, texts.length);
    // the step buttons are drawn (no letter a Korean font may lack: ⏮ showed as a box) and
    // named in Korean
    for (const [id, name] of [['rec-first', '처음'], ['rec-back', '뒤로'], ['rec-forward', '앞으로'], ['rec-last', '마지막']]) {
      const b = await page.evaluate((i) => { const e = document.getElementById(i); return { text: e.textContent.trim(), svg: !!e.querySelector('svg'), label: e.getAttribute('aria-label') }; }, id);
      assert.deepEqual([b.text, b.svg], ['', true], id);
      assert.match(b.label, new RegExp(name), id);
    }
    // stepping back goes roll by roll and play by play; the list names the entries
    await page.click('#rec-first');
    await page.waitForFunction(() => window.__madang.view.ply === 0);
    await page.click('#rec-forward');
    await page.waitForFunction(() => window.__madang.view.ply === 1);
    // the first entry is the opening roll: one die each, not a roll of the side before it
    assert.match(await page.textContent('#rec-moves li:first-child button'), /^첫 굴림: 흰색 \d, 검은색 \d — (흰색이 먼저|검은색이 먼저|같은 눈이라 다시 굴림)$/);
    assert.equal(await page.isVisible('#rec-analyse'), true, 'the engine view (records-bg-analysis.test.mjs)');
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

/** Plays n moves on this device through the shell (the first legal move each turn). */
async function playMoves(page, n) {
  for (let i = 0; i < n; i++) {
    const ply = (await view(page)).ply;
    await page.evaluate(() => window.__madang.play(window.__madang.view.moves[0]));
    await page.waitForFunction((p) => window.__madang.view.ply > p, ply);
  }
}

for (const c of [
  { game: 'chinese-checkers', resign: true, seats: 2 },
  { game: 'diamond', players: 3, seats: 3 },
]) {
  test(`${c.game}${c.players ? ` (${c.players} players)` : ''}: a game played on the page, downloaded and imported again`, async () => {
    const ctx = await stack.browser.newContext({ acceptDownloads: true });
    const page = await openPage(ctx, `${stack.url}/${c.game}/`);
    await withShots(`records-roundtrip-${c.game}`, [page], async () => {
      await engineReady(page);
      if (c.players) await page.check(`input[name=players][value="${c.players}"]`);
      await page.click('[data-mode=local]:visible');
      await playMoves(page, 7);
      if (c.resign) {
        await page.click('#resign');
        await page.click('#resign');
        await page.waitForFunction(() => window.__madang.view.outcome.status === 'win');
      }
      const v = await view(page);
      assert.equal(v.seats || 2, c.seats);
      const texts = v.history.map((e) => e.text);
      const token = c.resign ? (v.outcome.winner === 0 ? '1-0' : '0-1') : '*';
      const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#rec-download')]);
      assert.match(dl.suggestedFilename(), new RegExp(`^madang-${c.game}-\\d{8}\\.txt$`));
      const text = readFileSync(await dl.path(), 'utf8');
      assert.match(text, new RegExp(`\\[Game "${c.game}"\\]`));
      assert.match(text, new RegExp(`\\[Players "${c.seats}"\\]`));
      assert.match(text, new RegExp(`\\[Result "${token.replace('*', '\\*')}"\\]`));
      assert.match(text, /\[Date "\d{4}\.\d\d\.\d\d"\]/);
      assert.match(text, /\[Seat1 "/);
      assert.match(text, /^1\. \S+ 2\. /m);
      await page.click('#back-to-menu');
      // leaving a game still going on asks first
      if (!c.resign) await page.click('#leave-yes');
      await page.click('#rec-import summary');
      await page.fill('#rec-text', text);
      await page.click('#rec-read');
      await page.waitForFunction(() => window.__madang.mode === 'review');
      const rec = await page.evaluate(() => window.__madangRecords.rec);
      assert.equal(rec.game, c.game);
      assert.equal(rec.options.players, c.seats);
      assert.deepEqual(rec.moves, texts);
      assert.equal(rec.result, token);
      // the review opens at the record's end once the engine has replayed it: wait for that
      await page.waitForFunction((n) => window.__madang.view.ply === n, texts.length, { timeout: 30000 }).catch(() => {});
      const w = await view(page);
      assert.equal(w.ply, texts.length);
      assert.equal(w.seats || 2, c.seats);
      // a wrong move is named in Korean with its number and text
      await page.click('#rec-close');
      await page.fill('#rec-text', text.replace(/^1\. \S+/m, '1. 9.9-9.8'));
      await page.click('#rec-read');
      await page.waitForFunction(() => document.querySelector('#rec-errors li'));
      assert.match(await page.textContent('#rec-errors li'), /1번째 게임의 1\. 9\.9-9\.8 \(\d+번째 줄\): /);
      assert.deepEqual(page.errors, []);
    });
    await ctx.close();
  });
}
