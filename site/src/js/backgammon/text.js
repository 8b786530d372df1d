// Korean text of the backgammon page (seed 003): sides, results with points, the turn's
// notices, the button board's words and the rating card.
import { LEVEL, josa } from '../text.js';

export const SIDES = ['흰색', '검은색'];
// the AI levels' names, one set for every game (js/text.js LEVEL)
export const LEVELS = LEVEL;

const KIND = { single: '싱글', gammon: '개먼', backgammon: '백개먼' };

/** '싱글 (1점)', '개먼 (2점)', '백개먼 (3점)' for a finished game's points. */
export function kindText(points) {
  const k = points >= 3 ? 'backgammon' : points === 2 ? 'gammon' : 'single';
  return `${KIND[k]} (${points || 1}점)`;
}

/** The end-of-game line: the winner, single/개먼/백개먼 and the points. */
export function resultText(game, outcome, names) {
  const who = (seat) => (names && names[seat]) || SIDES[seat];
  if (outcome.status !== 'win') return '';
  const w = outcome.winner;
  const l = 1 - w;
  const kind = kindText(outcome.points);
  switch (outcome.reason) {
    case 'resign':
      return `${who(w)} 승리, ${kind} — ${who(l)} 쪽이 기권했습니다.`;
    case 'abandoned':
      return `${who(w)} 승리, ${kind} — ${who(l)} 쪽이 방을 떠났습니다.`;
    case 'time':
      return `${who(w)} 승리, ${kind} — ${who(l)} 쪽의 시간이 다 되었습니다.`;
    default:
      return `${who(w)} 승리, ${kind} — 말 15개를 모두 빼냈습니다.`;
  }
}

/** A place read aloud, in the numbering shown. */
export function placeName(p) {
  if (p === 25) return '바';
  if (p === 0) return '판 밖';
  return `${p}번 칸`;
}

/** A play or a roll read aloud: '13번 칸에서 8번 칸, 8번 칸에서 5번 칸', '주사위 5-3'; place
 * maps a step's place (the mover's numbering) to the numbering shown. */
export function spoken(m, place = (c) => c, names = SIDES) {
  if (m.roll) return rollEntry(m, names);
  if (!m.steps || !m.steps.length) return '움직일 수 없음';
  return m.steps.map((s) => `${placeName(place(s.from))}에서 ${placeName(place(s.to))}${s.hit ? '(치기)' : ''}`).join(', ');
}

export const MSG = {
  roll: '굴리기',
  rollHint: '주사위를 굴리세요.',
  waitRoll: '상대가 주사위를 굴릴 차례입니다.',
  rollDue: '주사위를 굴릴 차례입니다.',
  pickChecker: '초록 고리가 있는 말을 고르세요.',
  notMovable: '그 말은 지금 움직일 수 없습니다.',
  notYourChecker: '내 말을 먼저 고르세요.',
  barFirst: '바에 있는 말부터 들여보내야 합니다.',
  cannotGo: '그 칸으로는 갈 수 없습니다.',
  back: '한 걸음 되돌리기',
  /** The notice when a roll has no legal play. */
  noPlay: (who, dice) => `${who}: 주사위 ${dice} — 둘 수 있는 수가 없어 차례가 넘어갑니다.`,
  /** The opening roll: one die each; the higher die moves first with both. */
  opening: (a, da, b, db, first) => `첫 굴림: ${a} ${da}, ${b} ${db} — ${josa(first, '이/가')} 먼저 둡니다.`,
  openingTie: (d) => `첫 굴림에서 두 사람 모두 ${josa(String(d), '이/가')} 나와 다시 굴립니다.`,
  waitOpening: '첫 굴림으로 누가 먼저 둘지 정합니다. ‘굴리기’를 누르세요.',
  usedDice: (left) => (left.length ? `남은 눈: ${left.join(', ')}` : '모든 눈을 썼습니다'),
  stepsTaken: (n) => `이번 차례에 ${n}걸음 옮겼습니다.`,
  numbering: (side) => `칸 번호는 ${side} 쪽에서 센 것입니다.`,
};

export const CELL = {
  point: (p) => `${p}번 칸`,
  bar: '바',
  off: '판 밖',
  empty: '빈칸',
  checkers: (side, n) => `${side} 말 ${n}개`,
  movable: ', 움직일 수 있는 말',
  selected: ', 고른 말',
  target: ', 갈 수 있는 칸',
};

/** '흰색 167 · 검은색 167' */
export const pipText = (names, pips) => `${names[0]} ${pips[0]} · ${names[1]} ${pips[1]}`;

export const RATING = {
  title: '내 전적 (이 기기)',
  ai: (level) => `AI ${LEVELS[level]}`,
  online: '친구와 대전',
  line: (r, w, l) => `레이팅 ${r} · ${w}승 ${l}패 · 승률 ${w + l ? Math.round((100 * w) / (w + l)) : 0}%`,
  none: '아직 끝낸 게임이 없습니다.',
};

/** A roll in the move list of a record or the game (history entry {text: "a-b", opening}):
 * an opening roll is one die each, seat 0's first (the view's openingRolls), each named by
 * its seat (names, default the colours), and the higher die moves first with both; equal
 * dice are rolled again (seed 003). Other rolls are the mover's. */
export function rollEntry(e, names = SIDES) {
  if (!e.opening) return `주사위 ${e.text}`;
  const [a, b] = e.text.split('-').map(Number);
  const who = `${OPENING_ROLL}: ${names[0]} ${a}, ${names[1]} ${b}`;
  return a === b ? `${who} — 같은 눈이라 다시 굴림` : `${who} — ${josa(names[a > b ? 0 : 1], '이/가')} 먼저`;
}

/** The words an opening roll's line starts with: the list names no mover before it. */
export const OPENING_ROLL = '첫 굴림';

/** The rating card's categories in their order on the page. */
export const RATING_CATS = ['beginner', 'intermediate', 'advanced', 'online'];

/** The rating card's line of a category, from its {r, wins, losses}. The build writes these
 * lines for a new device into the page (site/build.mjs), so the card has its height at the
 * first paint and the page's own figures replace them without moving anything. */
export const ratingLine = (cat, { r, wins, losses }) => `${cat === 'online' ? RATING.online : RATING.ai(cat)}: ${RATING.line(r, wins, losses)}`;

// The engine view of a reviewed game: every play of each roll rated with the
// advanced AI's net as GNU Backgammon analyses a game; equity is points per game without a
// cube (seed 003), the marks follow gnubg's thresholds (backgammonview Skill).
const SKILL = { doubtful: '아쉬운 수(?!)', bad: '실수(?)', verybad: '큰 실수(??)' };
const pct = (permille) => `${(permille / 10).toFixed(1)}%`;
const equity = (milli) => `${milli > 0 ? '+' : milli < 0 ? '−' : ''}${Math.abs(milli / 1000).toFixed(3)}`;

export const ANALYSIS = {
  depths: {
    fast: '빠르게 (신경망 평가만)',
    normal: '보통 (후보 8수는 상대 주사위까지)',
    deep: '깊게 (모든 수를 상대 주사위까지)',
  },
  graph: '승리 확률 그래프: 위로 갈수록 흰색이, 아래로 갈수록 검은색이 이길 확률이 높습니다',
  skill: (s) => SKILL[s] || '아쉬운 수',
  /** The note beside a marked play in the list. */
  note: (l) => ` ${ANALYSIS.skill(l.skill)} ${equity(-l.loss)}, 더 나은 수: ${l.better}`,
  /** The line under the board at a marked play. */
  lossText: (l) => `직전 수는 ${ANALYSIS.skill(l.skill)}입니다: 기대 점수를 ${(l.loss / 1000).toFixed(3)}점 잃었습니다. 엔진이 찾은 더 나은 수: ${l.better}.`,
  /** The position's line: the side to act's chances and equity, the best play after a roll. */
  evalText: (s, colour) => {
    if (s.over) return s.win >= 0 ? `게임 끝: ${colour(s.win)} 승` : '게임 끝';
    const a = s.a;
    const who = colour(a.toMove);
    const odds = `${who} 승리 확률 ${pct(a.win)} (개먼 승 ${pct(a.gammon)}, 개먼 패 ${pct(a.lgammon)}), 기대 점수 ${equity(a.score)}`;
    if (a.best < 0) return `엔진 평가: 주사위를 굴리기 전 ${odds}.`;
    return `엔진 평가: ${odds}. 최선의 수 ${s.alg}.`;
  },
};
