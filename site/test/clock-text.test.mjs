// The clock's Korean words (src/js/clock.js), without a browser: durations from tenths of a
// second to the 3 h the room allows (functions/room MaxBaseMs), and a time control described
// with the same name for the delay (유예) as the custom form and the running clock use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { words, describe, CLOCK } from '../src/js/clock.js';

test('durations in Korean words', () => {
  const cases = [
    [0, '0초'], [500, '0.5초'], [30000, '30초'], [90000, '1분 30초'], [300000, '5분'],
    [3600000, '1시간'], [5400000, '1시간 30분'], [10800000, '3시간'], [3661000, '1시간 1분 1초'],
    [3600500, '1시간 0.5초'],
  ];
  for (const [ms, want] of cases) assert.equal(words(ms), want, `${ms} ms`);
});

test('time controls: Fischer, delay with a reserve, none', () => {
  assert.equal(describe({ baseMs: 300000, incrementMs: 3000, delayMs: 0 }), '5분, 한 수마다 3초 추가');
  assert.equal(describe({ baseMs: 180000, incrementMs: 0, delayMs: 12000 }), '한 수마다 유예 12초 + 예비 3분');
  assert.equal(describe({ baseMs: 10800000, incrementMs: 0, delayMs: 0 }), '3시간');
  assert.equal(describe(null), CLOCK.none);
  assert.match(CLOCK.customDelay, /유예/);
  assert.match(CLOCK.inDelay(28), /유예/);
});
