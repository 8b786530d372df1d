// The practice boards of the chinese-checkers guide (src/js/guide/practice.js):
// the move rules on the patch (seed 004), the line task's check, the races' fewest moves by
// breadth-first search (hand-counted: the worked position's A→E is one move of two jumps);
// then in Chromium, on the built /chinese-checkers/ page whose guide carries the boards: each
// board accepts a right answer and refuses a wrong one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TASKS, board, destinations, solve, checkLine, key } from '../src/js/guide/practice.js';
import { startStack, withShots, openPage, engineReady } from './harness.mjs';

const site = join(dirname(fileURLToPath(import.meta.url)), '..');

test('moves: a step to an empty neighbour; a chain of jumps over single adjacent pieces, any colour; never back to the start', () => {
  const t = TASKS.worked;
  const b = board(t.rows);
  const occ = new Set([...t.mine, ...t.others]);
  const d = destinations(b, occ, key(-4, 0));
  assert.deepEqual(d.steps, []); // B is next to A
  assert.deepEqual(d.jumps, [key(0, 0), key(4, 0)]); // C, then E over D
  // on a line of two adjacent pieces a jump is impossible; the start is never a landing
  const line = board([[0, [-4, -2, 0, 2, 4]]]);
  assert.deepEqual(destinations(line, new Set([key(-4, 0), key(-2, 0), key(0, 0)]), key(-4, 0)).jumps, []);
  const ring = board([[0, [-2, 0, 2]], [1, [-1, 1]], [2, [0]]]);
  // a triangle: from (-2,0) over (0,0) to (2,0), over (1,1) to (0,2), over (-1,1) back home: not a landing
  const r = destinations(ring, new Set([key(-2, 0), key(0, 0), key(1, 1), key(-1, 1)]), key(-2, 0));
  assert.deepEqual(r.jumps, [key(2, 0), key(0, 2)]);
});

test('the line task: two jumps and a blocked landing, and each wrong shape told why', () => {
  const pts = board(TASKS.line.rows).points;
  const at = (...i) => new Set(i.map((n) => pts[n]));
  assert.equal(checkLine(pts, at(1, 3, 5, 6)).ok, true);
  assert.equal(checkLine(pts, at(1, 3, 5, 6, 8)).ok, true);
  assert.match(checkLine(pts, at(3, 5, 6)).why, /1번 점/);
  assert.match(checkLine(pts, at(1, 2, 3, 5, 6)).why, /2번 점/);
  assert.match(checkLine(pts, at(1, 3)).why, /넘을 말이 없을 뿐/);
  assert.match(checkLine(pts, at(1, 3, 5)).why, /6번 점이 비어/);
  assert.match(checkLine(pts, at(1, 3, 4, 5, 6)).why, /4번 점/);
});

test('the races: fewest moves by search, and which first moves keep them', () => {
  // one piece two steps from a one-hole goal on a line: 2 moves; next to it: 1
  const b = board([[0, [-4, -2, 0]]]);
  const s = solve(b, new Set([key(0, 0)]));
  assert.equal(s.distance(new Set([key(-4, 0)])), 2);
  assert.equal(s.distance(new Set([key(-2, 0)])), 1);
  for (const id of ['stone', 'entry']) {
    const t = TASKS[id];
    const rb = board(t.rows);
    assert.equal(rb.points.length, 22, id);
    const rs = solve(rb, new Set(t.goal));
    const start = new Set(t.mine);
    const best = rs.distance(start);
    assert.ok(best > 0, id);
    const firsts = [];
    for (const p of start) {
      const d = destinations(rb, start, p);
      for (const q of [...d.steps, ...d.jumps]) {
        const n = new Set(start);
        n.delete(p);
        n.add(q);
        const left = rs.distance(n);
        assert.ok(left >= best - 1, 'a move gains at most one'); // the search is consistent
        if (left === best - 1) firsts.push(`${p}>${q}`);
      }
    }
    assert.ok(firsts.length >= 1 && firsts.length <= 3, `${id}: the right first moves are few (${firsts.join(' ')})`);
    TASKS[id].rightFirst = firsts; // for the browser part
    TASKS[id].best = best;
  }
  // the stone task: its right first moves are steps beside the middle piece (the stepping stone)
  assert.deepEqual(TASKS.stone.rightFirst.sort(), [`${key(-2, 0)}>${key(-1, 1)}`, `${key(2, 0)}>${key(1, 1)}`].sort());
  assert.equal(TASKS.stone.best, 9);
});

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

/** The built /chinese-checkers/ page, its guide's four practice boards drawn by the built
 * module (the fragment's <script src="/assets/practice.js">, hashed by the build). */
async function practicePage(ctx) {
  const fragment = readFileSync(join(site, 'src/guide/chinese-checkers.html'), 'utf8');
  assert.equal((fragment.match(/data-practice=/g) || []).length, 4, 'the guide mounts four boards');
  assert.match(fragment, /<script type="module" src="\/assets\/practice\.js"><\/script>/);
  const page = await openPage(ctx, `${stack.url}/chinese-checkers/`);
  assert.equal(await page.evaluate(() => document.body.dataset.game), 'chinese-checkers');
  const module = readdirSync(join(site, 'dist/assets')).find((f) => /^practice-[A-Z0-9]{8}\.js$/.test(f));
  assert.equal(await page.locator(`#guide script[src="/assets/${module}"]`).count(), 1, 'the page loads the built practice module');
  assert.equal(await page.locator('#guide [data-practice]').count(), 4);
  // every board drawn (its points are buttons the module makes), and the game part above
  // settled (the engine's menu, the 3D board loaded after the first paint), so the layout no
  // longer moves under a click
  await page.waitForFunction(() => [...document.querySelectorAll('#guide [data-practice]')].every((b) => b.querySelector('[data-point]')), null, { timeout: 30000 });
  await engineReady(page);
  await page.waitForFunction(() => document.body.dataset.scene === 'ready', null, { timeout: 30000 });
  return page;
}
const status = (page, id) => page.locator(`[data-practice="${id}"] .practice-status`);
const pt = (page, id, k) => page.locator(`[data-practice="${id}"] [data-point="${k}"]`);

test('browser: the worked position takes A to E and keeps B and D; stopping at C is refused', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await practicePage(ctx);
  await withShots('practice-worked', [page], async () => {
    await pt(page, 'worked', key(-4, 0)).click();
    await pt(page, 'worked', key(0, 0)).click(); // C: a legal landing, not the answer
    await page.waitForFunction(() => document.querySelector('[data-practice="worked"] .practice-status').dataset.kind === 'no');
    assert.match(await status(page, 'worked').textContent(), /C 점에서 멈췄습니다/);
    assert.equal(await pt(page, 'worked', key(-4, 0)).getAttribute('data-who'), 'mine', 'the piece is back on A');
    await pt(page, 'worked', key(-4, 0)).click();
    await pt(page, 'worked', key(4, 0)).click();
    assert.match(await status(page, 'worked').textContent(), /^맞습니다/);
    for (const k of [key(-2, 0), key(2, 0)]) assert.equal(await pt(page, 'worked', k).getAttribute('data-who'), 'other');
    assert.equal(await pt(page, 'worked', key(4, 0)).getAttribute('data-who'), 'mine');
  });
  await ctx.close();
});

test('browser: the line task refuses a wrong shape and accepts a right one', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await practicePage(ctx);
  await withShots('practice-line', [page], async () => {
    const pts = board(TASKS.line.rows).points;
    for (const i of [1, 3, 5]) await pt(page, 'line', pts[i]).click();
    await page.click('[data-practice="line"] button:has-text("확인")');
    assert.match(await status(page, 'line').textContent(), /6번 점이 비어/);
    assert.equal(await status(page, 'line').getAttribute('data-kind'), 'no');
    await pt(page, 'line', pts[6]).click();
    await page.click('[data-practice="line"] button:has-text("확인")');
    assert.equal(await status(page, 'line').getAttribute('data-kind'), 'ok');
  });
  await ctx.close();
});

test('browser: the races refuse a move off the fewest and accept the right ones', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await practicePage(ctx);
  await withShots('practice-races', [page], async () => {
    // stone: pushing the middle piece up-left is legal but costs a move
    await pt(page, 'stone', key(0, 0)).click();
    await pt(page, 'stone', key(-1, 1)).click();
    await page.waitForFunction(() => document.querySelector('[data-practice="stone"] .practice-status').dataset.kind === 'no', null, { timeout: 30000 });
    assert.match(await status(page, 'stone').textContent(), /가장 적은 수는 9수/);
    assert.equal(await pt(page, 'stone', key(0, 0)).getAttribute('data-who'), 'mine', 'the refused move is taken back');
    await pt(page, 'stone', key(-2, 0)).click();
    await pt(page, 'stone', key(-1, 1)).click();
    assert.equal(await status(page, 'stone').getAttribute('data-kind'), 'ok');
    // entry: play a whole shortest sequence found by the same search, after one refused move
    const t = TASKS.entry;
    const rb = board(t.rows);
    const rs = solve(rb, new Set(t.goal));
    await pt(page, 'entry', key(-2, 4)).click();
    await pt(page, 'entry', key(-1, 5)).click(); // deeper first: legal, but one move too many here
    await page.waitForFunction(() => document.querySelector('[data-practice="entry"] .practice-status').dataset.kind === 'no', null, { timeout: 30000 });
    let pos = new Set(t.mine);
    for (let left = rs.distance(pos); left > 0; left--) {
      let step = null;
      for (const p of pos) {
        for (const q of Object.values(destinations(rb, pos, p)).flat()) {
          const n = new Set(pos);
          n.delete(p);
          n.add(q);
          if (!step && rs.distance(n) === left - 1) step = [p, q, n];
        }
      }
      await pt(page, 'entry', step[0]).click();
      await pt(page, 'entry', step[1]).click();
      pos = step[2];
    }
    assert.match(await status(page, 'entry').textContent(), /^맞습니다\. 6수 만에/);
    await page.screenshot({ path: join(site, 'test-results', 'guide', 'practice-1280.png'), fullPage: true });
  });
  await ctx.close();
});
