// Errors on a seated player's socket that answer no request of the page (frames something
// else sent over the same socket: a peek at another room, a resume with a bogus token) say
// nothing about the page's seat: its token stays in localStorage, the status line says no
// "room not found", and after a reload the player has the seat again (madang serve's /ws).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

const seated = (page, seat) => page.waitForFunction((k) => {
  const o = window.__madang.online;
  return o && o.seat === k && o.snap && o.snap.status === 'playing' && o.ready();
}, seat, { timeout: 20000 });

test("stray room-not-found and bad-token errors on a player's socket keep the seat", async () => {
  const ctxA = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ctxB = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const pages = [];
  await withShots('room-stray-errors', pages, async () => {
    const a = await openPage(ctxA, `${stack.url}/checkers/`);
    pages.push(a);
    await engineReady(a);
    await a.click('button[data-mode="online"]');
    await a.waitForFunction(() => document.getElementById('room-link').value.includes('?room='));
    const link = await a.inputValue('#room-link');
    const room = new URL(link).searchParams.get('room');
    const b = await openPage(ctxB, link);
    pages.push(b);
    await b.waitForSelector('#join-button:visible');
    await b.click('#join-button');
    await seated(b, 1);
    await seated(a, 0);
    const key = `madang.room.${room}`;
    const token = await b.evaluate((k) => localStorage.getItem(k), key);
    assert.ok(token);

    // two requests the page never made, sent over B's own socket; the server answers each
    // with an error on that socket. The test's listener runs after the page's own handler.
    const codes = await b.evaluate((r) => new Promise((resolve) => {
      const ws = window.__madang.online.ws;
      const got = [];
      const h = (e) => {
        const m = JSON.parse(e.data);
        if (m.type !== 'error') return;
        got.push(m.code);
        if (got.length === 2) {
          ws.removeEventListener('message', h);
          setTimeout(() => resolve(got), 0);
        }
      };
      ws.addEventListener('message', h);
      ws.send(JSON.stringify({ action: 'peek', room: 'nosuchroom00' }));
      ws.send(JSON.stringify({ action: 'resume', room: r, token: 'bogus' }));
    }), room);
    assert.deepEqual(codes.sort(), ['bad-token', 'room-not-found']);

    assert.equal(await b.evaluate((k) => localStorage.getItem(k), key), token);
    assert.doesNotMatch(await b.textContent('#online-status'), /방을 찾을 수 없습니다/);
    assert.equal(await b.evaluate(() => window.__madang.online.seat), 1);
    assert.equal(await b.evaluate(() => window.__madang.online.client.peeking), false);
    assert.equal(await b.isVisible('#join-button'), false);

    // after a reload the seat's token still resumes the seat
    await b.reload();
    await seated(b, 1);
    assert.equal(await b.isVisible('#join-button'), false);
    assert.equal(await b.evaluate((k) => localStorage.getItem(k), key), token);
    for (const p of pages) assert.deepEqual(p.errors, []);
  });
  await ctxA.close();
  await ctxB.close();
});
