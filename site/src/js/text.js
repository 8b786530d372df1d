// Korean text shared by every game page: the shell (modes, turns, undo, resign, draw offers)
// and the room panel. Each game family adds its own text beside its page (draughts/text.js).
export const LEVEL = { beginner: '초급', intermediate: '중급', advanced: '고급' };

// ---- particles ----------------------------------------------------------------------------

// The final consonant of what a reader says for the last digit or Latin letter printed:
// 0 none, 1 any other, 8 ㄹ (the Hangul final index of ㄹ, which takes 로 not 으로). Digits
// read as Sino-Korean numbers (영 일 이 삼 사 오 육 칠 팔 구), letters by their Korean names
// (에이 비 씨 … 엘 엠 엔 … 알 …).
const DIGIT_FINAL = [1, 8, 0, 1, 0, 0, 1, 8, 8, 0];
const LETTER_FINAL = { l: 8, m: 1, n: 1, r: 8 };
const CLOSERS = ')]}>）」』’”\'"';

/** The Hangul final consonant index (0: none, 8: ㄹ, else another) of the last syllable a
 * reader says for word: closing brackets and quotes are skipped (the syllable before them
 * counts: "AI(노랑)" ends in 랑); a Hangul syllable's is (code - 0xAC00) % 28; a number's is
 * its Korean reading's (3 삼, 5 오, 10 십, 100 백, 1000 천, 10000 만); a Latin letter's its
 * Korean name's (I 아이, L 엘, M 엠). null when the end is none of these. */
export function finalOf(word) {
  const w = String(word).trimEnd();
  let i = w.length - 1;
  while (i >= 0 && CLOSERS.includes(w[i])) i--;
  if (i < 0) return null;
  const c = w.charCodeAt(i);
  if (c >= 0xac00 && c <= 0xd7a3) return (c - 0xac00) % 28;
  // a last 0 is read 영, or names a unit (10 십, 100 백, 1000 천, 10000 만): all with a
  // final, none ㄹ, as DIGIT_FINAL[0] says
  if (c >= 48 && c <= 57) return DIGIT_FINAL[c - 48];
  const l = w[i].toLowerCase();
  if (l >= 'a' && l <= 'z') return LETTER_FINAL[l] || 0;
  return null;
}

/** word followed by the particle of pair ('이/가', '은/는', '을/를', '과/와', '으로/로',
 * '이라/라'; the form after a final consonant first), chosen by the last syllable printed
 * (finalOf): '빨강이', 'AI(노랑)이', '나(흰색)은', 'c3으로', 'd4로', '5가'. After ㄹ, 으로 is
 * 로 ('7로', '말로'). When the end cannot be read (a symbol) both forms are written: '…이(가)'. */
export function josa(word, pair) {
  const [after, plain] = pair.split('/');
  const f = finalOf(word);
  if (f === null) return `${word}${after}(${plain})`;
  if (after === '으로' && f === 8) return `${word}${plain}`;
  return `${word}${f ? after : plain}`;
}

export const MSG = {
  notYourTurn: '지금은 상대 차례입니다.',
  aiThinking: 'AI가 생각하는 중입니다…',
  aiDeclined: 'AI가 무승부 제안을 받아들이지 않았습니다.',
  aiOffers: 'AI가 무승부를 제안했습니다.',
  offered: '상대가 무승부를 제안했습니다',
  offerNext: '다음 수와 함께 무승부를 제안합니다.',
  engineFailed: '게임 엔진을 불러오지 못했습니다. 페이지를 새로 고쳐 주세요.',
  // a move past the first moves written into the page, before the engine has arrived
  engineWaiting: '게임 엔진을 받는 중입니다. 받는 대로 이 수를 둡니다.',
  // the first moves written into the page disagreed with the engine (first-moves.js)
  firstMovesMismatch: '미리 준비된 첫 수가 게임 엔진과 맞지 않아 처음 배치에서 다시 시작합니다.',
  watching: '관전 중에는 둘 수 없습니다.',
  menuHint: '규칙과 플레이 방식을 고르면 시작합니다.',
  gameOver: '게임이 끝났습니다.',
  resignArmed: '한 번 더 누르면 기권',
  resign: '기권',
  none: '없음',
  aiToMove: 'AI가 둘 차례입니다.',
  opponentToMove: '상대가 둘 차례입니다.',
  offerMark: ' (무승부 제안)',
  panelTitle: '버튼으로 두기',
  /** Hints with a keyboard part (keys): key-hint.js shows it only where a keyboard is likely. */
  panelHint: { text: '말을 고른 뒤 멈출 칸을 누릅니다.', keys: '방향키로 칸을 옮기고 Enter로 누릅니다.' },
  watchTitle: '버튼으로 판 읽기',
  movesTitle: '둘 수 있는 수',
  watchMovesTitle: '차례',
  watchHint: { text: '관전 중에는 둘 수 없습니다. 수가 두어지면 판과 기보가 바로 바뀝니다.', keys: '방향키로 칸을 옮기면 칸마다 놓인 말을 읽어 줍니다.' },
  resumeButton: '이어서 하기',
  /** The saved game offered over the menu after a reload. */
  resume: (game, who, moves) => `이 기기에 두던 게임이 있습니다: ${game}, ${who}, ${moves}수까지 두었습니다.`,
  resumeAI: (level) => `AI(${LEVEL[level] || level})와 대결`,
  resumeLocal: '이 기기에서 2명',
  /** The dialog's button that drops the game: back to the menu, or a new game. */
  leaveYes: '그만두기',
  newGameYes: '처음부터 다시 하기',
};

/** The note in the board's place on a device without WebGL (board3d.js): before, the place
 * of the button board on a wide screen (beside the board) or a narrow one (under it), after. */
export const NO_WEBGL = {
  before: '이 기기에서는 3D 게임판을 보여 줄 수 없어, ',
  wide: '오른쪽',
  narrow: '아래',
  after: '의 ‘버튼으로 두기’에서 버튼으로 둡니다.',
};

/** A refusal of the engine, in Korean only: the engine's code ('illegal-move') never reaches
 * the player (the shell keeps it in #alert's data-code and the console). */
export const refused = {
  move: '둘 수 없는 수입니다.',
  aiChoice: 'AI가 수를 고르지 못했습니다.',
  aiMove: 'AI의 수를 둘 수 없습니다.',
};

/** The room panel's text (functions/room/PROTOCOL.md). */
export const ROOM = {
  // the online button pressed with no connection (navigator.onLine false): nothing is sent
  needsConnection: '친구와 대전은 인터넷 연결이 있어야 합니다. 지금은 연결이 없습니다. AI와 대결하기와 이 기기에서 두기는 연결 없이도 됩니다.',
  notFound: '방을 찾을 수 없습니다. 시간이 지나 방이 사라졌거나 주소가 잘못되었습니다.',
  newGameBelow: '아래에서 새 게임을 시작하세요.',
  reconnecting: '연결이 끊겼습니다. 다시 연결하는 중…',
  resyncing: '다시 연결되었습니다. 방의 최신 상태를 받는 중…',
  /** The status line under the board while this page's own connection is down. */
  offlineTurn: '연결이 끊겼습니다. 다시 연결되면 이어서 둘 수 있습니다.',
  /** A tap on the board while the connection is down. */
  offlineNoMove: '연결이 끊겨 지금은 둘 수 없습니다. 다시 연결되면 둘 수 있습니다.',
  /** My seat in the seats card while my connection is down. */
  meReconnecting: '다시 연결하는 중',
  /** A pending action as the player reads it: 내 수(11-15) or 주사위 굴리기 (the particles
   * after it follow its last syllable: josa). */
  pendingWhat: (p) => (p.action === 'roll' ? '주사위 굴리기' : `내 수(${p.label || p.move})`),
  sending: (what) => `${josa(what, '을/를')} 보내는 중…`,
  pendingWait: '보낸 수를 서버가 확인하는 중입니다.',
  offlinePending: (what) => `연결이 끊겼습니다. ${josa(what, '이/가')} 전달되었는지는 다시 연결한 뒤 확인합니다.`,
  pendingDelivered: (what) => `다시 연결되었습니다. ${josa(what, '이/가')} 반영되었습니다.`,
  pendingChanged: (what) => `연결이 끊긴 사이에 판이 바뀌어 ${josa(what, '은/는')} 반영하지 않았습니다. 지금 판을 확인해 주세요.`,
  pendingOver: (what) => `연결이 끊긴 사이에 게임이 끝나 ${josa(what, '은/는')} 반영하지 않았습니다.`,
  pendingNoSeat: (what) => `이 방의 자리를 확인하지 못해 ${josa(what, '은/는')} 반영하지 않았습니다.`,
  pendingRefused: (what, why) => `${josa(what, '은/는')} 반영하지 않았습니다. ${why}`,
  /** This device's stored seat token was refused (bad-token): the seat is lost. */
  seatLost: '이 기기에 저장된 자리 정보를 방이 받아들이지 않아 자리를 잃었습니다.',
  seatLostWatch: '이 기기에 저장된 자리 정보를 방이 받아들이지 않아 자리를 잃었습니다. 빈자리가 없어 지금은 관전만 할 수 있습니다.',
  seatLostJoin: '이 기기에 저장된 자리 정보를 방이 받아들이지 않아 자리를 잃었습니다. 빈자리에 다시 참가할 수 있습니다.',
  seatLostWatching: '자리를 잃어 관전만 하는 중입니다. 둘 수는 없습니다.',
  /** The turn line (and a tap's refusal) of a tab the room let go for a newer tab of the same
   * seat (error `replaced`): what it shows is old until it is reloaded. */
  replaced: '이 창으로는 방 소식을 더 받지 않아 보이는 판이 지난 것일 수 있습니다. 이 창에서 이어 두려면 새로 고쳐 주세요.',
  creating: '방을 만드는 중…',
  rejoining: '방에 다시 들어가는 중…',
  checking: '방 정보를 확인하는 중…',
  connecting: '방에 연결하는 중…',
  inviteTitle: '친구의 초대',
  watchTitle: '관전하기',
  join: '참가하기',
  watch: '관전하기',
  titlePlaying: '친구와 대전',
  titleWatching: '관전 중',
  /** The join card of a free seat; rest: the seats still empty once I join (the game
   * starts only when none is). */
  invite: (game, side, rest = 0) => (rest > 0
    ? `친구가 만든 ${game} 방입니다. 참가하면 나는 ${josa(side, '을/를')} 잡습니다. 빈자리가 ${rest}곳 더 남아, 모두 차야 게임이 시작됩니다.`
    : `친구가 만든 ${game} 방입니다. 참가하면 바로 시작하고, 나는 ${josa(side, '을/를')} 잡습니다.`),
  fullOver: (game) => `게임이 끝난 ${game} 방입니다. 빈자리가 없어 관전만 할 수 있습니다.`,
  /** The join card of a full room: who plays its seats, people or the AI. */
  full: (game, people, ais = 0) => {
    const who = ais === 0 ? `이미 ${['', '한', '두', '세'][people] || people} 사람이` : people === 0 ? 'AI끼리' : `사람 ${people}명과 AI ${ais}명이`;
    return `${who} 두고 있는 ${game} 방입니다. 빈자리가 없어 관전만 할 수 있습니다.`;
  },
  /** The turn line of the join card of a waiting room (rest as in invite). */
  joinStarts: (rest = 0) => (rest > 0 ? `참가한 뒤에도 빈자리가 ${rest}곳 남아, 모두 차야 게임이 시작됩니다.` : '참가하면 게임이 시작됩니다.'),
  preview: (side) => `미리 보기 — ${side} 차례입니다.`,
  waitingFriend: '친구가 참가하기를 기다리는 중입니다.',
  waitingOthers: '다른 사람이 참가하기를 기다리는 중입니다.',
  spectating: (side) => `관전 중 — ${side} 차례입니다.`,
  spectatingList: (side) => `관전 중입니다 (${side} 차례).`,
  rematchWaiting: '상대가 ‘한 판 더’를 누르기를 기다리는 중입니다.',
  rematchAsked: '상대가 한 판 더 하자고 합니다.',
  me: '나',
  opponent: '상대',
  seatNo: (i) => `${i + 1}번 자리`,
  empty: '비어 있음',
  aiPlaying: 'AI가 두는 중',
  connected: '연결됨',
  away: '연결 끊김',
  /** The status line under the board when a seat's person is away (seat: '상대' or a colour). */
  awayLine: (who) => `${who}의 연결이 끊겼습니다.`,
  /** The same once the AI moves for that seat (a star game's person away 45 s). */
  awayAILine: (who) => `${who}의 연결이 끊겨 AI가 대신 두고 있습니다.`,
  takeoverIn: (clock) => `연결 끊김 · ${clock} 뒤 AI로 교체 가능`,
  aiIn: (clock) => `연결 끊김 · ${clock} 뒤 AI가 대신 둡니다`,
  spectators: (n) => `관전 ${n}명`,
  failed: '요청을 처리하지 못했습니다.',
  copied: '주소를 복사했습니다.',
  leaveOnline: '지금 나가면 기권한 것으로 처리되고, 자리는 비워집니다. 방 주소로 관전은 다시 할 수 있습니다.',
  /** The same where leaving hands the seat to the AI (policy.leaveToAI: three-player diamond). */
  leaveOnlineToAI: '지금 나가면 이 자리는 AI가 이어서 두고, 게임은 계속됩니다. 방 주소로 관전은 다시 할 수 있습니다.',
  leaveLocal: '두던 게임을 그만두고 플레이 방식을 다시 고릅니다.',
};

/** m:ss of a duration in ms (rounded down), as the away timers show it. */
export function clock(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
