// Game records on the checkers/draughts pages: a game played on the page,
// downloaded and imported again, per game. (records-shared: the shared files and the CLI's
// counts; records-review: keys, continuing, cancelling; records-analysis: a 100-ply game;
// records-online: a finished room's review.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startStack, withShots, openPage, engineReady, view } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

async function openGame(ctx, game) {
  const page = await openPage(ctx, `${stack.url}/${game}/`);
  await engineReady(page);
  return page;
}

/** Plays n moves on this device by the move buttons. */
async function playMoves(page, n) {
  for (let i = 0; i < n; i++) {
    const ply = (await view(page)).ply;
    await page.locator('#moves button').first().click();
    await page.waitForFunction((p) => window.__madang.view.ply > p, ply);
  }
}

for (const game of ['checkers', 'draughts']) {
  test(`${game}: a game played on the page, downloaded as PDN and imported again`, async () => {
    const ctx = await stack.browser.newContext({ acceptDownloads: true });
    const page = await openGame(ctx, game);
    await withShots(`records-roundtrip-${game}`, [page], async () => {
      await page.click('[data-mode=local]');
      await playMoves(page, 7);
      // the side to move resigns: two presses
      await page.click('#resign');
      await page.click('#resign');
      await page.waitForFunction(() => window.__madang.view.outcome.status === 'win');
      const v = await view(page);
      const texts = v.history.map((e) => e.text);
      const token = v.outcome.winner === 0 ? '1-0' : '0-1';
      const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#rec-download')]);
      assert.match(dl.suggestedFilename(), new RegExp(`^madang-${game}-\\d{8}\\.pdn$`));
      const text = readFileSync(await dl.path(), 'utf8');
      assert.match(text, new RegExp(`\\[GameType "${game === 'draughts' ? 20 : 21}"\\]`));
      assert.match(text, new RegExp(`\\[Result "${token}"\\]`));
      assert.match(text, /\[Date "\d{4}\.\d\d\.\d\d"\]/);
      // import it again, on the other game's page choice: the GameType tag decides
      await page.click('#back-to-menu');
      await page.click('#rec-import summary');
      await page.fill('#rec-text', text);
      await page.click('#rec-read');
      await page.waitForFunction(() => window.__madang.mode === 'review');
      const rec = await page.evaluate(() => window.__madangRecords.rec);
      assert.equal(rec.game, game);
      assert.deepEqual(rec.moves, texts);
      assert.equal(rec.result, token);
      assert.equal((await view(page)).ply, texts.length);
      assert.deepEqual(page.errors, []);
    });
    await ctx.close();
  });
}

