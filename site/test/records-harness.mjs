// What the records browser tests share (records-*.test.mjs): opening a game page with its
// engine ready, asking the records worker, finding ../shared/games, and reviewing a shared
// draughts game through the import box.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPage, engineReady, repoRoot } from './harness.mjs';

/** The shared game records folder (MADANG_GAMES, or ../shared/games beside the repository)
 * holding sub (a game's folder, or '' for any), or undefined. */
export const findGames = (sub = '') => [process.env.MADANG_GAMES, join(repoRoot, '../shared/games'), join(repoRoot, '../../shared/games')]
  .find((d) => d && existsSync(join(d, sub)));

/** Opens /<game>/ of the stack and waits for its engine. */
export async function openGame(stack, ctx, game) {
  const page = await openPage(ctx, `${stack.url}/${game}/`);
  await engineReady(page);
  return page;
}

/** Asks the page's records worker op with args (args.bytes: an array of the file's bytes). */
export const recordsAsk = (page, op, args) => page.evaluate(([o, a]) => {
  const b = a.bytes ? { ...a, bytes: new Uint8Array(a.bytes) } : a;
  return window.__madangRecords.recordsEngine().ask(o, b);
}, [op, args]);

/** Imports the first game of gamesDir/draughts/wk2003.pdn with n moves or more and no
 * problem, cut to n moves, into review; its n moves. */
export async function reviewShared(page, gamesDir, n) {
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
