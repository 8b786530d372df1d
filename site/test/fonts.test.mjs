// The Korean web font ships with the site, split by unicode-range, and is fetched only when
// the page shows letters it covers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

test('a Korean web font ships with the site, split by unicode-range, fetched only when needed', async (t) => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const fonts = [];
  ctx.on('request', (r) => { if (/\.woff2?$/.test(new URL(r.url()).pathname)) fonts.push(r.url()); });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  await withShots('web-font', [page], async () => {
    await engineReady(page);
    const faces = await page.evaluate(() => [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Noto Sans KR')
      .map((f) => ({ weight: f.weight, range: f.unicodeRange })));
    assert.ok(faces.length >= 200, `Noto Sans KR faces: ${faces.length}`);
    assert.deepEqual([...new Set(faces.map((f) => f.weight))].sort(), ['400', '700']);
    assert.ok(faces.every((f) => f.range && f.range !== 'U+0-10FFFF'), 'every face has its unicode-range');
    // this machine has a Korean font of its own (fonts-nanum), listed first: nothing fetched
    await page.waitForTimeout(300);
    assert.deepEqual(fonts, []);
    // a machine without one: the page's letters come from a few subsets only
    const loaded = await page.evaluate(async () => {
      const text = document.body.innerText;
      const f = await document.fonts.load('16px "Noto Sans KR"', text);
      return { n: f.length, ok: document.fonts.check('16px "Noto Sans KR"', '마당 체커 내 차례입니다') };
    });
    assert.ok(loaded.n > 0 && loaded.ok, JSON.stringify(loaded));
    assert.ok(fonts.length > 0 && fonts.length <= 40, `font files fetched: ${fonts.length}`);
    const bytes = await page.evaluate(() => performance.getEntriesByType('resource').filter((r) => /\.woff2$/.test(r.name)).reduce((n, r) => n + r.encodedBodySize, 0));
    t.diagnostic(`web font for the checkers page's text: ${fonts.length} files, ${bytes} bytes`);
    assert.ok(fonts.every((u) => /\/assets\/fonts\/noto-sans-kr-[a-z0-9-]+-400-normal-[A-Z0-9]{8}\.woff2$/.test(new URL(u).pathname)), fonts.join(' '));
    // the licence is served beside the fonts
    // the licence is served beside the fonts and linked from the page
    const href = await page.getAttribute('#font-licence', 'href');
    assert.match(href, /^\/assets\/fonts\/OFL-noto-sans-kr-[A-Z0-9]{8}\.txt$/);
    const lic = await page.evaluate(async (u) => (await fetch(u)).text(), href);
    assert.match(lic, /SIL Open Font License, Version 1\.1/);
    assert.match(lic, /SIL Open Font License, Version 1\.1/);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});
