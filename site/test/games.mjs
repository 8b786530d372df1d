// The games as the site manifest lists them (site/.build/games.json, which `make site` writes
// with `madang games --json` from the families' descriptors, games/<family>): the tests'
// lists of every game come from here, never from a list of their own.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const file = join(dirname(fileURLToPath(import.meta.url)), '..', '.build', 'games.json');

/** The manifest: the file make wrote, else `$MADANG_BIN games --json`. */
export const manifest = JSON.parse(existsSync(file) ? readFileSync(file, 'utf8')
  : execFileSync(process.env.MADANG_BIN || 'madang', ['games', '--json'], { encoding: 'utf8' }));

/** Every game id in the home page's order. */
export const GAMES = manifest.families.flatMap((f) => f.games.map((g) => g.id));

/** The game ids of one family, in its order. */
export const familyGames = (name) => {
  const f = manifest.families.find((x) => x.name === name);
  if (!f) throw new Error(`games.mjs: no family ${name} in the manifest`);
  return f.games.map((g) => g.id);
};
