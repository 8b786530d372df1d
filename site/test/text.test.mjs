// The Korean particle after a name (js/text.js josa): chosen by the last
// syllable printed, a closing parenthesis skipped, digits and Latin letters by their Korean
// reading. A unit test: no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { josa, finalOf } from '../src/js/text.js';

test('josa: 이/가, 은/는, 을/를 by the last syllable printed', () => {
  for (const [word, pair, want] of [
    ['빨강', '이/가', '빨강이'],
    ['AI(노랑)', '이/가', 'AI(노랑)이'], // the syllable before ")" is 랑
    ['나(빨강)', '이/가', '나(빨강)이'],
    ['나(흰색)', '은/는', '나(흰색)은'],
    ['상대(흑)', '을/를', '상대(흑)을'],
    ['주사위 굴리기', '을/를', '주사위 굴리기를'],
    ['내 수(24/13)', '을/를', '내 수(24/13)을'], // 삼
    ['내 수(11-15)', '을/를', '내 수(11-15)를'], // 오
    ['5', '이/가', '5가'],
    ['6', '이/가', '6이'], // 육
    ['10', '이/가', '10이'], // 십
    ['AI', '이/가', 'AI가'], // 에이아이
    ['AL', '이/가', 'AL이'], // 엘
    ['백가몬', '을/를', '백가몬을'],
    ['중국식 체커', '을/를', '중국식 체커를'],
    ['“파랑”', '이/가', '“파랑”이'],
  ]) assert.equal(josa(word, pair), want, `${word} + ${pair}`);
});

test('josa: 으로/로 takes 로 after ㄹ, as after a vowel', () => {
  assert.equal(josa('c3', '으로/로'), 'c3으로');
  assert.equal(josa('d4', '으로/로'), 'd4로');
  assert.equal(josa('e5, g7', '으로/로'), 'e5, g7로'); // 칠
  assert.equal(josa('30', '으로/로'), '30으로');
  assert.equal(josa('말', '으로/로'), '말로');
  assert.equal(josa('왕', '으로/로'), '왕으로');
});

test('josa: an end it cannot read writes both forms', () => {
  assert.equal(josa('…', '이/가'), '…이(가)');
  assert.equal(finalOf(''), null);
  assert.equal(finalOf('()'), null);
});
