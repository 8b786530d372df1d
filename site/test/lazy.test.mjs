// lazy.js without a browser: stand-ins keep the last call of each method until the real
// objects are loaded after the first paint, replay them in order, then pass calls through.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { afterPaint } from '../src/js/lazy.js';

globalThis.requestAnimationFrame = (f) => setTimeout(f, 0);

test('calls before the load are replayed, the last of each method, in the order of those calls', async () => {
  const log = [];
  const make = (name) => ({
    setView(m) { log.push(`${name}.setView(${m})`); },
    draw(x) { log.push(`${name}.draw(${x})`); return `drew ${x}`; },
    squareToScreen(c) { return { c }; },
  });
  const three = afterPaint(async () => ({ scene: make('scene'), board: make('board') }));
  const scene = three.stand('scene');
  const board = three.stand('board');
  assert.equal(scene.squareToScreen(1), undefined, 'no answer before the load');
  board.draw(1);
  scene.setView('top');
  board.draw(2);
  scene.setView('oblique');
  assert.deepEqual(log, [], 'nothing runs before the first paint');
  await three.ready;
  assert.deepEqual(log, ['board.draw(2)', 'scene.setView(oblique)']);
  assert.equal(board.draw(3), 'drew 3');
  assert.deepEqual(scene.squareToScreen(5), { c: 5 });
  assert.equal(log.at(-1), 'board.draw(3)');
});

test('a stand-in is not a thenable', async () => {
  const three = afterPaint(async () => ({ scene: {} }));
  const scene = three.stand('scene');
  assert.equal(scene.then, undefined);
  assert.equal(await Promise.resolve(scene), scene);
  await three.ready;
});

test('a loader may wait for the first call on a stand-in (the render worker starts with the first board)', async () => {
  const log = [];
  let started = false;
  const three = afterPaint(async (firstCall) => {
    await firstCall('board');
    started = true;
    return { scene: { setView(m) { log.push(`setView(${m})`); } }, board: { draw(x) { log.push(`draw(${x})`); } } };
  });
  const scene = three.stand('scene');
  const board = three.stand('board');
  scene.setView('top'); // a call on another stand-in does not start it
  await new Promise((r) => setTimeout(r, 20)); // past the first paint
  assert.equal(started, false, 'started before any board call');
  board.draw(1);
  await three.ready;
  assert.equal(started, true);
  assert.deepEqual(log, ['setView(top)', 'draw(1)']);
});
