// Measures the AI figures the game pages quote (src/guide/<game>.html) and writes them to
// site/src/guide/ai-figures.json, which site/build.mjs reads to fill the {{ai:...}}
// placeholders of the guide fragments (site/src/guide/<game>.html).
//
// Usage (from the repository root, through `make ai-figures`):
//   node site/tools/ai-figures.mjs BIN [OUT]
// BIN is bin/madang; OUT defaults to site/src/guide/ai-figures.json. ONLY="backgammon …"
// (`make ai-figures ONLY=backgammon`) measures those games again and keeps the others' figures
// from OUT as they are (each game's figures say the day they were made).
//
// Every figure comes from `BIN selfplay` runs with fixed seeds and small game counts, so the
// whole run takes a few minutes on two shared cores (the Makefile runs it under nice):
//   vsBeginner   intermediate against beginner (win rate of intermediate)
//   self         intermediate against itself (the first mover's wins, moves a game, time a move)
//   advanced     advanced at a short fixed time a move against intermediate
// Times are wall-clock milliseconds on the machine that ran the command; a move is a ply
// (one seat's move, a pass in the star games, a whole play of both dice in backgammon).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const bin = process.argv[2];
const out = process.argv[3] || join(here, '..', 'src', 'guide', 'ai-figures.json');
if (!bin) {
  console.error('usage: node site/tools/ai-figures.mjs BIN [OUT]');
  process.exit(2);
}

const SEED = 1;
const OPEN = 2; // selfplay's default random opening plies
const ADVANCED_MS = 100;

/** The games and their runs, from the site manifest (`BIN games --json`: each game's
 * figures in its family's descriptor, games/<family>): id, extra selfplay flags, game counts
 * per run, and whether the advanced run keeps its level's own time (no --movetime). */
const GAMES = JSON.parse(execFileSync(bin, ['games', '--json'], { encoding: 'utf8' })).families
  .flatMap((f) => f.games).map(({ id, figures: f }) => [id, f.flags, f, f.fixedTime]);

/** One selfplay run: its per-game lines and its JSON summary. */
function selfplay(game, flags, a, b, games, extra = []) {
  const args = ['selfplay', '--game', game, ...flags, '--a', a, '--b', b, '--games', String(games),
    '--seed', String(SEED), '--open', String(OPEN), ...extra];
  const t0 = Date.now();
  const text = execFileSync(bin, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  const lines = text.trim().split('\n');
  const summary = JSON.parse(lines[lines.length - 1]);
  const per = lines.slice(0, -1).map((l) => l.match(/ in (\d+) plies, ([\d.]+)(ms|s|µs), /)).filter(Boolean)
    .map((m) => ({ plies: +m[1], ms: +m[2] * (m[3] === 's' ? 1000 : m[3] === 'µs' ? 0.001 : 1) }));
  console.error(`${game} ${a}-${b} x${games}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { args: args.join(' '), summary, per };
}

const pct = (n, d) => Math.round((1000 * n) / d) / 10;
const one = (x) => Math.round(x * 10) / 10;
/** ms a move to two significant digits (backgammon's intermediate takes a few hundredths). */
const two = (x) => Number(x.toPrecision(2));

const today = new Date().toISOString().slice(0, 10);
const only = (process.env.ONLY || '').split(/[\s,]+/).filter(Boolean);
const kept = only.length ? JSON.parse(readFileSync(out, 'utf8')).games : {};
for (const id of only) {
  if (!GAMES.some(([g]) => g === id)) {
    console.error(`ONLY: no game ${id}`);
    process.exit(2);
  }
}
const previous = only.length ? JSON.parse(readFileSync(out, 'utf8')) : null;
const figures = {
  command: 'make ai-figures',
  // the day of the last run of every game (each game's own: games.<id>.generated)
  generated: previous ? previous.generated : today,
  seed: SEED,
  advancedMs: ADVANCED_MS,
  games: {},
};
for (const [id, flags, n, fixedTime] of GAMES) {
  if (only.length && !only.includes(id) && kept[id]) {
    figures.games[id] = kept[id];
    continue;
  }
  const g = { generated: today };
  let r = selfplay(id, flags, 'intermediate', 'beginner', n.vsBeginner);
  g.vsBeginner = {
    games: n.vsBeginner, wins: r.summary.wins[0], losses: r.summary.wins[1], draws: r.summary.draws,
    winPct: pct(r.summary.wins[0], n.vsBeginner), run: r.args,
  };
  r = selfplay(id, flags, 'intermediate', 'intermediate', n.self);
  const plies = r.per.reduce((s, x) => s + x.plies - OPEN, 0);
  const ms = r.per.reduce((s, x) => s + x.ms, 0);
  g.self = {
    games: n.self, firstWins: r.summary.seatWins[0], secondWins: r.summary.seatWins[1], draws: r.summary.draws,
    firstPct: pct(r.summary.seatWins[0], n.self), avgPlies: Math.round(r.summary.avgPlies),
    msPerMove: ms / plies >= 1 ? one(ms / plies) : two(ms / plies), run: r.args,
  };
  const extra = fixedTime ? [] : ['--movetime', String(ADVANCED_MS)];
  r = selfplay(id, flags, 'advanced', 'intermediate', n.advanced, extra);
  g.advanced = {
    games: n.advanced, wins: r.summary.wins[0], losses: r.summary.wins[1], draws: r.summary.draws,
    winPct: pct(r.summary.wins[0], n.advanced), movetimeMs: fixedTime ? null : ADVANCED_MS, run: r.args,
  };
  figures.games[id] = g;
}
writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
console.error(`wrote ${out}`);
