// Offline after one visit (issue 32): the service worker (src/js/pwa/sw.js) holds the built
// site once a player has opened any page, so with the network off (Chromium's offline
// emulation) every game page of the manifest opens, plays against the AI and on this device,
// imports and reviews a record in its family's records module, and the online button says
// that it needs a connection. The home page is the one visit: none of the game pages was
// opened before the network went off.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, openPage, engineReady, waitMyTurn, withShots } from './harness.mjs';
import { GAMES } from './games.mjs';
import { ROOM } from '../src/js/text.js';

let stack;
let ctx;
before(async () => {
  stack = await startStack();
  ctx = await stack.browser.newContext({ serviceWorkers: 'allow' });
  // the one visit: the home page, until its worker is installed (the whole site precached)
  // and controls it
  const home = await openPage(ctx, `${stack.url}/`);
  await home.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    }
  });
  await home.close();
  await ctx.setOffline(true);
});
after(async () => {
  if (ctx) await ctx.close();
  if (stack) await stack.stop();
});

/** One turn of the player on move: a roll when one is due, then the first legal move. */
const act = (page) => page.evaluate(async () => {
  const a = window.__madang;
  if (a.view.phase === 'roll') await a.roll();
  if (a.myTurn() && a.view.moves.length) await a.play(a.view.moves[0]);
});

/** The seats that have entries in the game's history. */
const movers = (page) => page.evaluate(() => [...new Set(window.__madang.view.history.map((e) => e.seat))].sort());

/** The page /<game>/ opened with the network off, its engine ready. */
async function openOffline(game) {
  const page = await openPage(ctx, `${stack.url}/${game}/`);
  assert.equal(await page.evaluate(() => navigator.onLine), false, 'the browser is offline');
  await engineReady(page);
  return page;
}

test('offline after one visit: the home page opens from the service worker', async () => {
  const page = await openPage(ctx, `${stack.url}/`);
  await withShots('offline-home', [page], async () => {
    for (const g of GAMES) assert.equal(await page.locator(`.card[data-game="${g}"] a`).count(), 1, g);
    assert.deepEqual(page.errors, []);
  });
  await page.close();
});

for (const game of GAMES) {
  test(`offline after one visit: ${game} plays against the AI`, async () => {
    const page = await openOffline(game);
    await withShots(`offline-ai-${game}`, [page], async () => {
      await page.click('[data-mode="ai"][data-level="beginner"]');
      await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view);
      const human = await page.evaluate(() => window.__madang.human);
      // turns until both the player and the AI have played (backgammon: rolls first)
      for (let i = 0; i < 6 && (await movers(page)).length < 2; i++) {
        await waitMyTurn(page);
        await act(page);
      }
      await waitMyTurn(page);
      const seats = await movers(page);
      assert.ok(seats.includes(human) && seats.some((s) => s !== human), `both sides played: seats ${seats}`);
      assert.deepEqual(page.errors, []);
    });
    await page.close();
  });

  test(`offline after one visit: ${game} on this device, a record imported and reviewed, the online button`, async () => {
    const page = await openOffline(game);
    await withShots(`offline-local-${game}`, [page], async () => {
      await page.locator('[data-mode="local"]:visible').click();
      await page.waitForFunction(() => window.__madang.mode === 'local' && window.__madang.view);
      for (let i = 0; i < 6 && (await movers(page)).length < 2; i++) await act(page);
      assert.ok((await movers(page)).length >= 2, 'two seats played on this device');
      const last = await page.evaluate(() => window.__madang.view.last.text);
      // the family's records module, never loaded online, exports this game and reads it back
      const ex = await page.evaluate(() => window.__madangRecords.exportText());
      assert.equal(ex.ok, true, JSON.stringify(ex));
      // the import is on the menu: the page opened again, offline
      await page.reload();
      await engineReady(page);
      await page.click('#rec-import summary');
      await page.fill('#rec-text', ex.text);
      await page.click('#rec-read');
      // the review shows the game's end (a record may join entries of the page's log: the
      // .mat format writes the opening roll and the first play as one)
      await page.waitForFunction((t) => window.__madang.mode === 'review' && window.__madang.view.last
        && window.__madang.view.last.text === t, last).catch(() => {});
      assert.equal(await page.evaluate(() => window.__madang.mode), 'review', ex.text);
      assert.equal(await page.evaluate(() => window.__madang.view.last && window.__madang.view.last.text), last, ex.text);
      // back on the menu, the online button says it needs a connection and opens no room
      await page.reload();
      await engineReady(page);
      await page.click('[data-mode="online"]');
      await page.waitForSelector('#menu-notice:not([hidden])');
      assert.equal(await page.textContent('#menu-notice'), ROOM.needsConnection);
      assert.equal(await page.evaluate(() => window.__madang.mode), null);
      assert.deepEqual(page.errors, []);
    });
    await page.close();
  });
}

// An address typed without its slash opens its page offline as online (the server sends
// /checkers to /checkers/), and an address the site does not have shows the site's 404 page,
// not the browser's error page.
test('offline after one visit: /<game> without its slash opens the page, an unknown address the site\'s 404 page', async () => {
  const page = await openPage(ctx, `${stack.url}/${GAMES[0]}`);
  await withShots('offline-no-slash', [page], async () => {
    assert.equal(new URL(page.url()).pathname, `/${GAMES[0]}/`);
    await engineReady(page);
    const missing = await page.goto(`${stack.url}/no-such-page/`);
    assert.equal(missing.status(), 404);
    assert.equal(await page.locator('a[href="/"]').count() > 0, true, 'the 404 page links home');
    assert.deepEqual(page.errors, []);
  });
  await page.close();
});

// A room link opened offline does not wait for a server it cannot reach: the menu says that a
// room needs a connection, and the local modes play.
test('offline after one visit: a room link shows the menu and says a room needs a connection', async () => {
  const page = await openPage(ctx, `${stack.url}/${GAMES[0]}/?room=abcdefabcdef`);
  await withShots('offline-room-link', [page], async () => {
    await engineReady(page);
    await page.waitForSelector('#menu-notice:not([hidden])');
    assert.equal(await page.textContent('#menu-notice'), ROOM.needsConnection);
    assert.equal(await page.evaluate(() => window.__madang.mode), null);
    await page.click('[data-mode=local]:visible');
    await page.waitForFunction(() => window.__madang.mode === 'local');
    assert.deepEqual(page.errors, []);
  });
  await page.close();
});
