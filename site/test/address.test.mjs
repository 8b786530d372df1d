// The address follows the game on screen: the chosen ruleset's path, and a room link opened on
// the other ruleset's page corrects its path.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

test('the address follows the chosen ruleset; a /checkers/ link to a draughts room corrects its path', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  const pages = [page];
  await withShots('address', pages, async () => {
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
