// The Chinese-checkers strict-win note (seed 004: all ten target holes must be the seat's
// own) shows only when a seat has filled most of its target and an opponent's piece stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { strictBlocked } from '../src/js/halma/strict.js';

const seat = (s, arrived, others) => ({ seat: s, arrived, others, size: 10, full: arrived + others === 10 });

test('no note at the start: each target camp is full of the opponent\'s men', () => {
  assert.equal(strictBlocked([seat(0, 0, 10), seat(1, 0, 10)]), undefined);
});

test('no note while only a few of the seat\'s own pieces have arrived', () => {
  assert.equal(strictBlocked([seat(0, 1, 9), seat(1, 0, 10)]), undefined);
  assert.equal(strictBlocked([seat(0, 4, 6), seat(1, 2, 7)]), undefined);
});

test('the note for a seat with nine pieces home and an opponent\'s piece in the tenth hole', () => {
  const b = strictBlocked([seat(0, 9, 1), seat(1, 3, 5)]);
  assert.equal(b && b.seat, 0);
  assert.equal(strictBlocked([seat(0, 3, 5), seat(1, 5, 5)]).seat, 1);
});

test('no note when the camp has an empty hole left, or holds only the seat\'s own pieces', () => {
  assert.equal(strictBlocked([seat(0, 8, 1), seat(1, 0, 10)]), undefined);
  assert.equal(strictBlocked([seat(0, 10, 0), seat(1, 0, 10)]), undefined);
  assert.equal(strictBlocked(undefined), undefined);
});
