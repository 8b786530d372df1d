// Korean text of the checkers/draughts pages (seed 001): sides, draw rules, results, refusals and the words of the button board.
import { josa } from '../text.js';
export const SIDES = { checkers: ['흑', '백'], draughts: ['백', '흑'] };

export const COUNTER = {
  threefold: '같은 국면 세 번',
  'forty-move': '40수 규정',
  'twenty-five-move': '25수 규정',
  'sixteen-move': '16수 규정',
  'five-move': '5수 규정',
  'move-limit': '수 제한',
};

const DRAW_REASON = {
  threefold: '같은 국면이 세 번째로 나왔습니다',
  'forty-move': '양쪽 모두 40수 동안 일반 말을 움직이지 않았고 잡힌 말도 없었습니다',
  'twenty-five-move': '양쪽 모두 25수 동안 왕만 움직였고 잡힌 말도 없었습니다',
  'sixteen-move': '정해진 16수 안에 승부가 나지 않았습니다',
  'five-move': '정해진 5수 안에 승부가 나지 않았습니다',
  agreement: '두 사람이 무승부에 합의했습니다',
  'move-limit': '수 제한에 이르렀습니다',
  time: '시간이 다 된 쪽의 상대에게 이길 말이 남아 있지 않습니다',
};

/** The end-of-game line: who won and why, in Korean. */
export function resultText(game, outcome, names) {
  const sides = SIDES[game];
  const who = (seat) => (names && names[seat]) || sides[seat];
  if (outcome.status === 'draw') return `무승부 — ${DRAW_REASON[outcome.reason] || '규칙에 따라 비겼습니다'}.`;
  if (outcome.status !== 'win') return '';
  const w = outcome.winner;
  const l = 1 - w;
  switch (outcome.reason) {
    case 'resign':
      return `${who(w)} 승리 — ${who(l)} 쪽이 기권했습니다.`;
    case 'no-moves':
      return `${who(w)} 승리 — ${who(l)} 쪽에 둘 수 있는 수가 없습니다.`;
    case 'abandoned':
      return `${who(w)} 승리 — ${who(l)} 쪽이 방을 떠났습니다.`;
    case 'time':
      return `${who(w)} 승리 — ${who(l)} 쪽의 시간이 다 되었습니다.`;
    default:
      return `${who(w)} 승리.`;
  }
}

/** A move read aloud: "c3에서 d4로", "d4에서 c3으로", "c3에서 e5, g7로 따먹기" (josa). */
export function spoken(m) {
  const sq = m.alg.split(/[-×]/);
  return `${sq[0]}에서 ${josa(sq.slice(1).join(', '), '으로/로')}${m.capture ? ' 따먹기' : ''}`;
}

export const MSG = {
  mustCapture: '따먹을 수 있을 때는 따먹어야 합니다.',
  /** International draughts' majority rule (FMJD art. 4.13): a shorter capture is refused. */
  mostCapture: (n) => `따먹을 때는 가장 많이 잡는 수를 두어야 합니다. 지금은 말 ${n}개를 잡는 수만 둘 수 있습니다.`,
  captureOnly: '따먹는 수만 둘 수 있습니다',
  cannotMove: '그 말은 지금 움직일 수 없습니다.',
  notYourPiece: '내 말을 먼저 고르세요.',
  pickStop: '경로가 여러 가지입니다. 멈출 칸을 차례로 누르세요.',
};

export const CELL = {
  light: '밝은 칸',
  empty: '빈칸',
  king: '왕',
  man: '말',
  selected: ', 선택됨',
  capturable: ', 따먹을 수 있는 말',
  target: ', 갈 수 있는 칸',
  final: ', 마지막에 멈출 칸',
};

/** '흑 일반 말 12 · 왕 0 / 백 일반 말 12 · 왕 0' */
export function countText(game, c) {
  const s = SIDES[game];
  return `${s[0]} 일반 말 ${c.men0} · 왕 ${c.kings0} / ${s[1]} 일반 말 ${c.men1} · 왕 ${c.kings1}`;
}

/** The draw counters of the facts list, or '—'. */
export function countersText(counters) {
  const cs = (counters || []).filter((x) => x.rule !== 'threefold');
  return cs.length
    ? cs.map((x) => `${COUNTER[x.rule] || x.rule}: ${x.pliesLeft}수 (각자 ${Math.ceil(x.pliesLeft / 2)}수)`).join(', ')
    : '—';
}

export const counterWarning = (plies) => `자동 무승부까지 각자 ${Math.ceil(plies / 2)}수`;
