// The checkers/draughts page (seed 001) on the shared shell: the ruleset choice, the board
// of squares, the cell panel's labels, the facts (pieces left, draw counters) and the
// selection: a piece, then its landing square, or each stop of a capture in turn. Which
// moves exist, and their paths, the engine says; this file only matches taps to them.
import { Shell } from '../shell.js';
import { board3D } from '../board3d.js';
import { CellPanel } from '../cell-panel.js';
import { Selection } from '../selection.js';
import { TITLE } from '../titles.js';
import {
  SIDES, MSG, CELL, resultText, spoken, countText, countersText, counterWarning,
} from './text.js';

const $ = (id) => document.getElementById(id);

/** The piece picked and the stops of a capture tapped so far ({from, prefix}); kept while the
 * position drawn stays the same. */
const selection = new Selection((a, b) => a.fen === b.fen && a.ply === b.ply && a.toMove === b.toMove);

const page = {
  family: 'draughts',
  games: ['checkers', 'draughts'],
  game: document.body.dataset.game === 'draughts' ? 'draughts' : 'checkers',
  drawOffers: true,
  // game records: PDN (site/wasm/draughts/cmd/records); a move losing a man's worth (100
  // centi-men) in the engine's view is marked in review
  record: {
    seatTag: (game, seat) => (SIDES[game][seat] === '흑' ? 'Black' : 'White'),
    lossThreshold: () => 100,
  },

  setGame(game) {
    for (const r of document.querySelectorAll('input[name=ruleset]')) r.checked = r.value === game;
    document.title = `${TITLE[game]} — 마당`;
    document.querySelector('.page-title').textContent = TITLE[game];
  },

  colour: (game, seat) => SIDES[game][seat],
  names: (game) => ({ game: TITLE[game], seats: 2 }),
  resultText,
  spoken,
  // the capture rule binds the side to move: said to it, not to the one waiting
  turnNote: (v) => (v.capture && shell.myTurn() ? ` ${MSG.captureOnly}.` : ''),
  selection,
  focusBoard: () => cells.focusCurrent(),

  draw(v, o) {
    selection.follow(v);
    const flip = o.viewer === 1;
    board.setBoard(v.size, v.squares, flip, SIDES[v.game].indexOf('흑'));
    cells.build(`${v.size}:${flip}`, rows(v.size, v.squares, flip));
    const mk = marks();
    let shown = v.board;
    if (selection.value && selection.value.prefix.length > 1) {
      // a partial capture: show the piece at its current stop
      shown = v.board.slice();
      const at = selection.value.prefix[selection.value.prefix.length - 1];
      shown[at] = v.board[selection.value.from];
      if (at !== selection.value.from) shown[selection.value.from] = 0;
      mk.selected = at;
    }
    board.draw(shown, { ...mk, animate: o.animate });
    cells.update(labels(v.game, shown, mk));
    $('cancel-capture').hidden = !(selection.value && selection.value.prefix.length > 1);
    const near = (v.counters || []).filter((c) => c.rule !== 'threefold' && c.pliesLeft <= 10);
    const w = $('counter-warning');
    w.hidden = near.length === 0;
    if (near.length) w.textContent = counterWarning(Math.min(...near.map((c) => c.pliesLeft)));
    $('fact-count').textContent = countText(v.game, v.count);
    $('fact-counter').textContent = countersText(v.counters);
  },

  tap,
};

/** The cell panel's rows: the board as the viewer sees it, far edge first. */
function rows(size, squares, flip) {
  const at = new Map(squares.map((s) => [`${s.x},${s.y}`, s]));
  const out = [];
  for (let r = 0; r < size; r++) {
    const line = [];
    for (let c = 0; c < size; c++) {
      const x = flip ? size - 1 - c : c;
      const y = flip ? r : size - 1 - r;
      const s = at.get(`${x},${y}`);
      line.push(s ? { id: s.sq, name: s.name } : { label: CELL.light });
    }
    out.push(line);
  }
  return out;
}

/** Each dark square's look and Korean label: 'c3, 흑 말, 선택됨'. */
function labels(game, shown, marks) {
  const sides = SIDES[game];
  const dots = new Set(marks.dots || []);
  const rings = new Set(marks.rings || []);
  const capt = new Set(marks.capturable || []);
  const lastPath = new Set((marks.last && marks.last.path) || []);
  const name = new Map(shell.view.squares.map((s) => [s.sq, s.name]));
  return (sq) => {
    const p = shown[sq];
    const seat = p ? (p <= 2 ? 0 : 1) : -1;
    const king = p === 2 || p === 4;
    let label = `${name.get(sq)}, `;
    label += p ? `${sides[seat]} ${king ? CELL.king : CELL.man}` : CELL.empty;
    const cls = ['dark'];
    if (p) cls.push(sides[seat] === '흑' ? 'black' : 'white', king ? 'king' : 'man');
    if (marks.selected === sq) { cls.push('selected'); label += CELL.selected; }
    if (capt.has(sq)) { cls.push('capturable'); label += CELL.capturable; }
    if (dots.has(sq)) { cls.push('target'); label += CELL.target; }
    if (rings.has(sq)) { cls.push('final'); label += CELL.final; }
    if (lastPath.has(sq)) cls.push('last');
    return { cls, label };
  };
}

/** The legal moves of the selected piece with the landing paths that go through the stops
 * tapped so far: [{m, paths}] (a flying king may reach a stop along several paths). */
function candidates() {
  const v = shell.view;
  const sel = selection.value;
  if (!sel || !v) return [];
  const pre = sel.prefix;
  const out = [];
  for (const m of v.moves) {
    if (m.from !== sel.from) continue;
    const paths = (m.paths && m.paths.length ? m.paths : [m.path]).filter((p) => p.length >= pre.length && pre.every((s, i) => p[i] === s));
    if (paths.length) out.push({ m, paths });
  }
  return out;
}

/** What the board marks: the last move, and in my turn the pieces that must capture, the
 * selection, the next stops (dots) and the final squares (rings). */
function marks() {
  const v = shell.view;
  const sel = selection.value;
  const m = { last: v.last };
  if (!shell.myTurn()) return m;
  if (v.capture) {
    m.capturable = [...new Set(v.moves.map((x) => x.from))].filter((sq) => !sel || sq !== sel.from);
  }
  if (sel) {
    const k = sel.prefix.length;
    m.selected = sel.prefix[k - 1] === sel.from ? sel.from : null;
    if (k > 1) m.selected = null;
    const c = candidates();
    m.dots = [...new Set(c.flatMap((x) => x.paths.filter((p) => p.length > k).map((p) => p[k])))];
    m.rings = [...new Set(c.filter((x) => x.paths.some((p) => p.length > k + 1) || x.m.from === x.m.to).map((x) => x.m.to))];
  }
  return m;
}

/** A tap on dark square sq in my turn (null: off the board, 0: a light square). */
function tap(sq) {
  const v = shell.view;
  const sel = selection.value;
  const select = (from) => { selection.value = from == null ? null : { from, prefix: [from] }; shell.render(); };
  if (sq === null) {
    if (sel && sel.prefix.length === 1) select(null);
    return undefined;
  }
  const p = v.board[sq];
  const own = p && (p <= 2 ? 0 : 1) === v.toMove;
  const movesFrom = (s) => v.moves.filter((m) => m.from === s);
  // a capture refused while captures are due: under the majority rule (view.most) it may be
  // a shorter one, which the player is told
  const mustCapture = () => shell.say(v.most > 1 ? MSG.mostCapture(v.most) : MSG.mustCapture);
  if (!sel) {
    if (own && movesFrom(sq).length) return select(sq);
    if (own && v.capture) return mustCapture();
    if (own) return shell.say(MSG.cannotMove);
    if (p) return shell.say(MSG.notYourPiece);
    return undefined;
  }
  const k = sel.prefix.length;
  const cands = candidates();
  if (k === 1 && sq === sel.from) {
    const ring = cands.filter((c) => c.m.to === sq);
    if (ring.length === 1) return shell.play(ring[0].m);
    return select(null);
  }
  // the next stop along some path: play when one move remains, else wait for more stops
  const next = cands.filter((c) => c.paths.some((q) => q[k] === sq));
  if (next.length === 1) return shell.play(next[0].m);
  if (next.length > 1) {
    sel.prefix.push(sq);
    shell.render();
    return undefined;
  }
  // the final stop tapped first works when only one move ends there
  const finals = cands.filter((c) => c.m.to === sq);
  if (finals.length === 1) return shell.play(finals[0].m);
  if (finals.length > 1) return shell.say(MSG.pickStop);
  if (k === 1 && own) {
    if (movesFrom(sq).length) return select(sq);
    if (v.capture) return mustCapture();
    return shell.say(MSG.cannotMove);
  }
  if (k === 1) {
    select(null);
    if (p && !own) return shell.say(MSG.notYourPiece);
  }
  // a landing no legal capture has: a shorter capture under the majority rule
  if (v.most > 1) return shell.say(MSG.mostCapture(v.most));
  return undefined;
}

// three.js and the board after the first paint (board3d.js): the page's text first; without
// WebGL the note stands in the board's place and the button board plays alone
const { scene, board } = board3D({
  canvas: $('board3d'),
  onTap: (sq) => shell.tap(sq),
  loadBoard: () => import('../boards/squares.js').then((m) => m.SquaresBoard),
  // the side the board is seen from is setBoard's third argument
  flipOf: (method, args, flip) => (method === 'setBoard' ? !!args[2] : flip),
});
const cells = new CellPanel($('grid'), (sq) => shell.tap(sq));
const shell = new Shell(page, scene);

for (const r of document.querySelectorAll('input[name=ruleset]')) {
  r.addEventListener('change', () => {
    if (!r.checked) return;
    shell.setGame(r.value);
    if (!shell.mode) shell.preview();
  });
}
$('cancel-capture').addEventListener('click', () => { selection.value = null; shell.render(); });
shell.start();
