// A tab the room lets go for newer tabs of the same seat (PROTOCOL.md: a seat's fifth socket
// drops its oldest, which gets the error `replaced` and no more states) says so, and the
// notice stays until a reload: the game started meanwhile, so its old waiting room must not
// look current (madang serve's /ws).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

const REPLACED = /이 창으로는 방 소식을 더 받지 않/;

test('a tab pushed out by newer tabs of its seat keeps saying so until reloaded', async () => {
  const ctxA = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ctxB = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const pages = [];
  await withShots('room-replaced', pages, async () => {
    const a = await openPage(ctxA, `${stack.url}/checkers/`);
    pages.push(a);
    await engineReady(a);
    await a.click('button[data-mode="online"]');
    await a.waitForFunction(() => document.getElementById('room-link').value.includes('?room='));
    await a.waitForFunction(() => window.__madang.online.snap && window.__madang.online.ready());
    const link = await a.inputValue('#room-link');
    const room = new URL(link).searchParams.get('room');
    // the room's first view is drawn once the engine has replayed its snapshot (Shell.playRoom)
    await a.waitForFunction(() => /기다리는 중/.test(document.getElementById('turn').textContent), null, { timeout: 20000 });

    // four newer "tabs" of A's seat (sockets resuming with its token) push A's page out
    await a.evaluate(async (r) => {
      const token = localStorage.getItem(`madang.room.${r}`);
      const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
      window.__tabs = [];
      for (let i = 0; i < 4; i++) {
        const ws = new WebSocket(url);
        window.__tabs.push(ws);
        await new Promise((ok, fail) => { ws.onopen = ok; ws.onerror = fail; });
        await new Promise((ok) => {
          ws.onmessage = (e) => { if (JSON.parse(e.data).type === 'state') ok(); };
          ws.send(JSON.stringify({ action: 'resume', room: r, token, id: 1 }));
        });
      }
    }, room);
    await a.waitForFunction((src) => new RegExp(src).test(document.getElementById('online-status').textContent), REPLACED.source, { timeout: 20000 });
    assert.equal(await a.evaluate(() => window.__madang.online.ready()), false);

    // the game starts without the pushed-out tab hearing of it
    const b = await openPage(ctxB, link);
    pages.push(b);
    await b.waitForSelector('#join-button:visible');
    await b.click('#join-button');
    await b.waitForFunction(() => window.__madang.online && window.__madang.online.snap && window.__madang.online.snap.status === 'playing');

    // past the 4 s of a passing notice, A's tab still says it gets no more news, and its
    // old waiting room is not presented as current
    await a.waitForTimeout(4500);
    assert.match(await a.textContent('#online-status'), REPLACED);
    assert.match(await a.textContent('#alert'), REPLACED);
    assert.match(await a.textContent('#turn'), REPLACED);
    assert.doesNotMatch(await a.textContent('#turn'), /기다리는 중/);

    // a reload takes the seat back: the game is in play
    await a.evaluate(() => { for (const ws of window.__tabs || []) ws.close(); });
    await a.reload();
    await a.waitForFunction(() => {
      const o = window.__madang.online;
      return o && o.seat === 0 && o.snap && o.snap.status === 'playing' && o.ready();
    }, null, { timeout: 20000 });
    assert.doesNotMatch(await a.textContent('#online-status'), REPLACED);
    for (const p of pages) assert.deepEqual(p.errors, []);
  });
  await ctxA.close();
  await ctxB.close();
});
