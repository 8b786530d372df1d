// The first moves' stand-in for the engine (src/js/first-moves.js) against a fake engine and a
// small table, no browser: what it answers before the engine arrives, what it holds back and
// in which order the engine then hears it, the check, and a disagreement.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FirstMoves, same } from '../src/js/first-moves.js';

/** A table of one start: moves a and b, each leading to a view. */
const table = {
  game: 'g',
  setups: [{
    options: null,
    root: {
      set: { game: 'g', ply: 0, toMove: 0, moves: [{ i: 0, text: 'a' }, { i: 1, text: 'b' }], history: [] },
      next: {
        0: { set: { ply: 1, toMove: 1, moves: [{ i: 0, text: 'c' }], history: [{ text: 'a' }] } },
        1: { set: { ply: 1, moves: [], history: [{ text: 'b' }] }, del: ['toMove'] },
      },
    },
  }],
};

/** A fake engine: answers from views by the log it was asked, once arrive() is called. */
function fakeEngine(answer) {
  let open;
  const gate = new Promise((r) => { open = r; });
  const e = {
    family: 'f',
    asked: [],
    arrive: () => open(),
    ask: async (op, args = {}) => {
      await gate;
      e.asked.push([op, args]);
      return answer(op, args, e);
    },
  };
  return e;
}

/** The engine as the table says it answers: start, and play of each index from the root. */
function honest(op, args, e) {
  const root = table.setups[0].root;
  if (op === 'view') return { ok: true, view: { game: '' } };
  if (op === 'start') { e.at = root; e.view = { ...root.set }; return { ok: true, view: e.view }; }
  if (op === 'play') {
    const n = e.at.next && e.at.next[args.index];
    if (!n) return { ok: true, view: e.view };
    const v = { ...e.view };
    for (const k of n.del || []) delete v[k];
    Object.assign(v, n.set);
    e.at = n;
    e.view = v;
    return { ok: true, view: v };
  }
  return { ok: true, view: e.view, op };
}

test('before the engine: start and play from the table, the rest held back in order', async () => {
  const e = fakeEngine(honest);
  const fm = new FirstMoves(e, table);
  const s = await fm.ask('start', { game: 'g' });
  assert.equal(s.view.moves.length, 2);
  const p = await fm.ask('play', { index: 1 });
  assert.equal(p.view.ply, 1);
  assert.ok(!('toMove' in p.view), 'a field the table deletes is gone');
  assert.deepEqual(e.asked, [], 'the engine heard nothing yet');
  // a read waits without holding back what follows; a move the table lacks holds everything
  const ai = fm.ask('ai', { level: 'beginner' });
  const undo = fm.ask('undo', { plies: 1 });
  const later = fm.ask('start', { game: 'g' }); // tabled, yet after a held request: held too
  e.arrive();
  await Promise.all([ai, undo, later]);
  await fm.synced;
  assert.deepEqual(e.asked.map(([op]) => op), ['view', 'start', 'play', 'ai', 'undo', 'start']);
  assert.deepEqual(e.asked[2][1], { index: 1 }, 'the move played is replayed into the engine');
  assert.equal(fm.done, true);
});

test('a play by text is looked up among the view\'s moves; an offer waits for the engine', async () => {
  const e = fakeEngine(honest);
  const fm = new FirstMoves(e, table);
  await fm.ask('start', { game: 'g' });
  const p = await fm.ask('play', { text: 'a' });
  assert.deepEqual(p.view.history, [{ text: 'a' }]);
  let answered = false;
  const offered = fm.ask('play', { index: 0, offer: true }).then(() => { answered = true; });
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(answered, false);
  e.arrive();
  await offered;
});

test('the wait is said for the player\'s move held for the engine, not for a load the page makes by itself', async () => {
  const e = fakeEngine((op) => ({ ok: true, view: { game: op === 'view' ? '' : 'g' } }));
  const waits = [];
  const fm = new FirstMoves(e, table, () => {}, (arrived) => waits.push(arrived));
  // a room link: the room's snapshot is loaded, no move of the player's in it
  const load = fm.ask('load', { game: 'g', moves: ['a'] });
  const view = fm.ask('view');
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(waits.length, 0, 'a load held for the engine is no move of the player\'s');
  // the player's move past the table: said once, for the first such move
  const mine = fm.ask('play', { index: 0 }, null, { move: true });
  const roll = fm.ask('roll', {}, null, { move: true });
  assert.equal(waits.length, 1);
  assert.equal(waits[0], fm.synced, 'told when the engine is in');
  e.arrive();
  await Promise.all([load, view, mine, roll]);
  assert.deepEqual(e.asked.map(([op]) => op), ['view', 'load', 'view', 'play', 'roll'], 'the engine hears them in order');
  assert.deepEqual(e.asked[3][1], { index: 0 }, 'the engine is not told it was a move');
  assert.equal(waits.length, 1);
});

test('another game, options or a position are not in the table: the engine answers them', async () => {
  const e = fakeEngine(honest);
  const fm = new FirstMoves(e, table);
  let n = 0;
  for (const args of [{ game: 'h' }, { game: 'g', options: { players: 3 } }, { game: 'g', fen: 'x' }]) {
    fm.ask('start', args).then(() => { n++; });
  }
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(n, 0);
  e.arrive();
  await fm.synced;
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(n, 3);
});

test('an engine that disagrees: the page hears it with the engine\'s start', async () => {
  const e = fakeEngine((op, args, eng) => {
    const a = honest(op, args, eng);
    if (op === 'start') a.view = { ...a.view, moves: [{ i: 0, text: 'a' }] };
    return a;
  });
  const got = [];
  const errors = [];
  const err = console.error;
  console.error = (m) => errors.push(m);
  try {
    const fm = new FirstMoves(e, table, (a) => got.push(a));
    await fm.ask('start', { game: 'g' });
    await fm.ask('play', { index: 0 });
    e.arrive();
    await fm.synced;
    assert.equal(got.length, 1);
    assert.equal(got[0].view.ply, 0);
    assert.match(errors.join('\n'), /disagree with the engine \(the start\)/);
    assert.equal(fm.game, null);
  } finally {
    console.error = err;
  }
});

test('same: deep equality whatever the order of keys', () => {
  assert.ok(same({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] }));
  assert.ok(!same({ a: [1, 2] }, { a: [2, 1] }));
  assert.ok(!same({ a: 1 }, { a: 1, b: 2 }));
  assert.ok(!same([], {}));
});

test('a table given as a function is read once, in a task after the first request, the requests kept in order', async () => {
  const e = fakeEngine(honest);
  let reads = 0;
  const fm = new FirstMoves(e, () => { reads++; return table; });
  assert.equal(reads, 0);
  const s = fm.ask('start', { game: 'g' });
  const p = fm.ask('play', { index: 0 });
  assert.equal(reads, 0, 'not in the task that asked');
  const [a, b] = await Promise.all([s, p]);
  assert.equal(reads, 1);
  assert.equal(a.view.ply, 0);
  assert.equal(b.view.ply, 1);
  assert.deepEqual(e.asked, []);
  e.arrive();
  await fm.synced;
  assert.deepEqual(e.asked.map(([op]) => op), ['view', 'start', 'play']);
});

/** A table of a game that starts with a roll: tabled seeds 5 and 6. */
const diceTable = {
  game: 'd',
  setups: [{
    options: null,
    root: {
      set: { game: 'd', ply: 0, phase: 'roll', moves: [], history: [] },
      rolls: [5, 6].map((seed) => ({
        seed,
        dice: [seed - 4, seed - 3],
        node: { set: { ply: 1, phase: 'move', history: [{ text: `r${seed}`, roll: true }] } },
      })),
    },
  }],
};

/** The engine of diceTable: start (its seed kept), roll by that seed, load. */
function diceEngine(op, args, e) {
  const root = diceTable.setups[0].root;
  if (op === 'view') return { ok: true, view: { game: '' } };
  if (op === 'start') { e.seed = args.seed; e.view = { ...root.set }; return { ok: true, view: e.view }; }
  if (op === 'roll') {
    const r = root.rolls.find((x) => x.seed === e.seed);
    e.view = { ...e.view, ...r.node.set };
    return { ok: true, view: e.view, dice: r.dice };
  }
  return { ok: true, view: e.view };
}

test('a dice game: the start\'s seed is answered from the table, and the tabled seed rolled is the game\'s from then on', async () => {
  const e = fakeEngine(diceEngine);
  const fm = new FirstMoves(e, diceTable);
  const s = await fm.ask('start', { game: 'd', seed: 12345 });
  assert.equal(s.view.phase, 'roll');
  const r = await fm.ask('roll');
  assert.ok([5, 6].includes(r.seed), 'the roll names the tabled seed it rolled');
  e.arrive();
  await fm.synced;
  const load = e.asked.find(([op]) => op === 'load');
  assert.equal(load[1].seed, r.seed, 'loaded again with the tabled seed rolled, not the clock');
});

test('a dice game: a start\'s tabled seed rolls that seed; with no roll from the table the game is loaded with the start\'s seed', async () => {
  let e = fakeEngine(diceEngine);
  let fm = new FirstMoves(e, diceTable);
  await fm.ask('start', { game: 'd', seed: 6 });
  assert.equal((await fm.ask('roll')).seed, 6);
  e = fakeEngine(diceEngine);
  fm = new FirstMoves(e, diceTable);
  await fm.ask('start', { game: 'd', seed: 777 });
  e.arrive();
  await fm.synced;
  assert.equal(e.asked.find(([op]) => op === 'load')[1].seed, 777);
});
