// The backgammon page (seed 003) on the shared shell: a 2D board, the roll (the
// '굴리기' button or the dice), the opening roll, the turn played one checker step at a time
// (green rings on the checkers that can move, lit destinations, a lone destination tapped
// alone, the last step taken back until the play is complete, then the turn ends by
// itself), the automatic pass with a notice, pip counts, the result with its points, the
// per-device rating, and the button board with the legal plays in gnubg notation. Which
// plays exist, and the orders of their steps, is the engine's answer (backgammonview); routes.js
// only follows the steps taken through them.
import { Shell } from '../shell.js';
import { CellPanel } from '../cell-panel.js';
import { BgBoard } from './board.js';
import { Rating } from './rating.js';
import { Selection } from '../selection.js';
import { TITLE } from '../titles.js';
import {
  routes, matching, complete, nextSteps, destinations, applyStep,
} from './routes.js';
import {
  SIDES, MSG, CELL, RATING_CATS, ratingLine, rollEntry, OPENING_ROLL, ANALYSIS, resultText, spoken, pipText, placeName,
} from './text.js';

const $ = (id) => document.getElementById(id);
const COLOURS = ['white', 'black'];

/** The steps taken this turn and the picked checker ({steps, picked}); kept while the
 * position drawn stays the same (a roll is another position). */
const selection = new Selection((a, b) => a.fen === b.fen && a.ply === b.ply && a.toMove === b.toMove && a.phase === b.phase);

const page = {
  family: 'backgammon',
  games: ['backgammon'],
  game: 'backgammon',
  drawOffers: false,
  // game records: GNU Backgammon's .mat (site/wasm/backgammon/cmd/records), stepped through
  // roll by roll and play by play; results are the points each player scored ("2-0"); the
  // engine view rates every play of each roll as gnubg does (backgammonview RatePlay: loss in
  // millipoints of equity, marked from gnubg's doubtful 0.040 on), graphs the win chance
  record: {
    seatTag: (game, seat) => `Player ${seat + 1}`,
    lossThreshold: () => 40,
    graphScore: (a) => 2 * a.win - 1000,
    evalText: ANALYSIS.evalText,
    lossNote: ANALYSIS.note,
    lossText: ANALYSIS.lossText,
    depthText: ANALYSIS.depths,
    graphLabel: ANALYSIS.graph,
    resultToken: (o) => {
      if (!o || o.status !== 'win') return '*';
      const p = Math.max(1, o.points || 1);
      return o.winner === 0 ? `${p}-0` : `0-${p}`;
    },
    tokenOutcome: (tok) => {
      const m = /^(\d+)-(\d+)$/.exec(tok || '');
      if (!m || (+m[1] > 0) === (+m[2] > 0)) return { status: 'ongoing', winner: -1 };
      return { status: 'win', winner: +m[1] > 0 ? 0 : 1, points: Math.max(+m[1], +m[2]) };
    },
    // the review shows the board from seat 0 (Shell.viewer), so its plays read in seat 0's
    // numbering, the analysis's best play too; the record itself keeps gnubg's text
    entryText: (e) => (e.roll ? rollEntry(e) : seenText(e, 0)),
    playText: (a) => seenText(a, 0),
    moveLabel: (i, text, seat, colour) => (text.startsWith(OPENING_ROLL) ? text : `${colour(seat)} ${text}`),
  },

  setGame() {
    document.title = `${TITLE.backgammon} — 마당`;
  },

  colour: (game, seat) => SIDES[seat],
  names: () => ({ game: TITLE.backgammon, seats: 2 }),
  resultText,
  /** A play, a roll or a record entry read aloud, its places in the viewer's numbering. */
  spoken: (m) => spoken(m, (c) => turnPlace(c, m.seat === undefined ? flipFor(shell.view) : m.seat !== shell.viewer()), seatNames()),
  moveText,
  /** An opening roll names both seats' dice and who moves first itself. */
  namesSeats: (e) => !!(e.roll && e.opening),
  turnNote(v) {
    if (v.phase === 'roll') {
      if (!shell.myTurn()) return ` ${MSG.rollDue}`;
      return v.opening ? ` ${MSG.waitOpening}` : ` ${MSG.rollHint}`;
    }
    if (v.phase === 'move' && v.dice) return ` 주사위 ${v.dice[0]}-${v.dice[1]}.`;
    return '';
  },
  noMovesText: (v, mine) => (v.phase === 'roll' && v.toMove >= 0 ? (mine ? MSG.rollHint : MSG.waitRoll) : ''),
  selection,
  focusBoard: () => cells.focusCurrent(),
  /** After steps taken on the board, only the engine's plays those steps begin. */
  listedMoves(v) {
    const taken = sel().steps;
    if (!taken.length) return v.moves;
    const plays = new Set(matching(allRoutes(v), taken).map((r) => r.play));
    return v.moves.filter((m) => plays.has(m));
  },
  draw,
  tap,
  /** Test hook: every step order of the plays now ([{play, steps}], mover's numbering). */
  routes: () => allRoutes(shell.view),
};

// ---- the turn's steps -------------------------------------------------------------------

let cache = { v: null, all: [] };

/** Every step order of the view's plays (cached per view). */
function allRoutes(v) {
  if (cache.v !== v) {
    const ok = v.phase === 'move' && v.dice && v.rows && v.toMove >= 0;
    cache = { v, all: ok ? routes(v.moves) : [] };
  }
  return cache.all;
}

// ---- the texts of plays -----------------------------------------------------------------

/** A play's gnubg text as seat reads it: the engine gives each play's text in both seats'
 * numberings (backgammonview Seen, "seen"); the text itself is the mover's (records, the wire). */
const seenText = (m, seat) => (m.seen ? m.seen[seat] : m.text);

/** What a person reads for a play or a record entry: a play in the numbering of the board on
 * this screen (seed 003: points counted from the viewer's side; on one device seat 0's, as the
 * line under the buttons says), a roll as its dice. */
function moveText(m) {
  return m.roll ? rollEntry(m, seatNames()) : seenText(m, shell.viewer());
}

/** The seats as this screen names them: 나(흰색), AI(검은색), …; the colours without a game. */
const seatNames = () => [0, 1].map((s) => (shell.mode ? shell.sideName(s) : SIDES[s]));

/** The selection: the steps taken this turn (mover's numbering) and the picked checker. */
const sel = () => selection.value || { steps: [], picked: null };

/** A place of the viewer's numbering in the mover's, and back (the same map). */
const flipFor = (v) => v.toMove >= 0 && v.toMove !== shell.viewer();
const turnPlace = (c, flip) => (flip && c >= 1 && c <= 24 ? 25 - c : c);

/** Both rows after the steps taken: [mover's, other's] in their own numbering. */
function rowsNow(v) {
  const mover = v.toMove;
  let m = v.rows[mover];
  let o = v.rows[1 - mover];
  for (const s of sel().steps) [m, o] = applyStep(m, o, s);
  return [m, o];
}

/** Takes steps (mover's numbering); the play is sent once they complete it. */
function take(steps) {
  const v = shell.view;
  const s = sel();
  const taken = [...s.steps, ...steps];
  selection.value = { steps: taken, picked: null };
  const done = complete(allRoutes(v), taken);
  if (done) return shell.play(done.play);
  shell.render();
  return undefined;
}

/** Takes back the last step of the turn. */
function stepBack() {
  const s = sel();
  if (!s.steps.length) return;
  selection.value = { steps: s.steps.slice(0, -1), picked: null };
  shell.render();
}

/** A tap on a place of the viewer's numbering (null: off the board) in my turn. */
function tap(cell) {
  const v = shell.view;
  if (v.phase === 'roll') {
    if (cell !== null) shell.say(MSG.rollHint);
    return undefined;
  }
  if (v.phase !== 'move') return undefined;
  const s = sel();
  if (cell === null) {
    if (s.picked != null) { selection.value = { ...s, picked: null }; shell.render(); }
    return undefined;
  }
  const all = allRoutes(v);
  const c = turnPlace(cell, flipFor(v));
  if (s.picked != null) {
    if (c === s.picked) { selection.value = { ...s, picked: null }; shell.render(); return undefined; }
    const d = destinations(all, s.steps, s.picked).find((x) => x.to === c);
    if (d) return take(d.steps);
  }
  const next = nextSteps(all, s.steps);
  if (next.some((x) => x.from === c)) {
    selection.value = { ...s, picked: c };
    shell.render();
    return undefined;
  }
  // a destination tapped alone: when a single checker can get there with one step
  const to = next.filter((x) => x.to === c);
  if (new Set(to.map((x) => x.from)).size === 1) return take([to.reduce((a, b) => (b.die < a.die ? b : a))]);
  const [mine, theirs] = rowsNow(v);
  if (to.length) return shell.say(MSG.pickChecker);
  if (mine[25] > 0 && mine[c] > 0) return shell.say(MSG.barFirst);
  if (mine[c] > 0) return shell.say(MSG.notMovable);
  if (c >= 1 && c <= 24 && theirs[25 - c] > 0 && s.picked == null) return shell.say(MSG.notYourChecker);
  if (s.picked != null) return shell.say(MSG.cannotGo);
  return shell.say(MSG.pickChecker);
}

// ---- drawing -----------------------------------------------------------------------------

let noticePly = -1;

/** The steps of the last play in the record, in the viewer's numbering: a Set of places. */
function lastPlaces(v, viewer) {
  const h = v.history || [];
  for (let i = h.length - 1; i >= 0; i--) {
    const e = h[i];
    if (e.roll) continue;
    const flip = e.seat !== viewer;
    const out = new Set();
    for (const s of e.steps || []) {
      out.add(turnPlace(s.from, flip));
      out.add(turnPlace(s.to, flip));
    }
    return out;
  }
  return new Set();
}

function draw(v, o) {
  selection.follow(v);
  const viewer = o.viewer;
  const mine = shell.myTurn() && v.phase === 'move';
  const s = sel();
  const all = mine ? allRoutes(v) : [];
  const flip = flipFor(v);
  // the rows as they stand after the steps taken, seen from the viewer
  let rows = v.rows;
  if (mine && s.steps.length) {
    const [m, t] = rowsNow(v);
    rows = v.toMove === 0 ? [m, t] : [t, m];
  }
  const own = rows[viewer];
  const other = rows[1 - viewer];
  const theirs = new Array(26).fill(0);
  for (let p = 1; p <= 24; p++) theirs[p] = other[25 - p];
  theirs[0] = other[0];
  theirs[25] = other[25];
  const marks = { rings: new Set(), selected: null, targets: new Set(), last: lastPlaces(v, viewer) };
  if (mine) {
    for (const x of nextSteps(all, s.steps)) marks.rings.add(turnPlace(x.from, flip));
    if (s.picked != null) {
      marks.selected = turnPlace(s.picked, flip);
      for (const d of destinations(all, s.steps, s.picked)) marks.targets.add(turnPlace(d.to, flip));
    }
  }
  // the dice: those of the turn with the used ones greyed, else the last roll
  let dice = null;
  if (v.phase === 'move' && v.dice) {
    const used = s.steps.map((x) => x.die);
    dice = (v.turnDice || []).map((d) => {
      const k = used.indexOf(d);
      if (k >= 0) { used.splice(k, 1); return { v: d, used: true }; }
      return { v: d, used: false };
    });
  }
  const canRoll = v.phase === 'roll' && shell.myTurn();
  const openingDice = openingShown(v);
  board.draw({
    mine: own,
    theirs,
    colours: [COLOURS[viewer], COLOURS[1 - viewer]],
    dice,
    diceColour: COLOURS[Math.max(0, v.toMove)],
    canRoll,
    opening: openingDice ? [openingDice[viewer], openingDice[1 - viewer]] : null,
    marks,
  });
  // pips, the dice line, the roll and step-back buttons
  const pips = [0, 1].map((seat) => rows[seat].reduce((a, n, p) => a + n * p, 0));
  const names = seatNames();
  $('pips').textContent = `핍 ${pipText(names, pips)}`;
  $('fact-pips').textContent = pipText(names, pips);
  $('fact-dice').textContent = diceLine(v, dice);
  $('opening-line').textContent = shell.mode ? openingLine(v) : '';
  const over = v.outcome.status !== 'ongoing';
  $('roll').hidden = !shell.mode || over || v.phase !== 'roll' || v.toMove < 0;
  $('roll').disabled = !canRoll;
  $('step-back').hidden = !(mine && s.steps.length);
  $('numbering').textContent = MSG.numbering(SIDES[viewer]);
  if (shell.mode === 'local') $('undo').hidden = true; // one device: a roll is never taken back
  // the button board
  cells.build('bg', panelRows());
  cells.update(looks(own, theirs, marks));
  // each button shows its place and checkers; its name is the whole label, which begins
  // with the visible place (the count is drawn beside it, hidden from the name)
  for (const [id, b] of cells.bySq) {
    const label = b.getAttribute('aria-label');
    const head = id === 25 ? CELL.bar : id === 0 ? CELL.off : String(id);
    b.removeAttribute('aria-label');
    b.textContent = '';
    const num = document.createElement('span');
    num.className = 'n';
    num.textContent = head;
    const rest = document.createElement('span');
    rest.className = 'sr-only';
    rest.textContent = label.slice(head.length);
    b.append(num, rest);
    const n = own[id] || theirs[id];
    if (n) {
      const k = document.createElement('span');
      k.className = `k ${own[id] ? COLOURS[viewer] : COLOURS[1 - viewer]}`;
      k.setAttribute('aria-hidden', 'true');
      k.textContent = own[id] && theirs[id] ? `${own[id]}/${theirs[id]}` : String(n);
      b.appendChild(k);
    }
  }
  notices(v);
  recordRating(v);
  renderRating();
}

/** The opening roll to show (seat 0's die, seat 1's) until the first play is made. */
function openingShown(v) {
  const h = v.history || [];
  if (!v.openingRolls || !v.openingRolls.length || h.some((e) => !e.roll)) return null;
  const last = v.openingRolls[v.openingRolls.length - 1];
  return last[0] === last[1] ? null : last;
}

function openingLine(v) {
  const o = openingShown(v);
  const rolls = v.openingRolls || [];
  const ties = rolls.filter((r) => r[0] === r[1]);
  if (!o) return v.opening && ties.length ? MSG.openingTie(`${ties[ties.length - 1][0]}`) : '';
  const first = o[0] > o[1] ? 0 : 1;
  let t = MSG.opening(shell.sideName(0), o[0], shell.sideName(1), o[1], shell.sideName(first));
  if (ties.length) t = `${MSG.openingTie(`${ties[ties.length - 1][0]}`)} ${t}`;
  return t;
}

function diceLine(v, dice) {
  // nobody to roll (a room still waiting for its players, a game over): no roll is awaited
  if (v.phase !== 'move' || !dice) return v.phase === 'roll' && v.toMove >= 0 ? (shell.myTurn() ? MSG.rollHint : MSG.waitRoll) : '—';
  return `${v.dice[0]}-${v.dice[1]} · ${MSG.usedDice(dice.filter((d) => !d.used).map((d) => d.v))}`;
}

/** The notice of a pass: a roll with no play, said once per roll. */
function notices(v) {
  const pass = !!shell.mode && v.noPlay && v.last && v.outcome.status === 'ongoing';
  $('pass-line').textContent = pass ? MSG.noPlay(shell.sideName(v.last.seat), v.last.text) : '';
  if (!shell.mode || !v.noPlay || !v.last || v.ply === noticePly) return;
  noticePly = v.ply;
  shell.say(MSG.noPlay(shell.sideName(v.last.seat), v.last.text));
}

/** The button board: the top row 13–24 with the bar, the bottom row 12–1, then the tray. */
function panelRows() {
  const top = [];
  for (let p = 13; p <= 24; p++) {
    top.push({ id: p, name: placeName(p) });
    if (p === 18) top.push({ id: 25, name: CELL.bar });
  }
  const bottom = [];
  for (let p = 12; p >= 1; p--) {
    bottom.push({ id: p, name: placeName(p) });
    if (p === 7) bottom.push({ label: CELL.bar });
  }
  return [top, bottom, [{ id: 0, name: CELL.off, span: true }]];
}

function looks(own, theirs, marks) {
  const viewer = shell.viewer();
  return (id) => {
    let label = id === 25 ? CELL.bar : id === 0 ? CELL.off : CELL.point(id);
    const parts = [];
    if (own[id]) parts.push(CELL.checkers(SIDES[viewer], own[id]));
    if (theirs[id]) parts.push(CELL.checkers(SIDES[1 - viewer], theirs[id]));
    label += `, ${parts.length ? parts.join(', ') : CELL.empty}`;
    const cls = ['dark', 'bgcell'];
    if (marks.rings.has(id)) { cls.push('movable'); label += CELL.movable; }
    if (marks.selected === id) { cls.push('selected'); label += CELL.selected; }
    if (marks.targets.has(id)) { cls.push('target'); label += CELL.target; }
    if (marks.last.has(id)) cls.push('last');
    return { cls, label };
  };
}

// ---- rating ------------------------------------------------------------------------------

const rating = new Rating();

/** Counts a finished game against the AI or online once (per device, seed 003). */
function recordRating(v) {
  if (v.outcome.status !== 'win') return;
  if (shell.mode === 'ai') {
    rating.record(shell.level, `ai:${shell.seed}:${shell.startFen}`, v.outcome.winner === shell.human);
  } else if (shell.online && shell.online.seat >= 0 && shell.online.snap) {
    const snap = shell.online.snap;
    if (snap.status !== 'over') return;
    rating.record('online', `room:${shell.online.room}:${snap.gameNo || 1}`, v.outcome.winner === shell.online.seat);
  }
}

function renderRating() {
  const ul = $('rating');
  ul.textContent = '';
  for (const cat of RATING_CATS) {
    const li = document.createElement('li');
    li.dataset.cat = cat;
    li.textContent = ratingLine(cat, rating.get(cat));
    ul.appendChild(li);
  }
}

// ---- the page ------------------------------------------------------------------------------

const board = new BgBoard($('bg-board'), (c) => shell.tap(c), () => shell.roll());
const scene = {
  squareToScreen: (c) => board.placeToScreen(c),
  setView: () => {},
};
const cells = new CellPanel($('grid'), (c) => shell.tap(c));
const shell = new Shell(page, scene);
$('roll').addEventListener('click', () => shell.roll());
$('step-back').addEventListener('click', stepBack);
shell.start();
