// The checker steps of a turn, for tapping one checker at a time. The engine lists the
// legal plays (whole turns, one per resulting position, with the forced-dice rules of seed
// 003 applied) and, for each, every order of single steps that plays it (backgammonview Orders:
// the steps in another order, or a checker's journey split at the other die's point). This
// file only follows the steps taken through those orders: which checkers may move next,
// where the picked one can go, which play the steps complete. It asks no rules of its own.
//
// Places are in the mover's numbering (backgammonview): 1..24 the points, 25 the bar, 0 off.

const BAR = 25;
const OFF = 0;

/** Applies step s, one the engine listed, to copies of the rows: [my, opp] (its checker
 * moves; a step the engine marks hit sends the blot to the bar). */
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

/**
 * Every order of steps of every play: [{play, steps}], steps [{from, to, die, hit}], from
 * the view's moves ({orders, ...}: the engine's step orders of each play).
 */
export function routes(plays) {
  return plays.flatMap((p) => (p.orders || []).map((steps) => ({ play: p, steps })));
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
