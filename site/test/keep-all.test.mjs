// Korean in the side column's cards wraps between words, as the guide and the toast do
// (word-break: keep-all): a word cut across two lines ('왼' / '쪽부터', '참' / '가하기') reads
// badly. At 390 px: the star games' button-board help and a room's invitation card.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

/** The words of the element's text that the layout cut across lines. */
const cutWords = (page, sel) => page.$eval(sel, (root) => {
  const cut = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.parentElement.getClientRects().length) continue;
    const re = /\S+/g;
    for (let m = re.exec(n.data); m; m = re.exec(n.data)) {
      if (!/[\uac00-\ud7a3]{2}/.test(m[0])) continue;
      const r = document.createRange();
      r.setStart(n, m.index);
      r.setEnd(n, m.index + m[0].length);
      const tops = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
      if (tops.size > 1) cut.push(m[0]);
    }
  }
  return cut;
});

test('390 px: the cards break Korean lines between words, not inside one', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await openPage(ctx, `${stack.url}/diamond/`);
  await withShots('keep-all', [page], async () => {
    await engineReady(page);
    await page.locator('#menu button[data-level="beginner"]:visible').first().tap();
    await page.waitForFunction(() => window.__madang.mode === 'ai' && !document.getElementById('panel').hidden);
    assert.deepEqual(await cutWords(page, '#panel'), []);
    await page.click('#back-to-menu');
    await page.locator('#menu button[data-mode="online"]:visible').first().tap();
    await page.waitForFunction(() => document.getElementById('room-link').value.includes('?room='));
    assert.deepEqual(await cutWords(page, '#online'), []);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});
