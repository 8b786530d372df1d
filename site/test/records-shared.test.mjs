// Every shared record file (../shared/games/draughts and checkers, subfolders too) imported
// through the page's records worker with the counts of the CLI (`madang replay --game G FILE`,
// run here: games, moves played, errors).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, withShots, repoRoot } from './harness.mjs';
import { findGames, openGame, recordsAsk } from './records-harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

const bin = process.env.MADANG_BIN || join(repoRoot, 'bin', 'madang');
const gamesDir = findGames();

const walk = (d) => readdirSync(d).flatMap((f) => {
  const p = join(d, f);
  return statSync(p).isDirectory() ? walk(p) : [p];
});

test('every shared record file imports through the records worker with the CLI counts', { skip: !gamesDir && 'no shared/games' }, async () => {
  const ctx = await stack.browser.newContext();
  const page = await openGame(stack, ctx, 'draughts');
  await withShots('records-shared', [page], async () => {
    let files = 0;
    for (const game of ['draughts', 'checkers']) {
      for (const f of walk(join(gamesDir, game)).filter((p) => p.endsWith('.pdn'))) {
        const cli = spawnSync(bin, ['replay', '--game', game, f], { encoding: 'utf8' });
        const last = cli.stdout.trim().split('\n').pop();
        const m = last.match(/^games=(\d+) moves=(\d+) errors=(\d+)$/);
        assert.ok(m, `${f}: CLI said ${last}`);
        const a = await recordsAsk(page, 'import', { game, bytes: [...readFileSync(f)] });
        assert.equal(a.ok, true, f);
        let moves = 0;
        let errors = a.errors.length;
        for (const g of a.games) {
          moves += g.moves.length;
          errors += g.problems.length;
        }
        if (!a.games.length && !errors) errors = 1; // the CLI's "no PDN game found"
        assert.deepEqual([a.games.length, moves, errors], [+m[1], +m[2], +m[3]], `${f} as ${game}`);
        files++;
      }
    }
    assert.ok(files >= 15, `${files} files`);
  });
  await ctx.close();
});

