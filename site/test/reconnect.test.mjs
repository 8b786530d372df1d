// The player's own connection drops during an online game (what a person
// sees, and what becomes of a move made around the drop). Player A reaches the server through
// a TCP proxy the test controls (cut every connection, refuse new ones, or swallow what goes
// one way while the socket looks alive); player B talks to `madang serve` directly.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, connect } from 'node:net';
import { startStack, withShots, openPage, engineReady } from './harness.mjs';
import { josa } from '../src/js/text.js';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

/** A TCP proxy to the stack: {url, cut(), refuse, up, down, close()}. up/down false swallow
 * the bytes going to the server / to the browser (a dead network under a live socket). */
async function proxyTo(url) {
  const target = new URL(url);
  const pairs = new Set();
  const p = { refuse: false, up: true, down: true };
  const srv = createServer((c) => {
    if (p.refuse) { c.destroy(); return; }
    const u = connect(Number(target.port), target.hostname);
    const pair = { c, u };
    pairs.add(pair);
    c.on('data', (d) => { if (p.up) u.write(d); });
    u.on('data', (d) => { if (p.down) c.write(d); });
    const end = () => { pairs.delete(pair); c.destroy(); u.destroy(); };
    for (const s of [c, u]) { s.on('close', end); s.on('error', end); }
  });
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  p.url = `http://127.0.0.1:${srv.address().port}`;
  p.cut = () => { for (const { c, u } of [...pairs]) { c.destroy(); u.destroy(); } };
  p.close = () => { p.cut(); srv.close(); };
  return p;
}

/** Every action the page sends on its sockets, in order: [{socket, msg}]. */
function recordFrames(page) {
  const sent = [];
  let n = 0;
  page.on('websocket', (ws) => {
    const socket = n++;
    ws.on('framesent', (f) => {
      try { sent.push({ socket, msg: JSON.parse(f.payload) }); } catch { /* not ours */ }
    });
  });
  return sent;
}

const online = (page) => page.evaluate(() => {
  const o = window.__madang.online;
  return { link: o.client.link, pending: o.client.pending, ply: o.snap && o.snap.ply, moves: o.snap && o.snap.moves, status: o.snap && o.snap.status };
});
const text = (page, sel) => page.textContent(sel);
const mySeat = (page) => page.evaluate(() => {
  const o = window.__madang.online;
  return document.querySelectorAll('#seats li')[o.seat].textContent;
});
const myTurn = (page) => page.waitForFunction(() => {
  const a = window.__madang;
  return a.online && a.online.snap && a.online.snap.status === 'playing' && a.view && a.view.ply === a.online.snap.ply
    && a.myTurn() && document.querySelector('#moves button:not([disabled])');
}, null, { timeout: 30000 });
const waitText = (page, sel, re, timeout = 30000) => page.waitForFunction(
  ([s, src]) => new RegExp(src).test(document.querySelector(s).textContent), [sel, re.source], { timeout },
);
/** Keeps every text the page's alert region shows (a notice stays 4 s; a loaded machine
 * may poll past it). */
const watchAlerts = (page) => page.evaluate(() => {
  const el = document.getElementById('alert');
  window.__alerts = [];
  new MutationObserver(() => { if (el.textContent) window.__alerts.push(el.textContent); })
    .observe(el, { childList: true, characterData: true, subtree: true });
});
const waitAlert = (page, re, timeout = 30000) => page.waitForFunction(
  (src) => window.__alerts.some((t) => new RegExp(src).test(t)), re.source, { timeout },
);
/** Plays the first listed move by its button; returns the move's text as sent. */
async function playFirst(page) {
  const t = await page.evaluate(() => window.__madang.view.moves[0].text);
  await page.click(`#moves button[data-text="${t}"]`);
  return t;
}
/** Drops A's connection, keeps it down for ms, then lets it through again. */
async function outage(px, ms) {
  px.refuse = true;
  px.cut();
  await new Promise((r) => setTimeout(r, ms));
  px.up = true;
  px.down = true;
  px.refuse = false;
}

test('checkers online: my own connection drops — the page says so, moves wait, and a move around the drop is played once or refused in Korean', async () => {
  const px = await proxyTo(stack.url);
  const ctxA = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ctxB = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const a = await openPage(ctxA, `${px.url}/checkers/`);
  const sentA = recordFrames(a);
  await watchAlerts(a);
  const pages = [a];
  await withShots('reconnect', pages, async () => {
    await engineReady(a);
    await a.click('button[data-mode="online"]');
    await a.waitForFunction(() => document.getElementById('room-link').value.includes('?room='));
    const roomID = new URL(await a.inputValue('#room-link')).searchParams.get('room');
    const b = await openPage(ctxB, `${stack.url}/checkers/?room=${roomID}`);
    pages.push(b);
    await b.waitForSelector('#join-button:visible');
    await b.click('#join-button');
    await myTurn(a);
    assert.match(await mySeat(a), /나: 연결됨/);

    // 1. The drop, seen by the person: the status line under the board, the panel's line and
    //    my own seat say it; the moves and resign are disabled; a tap on the board says why;
    //    nothing is sent meanwhile.
    px.refuse = true;
    px.cut();
    await waitText(a, '#turn', /연결이 끊겼습니다\. 다시 연결되면 이어서 둘 수 있습니다/);
    assert.equal(await a.getAttribute('#turn', 'data-state'), 'offline');
    assert.match(await text(a, '#online-status'), /연결이 끊겼습니다\. 다시 연결하는 중/);
    assert.match(await mySeat(a), /나: 다시 연결하는 중/);
    assert.doesNotMatch(await mySeat(a), /연결됨/);
    assert.equal(await a.locator('#moves button:not([disabled])').count(), 0);
    assert.equal(await a.isDisabled('#resign'), true);
    const sentBefore = sentA.length;
    await a.evaluate(() => window.__madang.tap(window.__madang.view.moves[0].from));
    await waitAlert(a, /연결이 끊겨 지금은 둘 수 없습니다/);
    await a.evaluate(() => window.__madang.online.client.move('9-13')); // even asked directly: refused, not queued
    await waitAlert(a, /연결이 끊겨 보내지 못했습니다/);
    // the opponent's page sees A away, in its status line too
    await waitText(b, '#turn', /상대의 연결이 끊겼습니다/);
    await new Promise((r) => setTimeout(r, 1500));
    px.refuse = false;
    await waitText(a, '#turn', /^내 차례입니다/, 30000);
    assert.equal((await online(a)).link, 'ready');
    assert.match(await mySeat(a), /나: 연결됨/);
    assert.equal(await text(a, '#online-status'), '');
    assert.deepEqual(sentA.slice(sentBefore).filter((f) => f.msg.action !== 'resume').map((f) => f.msg.action), []);
    assert.equal((await online(b)).ply, 0);

    // 2. A move into a dead socket (the server never gets it): pending on the page, then
    //    after the reconnect sent once more on the new socket and played once.
    await myTurn(a);
    px.up = false;
    const m1 = await playFirst(a);
    await waitText(a, '#turn', new RegExp(`내 수\\(.+\\)[을를] 보내는 중`));
    // the particle follows the move's last syllable as read (josa)
    const sending = /(내 수\(.+\))([을를]) 보내는 중/.exec(await a.textContent('#turn'));
    assert.equal(sending[1] + sending[2], josa(sending[1], '을/를'));
    assert.equal(await a.locator('#moves button:not([disabled])').count(), 0);
    await outage(px, 1000);
    await waitAlert(a, /다시 연결되었습니다\. 내 수\(.+\)[이가] 반영되었습니다/);
    await b.waitForFunction(() => window.__madang.online.snap.ply === 1);
    assert.deepEqual((await online(b)).moves, [m1]);
    const moveFrames = (from) => sentA.slice(from).filter((f) => f.msg.action === 'move');
    const m1Frames = moveFrames(sentBefore);
    assert.equal(m1Frames.length, 2, 'one frame swallowed, one on the new socket');
    assert.notEqual(m1Frames[0].socket, m1Frames[1].socket);
    assert.deepEqual(m1Frames.map((f) => [f.msg.ply, f.msg.move]), [[0, m1], [0, m1]]);

    // 3. A move the server plays whose answer is lost: found in the resynced record, never
    //    sent again.
    await myTurn(b);
    await playFirst(b);
    await myTurn(a);
    px.down = false;
    const from3 = sentA.length;
    await a.evaluate(() => { window.__alerts = []; });
    const m3 = await playFirst(a);
    await b.waitForFunction(() => window.__madang.online.snap.ply === 3);
    assert.ok((await online(a)).pending, 'A has no answer yet');
    await outage(px, 500);
    await waitAlert(a, /다시 연결되었습니다\. 내 수\(.+\)[이가] 반영되었습니다/);
    await a.waitForFunction(() => window.__madang.view.ply === 3);
    assert.equal(moveFrames(from3).length, 1, 'sent once, never again');
    assert.equal((await online(b)).moves[2], m3);

    // 4. The position changes while A is cut off (B resigns): A's pending move is refused
    //    with the reason, never sent; the result shows.
    await myTurn(b);
    await playFirst(b);
    await myTurn(a);
    px.up = false;
    px.down = false;
    const from4 = sentA.length;
    await a.evaluate(() => { window.__alerts = []; });
    await playFirst(a);
    await b.click('#resign');
    await b.click('#resign');
    await b.waitForFunction(() => window.__madang.online.snap.status === 'over');
    px.refuse = true;
    px.cut();
    await waitText(a, '#turn', /연결이 끊겼습니다\. 내 수\(.+\)[이가] 전달되었는지는 다시 연결한 뒤 확인합니다/);
    await new Promise((r) => setTimeout(r, 500));
    px.up = true;
    px.down = true;
    px.refuse = false;
    await waitAlert(a, /연결이 끊긴 사이에 게임이 끝나 내 수\(.+\)[은는] 반영하지 않았습니다/);
    await a.waitForSelector('#result:visible');
    assert.match(await text(a, '#result'), /기권/);
    assert.equal(moveFrames(from4).length, 1, 'the swallowed frame only');
    assert.equal((await online(b)).ply, 4);
    assert.equal((await online(a)).pending, null);
    for (const p of pages) assert.deepEqual(p.errors, []);
  });
  await ctxA.close();
  await ctxB.close();
  px.close();
});

test('the device goes offline (DevTools emulation) on the star and backgammon pages: the shared layer says so, refuses, and comes back', async () => {
  // diamond against AI seats: A alone in the room
  const ctxA = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const a = await openPage(ctxA, `${stack.url}/diamond/`);
  const ctxC = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ctxD = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const pages = [a];
  await withShots('reconnect-offline', pages, async () => {
    await engineReady(a);
    await watchAlerts(a);
    await a.click('button[data-mode="online"]');
    await a.waitForSelector('#fill-ai:visible');
    await a.click('#fill-ai');
    await myTurn(a);
    await ctxA.setOffline(true);
    await waitText(a, '#turn', /연결이 끊겼습니다\. 다시 연결되면 이어서 둘 수 있습니다/);
    assert.match(await mySeat(a), /나: 다시 연결하는 중/);
    assert.equal(await a.locator('#moves button:not([disabled])').count(), 0);
    await a.evaluate(() => window.__madang.online.client.move('pass'));
    await waitAlert(a, /연결이 끊겨 보내지 못했습니다/);
    await new Promise((r) => setTimeout(r, 1000));
    await ctxA.setOffline(false);
    await waitText(a, '#turn', /^내 차례입니다/);
    assert.match(await mySeat(a), /나: 연결됨/);
    // the star page's list sits in a closed panel: the shell's play, as its click does
    await a.evaluate(() => window.__madang.play(window.__madang.view.moves[0]));
    await a.waitForFunction(() => window.__madang.online.snap.ply >= 1 && window.__madang.online.client.pending === null);

    // backgammon, two people: C goes offline; the roll is refused, then works again
    const c = await openPage(ctxC, `${stack.url}/backgammon/`);
    pages.push(c);
    await engineReady(c);
    await watchAlerts(c);
    await c.click('button[data-mode="online"]');
    await c.waitForFunction(() => document.getElementById('room-link').value.includes('?room='));
    const d = await openPage(ctxD, await c.inputValue('#room-link'));
    pages.push(d);
    await d.waitForSelector('#join-button:visible');
    await d.click('#join-button');
    await c.waitForFunction(() => window.__madang.online.snap && window.__madang.online.snap.status === 'playing' && window.__madang.view && window.__madang.view.phase === 'move');
    await ctxC.setOffline(true);
    await waitText(c, '#turn', /연결이 끊겼습니다\. 다시 연결되면 이어서 둘 수 있습니다/);
    assert.match(await mySeat(c), /나: 다시 연결하는 중/);
    assert.ok(await c.evaluate(() => document.getElementById('roll').hidden || document.getElementById('roll').disabled));
    assert.equal(await c.evaluate(() => window.__madang.online.client.roll()), false);
    await waitAlert(c, /연결이 끊겨 보내지 못했습니다/);
    await waitText(d, '#turn', /상대의 연결이 끊겼습니다/);
    await ctxC.setOffline(false);
    await c.waitForFunction(() => window.__madang.online.client.link === 'ready');
    await waitText(c, '#seats', /나: 연결됨/);
    await waitText(d, '#seats', /상대: 연결됨/);
    assert.doesNotMatch(await text(c, '#turn'), /연결이 끊겼습니다/);
    for (const p of pages) assert.deepEqual(p.errors, []);
  });
  await ctxA.close();
  await ctxC.close();
  await ctxD.close();
});
