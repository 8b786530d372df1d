// A finished room's link opens its review while the room lives: two
// players play a few moves online and one resigns; a third browser opens the room link and
// reviews the game with its moves and result, and downloads it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startStack, withShots, openPage, engineReady, view } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

const waitPly = (page, n) => page.waitForFunction((k) => window.__madang.view && window.__madang.view.ply === k, n, { timeout: 30000 });
const myTurn = (page) => page.waitForFunction(() => {
  const a = window.__madang;
  return a.online && a.online.snap && a.online.snap.status === 'playing' && a.view && a.view.ply === a.online.snap.ply && a.view.toMove === a.online.seat;
}, null, { timeout: 30000 });

async function moveByList(page) {
  await myTurn(page);
  const v = await view(page);
  await page.click(`#moves button[data-text="${v.moves[0].text}"]`);
  await waitPly(page, v.ply + 1);
}

test('a finished room link opens the review of its game', async () => {
  const ctxA = await stack.browser.newContext();
  const ctxB = await stack.browser.newContext();
  const ctxC = await stack.browser.newContext({ acceptDownloads: true });
  const a = await openPage(ctxA, `${stack.url}/checkers/`);
  const pages = [a];
  await withShots('records-online', pages, async () => {
    await engineReady(a);
    await a.click('button[data-mode="online"]');
    await a.waitForFunction(() => document.getElementById('room-link').value.includes('?room='));
    const link = await a.inputValue('#room-link');
    const b = await openPage(ctxB, link);
    pages.push(b);
    await b.waitForSelector('#join-button:visible');
    await b.click('#join-button');
    await moveByList(a);
    await moveByList(b);
    await moveByList(a);
    await myTurn(b);
    await b.click('#resign');
    await b.click('#resign');
    await a.waitForFunction(() => window.__madang.online.snap && window.__madang.online.snap.status === 'over', null, { timeout: 30000 });
    const texts = (await view(a)).history.map((e) => e.text);
    assert.equal(texts.length, 3);

    const c = await openPage(ctxC, link);
    pages.push(c);
    await c.waitForSelector('#rec-review-this:visible', { timeout: 30000 });
    const said = [];
    c.on('console', (m) => said.push(m.text()));
    await c.click('#rec-review-this');
    await c.waitForFunction(() => window.__madang.mode === 'review', null, { timeout: 60000 }).catch((e) => {
      throw new Error(`${e.message}; page errors ${JSON.stringify(c.errors)}; console ${JSON.stringify(said)}`);
    });
    const rec = await c.evaluate(() => window.__madangRecords.rec);
    assert.deepEqual(rec.moves, texts);
    assert.equal(rec.result, '1-0'); // White (seat 1) resigned: Black, seat 0, wins
    await c.waitForFunction(() => window.__madang.view.ply === 3);
    const [dl] = await Promise.all([c.waitForEvent('download'), c.click('#rec-download')]);
    const text = readFileSync(await dl.path(), 'utf8');
    assert.match(text, /\[Result "1-0"\]/);
    for (const p of pages) assert.deepEqual(p.errors, []);
  });
  await ctxA.close();
  await ctxB.close();
  await ctxC.close();
});
