// The backgammon record's roll lines (site/src/js/backgammon/text.js): an opening roll is one
// die each (seat 0's first, seed 003: the higher die moves first, equal dice roll again),
// not a roll of the side listed before it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rollEntry, OPENING_ROLL } from '../src/js/backgammon/text.js';

test('an opening roll names each side\'s die and who moves first', () => {
  assert.equal(rollEntry({ text: '2-5', opening: true }), '첫 굴림: 흰색 2, 검은색 5 — 검은색이 먼저');
  assert.equal(rollEntry({ text: '6-1', opening: true }), '첫 굴림: 흰색 6, 검은색 1 — 흰색이 먼저');
  assert.ok(rollEntry({ text: '6-1', opening: true }).startsWith(OPENING_ROLL));
});

test('equal opening dice are rolled again', () => {
  assert.equal(rollEntry({ text: '4-4', opening: true }), '첫 굴림: 흰색 4, 검은색 4 — 같은 눈이라 다시 굴림');
});

test('a later roll is the mover\'s dice', () => {
  assert.equal(rollEntry({ text: '3-1', opening: false }), '주사위 3-1');
  assert.equal(rollEntry({ text: '6-6' }), '주사위 6-6');
});
