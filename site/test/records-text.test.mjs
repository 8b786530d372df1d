// The import errors' Korean wording (site/src/js/records/text.js): a syntax error names the
// game only when the reader knows it (games count from 1; the .mat reader answers 0).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { syntaxText } from '../src/js/records/text.js';

test('a syntax error names its game and line', () => {
  assert.equal(syntaxText({ game: 2, line: 14 }), '2번째 게임 (14번째 줄): 기보 형식이 잘못되어 이 게임을 건너뜁니다.');
});

test('a syntax error of a reader that does not know the game names the line only, never a game 0', () => {
  const t = syntaxText({ game: 0, line: 1 });
  assert.equal(t, '1번째 줄: 기보 형식이 잘못되어 더 읽지 못했습니다.');
  assert.doesNotMatch(t, /0번째/);
});

test('an error without a line says the file cannot be read', () => {
  assert.equal(syntaxText({ game: 0, line: 0 }), '기보 파일을 읽을 수 없습니다.');
});

test('a record without a result reads 진행 중, not PDN\'s *', async () => {
  const { REC, resultWord } = await import('../src/js/records/text.js');
  assert.equal(resultWord('*'), '결과 없음(진행 중)');
  assert.equal(resultWord(''), '결과 없음(진행 중)');
  assert.equal(resultWord('2-0'), '결과 2-0');
  const rec = { game: 'checkers', tags: [], result: '*', moves: ['b6-a5', 'c3-d4'] };
  const head = REC.head(rec, '체커', (s) => ['검은색', '흰색'][s], () => 'Black');
  assert.equal(head, '체커 · 검은색 대 흰색 · 결과 없음(진행 중) · 2수');
  assert.doesNotMatch(head, /\*/);
});

test('a player named by the colour itself (this site\'s own downloads) or "?" is not named twice', async () => {
  const { REC } = await import('../src/js/records/text.js');
  const colour = (s) => ['흑', '백'][s];
  const seatTag = (_, s) => ['Black', 'White'][s];
  const own = { game: 'checkers', tags: [['Black', '흑'], ['White', '백']], result: '*', moves: ['11-15'] };
  assert.equal(REC.head(own, '영미식 체커', colour, seatTag), '영미식 체커 · 흑 대 백 · 결과 없음(진행 중) · 1수');
  const named = { game: 'checkers', tags: [['Black', 'Tinsley'], ['White', '?']], result: '1-0', moves: ['11-15'] };
  assert.equal(REC.head(named, '영미식 체커', colour, seatTag), '영미식 체커 · 흑 Tinsley 대 백 · 결과 1-0 · 1수');
});
