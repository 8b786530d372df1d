// Two browser contexts play online through the copied room link (madang serve's /ws), one
// reloads mid-game and resumes its seat, a third watches live, and one resigns.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady, view, clickSquare, boardFlip } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

const ply = (page) => page.evaluate(() => window.__madang.view && window.__madang.view.ply);
const waitPly = (page, n) => page.waitForFunction((k) => window.__madang.view && window.__madang.view.ply === k, n, { timeout: 20000 });
const myTurn = (page) => page.waitForFunction(() => {
  const a = window.__madang;
  return a.online && a.online.snap && a.online.snap.status === 'playing' && a.view && a.view.ply === a.online.snap.ply && a.view.toMove === a.online.seat;
}, null, { timeout: 20000 });

async function moveByCanvas(page) {
  const v = await view(page);
  const m = v.moves[0];
  await clickSquare(page, m.from);
  await page.waitForFunction((f) => window.__madang.sel && window.__madang.sel.from === f, m.from);
  await clickSquare(page, m.to);
  await waitPly(page, v.ply + 1);
}

async function moveByList(page) {
  const v = await view(page);
  await page.click(`#moves button[data-text="${v.moves[v.moves.length - 1].text}"]`);
  await waitPly(page, v.ply + 1);
}

test('checkers online: link, join, moves, reload and resume, a spectator, resign', async () => {
  const ctxA = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const ctxB = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const ctxC = await stack.browser.newContext({ viewport: { width: 800, height: 900 } });
  const a = await openPage(ctxA, `${stack.url}/checkers/`);
  const pages = [a];
  await withShots('online', pages, async () => {
    await engineReady(a);
    await a.click('button[data-mode="online"]');
    await a.waitForFunction(() => document.getElementById('room-link').value.includes('?room='));
    await a.click('#copy-link');
    await a.waitForFunction(() => document.getElementById('alert').textContent.includes('복사'));
    const link = await a.evaluate(() => navigator.clipboard.readText());
    assert.match(link, /\/checkers\/\?room=[\w-]+$/);
    assert.match(await a.textContent('#turn'), /기다리는 중/);

    const b = await openPage(ctxB, link);
    pages.push(b);
    await b.waitForSelector('#join-button:visible');
    // before joining, B sees which game the room plays, its board and the seat it will take
    assert.equal(await b.textContent('#join-button'), '참가하기');
    assert.match(await b.textContent('#join-text'), /영미식 체커 방입니다.*백을 잡습니다/);
    assert.equal(await b.textContent('.page-title'), '영미식 체커');
    await b.waitForFunction(() => window.__madang.view && window.__madang.view.game === 'checkers' && window.__madang.view.board.filter(Boolean).length === 24);
    assert.equal(await b.evaluate(() => window.__madang.online.seat), -1);
    assert.equal(await boardFlip(b), true); // from the seat B will take
    assert.match(await a.textContent('#turn'), /기다리는 중/);
    await b.click('#join-button');
    await myTurn(a);
    // B, the second player, sees the board turned toward itself once its snapshot is drawn
    await b.waitForFunction(() => window.__madang.online.snap && window.__madang.online.snap.status === 'playing' && window.__madang.view && window.__madang.view.toMove === 0);
    assert.equal(await b.evaluate(() => window.__madang.online.seat), 1);
    assert.equal(await boardFlip(b), true);
    assert.equal(await boardFlip(a), false);

    const c = await openPage(ctxC, link);
    pages.push(c);
    await c.waitForSelector('#join-button:visible');
    // the room is full: C is offered watching, not a seat
    assert.equal(await c.textContent('#join-button'), '관전하기');
    assert.equal(await c.textContent('#join-title'), '관전하기');
    assert.match(await c.textContent('#join-text'), /영미식 체커 방입니다.*관전만/);
    await c.click('#join-button');
    await c.waitForFunction(() => window.__madang.online && window.__madang.online.seat === -1 && window.__madang.view);
    await c.waitForSelector('#online:visible');
    assert.equal(await c.textContent('#online-title'), '관전 중');

    await moveByCanvas(a); // ply 1
    await waitPly(b, 1);
    await myTurn(b);
    await moveByList(b); // ply 2
    await waitPly(a, 2);
    await waitPly(c, 2);
    await myTurn(a);
    await moveByCanvas(a); // ply 3

    // B reloads mid-game: the seat token in localStorage resumes the seat
    await waitPly(b, 3);
    await b.reload();
    await waitPly(b, 3);
    await myTurn(b);
    assert.equal(await b.evaluate(() => window.__madang.online.seat), 1);
    assert.equal(await b.isVisible('#join-button'), false);
    await moveByList(b); // ply 4
    await waitPly(a, 4);

    // A's connection drops: the page reconnects by itself and resumes the seat
    await a.evaluate(() => window.__madang.online.ws.close());
    await a.waitForFunction(() => document.getElementById('online-status').textContent.includes('다시 연결'));
    await a.waitForFunction(() => window.__madang.online.ws.readyState === 1 && document.getElementById('online-status').textContent === '', null, { timeout: 20000 });
    await myTurn(a);
    await moveByCanvas(a); // ply 5
    await waitPly(b, 5);
    await myTurn(b);
    await waitPly(c, 5);
    assert.equal((await view(a)).last.text, (await view(b)).last.text);
    assert.match(await c.textContent('#turn'), /관전 중/);
    // a spectator has no opponent: colours, not 나/상대
    assert.match(await c.textContent('#fact-last'), /^흑 [a-h]\d[-×]/);
    assert.match(await c.textContent('#moves'), /관전 중입니다 \(백 차례\)/);
    for (const sel of ['#turn', '#moves', '#fact-last', '#seats']) assert.doesNotMatch(await c.textContent(sel), /상대|나\(/, sel);

    // B resigns: everyone sees the result with its reason. The armed button waits 3 s for
    // its second press; the checks between the presses read two pages, which on a loaded
    // machine took longer than that (the second press armed it again), so this test gives
    // the window a minute: what it checks is that one press is not a resignation.
    await b.evaluate(() => { window.__madang.page.resignWindowMs = 60000; });
    await b.click('#resign');
    assert.match(await b.textContent('#resign'), /한 번 더/);
    assert.equal(await a.isVisible('#result'), false);
    await b.click('#resign');
    for (const p of [a, b, c]) {
      await p.waitForFunction(() => !document.getElementById('result').hidden, null, { timeout: 20000 });
      assert.match(await p.textContent('#result'), /기권/);
    }
    assert.match(await c.textContent('#result'), /흑 승리 — 백 쪽이 기권/);
    assert.doesNotMatch(await c.textContent('#result'), /상대|나\(/);
    assert.match(await a.textContent('#result'), /나\(흑\) 승리/);
    assert.equal(await a.isVisible('#rematch'), true);
    assert.ok((await ply(a)) >= 5);

    // '선후공 바꿔서 한 판 더': both vote, the seats swap and B moves first
    await a.click('#rematch');
    await b.click('#rematch');
    await myTurn(b);
    await a.waitForFunction(() => window.__madang.online.seat === 1 && window.__madang.view.ply === 0 && window.__madang.online.snap.status === 'playing');
    assert.equal(await b.evaluate(() => window.__madang.online.seat), 0);
    assert.equal(await boardFlip(a), true);
    assert.equal((await view(b)).ply, 0);
    await moveByCanvas(b);
    await waitPly(a, 1);
    for (const p of pages) assert.deepEqual(p.errors, []);
  });
  await ctxA.close();
  await ctxB.close();
  await ctxC.close();
});

test('checkers online: an away opponent shows a countdown, then the AI takeover button', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const a = await openPage(ctx, `${stack.url}/checkers/`);
  await withShots('online-away', [a], async () => {
    await engineReady(a);
    await a.click('button[data-mode="online"]');
    await a.waitForFunction(() => window.__madang.online && window.__madang.online.snap && window.__madang.online.seat === 0);
    // the server's snapshot as PROTOCOL.md shows it for a seat away since some time ago
    const away = async (ms) => a.evaluate(async (since) => {
      const o = window.__madang.online;
      const now = Date.now();
      await o.onState({
        ...o.snap, version: o.version + 1, status: 'playing', ply: 0, moves: [], toMove: 0,
        seats: [
          { kind: 'human', connected: true, awaySince: null, ai: false, mayOfferDraw: true },
          { kind: 'human', connected: false, awaySince: now - since, ai: false, mayOfferDraw: true },
        ],
        policy: { ...o.snap.policy, takeoverAfterMs: 120000 }, serverTime: now,
      });
    }, ms);
    await away(60_000);
    assert.match(await a.textContent('#seats'), /연결 끊김 · (1:00|0:59) 뒤 AI로 교체 가능/);
    assert.equal(await a.isVisible('#takeover'), false);
    await away(121_000);
    await a.waitForSelector('#takeover:visible');
    assert.equal(await a.textContent('#takeover'), 'AI로 교체해서 계속하기');
    assert.deepEqual(a.errors, []);
  });
  await ctx.close();
});

test('a room link that leads nowhere says so and offers a new game', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await openPage(ctx, `${stack.url}/checkers/?room=zzzzzzzzzzzz`);
  await withShots('bogus-room', [page], async () => {
    await page.waitForSelector('#menu-notice:visible');
    assert.match(await page.textContent('#menu-notice'), /방을 찾을 수 없습니다.*주소가 잘못/);
    assert.equal(await page.isVisible('#join'), false);
    assert.equal(await page.isVisible('#menu'), true);
    assert.equal(new URL(page.url()).search, '');
    // the menu starts a new game right away, and the notice goes
    await engineReady(page);
    await page.click('button[data-level="beginner"]');
    await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view.ply === 0 && window.__madang.view.moves.length > 0);
    assert.equal(await page.isVisible('#menu-notice'), false);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('a stored seat token for a room that is gone leads back to the menu too', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await ctx.addInitScript(() => localStorage.setItem('madang.room.yyyyyyyyyyyy', 'AAAAAAAAAAAAAAAAAAAAAA'));
  const page = await openPage(ctx, `${stack.url}/draughts/?room=yyyyyyyyyyyy`);
  await withShots('gone-room', [page], async () => {
    await page.waitForSelector('#menu-notice:visible');
    assert.match(await page.textContent('#menu-notice'), /방을 찾을 수 없습니다/);
    assert.equal(await page.evaluate(() => localStorage.getItem('madang.room.yyyyyyyyyyyy')), null);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

// A room link opened on another game's page (a checkers link edited to /backgammon/, a
// star-board room on /checkers/): that game's page opens with the link, with its own title
// and join card, and no error on the way.
test("a room link on another game's page opens the room's own game page", async () => {
  const ctxA = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ctxB = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const pages = [];
  await withShots('online-other-page', pages, async () => {
    for (const [made, opened, title, join] of [
      ['checkers', 'chinese-checkers', '영미식 체커', /영미식 체커 방입니다/],
      ['chinese-checkers', 'checkers', '차이니즈 체커', /차이니즈 체커 방입니다/],
      ['backgammon', 'diamond', '백가몬', /백가몬 방입니다/],
    ]) {
      const a = await openPage(ctxA, `${stack.url}/${made}/`);
      pages.push(a);
      await engineReady(a);
      await a.click('button[data-mode="online"]');
      await a.waitForFunction(() => document.getElementById('room-link').value.includes('?room='));
      const room = new URL(await a.inputValue('#room-link')).searchParams.get('room');
      const b = await openPage(ctxB, `${stack.url}/${opened}/?room=${room}`);
      pages.push(b);
      await b.waitForFunction((g) => location.pathname === `/${g}/` && window.__madang && window.__madang.online && window.__madang.online.snap, made, { timeout: 20000 });
      await b.waitForSelector('#join-button:visible');
      assert.equal(new URL(b.url()).searchParams.get('room'), room);
      assert.equal(await b.textContent('.page-title'), title, `${made} on /${opened}/`);
      assert.match(await b.textContent('#join-text'), join);
      assert.doesNotMatch(await b.title(), /undefined/);
      assert.deepEqual(b.errors, [], `${made} on /${opened}/`);
      assert.deepEqual(a.errors, []);
      await a.close();
      await b.close();
      pages.length = 0;
    }
  });
  await ctxA.close();
  await ctxB.close();
});
