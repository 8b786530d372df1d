// A game started from the menu on a phone: the menu stands under the board, so a player
// scrolls down to its buttons; once the game starts the menu's place shrinks to the controls,
// and the board must come back into view rather than stay above the screen (shell.js
// revealBoard).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady } from './harness.mjs';
import { GAMES } from './games.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

for (const game of GAMES) {
  test(`${game}: on a phone, starting against the AI from a scrolled-down menu shows the board`, async () => {
    const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await openPage(ctx, `${stack.url}/${game}/`);
    await withShots(`start-scroll-${game}`, [page], async () => {
      await engineReady(page);
      const button = page.locator('#menu button[data-level="beginner"]:visible').first();
      // the player scrolls until the menu's last buttons are on the screen
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.evaluate(() => {
        const m = document.getElementById('menu').getBoundingClientRect();
        window.scrollBy(0, m.bottom - window.innerHeight + 16);
      });
      await button.tap();
      await page.waitForFunction(() => window.__madang.mode === 'ai' && !document.getElementById('controls').hidden);
      const top = await page.evaluate(() => document.querySelector('.board-area').getBoundingClientRect().top);
      assert.ok(top > -1 && top < 844 / 2, `the board's top is on the screen (at ${Math.round(top)} px)`);
      assert.deepEqual(page.errors, []);
    });
    await ctx.close();
  });
}
