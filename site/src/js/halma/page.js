// The star-board pages (chinese-checkers seed 004, diamond-kr seed 002, diamond seed 000) on
// the shared shell: the 3D star (boards/star.js), the button/keyboard panel (pieces named
// 단·번 from the viewer's side, then their destinations with the step or jump count and the
// rows gained), the player cards, the last move as a sentence, the arrived counts, '패스하기',
// and each page's own parts (diamond's 2/3 players and room buttons, diamond-kr's remembered
// piece count, result screen with sharing and today's tally, chinese-checkers' strict-win
// note). Which moves exist, their paths and the routes through chosen waypoints the engine
// says (op route); this file matches taps to them.
import { Shell } from '../shell.js';
import { setHint } from '../key-hint.js';
import { board3D } from '../board3d.js';
import { strictBlocked } from './strict.js';
import { Selection } from '../selection.js';
import { TITLE } from '../titles.js';
import {
  COLOURS, colourName, holeName, MSG, moveClause, moveSentence, resultText,
} from './text.js';

const $ = (id) => document.getElementById(id);
const GAMES = ['chinese-checkers', 'diamond-kr', 'diamond'];
const startGame = GAMES.includes(document.body.dataset.game) ? document.body.dataset.game : 'diamond';
const PIECES_KEY = 'madang.diamond-kr.pieces';

/** The piece picked ({from}) with its touch preview, waypoints and hover route; kept while
 * the position drawn stays the same. */
const selection = new Selection((a, b) => a.fen === b.fen && a.ply === b.ply && a.toMove === b.toMove);

/** diamond-kr's piece count, remembered on the device (seed 002). */
function storedPieces() {
  try {
    const n = Number(localStorage.getItem(PIECES_KEY));
    return n === 15 ? 15 : 10;
  } catch { return 10; }
}

let lastPointer = 'mouse';
let lastShift = false; // Shift held at the last press on the board (a mouse's waypoint)
const tally = new Map(); // today's tally of the open page (diamond-kr): colour or 'draw' → count
const counted = new Set();

const page = {
  family: 'halma',
  games: GAMES,
  game: startGame,
  drawOffers: false,
  // game records: madang's star-game text (site/wasm/halma/cmd/records, rules/halma/record),
  // one score per seat in the result ("0-1-0"); the engine view: the
  // halma module's analyse op (site/wasm/halma/view/analyse.go) judges the move played from
  // each position itself, in moves
  record: {
    seatTag: (game, seat) => `Seat${seat + 1}`,
    lossThreshold: () => LOSS_MOVES,
    resultToken: (o, seats = 2) => {
      if (!o || (o.status !== 'win' && o.status !== 'draw')) return '*';
      return [...Array(seats).keys()].map((s) => (o.status === 'draw' ? `1/${seats}` : s === o.winner ? '1' : '0')).join('-');
    },
    tokenOutcome: (tok) => {
      const parts = (tok || '').split('-');
      if (parts.length >= 2 && parts.every((p) => p === `1/${parts.length}`)) return { status: 'draw', winner: -1 };
      if (parts.length >= 2 && parts.filter((p) => p === '1').length === 1 && parts.every((p) => p === '0' || p === '1')) return { status: 'win', winner: parts.indexOf('1') };
      return { status: 'ongoing', winner: -1 };
    },
    // the review's list names holes as the page does (단·번 from the viewer's side), not
    // in the record's text
    entryText: (e) => page.moveText(e),
    moveLabel: (i, text, seat, colour) => `${i + 1}. ${colour(seat)} ${text}`,
    score: (a) => (a.over
      ? { over: true, win: a.outcome.status === 'win' ? a.outcome.winner : -1, v: 0, race: a.race }
      : { v: 0, win: -1, race: a.race, loss: a.loss, best: a.best, text: a.text, alg: textShown(a.text), toMove: a.toMove, depth: a.depth }),
    graph: (g) => raceGraph(g),
    graphLabel: MSG.graphLabel,
    evalText: (s, colour) => MSG.evalText(s, colour),
  },
  resignWindowMs: startGame === 'diamond-kr' ? 2500 : 3000,
  confirmNewGame: startGame === 'diamond-kr' ? MSG.confirmNew : '',
  panelHint: MSG.panelHint,

  setGame(game) {
    document.title = `${TITLE[game]} — 마당`;
    document.querySelector('.page-title').textContent = TITLE[game];
  },

  options(game) {
    if (game === 'diamond') {
      const r = document.querySelector('input[name=players]:checked');
      return { players: r && r.value === '3' ? 3 : 2 };
    }
    if (game === 'diamond-kr') {
      const r = document.querySelector('input[name=pieces]:checked');
      return { pieces: r && r.value === '15' ? 15 : 10 };
    }
    return undefined;
  },

  colour: (game, seat) => colourName(game, seat),
  names: (game) => ({ game: TITLE[game] || game, seats: game === 'diamond' ? 3 : 2 }),
  resultText,
  // a move of the list is said as the side to move's; the last move (an entry of the log, with
  // its seat) after its mover, whom the shell names first ('상대(빨강) 1단 1번에서 …'): it
  // was said as the side to move's, the one after the mover ('상대(빨강) 노랑이 …옮겼습니다..')
  spoken: (m) => {
    if (m.pass) return MSG.pass;
    return m.seat != null ? moveClause(m, nameOf) : sentenceOf(m, shell.view ? shell.view.toMove : 0);
  },
  moveText: (m) => (m.pass ? MSG.pass : `${holeName(nameOf(m.from))} → ${holeName(nameOf(m.to))}${m.jumps ? ` (${MSG.jumps(m.jumps)})` : ''}`),
  refusal: (code) => refusalText(code),
  roomNote: (game, o) => (game === 'diamond-kr' ? ` ${MSG.roomPieces(Number(o.pieces) === 15 ? 15 : 10)}` : ''),
  canResign: () => !(shell.online && shell.view && shell.view.seats === 3),
  turnNote(v) {
    const si = v.seatInfo && v.seatInfo[v.toMove];
    let s = '';
    if (v.pass) s += ` ${MSG.passHint}`;
    if (si && si.needKing) s += ` ${MSG.kingHint}.`;
    if (v.game === 'chinese-checkers') {
      const blocked = strictBlocked(v.seatInfo);
      if (blocked) s += MSG.strictNote(colourName(v.game, 1 - blocked.seat));
    }
    return s;
  },
  selection,
  focusBoard: () => {
    const b = document.querySelector('#pieces button:not([aria-disabled=true])') || document.querySelector('#pass');
    if (b) b.focus({ preventScroll: true });
  },
  draw,
  tap,
};

/** A move marked in review loses at least this many moves (the analyse op's unit: moves at
 * the solitaire's pace, ai/halma MoveUnit, about 82 of the evaluation's cost units). The
 * intermediate level lost 1.5 or more in one of its 98 moves of a game against the beginner,
 * the beginner (30% random moves) in 29 of 98: the mark falls on clear mistakes, not on the
 * evaluation's small differences between good moves; and throwing away a four-rung ladder
 * loses more (ai/halma judge_test.go). */
const LOSS_MOVES = 1.5;

/** The review's graph: one line a seat of its distance to its goal in moves (up:
 * nearer; the top edge is the goal), in the seat's colour, a dot on the mover's line at each
 * marked move. Per seat rather than one score: the engine's score with three players is the
 * mover's against the others (the paranoid search), a different view every ply, while each
 * seat's distance reads the same along the whole game, and the gap between two lines is the
 * lead in moves. */
function raceGraph({ scores, losses, x, rec }) {
  const top = Math.max(27, ...scores.flatMap((s) => s.race || []));
  const y = (r) => 3 + (Math.min(r, top) / top) * 54;
  const seats = Math.max(0, ...scores.map((s) => (s.race ? s.race.length : 0)));
  const colours = COLOURS[rec.game] || COLOURS.diamond;
  let out = `<line x1="0" y1="3" x2="300" y2="3" class="axis"/>`;
  for (let seat = 0; seat < seats; seat++) {
    const pts = scores.map((s, k) => (s.race ? `${x(k).toFixed(1)},${y(s.race[seat]).toFixed(1)}` : '')).filter(Boolean).join(' ');
    out += `<polyline points="${pts}" class="line race race-${colours[seat]}" data-seat="${seat}"/>`;
  }
  for (const l of losses) {
    const s = scores[l.ply] || scores[l.ply - 1];
    const seat = rec.seats[l.ply - 1];
    if (s && s.race) out += `<circle cx="${x(l.ply).toFixed(1)}" cy="${y(s.race[seat]).toFixed(1)}" r="3" class="loss-dot"/>`;
  }
  return out;
}

/** A hole's "row.pos" name from the viewer's side. */
function nameOf(h) {
  const v = shell.view;
  if (!v || !v.holes || h < 0) return '';
  const names = v.holes[h].names;
  return names[shell.viewer()] || v.holes[h].name;
}

/** A move's record text ("16.2-12.9", holes named from seat 0's side, or "pass") as the
 * page writes moves for people: "16단 2번 → 12단 9번", each hole named from the viewer's
 * side (DESIGN.md: the UI shows rows from the viewer's own side). */
function textShown(text) {
  if (!text || text === 'pass') return text === 'pass' ? MSG.pass : text;
  const v = shell.view;
  return text.split('-').map((name) => {
    const h = v && v.holes ? v.holes.findIndex((x) => x.name === name) : -1;
    return h >= 0 ? holeName(nameOf(h)) : name;
  }).join(' → ');
}

function sentenceOf(m, seat) {
  return moveSentence(shell.view.game, seat, m, nameOf);
}

function refusalText(code) {
  if (code === 'hands-win') return shell.view && shell.view.game === 'diamond' ? MSG.handsWin : MSG.handsWinKR;
  return MSG.unreachable;
}

// ---- selection ------------------------------------------------------------------

/** Moves of the side to move starting on hole h. */
const movesFrom = (h) => shell.view.moves.filter((m) => !m.pass && m.from === h);

/** Whether a tap previews first (touch on diamond and chinese-checkers, seed 000) or moves. */
const previewFirst = () => lastPointer !== 'mouse' && shell.view.game !== 'diamond-kr';

/** Whether a Shift+click on a jump's landing makes it a waypoint of the route (a mouse on
 * diamond and chinese-checkers, where a plain click moves at once; seed 004: where two routes
 * branch either may be chosen). diamond-kr keeps seed 002's taps. */
const waypoints = () => lastPointer === 'mouse' && shell.view.game !== 'diamond-kr';

/** The route of jump move m through the waypoints chosen so far (sel.via, from the start):
 * the waypoints, then the fewest-jump continuation to m.to; m.path when there are none or the
 * waypoints lead nowhere near it. A Promise: the engine answers the continuation. */
async function routeOf(m) {
  const via = selection.value && selection.value.via;
  if (!via || !m.jumps) return m.path;
  if (via[via.length - 1] === m.to) return via;
  return (await extend(via, m.to)) || m.path;
}

/** The landing path `path` (the lifted piece's hole, then landings of its jumps) continued
 * to hole `to` with the fewest jumps, or null when the jumps do not reach it: the engine's
 * answer from the rules of jumps (op route: halmaview RouteThrough, rules/halma Extend). */
async function extend(path, to) {
  const a = await shell.engine.ask('route', { path, to });
  return a.ok && a.path.length ? a.path : null;
}

/** The route of the hole under the mouse (sel.hover) through the waypoints, asked of the
 * engine and kept as sel.hoverPath ({via, to, path}) for drawing. */
async function hoverRoute(sel) {
  const m = sel.hover != null && movesFrom(sel.from).find((x) => x.to === sel.hover);
  const { via } = sel;
  const path = m ? await routeOf(m) : null;
  if (selection.value !== sel || sel.via !== via || sel.hover !== (m ? m.to : sel.hover)) return;
  sel.hoverPath = m ? { via, to: m.to, path } : null;
  shell.render();
}

const select = (from) => { selection.value = from == null ? null : { from }; shell.render(); };

let refusedHole = null;
function refuse(h, text, code = '') {
  refusedHole = h;
  shell.say(text, code);
  shell.render();
  refusedHole = null;
}

/** Plays move m along path (the route to record for a chain of two jumps or more). */
function playPath(m, path) {
  const route = path && path.length > 2 ? path.map((h) => shell.view.holes[h].name).join('-') : '';
  shell.play(route ? { ...m, route } : m);
}

/** Plays move m along its route through the waypoints of sel, unless the selection has
 * changed meanwhile. */
async function playRoute(sel, m) {
  const path = await routeOf(m);
  return selection.value === sel ? playPath(m, path) : undefined;
}

/** A tap on hole h (null: off the board) in my turn. A tap that waits for the engine's
 * route makes the taps after it wait their turn. */
let tapping = null;
function tap(h) {
  if (tapping) return tapping.then(() => (shell.myTurn() ? tap(h) : undefined));
  const r = tapNow(h);
  if (r && typeof r.then === 'function') {
    const t = r.catch(() => {}).then(() => { if (tapping === t) tapping = null; });
    tapping = t;
  }
  return r;
}

async function tapNow(h) {
  const v = shell.view;
  const sel = selection.value;
  if (h === null) { if (sel) select(null); return undefined; }
  const seat = v.board[h];
  if (seat === v.toMove) {
    if (sel && sel.from === h) return select(null);
    select(h);
    if (!movesFrom(h).length) shell.say(MSG.noMoves);
    return undefined;
  }
  if (seat >= 0) return refuse(h, MSG.notMine);
  if (!sel) return undefined;
  const m = movesFrom(sel.from).find((x) => x.to === h);
  const pv = sel.preview;
  if (previewFirst()) {
    if (pv && pv.to === h) return playPath(m || pv.move, pv.path);
    if (m) {
      // going on from a previewed landing chooses another route (seed 004)
      const path = pv && pv.move.jumps > 0 && m.jumps > 0 ? await extend(pv.path, h) : null;
      if (selection.value !== sel) return undefined;
      sel.preview = { to: h, move: m, path: path || m.path };
      shell.render();
      return shell.say(MSG.previewAgain);
    }
  } else if (lastShift && waypoints()) {
    // Shift+click: a landing reached by jumps from the start or the last waypoint becomes
    // a waypoint; the next plain click on a destination plays the route through them
    const via = sel.via || [sel.from];
    const path = h !== via[via.length - 1] ? await extend(via, h) : null;
    if (selection.value !== sel) return undefined;
    if (path) {
      sel.via = path;
      shell.render();
      if (sel.hover != null) hoverRoute(sel);
      return shell.say(MSG.waypoint);
    }
    if (m) return playRoute(sel, m);
  } else if (m) {
    return playRoute(sel, m);
  }
  // not a destination: the engine says why (a move completing another's win has its code)
  const from = v.holes[sel.from].name;
  const to = v.holes[h].name;
  // (the selection is cancelled, as any other hole cancels it, seed 000)
  selection.value = null;
  const a = await shell.engine.ask('play', { text: `${from}-${to}` }, null, { move: true });
  if (a.ok) return shell.setView(a.view); // cannot happen: not in the legal list
  return refuse(h, refusalText(a.error), a.error);
}

// ---- drawing --------------------------------------------------------------------

function draw(v, o) {
  selection.follow(v);
  const colours = COLOURS[v.game];
  const viewer = Math.min(o.viewer < 0 ? 0 : o.viewer, v.seats - 1);
  const turn = v.seatInfo[viewer].turn;
  board.setBoard(v, colours, turn);
  const sel = selection.value;
  const mine = shell.myTurn();
  const marks = { last: [] };
  const hist = (v.history || []).filter((e) => !e.pass);
  const lastN = v.seats === 3 ? 2 : 1;
  marks.last = hist.slice(-lastN);
  if (o.animate && v.last && !v.last.pass) marks.animate = v.last;
  if (mine && sel) {
    marks.selected = sel.from;
    marks.rings = movesFrom(sel.from).map((m) => m.to);
    if (sel.preview) marks.hover = { path: sel.preview.path };
    else if (sel.hover != null) {
      const hp = sel.hoverPath;
      if (hp && hp.to === sel.hover && hp.via === sel.via) marks.hover = { path: hp.path };
    } else if (sel.via) marks.hover = { path: sel.via };
  }
  if (refusedHole != null) marks.refused = refusedHole;
  const kings = v.seatInfo.map((s) => s.king).filter((k) => k >= 0);
  board.draw(v.board, kings, colours, marks);
  drawCards(v);
  drawPanel(v, mine);
  drawExtras(v);
}

function drawCards(v) {
  const el = $('cards');
  el.textContent = '';
  // three cards share a phone's width: the style sheet stacks each card's name over its count
  el.dataset.seats = String(v.seatInfo.length);
  v.seatInfo.forEach((si, i) => {
    const d = document.createElement('div');
    d.className = `player-card c-${COLOURS[v.game][i]}`;
    if (v.toMove === i) d.classList.add('active');
    const name = shell.mode ? shell.sideName(i) : colourName(v.game, i);
    d.innerHTML = '<span class="dot"></span><span class="who"></span><span class="arrived"></span>';
    // '나(빨강)': a line may break before the colour, never inside a word
    const who = d.querySelector('.who');
    const paren = name.indexOf('(');
    if (paren > 0) who.append(name.slice(0, paren), document.createElement('wbr'), name.slice(paren));
    else who.textContent = name;
    d.querySelector('.arrived').textContent = `${si.arrived}/${si.size}`;
    d.setAttribute('aria-label', `${name}: 도착 ${si.arrived}/${si.size}${v.toMove === i ? ', 차례' : ''}`);
    el.appendChild(d);
    if (i === 0) {
      const c = document.createElement('div');
      c.className = 'move-count';
      c.textContent = MSG.moves(v.ply);
      el.appendChild(c);
    }
  });
}

/** Roving focus among a list's buttons: arrows move, Home/End jump. */
function rove(list, e) {
  const bs = [...list.querySelectorAll('button')];
  const i = bs.indexOf(document.activeElement);
  if (i < 0) return;
  const d = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[e.key];
  if (d) {
    e.preventDefault();
    bs[(i + d + bs.length) % bs.length].focus();
  } else if (e.key === 'Home' || e.key === 'End') {
    e.preventDefault();
    bs[e.key === 'Home' ? 0 : bs.length - 1].focus();
  }
}

function drawPanel(v, mine) {
  const pieces = $('pieces');
  const dests = $('dests');
  const active = document.activeElement;
  const hadFocus = pieces.contains(active) || dests.contains(active);
  pieces.textContent = '';
  dests.textContent = '';
  const canPass = mine && v.pass;
  $('pass').hidden = !canPass;
  $('pass-board').hidden = !canPass;
  const si = v.seatInfo[v.toMove];
  if (!mine || !si || v.pass) {
    $('panel-status').textContent = v.toMove < 0 ? '' : (v.pass && mine ? MSG.passHint : '');
  } else {
    const sel = selection.value;
    setHint($('panel-status'), sel ? MSG.pickDest : MSG.pickPiece);
    const own = [...si.pieces].sort((a, b) => {
      const [ra, pa] = nameOf(a).split('.').map(Number);
      const [rb, pb] = nameOf(b).split('.').map(Number);
      return rb - ra || pa - pb;
    });
    for (const h of own) {
      const n = movesFrom(h).length;
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.h = h;
      b.textContent = `${holeName(nameOf(h))}${si.king === h ? ` (${MSG.king})` : ''}`;
      if (!n) b.setAttribute('aria-disabled', 'true');
      if (sel && sel.from === h) { b.setAttribute('aria-pressed', 'true'); b.classList.add('on'); }
      b.addEventListener('click', () => {
        if (!n) return shell.say(MSG.noMoves);
        selection.value = sel && sel.from === h ? null : { from: h };
        shell.render();
        const f = $('dests').querySelector('button');
        if (f) f.focus();
        return undefined;
      });
      pieces.appendChild(b);
    }
    if (sel) {
      for (const m of movesFrom(sel.from)) {
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.h = m.to;
        b.dataset.text = m.text;
        b.textContent = `${holeName(nameOf(m.to))} — ${m.jumps ? MSG.jumps(m.jumps) : MSG.step}, ${MSG.gain(m.gain)}`;
        b.addEventListener('click', () => playPath(m, m.path));
        dests.appendChild(b);
      }
    }
  }
  if (hadFocus && !pieces.contains(document.activeElement) && !dests.contains(document.activeElement)) {
    const again = (selection.value && dests.querySelector('button')) || pieces.querySelector(`button[data-h="${selection.value ? selection.value.from : -1}"]`) || pieces.querySelector('button');
    if (again) again.focus({ preventScroll: true });
  }
  $('dests-title').hidden = !dests.children.length;
  $('pieces-title').hidden = !pieces.children.length;
  $('fact-sentence').textContent = v.last ? sentenceOf(v.last, v.last.seat) : '—';
  $('fact-arrived').textContent = v.seatInfo.map((s, i) => `${colourName(v.game, i)} ${s.arrived}/${s.size}`).join(' · ');
}

function drawExtras(v) {
  const over = v.outcome.status !== 'ongoing';
  // diamond-kr: the result screen and today's tally (seed 002)
  const rs = $('result-screen');
  if (rs) {
    rs.hidden = !(over && shell.mode);
    if (over && shell.mode) {
      const names = [...Array(v.seats).keys()].map((i) => colourName(v.game, i));
      $('result-reason').textContent = resultText(v.game, v.outcome, names);
      const key = `${shell.gen}:${v.fen}`;
      if (!counted.has(key) && !shell.online) {
        counted.add(key);
        const k = v.outcome.status === 'win' ? COLOURS[v.game][v.outcome.winner] : 'draw';
        tally.set(k, (tally.get(k) || 0) + 1);
      }
    }
  }
  const t = $('tally');
  if (t) {
    const parts = COLOURS[v.game].map((c, i) => `${colourName(v.game, i)} ${tally.get(c) || 0}승`);
    if (tally.get('draw')) parts.push(`무승부 ${tally.get('draw')}`);
    t.textContent = MSG.tally(parts.join(' · '));
  }
  // online: fill empty seats with the AI, leave to the AI in three-player rooms (seed 000)
  const on = shell.online;
  const snap = on && shell.online.snap;
  const fill = $('fill-ai');
  if (fill) fill.hidden = !(snap && snap.status === 'waiting' && shell.online.seat === 0);
  // a rematch rotates the seats (seed 000); with three it keeps the same people
  if (on) $('rematch').textContent = v.seats === 3 ? '같은 인원으로 한 판 더' : '선후공 바꿔서 한 판 더';
  const leave = $('leave-ai');
  if (leave) leave.hidden = !(snap && snap.status === 'playing' && shell.online.seat >= 0 && v.seats === 3);
}

/** The result as a text to share: the reason line, the game and the link. */
function shareText() {
  const v = shell.view;
  const names = [...Array(v.seats).keys()].map((i) => colourName(v.game, i));
  return `🏆 ${TITLE[v.game]}: ${resultText(v.game, v.outcome, names)} (${MSG.moves(v.ply)})`;
}

async function share() {
  const text = shareText();
  const url = `${location.origin}/${shell.view.game}/`;
  if (navigator.share) {
    try { await navigator.share({ title: document.title, text, url }); } catch { /* dismissed */ }
    return;
  }
  try {
    await navigator.clipboard.writeText(`${text} ${url}`);
  } catch {
    const ta = document.createElement('textarea');
    ta.value = `${text} ${url}`;
    document.body.appendChild(ta);
    ta.select();
    if (document.execCommand) document.execCommand('copy');
    ta.remove();
  }
  shell.say(MSG.shared);
}

// three.js and the board after the first paint (board3d.js, as on the draughts page): the
// page's text and button panel first. Without WebGL the note stands in the board's place and
// the panel plays alone.
const canvas = $('board3d');
const { scene, board, picker: pickerOf } = board3D({
  canvas,
  onTap: (h) => shell.tap(h),
  loadBoard: () => import('../boards/star.js').then((m) => m.StarBoard),
});
const shell = new Shell(page, scene);

canvas.addEventListener('pointerdown', (e) => { lastPointer = e.pointerType || 'mouse'; lastShift = e.shiftKey; });
canvas.addEventListener('pointermove', (e) => {
  const picker = pickerOf();
  if (!picker || e.pointerType !== 'mouse' || !selection.value || !shell.myTurn() || selection.value.preview) return;
  // the worker's scene answers with a Promise
  const sel = selection.value;
  Promise.resolve(picker.pick(e.clientX, e.clientY)).then((h) => {
    if (selection.value !== sel) return;
    const to = h != null && movesFrom(sel.from).some((m) => m.to === h) ? h : null;
    if (to !== sel.hover) {
      sel.hover = to;
      if (to == null) shell.render();
      else hoverRoute(sel);
    }
  });
});

const passMove = () => {
  const m = shell.view && shell.view.moves.find((x) => x.pass);
  if (m) shell.play(m);
};
$('pass').addEventListener('click', passMove);
$('pass-board').addEventListener('click', passMove);
$('pieces').addEventListener('keydown', (e) => rove($('pieces'), e));
$('dests').addEventListener('keydown', (e) => {
  rove($('dests'), e);
  if (e.key === 'Escape') {
    const from = selection.value && selection.value.from;
    selection.value = null;
    shell.render();
    const b = $('pieces').querySelector(`button[data-h="${from}"]`);
    if (b) b.focus();
  }
});
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && selection.value && !$('dests').contains(document.activeElement)) { selection.value = null; shell.render(); }
});
for (const r of document.querySelectorAll('input[name=players], input[name=pieces]')) {
  r.addEventListener('change', () => {
    if (r.name === 'pieces') { try { localStorage.setItem(PIECES_KEY, r.value); } catch { /* denied */ } }
    if (!shell.mode) shell.preview();
  });
}
const piecesRadio = document.querySelector(`input[name=pieces][value="${storedPieces()}"]`);
if (piecesRadio) piecesRadio.checked = true;
if ($('fill-ai')) $('fill-ai').addEventListener('click', () => shell.online && shell.driver.fillAI(shell.level || 'intermediate'));
if ($('leave-ai')) $('leave-ai').addEventListener('click', () => shell.online && shell.driver.leave());
if ($('again')) {
  $('again').addEventListener('click', () => {
    if (shell.online) return shell.driver.rematch();
    return shell.startLocal(shell.mode, shell.level, shell.human);
  });
}
if ($('share-result')) $('share-result').addEventListener('click', share);
shell.start();
