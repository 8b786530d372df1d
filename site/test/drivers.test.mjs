// The shell's local driver (src/js/local-driver.js) and a page's selection
// (src/js/selection.js) against a fake shell and engine, no browser: what the driver answers
// the shell for a game against the AI and on one device, the AI's turn played through the
// engine, and when a selection survives a new view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LocalDriver } from '../src/js/local-driver.js';
import { Selection } from '../src/js/selection.js';
import { MSG, ROOM } from '../src/js/text.js';

/** A shell as the driver uses it: views set, things said, the engine's answers scripted. */
function fakeShell(answers = {}) {
  const sh = {
    human: 1,
    level: 'beginner',
    seed: 7,
    gen: 0,
    thinking: false,
    view: null,
    views: [],
    said: [],
    asked: [],
    saved: { writes: [], write(shell, v) { this.writes.push(v); } },
    page: {},
    engine: {
      ask: async (op, args) => {
        sh.asked.push([op, args]);
        const a = answers[op];
        return typeof a === 'function' ? a(args) : a;
      },
    },
    setView(v) { sh.view = v; sh.views.push(v); },
    say(text) { sh.said.push(text); },
    render() {},
  };
  return sh;
}

const view = (o) => ({ toMove: 0, ply: 0, phase: 'move', history: [], outcome: { status: 'ongoing' }, ...o });

test('against the AI: my seat moves, the board is seen from it, the other side is the AI', () => {
  const sh = fakeShell();
  const d = new LocalDriver(sh, 'ai');
  sh.driver = d;
  assert.equal(d.mode, 'ai');
  assert.equal(d.onDevice, true);
  assert.equal(d.canMove(1), true);
  assert.equal(d.canMove(0), false);
  assert.equal(d.viewer(), 1);
  assert.equal(d.spectating(), false);
  assert.equal(d.sideName(1, '백'), `${ROOM.me}(백)`);
  assert.equal(d.sideName(0, '흑'), 'AI(흑)');
  assert.equal(d.other, 'AI');
  assert.equal(d.waitText, MSG.aiToMove);
  assert.equal(d.refuseTap(), MSG.notYourTurn);
  assert.equal(d.leaveText, ROOM.leaveLocal);
  // undo only once I have moved; in progress once a move is made and until the end
  assert.equal(d.canUndo(view({ ply: 1, history: [{ seat: 0 }] })), false);
  assert.equal(d.canUndo(view({ ply: 2, history: [{ seat: 0 }, { seat: 1 }] })), true);
  assert.equal(d.inProgress(view({ ply: 0 })), false);
  assert.equal(d.inProgress(view({ ply: 3 })), true);
  assert.equal(d.inProgress(view({ ply: 3, outcome: { status: 'win' } })), false);
});

test('on one device: every seat moves from here, the colours alone, no one to wait for', () => {
  const sh = fakeShell();
  const d = new LocalDriver(sh, 'local');
  assert.equal(d.canMove(0), true);
  assert.equal(d.canMove(1), true);
  assert.equal(d.viewer(), 0);
  assert.equal(d.sideName(0, '흑'), '흑');
  assert.equal(d.other, '', 'the turn line names the colour alone');
  assert.equal(d.waitText, MSG.opponentToMove);
  assert.equal(d.refuseTap(), '');
  assert.equal(d.canUndo(view({ ply: 1, history: [{ seat: 0 }] })), true);
  assert.equal(d.turnLine(), null);
  assert.equal(d.awayLine(), '');
});

test('every view shown is kept on the device', () => {
  const sh = fakeShell();
  const d = new LocalDriver(sh, 'local');
  const v = view({ ply: 4 });
  d.shown(v);
  assert.deepEqual(sh.saved.writes, [v]);
});

test('a move against the AI: played by the engine, then the AI chooses and plays, declining my offer', async () => {
  const after = view({ toMove: 0, ply: 1 });
  const back = view({ toMove: 1, ply: 2 });
  const sh = fakeShell({
    play: (a) => (a.index === 3 ? { ok: true, view: after } : { ok: true, view: back }),
    ai: { ok: true, choice: { index: 5, offer: false, accept: false } },
  });
  const d = new LocalDriver(sh, 'ai');
  sh.driver = d;
  sh.view = view({ toMove: 1 });
  await d.play({ i: 3 }, true);
  assert.deepEqual(sh.asked.map(([op]) => op), ['play', 'ai', 'play']);
  assert.deepEqual(sh.asked[0][1], { index: 3, offer: true });
  assert.deepEqual(sh.asked[1][1], { level: 'beginner', seed: 7 + 1 });
  assert.deepEqual(sh.asked[2][1], { index: 5, offer: false });
  assert.deepEqual(sh.views, [after, back]);
  assert.deepEqual(sh.said, [MSG.aiDeclined]);
  assert.equal(sh.thinking, false);
});

test('a refused move is said with the page\'s refusal, nothing else happens', async () => {
  const sh = fakeShell({ play: { ok: false, error: 'hands-win' } });
  sh.page.refusal = (code) => (code === 'hands-win' ? '넘겨주는 수' : '');
  const d = new LocalDriver(sh, 'ai');
  sh.driver = d;
  sh.view = view({ toMove: 1 });
  await d.play({ i: 0, route: '1.1-2.2' }, false);
  assert.deepEqual(sh.asked, [['play', { text: '1.1-2.2', offer: false }]]);
  assert.deepEqual(sh.said, ['넘겨주는 수']);
  assert.deepEqual(sh.views, []);
});

test('the AI does not move for a driver that is no longer playing, nor on my turn', async () => {
  const sh = fakeShell({ ai: { ok: true, choice: { index: 0 } } });
  const d = new LocalDriver(sh, 'ai');
  sh.view = view({ toMove: 0 });
  sh.driver = null; // the page went back to the menu
  await d.next();
  sh.driver = d;
  sh.view = view({ toMove: 1 });
  await d.next();
  assert.deepEqual(sh.asked, []);
});

test('undo against the AI goes back to my seat; on one device one ply', async () => {
  for (const [mode, want] of [['ai', { toSeat: 1 }], ['local', { plies: 1 }]]) {
    const sh = fakeShell({ undo: { ok: true, view: view({ toMove: 1 }) } });
    const d = new LocalDriver(sh, mode);
    sh.driver = d;
    await d.undo();
    assert.deepEqual(sh.asked[0], ['undo', want], mode);
    assert.equal(sh.gen, 1, mode);
  }
});

test('resigning: against the AI my seat, on one device the side to move', async () => {
  for (const [mode, want] of [['ai', 1], ['local', 0]]) {
    const sh = fakeShell({ resign: { ok: true, view: view({ outcome: { status: 'win' } }) } });
    const d = new LocalDriver(sh, mode);
    await d.resign(view({ toMove: 0 }));
    assert.deepEqual(sh.asked[0], ['resign', { seat: want }], mode);
  }
});

test('a selection survives a view of the same position and goes with another, or when cleared', () => {
  const s = new Selection((a, b) => a.fen === b.fen && a.ply === b.ply);
  s.follow({ fen: 'x', ply: 2 });
  s.value = { from: 9 };
  s.follow({ fen: 'x', ply: 2, spectators: 1 });
  assert.deepEqual(s.value, { from: 9 }, 'same position: kept');
  s.follow({ fen: 'y', ply: 3 });
  assert.equal(s.value, null, 'another position: dropped');
  s.value = { from: 4 };
  s.clear();
  assert.equal(s.value, null);
  // the first view drawn drops whatever was selected before it
  const t = new Selection(() => true);
  t.value = { from: 1 };
  t.follow({ fen: 'x', ply: 0 });
  assert.equal(t.value, null);
});
