// What the online texts say is what happens: a three-seat room's join card
// says the game waits for its last seat, a spectator reads who plays the seats (people or the
// AI), a person away whose seat the AI plays is said so, the capture rule is said to the side
// that must capture only, and diamond-kr's join card gives the room's piece count.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

/** Creates a room from the menu of page (after setup, e.g. a players radio): its link. */
async function createRoom(page, setup = async () => {}) {
  await engineReady(page);
  await setup();
  await page.click('button[data-mode="online"]');
  await page.waitForFunction(() => document.getElementById('room-link').value.includes('room='));
  return page.inputValue('#room-link');
}

/** Opens link in ctx up to the join card's button: the page. */
async function joinCard(ctx, link) {
  const p = await openPage(ctx, link);
  await p.waitForSelector('#join-button:visible');
  return p;
}

const text = async (page, sel) => (await page.textContent(sel)).replace(/\s+/g, ' ').trim();

test('diamond, three seats: the first joiner reads that the game waits for the third seat; a spectator reads who plays the seats', async () => {
  const ctxs = await Promise.all([0, 1, 2].map(() => stack.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })));
  const a = await openPage(ctxs[0], `${stack.url}/diamond/`);
  const pages = [a];
  await withShots('online-texts-three', pages, async () => {
    const link = await createRoom(a, () => a.check('input[name=players][value="3"]'));
    // the second person of the room: two seats are empty, one stays empty after joining
    const b = await joinCard(ctxs[1], link);
    pages.push(b);
    const invite = await text(b, '#join-text');
    assert.match(invite, /참가하면 나는 노랑을 잡습니다\. 빈자리가 1곳 더 남아, 모두 차야 게임이 시작됩니다\./, invite);
    assert.doesNotMatch(invite, /바로 시작/, invite);
    await b.waitForFunction(() => /참가한 뒤에도 빈자리가 1곳 남아/.test(document.getElementById('turn').textContent));
    assert.doesNotMatch(await text(b, '#turn'), /참가하면 게임이 시작됩니다/);
    await b.click('#join-button');
    await b.waitForFunction(() => window.__madang.online && window.__madang.online.seat === 1);
    await b.waitForFunction(() => /다른 사람이 참가하기를 기다리는 중/.test(document.getElementById('turn').textContent));
    // the last seat's join card: that join does start the game
    const c = await joinCard(ctxs[2], link);
    pages.push(c);
    assert.match(await text(c, '#join-text'), /참가하면 바로 시작하고, 나는 초록을 잡습니다/);
    await c.waitForFunction(() => /참가하면 게임이 시작됩니다/.test(document.getElementById('turn').textContent));
    await c.close();
    pages.pop();
    // the creator fills the last seat with the AI: a spectator reads two people and one AI
    await a.waitForSelector('#fill-ai:visible');
    await a.click('#fill-ai');
    await a.waitForFunction(() => window.__madang.online.snap.status === 'playing');
    const d = await joinCard(ctxs[2], link);
    pages.push(d);
    const full = await text(d, '#join-text');
    assert.match(full, /^사람 2명과 AI 1명이 두고 있는 다이아몬드 게임 \(왕 말\) 방입니다\. 빈자리가 없어 관전만 할 수 있습니다\.$/, full);
    for (const p of pages) assert.deepEqual(p.errors, []);
  });
  for (const x of ctxs) await x.close();
});

test('diamond-kr: the join card gives the room\'s piece count; a person away whose seat the AI plays is said so', async () => {
  const ctxA = await stack.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ctxB = await stack.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const a = await openPage(ctxA, `${stack.url}/diamond-kr/`);
  const pages = [a];
  await withShots('online-texts-diamond-kr', pages, async () => {
    const link = await createRoom(a, () => a.check('input[name=pieces][value="15"]'));
    const b = await joinCard(ctxB, link);
    pages.push(b);
    assert.match(await text(b, '#join-text'), /^친구가 만든 다이아몬드 게임 방입니다\. 참가하면 바로 시작하고, 나는 파랑을 잡습니다\. 한 사람당 말 15개로 둡니다\.$/);
    await b.click('#join-button');
    await a.waitForFunction(() => window.__madang.online.snap.status === 'playing' && window.__madang.view && window.__madang.view.pieces === 15);
    // the server's snapshot (PROTOCOL.md) once blue has been away longer than the star games'
    // awayAIAfterMs: still a person's seat, not connected, the AI moving for it
    const away = (ai) => a.evaluate(async (x) => {
      const o = window.__madang.online;
      const now = Date.now();
      await o.onState({
        ...o.snap, version: o.version + 1, serverTime: now,
        seats: [o.snap.seats[0], { kind: 'human', connected: false, awaySince: now - 50_000, ai: x, mayOfferDraw: false }],
      });
    }, ai);
    await away(false);
    assert.match(await text(a, '#turn'), /상대의 연결이 끊겼습니다\.$/);
    await away(true);
    const line = await text(a, '#turn');
    assert.match(line, /상대의 연결이 끊겨 AI가 대신 두고 있습니다\.$/, line);
    assert.doesNotMatch(line, /끊겼습니다/, line);
    assert.match(await text(a, '#seats'), /파랑 · 상대: AI가 두는 중/);
    for (const p of pages) assert.deepEqual(p.errors, []);
  });
  await ctxA.close();
  await ctxB.close();
});

test('checkers online: the capture rule is said to the side that must capture, not to the one waiting', async () => {
  const ctxA = await stack.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ctxB = await stack.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const a = await openPage(ctxA, `${stack.url}/checkers/`);
  const pages = [a];
  await withShots('online-texts-capture', pages, async () => {
    const link = await createRoom(a);
    const b = await joinCard(ctxB, link);
    pages.push(b);
    await b.click('#join-button');
    const at = (p, ply, toMove) => p.waitForFunction(([k, s]) => {
      const m = window.__madang;
      return m.online && m.online.snap && m.online.snap.status === 'playing' && m.online.snap.ply === k && m.view && m.view.ply === k && m.view.toMove === s;
    }, [ply, toMove], { timeout: 20000 });
    await at(a, 0, 0);
    await a.click('#moves button[data-text="11-15"]');
    await at(b, 1, 1);
    await b.click('#moves button[data-text="22-18"]');
    // black (A) must take 15x22; white (B) waits
    await at(a, 2, 0);
    await at(b, 2, 0);
    assert.equal(await a.evaluate(() => window.__madang.view.capture), true);
    assert.match(await text(a, '#turn'), /^내 차례입니다 \(흑\)\. 따먹는 수만 둘 수 있습니다\.$/);
    const waiting = await text(b, '#turn');
    assert.equal(waiting, '상대 차례입니다 (흑).');
    for (const p of pages) assert.deepEqual(p.errors, []);
  });
  await ctxA.close();
  await ctxB.close();
});
