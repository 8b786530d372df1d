// The backgammon page's step orders (src/js/backgammon/routes.js), without a browser: every
// order of a play's steps the board may show one at a time, and none that the rules of seed
// 003 forbid between them; the plays themselves are the engine's (here written out as
// bgview gives them, checked against shared/cases/backgammon.md and gnubg).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  routes, nextSteps, destinations, complete, stepFrom,
} from '../src/js/backgammon/routes.js';

/** A row of 26 from {place: count} (0 off, 25 bar). */
const row = (o) => { const r = new Array(26).fill(0); for (const [p, n] of Object.entries(o)) r[+p] = n; return r; };
const START = row({ 24: 2, 13: 5, 8: 3, 6: 5 });
const st = (from, to, die, hit = false) => ({ from, to, die, hit });
const ids = (rs) => rs.map((r) => r.steps.map((s) => `${s.from}>${s.to}`).join(' ')).sort();

test('opening 3-1: both orders of 8/5 6/5, 24/20 through 21 or 23, 13/9 only through 10', () => {
  const plays = [
    { text: '24/20', steps: [st(24, 21, 3), st(21, 20, 1)] },
    { text: '8/5 6/5', steps: [st(8, 5, 3), st(6, 5, 1)] },
    { text: '13/9', steps: [st(13, 10, 3), st(10, 9, 1)] },
  ];
  const rs = routes([START, START], 0, [3, 1], plays);
  // 13/12 would land on the opponent's mid-point (five checkers): closed
  assert.deepEqual(ids(rs), ['13>10 10>9', '24>21 21>20', '24>23 23>20', '6>5 8>5', '8>5 6>5']);
  // the checkers that may move first, and where the 24's checker goes (one step or on to 20)
  assert.deepEqual([...new Set(nextSteps(rs, []).map((s) => s.from))].sort((a, b) => a - b), [6, 8, 13, 24]);
  assert.deepEqual(destinations(rs, [], 24).map((d) => d.to), [23, 21, 20]);
  assert.equal(destinations(rs, [], 24).find((d) => d.to === 20).steps.length, 2);
  assert.deepEqual(destinations(rs, [], 13).map((d) => d.to), [10, 9]);
  // one step is no whole play; two are
  assert.equal(complete(rs, [st(8, 5, 3)]), null);
  assert.equal(complete(rs, [st(6, 5, 1), st(8, 5, 3)]).play.text, '8/5 6/5');
});

test('a play the engine does not list is never offered: 24/21 with 3-1 when only 8/5 6/5 is', () => {
  const rs = routes([START, START], 0, [3, 1], [{ text: '8/5 6/5', steps: [st(8, 5, 3), st(6, 5, 1)] }]);
  assert.deepEqual([...new Set(nextSteps(rs, []).map((s) => s.from))].sort(), [6, 8]);
});

test('bearing off: 7/off with 6-1 only after the checker on 7 is home (shared/cases, gnubg)', () => {
  // /x8AADDg/xcAAA: the mover has one checker on 7 and the rest home; the only play is 7/off
  const my = row({ 7: 1, 1: 14 });
  const opp = row({ 1: 15 }); // on the mover's 24-point
  const rs = routes([my, opp], 0, [6, 1], [{ text: '7/off', steps: [st(7, 6, 1), st(6, 0, 6)] }]);
  // 7/1 1/off reaches the same position (14 on the 1-point, one off): the same play
  assert.deepEqual(ids(rs), ['7>1 1>0', '7>6 6>0']);
  // nothing bears off before the checker on 7 is home
  assert.ok(nextSteps(rs, []).every((s) => s.from === 7));
  assert.equal(stepFrom(my, opp, 1, 1), null);
});

test('the bar first; a closed point is skipped; a blot is hit', () => {
  const my = row({ 25: 1, 13: 14 });
  const opp = row({ 6: 2, 5: 1, 1: 12 }); // the mover's points 19 (closed) and 20 (a blot)
  assert.equal(stepFrom(my, opp, 13, 5), null, 'bar first');
  assert.equal(stepFrom(my, opp, 25, 6), null, 'point 19 closed');
  assert.deepEqual(stepFrom(my, opp, 25, 5), st(25, 20, 5, true));
});
