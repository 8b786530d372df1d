// The checker steps of a turn, for tapping one checker at a time. The engine lists the
// legal plays (whole turns, one per resulting position, with the forced-dice rules of seed
// 003 applied) and one order of steps for each; a player may take those steps in another
// order or split a checker's journey at the other die's point. This file finds every such
// order: it walks single steps over the board the page shows and keeps the sequences that
// end in the position of one of the engine's plays with as many steps. So the plays offered
// stay exactly the engine's; the step checks here only decide which orders of a play's
// steps can be shown one by one.
//
// Places are in the mover's numbering (bgview): 1..24 the points, 25 the bar, 0 off.

const BAR = 25;
const OFF = 0;

/** Whether the mover (row `my`, 26 counts) may move a checker from `from` by `die`, against
 * the opponent's row `opp` (in its own numbering): the place reached and whether it hits,
 * or null. Seed 003: the bar enters first, a point of two or more opposing checkers is
 * closed, one opposing checker is hit, bearing off needs every checker home and a die
 * larger than the point only bears off the farthest checker. */
export function stepFrom(my, opp, from, die) {
  if (my[from] <= 0) return null;
  if (my[BAR] > 0 && from !== BAR) return null;
  const to = from - die;
  if (to >= 1) {
    const there = opp[25 - to];
    if (there >= 2) return null;
    return { from, to, die, hit: there === 1 };
  }
  for (let p = 7; p <= BAR; p++) if (my[p] > 0) return null;
  if (to < 0) for (let p = from + 1; p <= 6; p++) if (my[p] > 0) return null;
  return { from, to: OFF, die, hit: false };
}

/** Applies step s to copies of the rows: [my, opp]. */
export function applyStep(my, opp, s) {
  const m = my.slice();
  const o = opp.slice();
  m[s.from]--;
  m[s.to]++;
  if (s.hit && s.to >= 1) {
    o[25 - s.to]--;
    o[BAR]++;
  }
  return [m, o];
}

const key = (my, opp) => `${my.join(',')}|${opp.join(',')}`;

/** The dice a roll gives to play: [a, b], or four of a double. */
export function diceList(dice) {
  return dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];
}

/**
 * Every order of steps of every play: [{play, steps}], steps [{from, to, die, hit}].
 * rows: the view's rows (both seats, own numbering); mover: the seat to move; dice [a, b];
 * plays: the view's moves ({steps, ...}).
 */
export function routes(rows, mover, dice, plays) {
  const my0 = rows[mover];
  const opp0 = rows[1 - mover];
  const target = new Map(); // final position → play
  for (const p of plays) {
    let [m, o] = [my0, opp0];
    for (const s of p.steps) [m, o] = applyStep(m, o, s);
    target.set(`${p.steps.length}:${key(m, o)}`, p);
  }
  const out = [];
  const seen = new Set();
  const walk = (m, o, left, steps) => {
    if (steps.length) {
      const p = target.get(`${steps.length}:${key(m, o)}`);
      const id = steps.map((s) => `${s.from}>${s.to}/${s.die}`).join(' ');
      if (p && !seen.has(id)) {
        seen.add(id);
        out.push({ play: p, steps: steps.slice() });
      }
    }
    const tried = new Set();
    for (let i = 0; i < left.length; i++) {
      const d = left[i];
      if (tried.has(d)) continue;
      tried.add(d);
      const rest = left.slice(0, i).concat(left.slice(i + 1));
      for (let from = BAR; from >= 1; from--) {
        const s = stepFrom(m, o, from, d);
        if (!s) continue;
        const [m2, o2] = applyStep(m, o, s);
        steps.push(s);
        walk(m2, o2, rest, steps);
        steps.pop();
      }
    }
  };
  walk(my0, opp0, diceList(dice), []);
  return out;
}

const same = (a, b) => a.from === b.from && a.to === b.to && a.die === b.die;

/** The routes that begin with the steps taken so far. */
export function matching(all, taken) {
  return all.filter((r) => r.steps.length >= taken.length && taken.every((s, i) => same(s, r.steps[i])));
}

/** The route completed by the steps taken, or null. */
export function complete(all, taken) {
  return matching(all, taken).find((r) => r.steps.length === taken.length) || null;
}

/** The next single steps after the steps taken: distinct {from, to, die, hit}. */
export function nextSteps(all, taken) {
  const k = taken.length;
  const out = [];
  for (const r of matching(all, taken)) {
    const s = r.steps[k];
    if (s && !out.some((x) => same(x, s))) out.push(s);
  }
  return out;
}

/**
 * Where the checker on `from` can go next: [{to, steps}] for each place it reaches in one
 * step or by moving on with the next dice (the same checker, step after step), steps the
 * fewest steps that take it there (for one place reached with different dice, the smaller
 * die first).
 */
export function destinations(all, taken, from) {
  const k = taken.length;
  const best = new Map();
  for (const r of matching(all, taken)) {
    let at = from;
    for (let j = k; j < r.steps.length; j++) {
      const s = r.steps[j];
      if (s.from !== at) break;
      const path = r.steps.slice(k, j + 1);
      const b = best.get(s.to);
      if (!b || path.length < b.length || (path.length === b.length && path[0].die < b[0].die)) best.set(s.to, path);
      at = s.to;
      if (at === OFF) break;
    }
  }
  return [...best.entries()].map(([to, steps]) => ({ to, steps })).sort((a, b) => b.to - a.to);
}
