// The backgammon page's layout does not jump while it loads: the board's box is reserved
// before the engine draws it (Lighthouse measured a cumulative layout shift of 0.51 on a
// phone, 0.17 on a desktop). Good is at most 0.1 (web.dev's Core Web Vitals threshold for CLS).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

test('backgammon: no layout shift while the engine and the board arrive', async () => {
  for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    const ctx = await stack.browser.newContext({ viewport: size });
    await ctx.addInitScript(() => {
      window.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await openPage(ctx, `${stack.url}/backgammon/`);
    await withShots(`bg-shift-${size.width}`, [page], async () => {
      const top = () => page.evaluate(() => document.getElementById('guide').getBoundingClientRect().top + window.scrollY);
      const before = await top();
      await engineReady(page);
      await page.waitForFunction(() => document.querySelector('#bg-board svg'));
      await page.waitForTimeout(500);
      const after = await top();
      assert.ok(Math.abs(after - before) < 1, `at ${size.width}px the guide moved from ${before} to ${after}`);
      // the page counts itself ready at the roll due (Lighthouse's engine-ready figure waits
      // for it): no legal moves exist before the opening roll
      assert.equal(await page.evaluate(() => document.body.dataset.ready), 'true');
      assert.ok(await page.evaluate(() => window.__madang.firstMovesAt) > 0);
      const cls = await page.evaluate(() => window.__cls);
      assert.ok(cls <= 0.1, `at ${size.width}px the layout shifted by ${cls.toFixed(3)} (CLS), over 0.1`);
    });
    await ctx.close();
  }
});
