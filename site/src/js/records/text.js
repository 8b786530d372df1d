// Korean text of the game records: download, import, review and the engine's view.

import { LEVEL, josa } from '../text.js';

export const levelName = (l) => LEVEL[l] || l;

export const REC = {
  title: '기보',
  steps: '기보 넘기기',
  first: '처음으로',
  back: '한 수 뒤로',
  forward: '한 수 앞으로',
  last: '마지막으로',
  movesLabel: '기보의 수 (누르면 그 국면으로 갑니다)',
  depth: '분석 깊이',
  depths: { fast: '빠르게 (한 국면 0.2초)', normal: '보통 (0.5초)', deep: '깊게 (1.5초)' },
  analyse: '엔진으로 분석하기',
  cancel: '분석 멈추기',
  graph: '형세 그래프: 위로 갈수록 먼저 두는 쪽이 유리합니다',
  continueTitle: '여기서부터 두기',
  continueAI: 'AI와 두기 (중급)',
  continueLocal: '이 기기에서 2명이 두기',
  close: '기보 닫기',
  copy: '기보 복사',
  download: '파일로 저장',
  share: '공유',
  reviewThis: '이 판 다시 보기',
  importTitle: '기보 불러오기',
  pasteLabel: '기보 글을 붙여 넣거나 파일을 여세요.',
  read: '불러오기',
  openFile: '파일 열기',
  listLabel: '파일에 든 게임',
  me: '나',
  opponent: '상대',
  event: (game) => `마당 ${game}`,
  copied: '기보를 복사했습니다.',
  copyFailed: '복사하지 못했습니다. 파일로 저장해 주세요.',
  exportFailed: '기보를 만들지 못했습니다.',
  importFailed: '기보를 읽지 못했습니다.',
  importCancel: '불러오기 멈추기',
  importReading: '기보 파일을 읽는 중…',
  importProgress: (done, total) => `기보를 읽는 중… ${done.toLocaleString('ko-KR')} / ${total.toLocaleString('ko-KR')}판`,
  importListing: (done, total) => `목록을 만드는 중… ${done.toLocaleString('ko-KR')} / ${total.toLocaleString('ko-KR')}판`,
  importDone: (n) => `${n.toLocaleString('ko-KR')}판을 불러왔습니다.`,
  importCancelled: '기보 불러오기를 멈췄습니다.',
  reviewFailed: '이 기보의 국면을 보여 줄 수 없습니다.',
  analyseFailed: '분석하지 못했습니다.',
  noGame: '기보에서 게임을 찾지 못했습니다.',
  notRecord: '읽을 수 있는 게임이 하나도 없습니다. 이 페이지의 게임을 기록한 기보 파일인지 확인해 주세요.',
  overHere: '이 국면에서는 게임이 이미 끝났습니다.',
  listItem: (g, name, seatTag) => {
    const tag = (n) => (g.tags.find((t) => t[0].toLowerCase() === n.toLowerCase()) || [])[1] || '';
    const who = [tag(seatTag(g.game, 0)), tag(seatTag(g.game, 1))].filter(Boolean).join(' – ');
    const where = [tag('Event'), tag('Date')].filter((x) => x && x !== '?').join(', ');
    const bad = g.problems.length ? ' (오류 있음)' : '';
    return `${g.index}. ${name}${who ? ` ${who}` : ''}${where ? ` (${where})` : ''} ${resultWord(g.result)}, ${g.moves.length}수${bad}`;
  },
  head: (rec, name, colour, seatTag, seats = 2) => {
    const tag = (n) => (rec.tags.find((t) => t[0].toLowerCase() === n.toLowerCase()) || [])[1] || '';
    const names = [...Array(seats).keys()].map((s) => {
      const c = colour(s);
      const t = tag(seatTag(rec.game, s));
      // a record this site wrote names the players by their colours (PDN's "?" is unknown)
      return t && t !== c && t !== '?' ? `${c} ${t}` : c;
    });
    return `${name} · ${names.join(' 대 ')} · ${resultWord(rec.result)} · ${rec.moves.length}수`;
  },
  atStart: (n) => `기보 보기: 시작 국면 (전체 ${n}수)`,
  at: (k, n, side, alg) => `기보 보기: ${k}/${n}수째, ${side} ${alg}`,
  progress: (k, n) => `분석 중… ${k}/${n} 국면`,
  done: (s) => `분석을 마쳤습니다 (${s.toFixed(1)}초).`,
  cancelled: (k) => `분석을 멈췄습니다 (${k}개 국면까지).`,
  notAnalysed: '이 국면은 분석하지 않았습니다 (분석을 도중에 멈춤).',
  better: (alg) => ` 실수? 더 나은 수: ${alg}`,
  lossText: (alg) => `직전 수는 크게 잃는 수입니다. 엔진이 찾은 더 나은 수: ${alg}.`,
  evalText: (s, colour, scale = 100) => {
    if (s.over) return s.win >= 0 ? `게임 끝: ${colour(s.win)} 승` : '게임 끝: 무승부';
    if (s.win >= 0) return `엔진 평가: ${josa(colour(s.win), '이/가')} 이기는 수순이 있습니다. 최선의 수 ${s.alg}.`;
    const v = s.v / scale;
    const who = v > 0 ? colour(0) : colour(1);
    const lead = Math.abs(v) < 0.05 ? '대등합니다' : `${who} 쪽이 말 ${Math.abs(v).toFixed(1)}개만큼 유리합니다`;
    return `엔진 평가: ${lead}. 최선의 수 ${s.alg}.`;
  },
};

/** A replay problem in Korean: which game, which move, why. */
export function problemText(g, p) {
  const at = `${g.index}번째 게임`;
  const line = p.line ? ` (${p.line}번째 줄)` : '';
  const move = p.move >= 0 ? `${at}의 ${[p.number, p.text].filter(Boolean).join(' ')}${line}` : at;
  switch (p.code) {
    case 'illegal-move': return `${move}: 규칙상 둘 수 없는 수입니다.`;
    case 'ambiguous': return `${move}: 여러 말을 잡는 방법이 있어 어느 수인지 정할 수 없습니다.`;
    case 'bad-notation': return `${move}: 수를 읽을 수 없습니다.`;
    case 'bad-position': return `${at}: 시작 국면(FEN)이 잘못되었습니다.`;
    case 'bad-options': return `${at}: 게임 설정(인원 수·말 수)이 이 게임에 맞지 않습니다.`;
    case 'game-type': return `${at}: 이 페이지에서 두는 게임의 기보가 아닙니다.`;
    case 'bad-result': return `${at}: 기록된 결과가 규칙에 따른 결과와 다릅니다.`;
    case 'wrong-turn': return `${move}: 이 차례에 주사위를 굴릴 사람이 아닙니다.`;
    case 'no-play': return `${move}: 이 주사위로 둘 수 있는 수와 기록이 맞지 않습니다.`;
    default: return `${move}: 읽을 수 없습니다.`;
  }
}

/** A record's result as a player reads it: PDN's and our records' "*" (no result: the game
 * goes on or was left) is 진행 중; a score such as 2-0 or 1/2-1/2 stays as written. */
export function resultWord(token) {
  return !token || token === '*' ? '결과 없음(진행 중)' : `결과 ${token}`;
}

/** A syntax error of the file in Korean: its game (1-based; 0 when the reader stops before
 * it knows the game, as the .mat reader does) and line (0: none). */
export function syntaxText(e) {
  if (e.code === 'game-type') return `${e.game}번째 게임: 이 페이지에서 두는 게임의 기보가 아닙니다.`;
  if (!e.line) return '기보 파일을 읽을 수 없습니다.';
  if (!e.game) return `${e.line}번째 줄: 기보 형식이 잘못되어 더 읽지 못했습니다.`;
  return `${e.game}번째 게임 (${e.line}번째 줄): 기보 형식이 잘못되어 이 게임을 건너뜁니다.`;
}
