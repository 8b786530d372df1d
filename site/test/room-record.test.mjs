// An online room as its people see it: the record marks draw offers, a spectator sees what it
// can do (and nothing it cannot), and an opponent's disconnect shows under the board.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

test('checkers online: the record marks draw offers, a spectator sees what it can do, a disconnect shows under the board', async () => {
  const ctxA = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ctxB = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ctxC = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const a = await openPage(ctxA, `${stack.url}/checkers/`);
  const pages = [a];
  const ply = (p, n) => p.waitForFunction((k) => window.__madang.view && window.__madang.view.ply === k && window.__madang.online.snap && window.__madang.online.snap.ply === k, n, { timeout: 20000 });
  await withShots('online-offers', pages, async () => {
    await engineReady(a);
    await a.click('button[data-mode="online"]');
    await a.waitForFunction(() => document.getElementById('room-link').value.includes('?room='));
    const link = await a.inputValue('#room-link');
    const b = await openPage(ctxB, link);
    pages.push(b);
    await b.waitForSelector('#join-button:visible');
    await b.click('#join-button');
    await a.waitForFunction(() => window.__madang.online.snap && window.__madang.online.snap.status === 'playing' && window.__madang.view.moves.length > 0);
    const c = await openPage(ctxC, link);
    pages.push(c);
    await c.waitForSelector('#join-button:visible');
    await c.click('#join-button');
    await c.waitForFunction(() => window.__madang.online && window.__madang.online.seat === -1 && window.__madang.view && window.__madang.online.snap);

    // A offers a draw with its first move; B declines by moving
    await a.click('#offer-draw');
    await a.click('#moves button >> nth=0');
    await ply(b, 1);
    await b.waitForSelector('#accept-draw-board:visible');
    await b.click('#moves button >> nth=0');
    for (const p of [a, b, c]) {
      await ply(p, 2);
      const rec = await p.$$eval('#history li', (ls) => ls.map((l) => l.textContent));
      assert.equal(rec.length, 2);
      assert.match(rec[0], /\(무승부 제안\)$/, `record of page ${pages.indexOf(p)}: ${rec}`);
      assert.doesNotMatch(rec[1], /무승부/);
    }

    // the spectator: no playing controls, a heading and hint for watching
    assert.notEqual(await c.textContent('#panel-title'), '버튼으로 두기');
    assert.match(await c.textContent('#panel-title'), /판 읽기/);
    assert.match(await c.textContent('#panel-hint'), /관전 중에는 둘 수 없습니다/);
    assert.doesNotMatch(await c.textContent('#panel-hint'), /말을 고른 뒤/);
    assert.notEqual(await c.textContent('#moves-title'), '둘 수 있는 수');
    for (const sel of ['#offer-draw', '#undo', '#restart', '#resign', '#accept-draw']) {
      assert.equal(await c.isVisible(sel), false, `${sel} shown to a spectator`);
    }
    assert.equal(await c.isVisible('#back-to-menu'), true);
    // the players still have theirs
    assert.equal(await a.textContent('#panel-title'), '버튼으로 두기');
    assert.equal(await a.isVisible('#offer-draw'), true);

    // B's connection goes: A and the spectator read it in the status line under the board
    await ctxB.close();
    await a.waitForFunction(() => /상대의 연결이 끊겼습니다/.test(document.getElementById('turn').textContent), null, { timeout: 20000 });
    await c.waitForFunction(() => /백의 연결이 끊겼습니다/.test(document.getElementById('turn').textContent), null, { timeout: 20000 });
    assert.match(await a.textContent('#turn'), /내 차례입니다/);
    for (const p of [a, c]) assert.deepEqual(p.errors, []);
  });
  await ctxA.close();
  await ctxC.close();
});
