// The checkers/draughts page (seed 001): ruleset and mode menu, the 3D board, the button
// board, draw offers, undo/restart/resign and online rooms. Every rules question goes to
// the engine worker; this file only keeps who sits where and what is selected.
import { Engine } from './engine.js';
import { Board3D } from './board3d.js';
import { ButtonBoard } from './panel.js';
import { Online, NOT_FOUND } from './online.js';
import { SIDES, RULESET, COUNTER, MSG, resultText } from './text.js';

const $ = (id) => document.getElementById(id);
const pageGame = document.body.dataset.game === 'draughts' ? 'draughts' : 'checkers';

const app = {
  engine: new Engine(),
  game: pageGame,
  mode: null, // 'ai' | 'local' | 'online'
  level: 'intermediate',
  human: 0, // vs AI: my seat
  view: null,
  sel: null, // {from, prefix: [from, stops...]}
  offerNext: false,
  thinking: false,
  gen: 0,
  seed: 1,
  online: null,
  firstMovesAt: 0,
};
window.__madang = app;

function say(text) {
  const a = $('alert');
  a.textContent = '';
  requestAnimationFrame(() => { a.textContent = text; });
  clearTimeout(say.t);
  say.t = setTimeout(() => { a.textContent = ''; }, 4000);
}

// ---- menu ----------------------------------------------------------------

function setRuleset(game) {
  app.game = game;
  for (const r of document.querySelectorAll('input[name=ruleset]')) r.checked = r.value === game;
  document.title = `${RULESET[game]} — 마당`;
  document.querySelector('.page-title').textContent = RULESET[game];
}

for (const r of document.querySelectorAll('input[name=ruleset]')) {
  r.addEventListener('change', () => {
    if (!r.checked) return;
    setRuleset(r.value);
    if (!app.mode) preview();
  });
}

for (const b of document.querySelectorAll('[data-mode]')) {
  b.addEventListener('click', () => {
    const mode = b.dataset.mode;
    if (mode === 'online') return startOnline();
    startLocal(mode === 'local' ? 'local' : 'ai', b.dataset.level, mode === 'ai-second' ? 1 : 0);
  });
}

function showPhase(phase) {
  if (phase !== 'menu') $('menu-notice').hidden = true;
  $('menu').hidden = phase !== 'menu';
  $('join').hidden = phase !== 'join';
  $('online').hidden = app.mode !== 'online' || phase === 'menu' || phase === 'join';
  $('controls').hidden = phase !== 'game';
  $('panel').hidden = phase !== 'game';
  $('undo').hidden = app.mode === 'online';
  $('restart').hidden = app.mode === 'online';
}

async function startLocal(mode, level, human, fen = '') {
  if (app.online) { app.online.close(); app.online = null; }
  app.mode = mode;
  app.level = level || 'intermediate';
  app.human = mode === 'ai' ? human : 0;
  app.seed = (Math.random() * 2 ** 31) | 0;
  app.gen++;
  app.thinking = false;
  app.sel = null;
  app.offerNext = false;
  $('result').hidden = true;
  const a = await app.engine.ask('start', { game: app.game, fen });
  if (!a.ok) return say(MSG.engineFailed);
  const fromMenu = !$('menu').hidden;
  showPhase('game');
  setView(a.view);
  if (fromMenu) buttons.focusCurrent();
  maybeAI();
}

// ---- the picture -----------------------------------------------------------

function myTurn() {
  const v = app.view;
  if (!v || !app.mode || v.toMove < 0 || app.thinking) return false;
  if (app.mode === 'local') return true;
  if (app.mode === 'online') return app.online && app.online.canMove(v);
  return v.toMove === app.human;
}

function flipped() {
  if (app.mode === 'ai') return app.human === 1;
  if (app.mode === 'online') return !!app.online && (app.online.seat === 1 || app.online.previewSeat === 1);
  return false;
}

/** The legal moves of the selected piece with the landing paths that go through the stops
 * tapped so far: [{m, paths}] (a flying king may reach a stop along several paths). */
function candidates() {
  const v = app.view;
  if (!app.sel || !v) return [];
  const pre = app.sel.prefix;
  const out = [];
  for (const m of v.moves) {
    if (m.from !== app.sel.from) continue;
    const paths = (m.paths && m.paths.length ? m.paths : [m.path]).filter((p) => p.length >= pre.length && pre.every((s, i) => p[i] === s));
    if (paths.length) out.push({ m, paths });
  }
  return out;
}

function marks() {
  const v = app.view;
  const m = { last: v.last };
  if (!myTurn()) return m;
  if (v.capture) {
    m.capturable = [...new Set(v.moves.map((x) => x.from))].filter((sq) => !app.sel || sq !== app.sel.from);
  }
  if (app.sel) {
    const k = app.sel.prefix.length;
    m.selected = app.sel.prefix[k - 1] === app.sel.from ? app.sel.from : null;
    if (k > 1) m.selected = null;
    const c = candidates();
    m.dots = [...new Set(c.flatMap((x) => x.paths.filter((p) => p.length > k).map((p) => p[k])))];
    m.rings = [...new Set(c.filter((x) => x.paths.some((p) => p.length > k + 1) || x.m.from === x.m.to).map((x) => x.m.to))];
  }
  return m;
}

function render(animate = false) {
  const v = app.view;
  if (!v || !v.game) return;
  const flip = flipped();
  board3d.setBoard(v.size, v.squares, flip, SIDES[v.game].indexOf('흑'));
  buttons.build(v.size, v.squares, flip);
  const mk = marks();
  let shown = v.board;
  if (app.sel && app.sel.prefix.length > 1) {
    // a partial capture: show the piece at its current stop
    shown = v.board.slice();
    const at = app.sel.prefix[app.sel.prefix.length - 1];
    shown[at] = v.board[app.sel.from];
    if (at !== app.sel.from) shown[app.sel.from] = 0;
    mk.selected = at;
  }
  board3d.draw(shown, { ...mk, animate });
  buttons.update({ ...v, board: shown }, mk);
  renderTurn();
  renderPanel(mk);
}

/** A seat as the viewer knows it: 나/AI/상대 with the colour; a spectator and two people on
 * one device see the colour alone. */
function sideName(seat) {
  const s = SIDES[app.view.game][seat];
  if (spectating()) return s;
  if (app.mode === 'ai') return seat === app.human ? `나(${s})` : `AI(${s})`;
  if (app.mode === 'online' && app.online) return seat === app.online.seat ? `나(${s})` : `상대(${s})`;
  return s;
}

function spectating() {
  return app.mode === 'online' && !!app.online && app.online.seat < 0;
}

function over() {
  return !!app.view && app.view.outcome.status !== 'ongoing';
}

function renderTurn() {
  const v = app.view;
  const t = $('turn');
  const over = v.outcome.status !== 'ongoing';
  $('result').hidden = !over;
  if (!app.mode) {
    t.textContent = '규칙과 플레이 방식을 고르면 시작합니다.';
    t.dataset.state = 'menu';
  } else if (over) {
    const names = [0, 1].map(sideName);
    $('result').textContent = `게임 끝: ${resultText(v.game, v.outcome, names)}`;
    t.textContent = '게임이 끝났습니다.';
    t.dataset.state = 'over';
  } else if (app.mode === 'online' && app.online && app.online.turnText()) {
    t.textContent = app.online.turnText();
    t.dataset.state = 'wait';
  } else if (app.thinking) {
    t.textContent = MSG.aiThinking;
    t.dataset.state = 'ai';
  } else {
    let s;
    if (app.mode === 'local') s = `${SIDES[v.game][v.toMove]} 차례입니다.`;
    else if (myTurn()) s = `내 차례입니다 (${SIDES[v.game][v.toMove]}).`;
    else s = `${app.mode === 'ai' ? 'AI' : '상대'} 차례입니다 (${SIDES[v.game][v.toMove]}).`;
    if (v.capture) s += ` ${MSG.captureOnly}.`;
    if (v.offer) s += ` ${MSG.offered}.`;
    t.textContent = s;
    t.dataset.state = myTurn() ? 'mine' : 'wait';
  }
  const canAccept = v.offer && myTurn();
  $('accept-draw-board').hidden = !canAccept;
  $('accept-draw').hidden = !canAccept;
  $('cancel-capture').hidden = !(app.sel && app.sel.prefix.length > 1);
  const near = (v.counters || []).filter((c) => c.rule !== 'threefold' && c.pliesLeft <= 10);
  const w = $('counter-warning');
  w.hidden = near.length === 0;
  if (near.length) w.textContent = `자동 무승부까지 각자 ${Math.ceil(Math.min(...near.map((c) => c.pliesLeft)) / 2)}수`;
}

function renderPanel(mk) {
  const v = app.view;
  const list = $('moves');
  list.textContent = '';
  const mine = myTurn();
  for (const m of v.moves) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = m.alg;
    b.dataset.text = m.text;
    b.disabled = !mine;
    b.setAttribute('aria-label', spoken(m));
    b.addEventListener('click', () => playMove(m));
    li.appendChild(b);
    list.appendChild(li);
  }
  if (!v.moves.length || !mine) {
    list.textContent = '';
    const li = document.createElement('li');
    li.className = 'none';
    if (v.toMove < 0) li.textContent = '없음';
    else if (spectating()) li.textContent = `관전 중입니다 (${SIDES[v.game][v.toMove]} 차례).`;
    else if (app.mode === 'ai') li.textContent = 'AI가 둘 차례입니다.';
    else li.textContent = '상대가 둘 차례입니다.';
    list.appendChild(li);
  }
  const c = v.count;
  const s = SIDES[v.game];
  $('fact-count').textContent = `${s[0]} 일반 말 ${c.men0} · 왕 ${c.kings0} / ${s[1]} 일반 말 ${c.men1} · 왕 ${c.kings1}`;
  const cs = (v.counters || []).filter((x) => x.rule !== 'threefold');
  $('fact-counter').textContent = cs.length
    ? cs.map((x) => `${COUNTER[x.rule] || x.rule}: ${x.pliesLeft}수 (각자 ${Math.ceil(x.pliesLeft / 2)}수)`).join(', ')
    : '—';
  $('fact-last').textContent = v.last ? `${sideName(v.last.seat)} ${v.last.alg}` : '—';
  const offer = $('offer-draw');
  // once the game is over only '다시 하기' and the menu remain
  offer.disabled = !(mine && v.canOffer) || over() || app.mode === 'online' && !app.online;
  if (offer.disabled) app.offerNext = false;
  offer.setAttribute('aria-pressed', String(app.offerNext));
  offer.classList.toggle('on', app.offerNext);
  const h = $('history');
  h.textContent = '';
  for (const e of v.history) {
    const li = document.createElement('li');
    li.textContent = e.alg + (e.offer ? ' (무승부 제안)' : '');
    h.appendChild(li);
  }
  $('undo').disabled = app.thinking || v.ply === 0 || over() || (app.mode === 'ai' && !v.history.some((e) => e.seat === app.human));
  $('resign').disabled = v.outcome.status !== 'ongoing' || app.thinking;
  $('resign').hidden = app.mode === 'online' && !(app.online && app.online.seat >= 0 && app.online.snap && app.online.snap.status === 'playing');
}

/** A move read aloud: "c3에서 d4로", "c3에서 e5, g7로 따먹기". */
function spoken(m) {
  const sq = m.alg.split(/[-×]/);
  return `${sq[0]}에서 ${sq.slice(1).join(', ')}로${m.capture ? ' 따먹기' : ''}`;
}

function setView(v) {
  const prev = app.view;
  app.view = v;
  // a snapshot that changes nothing on the board (a spectator came, a seat reconnected)
  // keeps the selection
  if (!(prev && prev.fen === v.fen && prev.ply === v.ply && prev.toMove === v.toMove)) app.sel = null;
  const animate = !!(prev && prev.game === v.game && v.ply === prev.ply + 1 && v.last);
  if (v.moves.length && !app.firstMovesAt) {
    app.firstMovesAt = performance.now();
    document.body.dataset.ready = 'true';
  }
  render(animate);
  // one polite live region for moves and turns (the refusals go to the assertive #alert)
  const moved = !prev || prev.ply !== v.ply || prev.game !== v.game;
  if (moved && app.mode) {
    const said = v.last && v.ply > 0 ? `${sideName(v.last.seat)} ${spoken(v.last)}. ` : '';
    const over = v.outcome.status !== 'ongoing' ? $('result').textContent : $('turn').textContent;
    $('live').textContent = said + over;
  }
}

// ---- playing ---------------------------------------------------------------

async function playMove(m) {
  if (!myTurn()) return;
  const offer = app.offerNext;
  app.offerNext = false;
  app.sel = null;
  if (app.mode === 'online') return app.online.move(m, offer);
  const a = await app.engine.ask('play', { index: m.i, offer });
  if (!a.ok) return say(`둘 수 없는 수입니다 (${a.error}).`);
  setView(a.view);
  maybeAI(offer);
}

async function maybeAI(humanOffered = false) {
  const v = app.view;
  if (app.mode !== 'ai' || v.toMove < 0 || v.toMove === app.human || app.thinking) return;
  const gen = app.gen;
  app.thinking = true;
  render();
  const [a] = await Promise.all([
    app.engine.ask('ai', { level: app.level, seed: app.seed + v.ply }),
    new Promise((r) => setTimeout(r, 250)),
  ]);
  if (gen !== app.gen) return;
  app.thinking = false;
  if (!a.ok) {
    render();
    return say(`AI가 수를 고르지 못했습니다 (${a.error}).`);
  }
  const c = a.choice;
  let b;
  if (c.accept) b = await app.engine.ask('acceptDraw');
  else b = await app.engine.ask('play', { index: c.index, offer: c.offer });
  if (gen !== app.gen) return;
  if (!b.ok) return say(`AI의 수를 둘 수 없습니다 (${b.error}).`);
  setView(b.view);
  if (humanOffered && !c.accept) say(MSG.aiDeclined);
  if (c.offer) say(MSG.aiOffers);
}

/** A tap on dark square sq (null: outside the board), from the canvas or the button board. */
function tap(sq) {
  const v = app.view;
  if (!v || v.toMove < 0) return;
  if (sq === null) {
    if (app.sel && app.sel.prefix.length === 1) { app.sel = null; render(); }
    return;
  }
  if (!myTurn()) {
    if (!app.mode || app.thinking) return;
    if (app.mode === 'online' && app.online && app.online.seat < 0) return say('관전 중에는 둘 수 없습니다.');
    if (app.mode !== 'local' && v.toMove >= 0) say(MSG.notYourTurn);
    return;
  }
  const p = v.board[sq];
  const own = p && (p <= 2 ? 0 : 1) === v.toMove;
  const movesFrom = (s) => v.moves.filter((m) => m.from === s);
  if (!app.sel) {
    if (own && movesFrom(sq).length) { app.sel = { from: sq, prefix: [sq] }; render(); return; }
    if (own && v.capture) return say(MSG.mustCapture);
    if (own) return say(MSG.cannotMove);
    if (p) return say(MSG.notYourPiece);
    return;
  }
  const k = app.sel.prefix.length;
  const cands = candidates();
  if (k === 1 && sq === app.sel.from) {
    const ring = cands.filter((c) => c.m.to === sq);
    if (ring.length === 1) return playMove(ring[0].m);
    app.sel = null;
    render();
    return;
  }
  // the next stop along some path: play when one move remains, else wait for more stops
  const next = cands.filter((c) => c.paths.some((p) => p[k] === sq));
  if (next.length === 1) return playMove(next[0].m);
  if (next.length > 1) {
    app.sel.prefix.push(sq);
    render();
    return;
  }
  // the final stop tapped first works when only one move ends there
  const finals = cands.filter((c) => c.m.to === sq);
  if (finals.length === 1) return playMove(finals[0].m);
  if (finals.length > 1) return say(MSG.pickStop);
  if (k === 1 && own) {
    if (movesFrom(sq).length) { app.sel = { from: sq, prefix: [sq] }; render(); return; }
    if (v.capture) return say(MSG.mustCapture);
    return say(MSG.cannotMove);
  }
  if (k === 1) {
    app.sel = null;
    render();
    if (p && !own) say(MSG.notYourPiece);
  }
}

// ---- buttons ---------------------------------------------------------------

$('cancel-capture').addEventListener('click', () => { app.sel = null; render(); });
$('view-oblique').addEventListener('click', () => setCamera('oblique'));
$('view-top').addEventListener('click', () => setCamera('top'));
function setCamera(mode) {
  board3d.setView(mode);
  $('view-oblique').setAttribute('aria-pressed', String(mode === 'oblique'));
  $('view-top').setAttribute('aria-pressed', String(mode === 'top'));
}
$('offer-draw').addEventListener('click', () => {
  app.offerNext = !app.offerNext;
  render();
  if (app.offerNext) say('다음 수와 함께 무승부를 제안합니다.');
});
async function acceptDraw() {
  if (app.mode === 'online') return app.online.acceptDraw();
  const a = await app.engine.ask('acceptDraw');
  if (a.ok) setView(a.view);
}
$('accept-draw').addEventListener('click', acceptDraw);
$('accept-draw-board').addEventListener('click', acceptDraw);
$('undo').addEventListener('click', async () => {
  if (app.thinking || app.mode === 'online' || over()) return;
  app.gen++;
  const a = app.mode === 'ai' ? await app.engine.ask('undo', { toSeat: app.human }) : await app.engine.ask('undo', { plies: 1 });
  if (a.ok) setView(a.view);
  maybeAI();
});
$('restart').addEventListener('click', () => startLocal(app.mode, app.level, app.human));
// resigning takes two presses, so a slip of the finger does not end the game
$('resign').addEventListener('click', async () => {
  const b = $('resign');
  if (!b.dataset.armed) {
    b.dataset.armed = '1';
    b.textContent = '한 번 더 누르면 기권';
    clearTimeout(b.disarm);
    b.disarm = setTimeout(() => { delete b.dataset.armed; b.textContent = '기권'; }, 3000);
    return;
  }
  clearTimeout(b.disarm);
  delete b.dataset.armed;
  b.textContent = '기권';
  if (app.mode === 'online') return app.online.resign();
  const seat = app.mode === 'ai' ? app.human : app.view.toMove;
  app.gen++;
  app.thinking = false;
  const a = await app.engine.ask('resign', { seat });
  if (a.ok) setView(a.view);
});
function backToMenu() {
  app.gen++;
  app.thinking = false;
  if (app.online) { app.online.close(); app.online = null; }
  app.mode = null;
  if (location.search) history.replaceState(null, '', location.pathname);
  showPhase('menu');
  preview();
}
$('back-to-menu').addEventListener('click', backToMenu);
/** A room link that leads nowhere: back to the menu with the reason on top of it. */
function roomNotFound() {
  backToMenu();
  const n = $('menu-notice');
  n.hidden = false;
  n.textContent = `${NOT_FOUND} 아래에서 새 게임을 시작하세요.`;
}

// ---- online ----------------------------------------------------------------

function startOnline() {
  app.gen++;
  app.mode = 'online';
  app.online = new Online(app, { setView, render, say, showPhase, setRuleset, roomNotFound });
  app.online.create(app.game);
}

// ---- start -----------------------------------------------------------------

const board3d = new Board3D($('board3d'), tap);
const buttons = new ButtonBoard($('grid'), tap);
app.squareToScreen = (sq) => board3d.squareToScreen(sq);
app.tap = tap;
/** Test hook: a local game of game from a PDN FEN ('' for the start) in mode 'local' or 'ai'. */
app.startFrom = (game, fen, mode = 'local', level = 'beginner', human = 0) => {
  setRuleset(game);
  return startLocal(mode, level, human, fen);
};
app.board3d = board3d;
$('board-loading').hidden = true;
setRuleset(pageGame);

const params = new URLSearchParams(location.search);
if (params.get('room')) {
  app.mode = 'online';
  app.online = new Online(app, { setView, render, say, showPhase, setRuleset, roomNotFound });
  app.online.open(params.get('room'));
} else {
  showPhase('menu');
  preview();
}

/** The start position of the chosen ruleset behind the menu. */
function preview() {
  const game = app.game;
  app.engine.ask('start', { game }).then((a) => {
    if (!a.ok) return say(MSG.engineFailed);
    if (!app.mode && app.game === game) setView(a.view);
  });
}
