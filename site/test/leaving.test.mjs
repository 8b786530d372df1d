// '플레이 방식 다시 선택하기' during a game asks first in the page (never a native dialog):
// online the room is kept until yes, then the seat is left (`leave`); on this device the game
// is dropped only after yes. The question says what leaving does: resigning, or in a room
// whose policy hands the seat to the AI (three-player diamond) the AI playing it on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady } from './harness.mjs';
import { ROOM } from '../src/js/text.js';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

/** Fails the test on a native dialog (window.confirm/alert): the page asks in-page. */
function noNativeDialogs(page) {
  page.native = [];
  page.on('dialog', (d) => { page.native.push(d.message()); d.dismiss().catch(() => {}); });
}

/** Opens the page, creates a room and returns [A, B] both seated and playing. */
async function playingPair(url, pages) {
  const ctxA = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ctxB = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const a = await openPage(ctxA, url);
  pages.push(a);
  noNativeDialogs(a);
  await engineReady(a);
  await a.click('button[data-mode="online"]');
  await a.waitForFunction(() => document.getElementById('room-link').value.includes('?room='));
  const link = await a.inputValue('#room-link');
  const b = await openPage(ctxB, link);
  pages.push(b);
  await b.waitForSelector('#join-button:visible');
  await b.click('#join-button');
  for (const p of [a, b]) {
    await p.waitForFunction(() => {
      const o = window.__madang.online;
      return o && o.snap && o.snap.status === 'playing' && o.seat >= 0 && window.__madang.view && window.__madang.view.ply === o.snap.ply;
    }, null, { timeout: 20000 });
  }
  return { a, b, link, ctxA, ctxB };
}

test('back to the menu during an online game: asked in the page, the room kept until yes, then `leave`', async () => {
  const pages = [];
  await withShots('leave-online', pages, async () => {
    const { a, b, ctxA, ctxB } = await playingPair(`${stack.url}/checkers/`, pages);
    await a.click('#back-to-menu');
    await a.waitForFunction(() => document.getElementById('leave-dialog').open);
    assert.match(await a.textContent('#leave-dialog'), /그만둘까요/);
    assert.doesNotMatch(await a.textContent('#leave-dialog'), /[A-Za-z]/);
    assert.equal(await a.textContent('#leave-text'), ROOM.leaveOnline, 'leaving a checkers game resigns it');
    // nothing is left yet: the address keeps the room, the socket stays open, the game goes on
    assert.match(await a.evaluate(() => location.search), /^\?room=/);
    assert.equal(await a.evaluate(() => window.__madang.online.ws.readyState), 1);
    assert.equal(await a.isVisible('#menu'), false);
    await a.click('#leave-no');
    await a.waitForFunction(() => !document.getElementById('leave-dialog').open);
    assert.match(await a.evaluate(() => location.search), /^\?room=/);
    assert.equal(await a.evaluate(() => window.__madang.mode), 'online');
    assert.equal(await b.isVisible('#result'), false);

    // yes: `leave` during play counts as resigning (reason abandoned); B sees it
    await a.click('#back-to-menu');
    await a.waitForFunction(() => document.getElementById('leave-dialog').open);
    await a.click('#leave-yes');
    await a.waitForSelector('#menu:visible');
    assert.equal(await a.evaluate(() => location.search), '');
    await b.waitForFunction(() => !document.getElementById('result').hidden, null, { timeout: 20000 });
    assert.match(await b.textContent('#result'), /방을 떠났습니다/);
    assert.deepEqual(a.native, []);
    assert.deepEqual(a.errors, []);
    await ctxA.close();
    await ctxB.close();
  });
});

test('three-player diamond: leaving during play says the AI plays the seat on, and it does', async () => {
  const pages = [];
  const ctxs = await Promise.all([0, 1].map(() => stack.browser.newContext({ viewport: { width: 1280, height: 900 } })));
  await withShots('leave-online-to-ai', pages, async () => {
    const a = await openPage(ctxs[0], `${stack.url}/diamond/`);
    pages.push(a);
    noNativeDialogs(a);
    await engineReady(a);
    await a.check('input[name=players][value="3"]');
    await a.click('button[data-mode="online"]');
    await a.waitForFunction(() => document.getElementById('room-link').value.includes('room='));
    const b = await openPage(ctxs[1], await a.inputValue('#room-link'));
    pages.push(b);
    noNativeDialogs(b);
    await b.waitForSelector('#join-button:visible');
    await b.click('#join-button');
    await b.waitForFunction(() => window.__madang.online && window.__madang.online.seat === 1);
    // '빈자리를 AI로 채우고 시작하기'
    await a.waitForSelector('#fill-ai:visible');
    await a.click('#fill-ai');
    await b.waitForFunction(() => {
      const o = window.__madang.online;
      return o.snap && o.snap.status === 'playing' && window.__madang.view && window.__madang.view.ply === o.snap.ply;
    }, null, { timeout: 20000 });
    assert.equal(await b.evaluate(() => window.__madang.online.snap.policy.leaveToAI), true);
    await b.click('#back-to-menu');
    await b.waitForFunction(() => document.getElementById('leave-dialog').open);
    const said = await b.textContent('#leave-text');
    assert.equal(said, ROOM.leaveOnlineToAI);
    assert.doesNotMatch(said, /기권|비워집니다/, said);
    await b.click('#leave-yes');
    await b.waitForSelector('#menu:visible');
    // as said: the seat is the AI's and the game goes on for A
    await a.waitForFunction(() => window.__madang.online.snap.seats[1].kind === 'ai', null, { timeout: 20000 });
    assert.equal(await a.evaluate(() => window.__madang.online.snap.status), 'playing');
    for (const p of pages) {
      assert.deepEqual(p.native, []);
      assert.deepEqual(p.errors, []);
    }
  });
  for (const x of ctxs) await x.close();
});

test('back to the menu during a game on this device: asked first, no native confirm', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  noNativeDialogs(page);
  await withShots('leave-local', [page], async () => {
    await engineReady(page);
    await page.click('button[data-mode="local"]');
    await page.waitForFunction(() => window.__madang.mode === 'local' && window.__madang.view.moves.length > 0);
    await page.click('#moves button >> nth=0');
    await page.waitForFunction(() => window.__madang.view.ply === 1);
    await page.click('#back-to-menu');
    await page.waitForFunction(() => document.getElementById('leave-dialog').open);
    assert.equal(await page.isVisible('#menu'), false);
    await page.click('#leave-no');
    assert.equal(await page.evaluate(() => window.__madang.mode), 'local');
    assert.equal(await page.evaluate(() => window.__madang.view.ply), 1);
    await page.click('#back-to-menu');
    await page.click('#leave-yes');
    await page.waitForSelector('#menu:visible');
    assert.equal(await page.evaluate(() => window.__madang.mode), null);
    assert.deepEqual(page.native, []);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});
