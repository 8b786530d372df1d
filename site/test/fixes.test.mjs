// Faults a tester found on the checkers/draughts page: refusals that showed English codes or
// the server's field names, '플레이 방식 다시 선택하기' leaving a game without asking (and
// online without `leave`), and the address not following the chosen ruleset.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

/** Fails the test on a native dialog (window.confirm/alert): the page asks in-page. */
function noNativeDialogs(page) {
  page.native = [];
  page.on('dialog', (d) => { page.native.push(d.message()); d.dismiss().catch(() => {}); });
}

const alertText = (page) => page.waitForFunction(() => document.getElementById('alert').textContent !== '').then(() => page.textContent('#alert'));

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

test('refusals are Korean only: no engine code, no server field names; the code stays in data-code', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  const pages = [page];
  await withShots('fixes-refusals', pages, async () => {
    await engineReady(page);
    await page.click('button[data-mode="local"]');
    await page.waitForFunction(() => window.__madang.mode === 'local' && window.__madang.view.moves.length > 0);
    // a move the engine refuses (no such move index): before the fix '둘 수 없는 수입니다 (…).'
    await page.evaluate(() => window.__madang.play({ i: 9999, text: 'x' }));
    const t = await alertText(page);
    assert.equal(t, '둘 수 없는 수입니다.');
    assert.doesNotMatch(t, /[A-Za-z]/);
    assert.notEqual(await page.getAttribute('#alert', 'data-code'), null);

    // a room error whose server message names fields ('room과 token이 필요합니다.')
    await page.click('#back-to-menu');
    await page.waitForSelector('#menu:visible');
    await page.click('button[data-mode="online"]');
    await page.waitForFunction(() => document.getElementById('room-link').value.includes('?room='));
    await page.evaluate(() => { document.getElementById('alert').textContent = ''; });
    await page.evaluate(() => window.__madang.online.client.send({ action: 'resign', room: window.__madang.online.room }));
    await page.waitForFunction(() => document.getElementById('alert').dataset.code === 'bad-message', null, { timeout: 10000 });
    const r = await alertText(page);
    assert.doesNotMatch(r, /[A-Za-z]/);
    assert.doesNotMatch(r, /token|room/);
    assert.equal(r, '요청을 이해하지 못했습니다. 페이지를 새로 고쳐 주세요.');
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('back to the menu during an online game: asked in the page, the room kept until yes, then `leave`', async () => {
  const pages = [];
  await withShots('fixes-leave-online', pages, async () => {
    const { a, b, ctxA, ctxB } = await playingPair(`${stack.url}/checkers/`, pages);
    await a.click('#back-to-menu');
    await a.waitForFunction(() => document.getElementById('leave-dialog').open);
    assert.match(await a.textContent('#leave-dialog'), /그만둘까요/);
    assert.doesNotMatch(await a.textContent('#leave-dialog'), /[A-Za-z]/);
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

test('back to the menu during a game on this device: asked first, no native confirm', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  noNativeDialogs(page);
  await withShots('fixes-leave-local', [page], async () => {
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

test('the address follows the chosen ruleset; a /checkers/ link to a draughts room corrects its path', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  const pages = [page];
  await withShots('fixes-address', pages, async () => {
    await engineReady(page);
    await page.click('label:has-text("국제식 드래프트")');
    await page.waitForFunction(() => location.pathname === '/draughts/');
    await page.reload();
    await engineReady(page);
    assert.equal(await page.textContent('.page-title'), '국제식 드래프트');
    assert.equal(await page.isChecked('input[name=ruleset][value=draughts]'), true);
    await page.click('label:has-text("영미식")');
    await page.waitForFunction(() => location.pathname === '/checkers/');
    await page.click('label:has-text("국제식 드래프트")');
    await page.waitForFunction(() => location.pathname === '/draughts/');

    // a draughts room, opened through a /checkers/ address
    await page.click('button[data-mode="online"]');
    await page.waitForFunction(() => document.getElementById('room-link').value.includes('/draughts/?room='));
    const room = await page.evaluate(() => window.__madang.online.room);
    const ctxB = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const b = await openPage(ctxB, `${stack.url}/checkers/?room=${room}`);
    pages.push(b);
    await b.waitForSelector('#join-button:visible');
    await b.waitForFunction(() => location.pathname === '/draughts/', null, { timeout: 10000 });
    assert.equal(await b.evaluate(() => location.search), `?room=${room}`);
    assert.equal(await b.textContent('.page-title'), '국제식 드래프트');
    await ctxB.close();
  });
  await ctx.close();
});
