// The backgammon page's step-by-step play (src/js/backgammon/routes.js), without a browser:
// following the steps taken through the engine's step orders of each play (backgammonview Orders,
// whose rules are tested in site/wasm/backgammon/view/orders_test.go): the checkers that may move
// next, where a picked checker goes, which play the steps complete. The plays and their
// orders are written out here as backgammonview gives them for the opening 3-1 and a bear-off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  routes, nextSteps, destinations, complete, matching,
} from '../src/js/backgammon/routes.js';

const st = (from, to, die, hit = false) => ({ from, to, die, hit });

// the opening 3-1 (backgammonview: 13/12 lands on the opponent's mid-point, so 13/9 goes through 10)
const OPENING_31 = [
  { text: '24/20', steps: [st(24, 21, 3), st(21, 20, 1)], orders: [[st(24, 21, 3), st(21, 20, 1)], [st(24, 23, 1), st(23, 20, 3)]] },
  { text: '8/5 6/5', steps: [st(8, 5, 3), st(6, 5, 1)], orders: [[st(8, 5, 3), st(6, 5, 1)], [st(6, 5, 1), st(8, 5, 3)]] },
  { text: '13/9', steps: [st(13, 10, 3), st(10, 9, 1)], orders: [[st(13, 10, 3), st(10, 9, 1)]] },
];

test('opening 3-1: the checkers that may move first, where each goes, and what completes a play', () => {
  const rs = routes(OPENING_31);
  assert.equal(rs.length, 5);
  assert.deepEqual([...new Set(nextSteps(rs, []).map((s) => s.from))].sort((a, b) => a - b), [6, 8, 13, 24]);
  // the 24's checker: one step to 23 or 21, or on to 20 (two steps)
  assert.deepEqual(destinations(rs, [], 24).map((d) => d.to), [23, 21, 20]);
  assert.equal(destinations(rs, [], 24).find((d) => d.to === 20).steps.length, 2);
  assert.deepEqual(destinations(rs, [], 13).map((d) => d.to), [10, 9]);
  // one step is no whole play; two are, in either order
  assert.equal(complete(rs, [st(8, 5, 3)]), null);
  assert.equal(complete(rs, [st(6, 5, 1), st(8, 5, 3)]).play.text, '8/5 6/5');
  // after 8/5, only 8/5 6/5 can follow (each play's step orders come from the engine)
  assert.deepEqual([...new Set(matching(rs, [st(8, 5, 3)]).map((r) => r.play.text))], ['8/5 6/5']);
  assert.deepEqual(nextSteps(rs, [st(8, 5, 3)]), [st(6, 5, 1)]);
});

test('a play the engine does not list is never offered', () => {
  const rs = routes([OPENING_31[1]]);
  assert.deepEqual([...new Set(nextSteps(rs, []).map((s) => s.from))].sort(), [6, 8]);
});

test('bearing off: 7/off with 6-1 by either order; nothing bears off before the checker on 7 is home', () => {
  const rs = routes([{ text: '7/off', steps: [st(7, 6, 1), st(6, 0, 6)], orders: [[st(7, 1, 6), st(1, 0, 1)], [st(7, 6, 1), st(6, 0, 6)]] }]);
  assert.ok(nextSteps(rs, []).every((s) => s.from === 7));
  assert.deepEqual(destinations(rs, [], 7).map((d) => d.to), [6, 1, 0]);
});

test('a view without orders (no roll yet) offers nothing', () => {
  assert.deepEqual(routes([{ text: '24/20', steps: [] }]), []);
});
