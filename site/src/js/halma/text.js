// Korean text of the star-board pages (seeds 000, 002, 004), in our own wording.
import { josa } from '../text.js';

/** Marble colours by game and seat: the board's colour names and the Korean words. */
export const COLOURS = {
  'chinese-checkers': ['red', 'blue'],
  'diamond-kr': ['red', 'blue'],
  diamond: ['red', 'yellow', 'green'],
};
export const KO = { red: '빨강', blue: '파랑', yellow: '노랑', green: '초록' };

/** A seat's Korean colour name. */
export const colourName = (game, seat) => KO[(COLOURS[game] || COLOURS.diamond)[seat]] || `${seat + 1}번`;

/** A name as the subject: 이/가 by its last syllable printed (js/text.js josa). */
const subj = (word) => josa(word, '이/가');

/** A hole's name "row.pos" as 단·번 ("3단 1번"). */
export const holeName = (name) => {
  const [r, p] = String(name).split('.');
  return `${r}단 ${p}번`;
};

export const MSG = {
  notMine: '상대의 말은 움직일 수 없어요. 내 말을 골라 주세요.',
  unreachable: '그 구멍으로는 갈 수 없어요. 바로 옆 빈 구멍이나, 말을 뛰어넘어 닿는 빈 구멍으로만 갈 수 있어요.',
  noMoves: '이 말은 지금 움직일 곳이 없어요.',
  handsWinKR: '이 수는 상대의 목표 진영을 채워 상대를 이기게 하므로 둘 수 없어요. 내 목표 진영도 함께 채우는 수라면 둘 수 있어요.',
  handsWin: '다른 사람의 목표 진영을 채워 그 사람을 이기게 하는 수는 둘 수 없습니다.',
  pass: '패스하기',
  // hints with a keyboard part (keys): key-hint.js shows it only where a keyboard is likely
  panelHint: { text: '말 버튼(단·번: 내 출발 꼭짓점이 1단, 번은 같은 단의 왼쪽부터)을 누르면 갈 곳이 나옵니다.', keys: '방향키로 버튼을 옮기고 Enter로 누르며, Escape로 말 고르기로 돌아갑니다.' },
  passHint: '움직일 수 있는 말이 없어 패스합니다.',
  kingHint: '왕을 ◎로',
  /** The join card's note on a diamond-kr room (its piece count, a room option). */
  roomPieces: (n) => `한 사람당 말 ${n}개로 둡니다.`,
  pickPiece: '움직일 말을 고르세요.',
  pickDest: { text: '갈 곳을 고르세요.', keys: 'Escape로 말 고르기로 돌아갑니다.' },
  noPiece: '지금 움직일 수 있는 말이 없습니다.',
  king: '왕',
  step: '한 칸 이동',
  jumps: (n) => `점프 ${n}번`,
  gain: (n) => (n > 0 ? `${n}단 전진` : n < 0 ? `${-n}단 후퇴` : '옆으로'),
  previewAgain: '같은 곳을 한 번 더 누르면 움직입니다.',
  waypoint: '거쳐 갈 점을 정했습니다. 갈 곳을 누르면 이 점을 지나 움직입니다.',
  shared: '결과를 복사했습니다. 친구에게 붙여 넣어 보내세요.',
  strictNote: (who) => ` (목표 진영에 ${who}의 말이 남아 있어 아직 이기지 못했습니다: 차이니즈 체커는 10칸 모두 내 말이어야 이깁니다.)`,
  confirmNew: '진행 중인 게임을 그만두고 처음부터 다시 할까요?',
  tally: (parts) => `오늘 전적: ${parts}`,
  moves: (n) => `${n}수`,
  // the engine view of a record
  graphLabel: '남은 거리 그래프: 한 색이 한 사람이고, 위로 갈수록 목표 진영에 가깝습니다 (맨 위가 도착).',
  evalText: (s, colour) => {
    if (s.over) return s.win >= 0 ? `게임 끝: ${colour(s.win)} 승` : '게임 끝: 무승부';
    const race = (s.race || []).map((r, seat) => `${colour(seat)} ${r.toFixed(1)}수`).join(', ');
    return `목표까지 남은 거리(혼자 둘 때 걸리는 수로 어림): ${race}. 엔진이 고른 수 ${s.alg}.`;
  },
};

/** The last move as a sentence ("노랑이 10단 1번에서 10단 3번까지 말을 옮겼습니다(점프 1번)"),
 * holes named from the viewer's side. */
export function moveSentence(game, seat, m, nameOf) {
  const who = subj(colourName(game, seat));
  if (m.pass) return `${who} 움직일 말이 없어 패스했습니다.`;
  return `${who} ${moveClause(m, nameOf)}.`;
}

/** The move of a sentence without its subject and full stop ("10단 1번에서 10단 3번까지 말을
 * 옮겼습니다(점프 1번)"): the page's announcement of the last move puts the mover before it
 * ("상대(빨강) …") and its own full stop after it. */
export function moveClause(m, nameOf) {
  const piece = m.king ? '왕을' : '말을';
  const how = m.jumps ? `점프 ${m.jumps}번` : '한 칸 이동';
  return `${holeName(nameOf(m.from))}에서 ${holeName(nameOf(m.to))}까지 ${piece} 옮겼습니다(${how})`;
}

/** Why the game ended, as one line. */
export function resultText(game, o, names) {
  if (o.status === 'draw') {
    if (o.reason === 'all-passed') return '모두 연달아 패스해 무승부입니다.';
    if (o.reason === 'move-limit') return '수 제한에 이르러 무승부입니다.';
    return '무승부입니다.';
  }
  const w = names[o.winner] || colourName(game, o.winner);
  if (o.reason === 'resign') return `${subj(w)} 이겼습니다 (기권승).`;
  if (o.reason === 'abandoned') return `${subj(w)} 이겼습니다 (상대가 나감).`;
  if (o.reason === 'time') return `${subj(w)} 이겼습니다 (상대의 시간이 다 됨).`;
  if (game === 'diamond') return `${subj(w)} 목표 진영을 모두 채우고 왕을 ◎에 넣어 이겼습니다.`;
  return `${subj(w)} 맞은편 진영을 모두 채워 이겼습니다.`;
}
