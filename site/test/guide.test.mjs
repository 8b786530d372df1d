// The reading part of every game page (site/src/guide/<game>.html): on each of the
// six game pages, the sections come in the seeds' order under one heading with a table of
// contents that works from the keyboard, the links to our other pages open those pages, the
// sources open in a new tab (rel=noopener), the FAQ answers open on request, and axe-core finds
// nothing in it on a phone and a desktop. A screenshot of each page's reading part at both
// sizes goes to site/test-results/guide/ for the issue note.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack, withShots, openPage, resultsDir } from './harness.mjs';
import { GAMES } from './games.mjs';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const ORDER = ['howto', 'rules', 'decisions', 'tips', 'history', 'sources', 'faq', 'related'];
/** The game pages the build made: every game of the manifest. */
const built = GAMES.filter((g) => existsSync(join(dist, g, 'index.html')));
const shots = join(resultsDir, 'guide');

let stack;
before(async () => { stack = await startStack(); mkdirSync(shots, { recursive: true }); });
after(async () => { await stack?.stop(); });

test('all six game pages are built (the guide is checked on each)', () => {
  assert.deepEqual(built, GAMES, built.join(' '));
});

for (const game of GAMES) {
  test(`${game}: the guide's sections in order, headings, contents and links`, async () => {
    const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openPage(ctx, `${stack.url}/${game}/`);
    await withShots(`guide-${game}`, [page], async () => {
      const info = await page.evaluate(() => {
        const g = document.getElementById('guide');
        const sections = [...g.querySelectorAll('[data-guide]')].map((s) => s.dataset.guide);
        const headings = [...g.querySelectorAll('h2, h3, h4')].map((h) => +h.tagName[1]);
        const toc = [...g.querySelectorAll('.guide-toc a')].map((a) => a.getAttribute('href'));
        const targets = toc.map((h) => !!document.getElementById(h.slice(1)));
        const ext = [...g.querySelectorAll('a[href^="http"]')].map((a) => ({ href: a.href, target: a.target, rel: a.rel }));
        const internal = [...g.querySelectorAll('a[href^="/"]')].map((a) => a.getAttribute('href'));
        const details = g.querySelectorAll('[data-guide="faq"] details').length;
        const leftover = /\{\{|<!-- guide -->/.test(document.documentElement.outerHTML);
        return { sections, headings, toc, targets, ext, internal, details, leftover, game: document.body.dataset.game };
      });
      assert.equal(info.game, game);
      assert.deepEqual(info.sections, ORDER, 'sections in the seeds\' order');
      assert.equal(info.headings[0], 2, 'the guide starts with an h2');
      for (let i = 1; i < info.headings.length; i++) {
        assert.ok(info.headings[i] <= info.headings[i - 1] + 1, `no heading level skipped (${info.headings.join(',')})`);
      }
      assert.deepEqual(info.toc, ORDER.map((s) => `#guide-${s}`), 'the table of contents lists every section');
      assert.ok(info.targets.every(Boolean), 'every contents link has its target');
      assert.ok(info.ext.length >= 3, 'sources are listed');
      for (const l of info.ext) {
        assert.equal(l.target, '_blank', `${l.href} opens in a new tab`);
        assert.match(l.rel, /\bnoopener\b/, `${l.href} has rel=noopener`);
      }
      assert.ok(info.details >= 4, 'the FAQ has its questions');
      assert.ok(!info.leftover, 'no placeholder or marker left');
      // our own pages: only the six games' URLs, never this page's own, at least two linked
      const linked = [...new Set(info.internal)];
      for (const href of linked) assert.match(href, /^\/(checkers|draughts|diamond|diamond-kr|chinese-checkers|backgammon)\/$/, href);
      assert.ok(!linked.includes(`/${game}/`), 'the page does not list itself as a similar game');
      assert.ok(linked.length >= 2, linked.join(' '));

      // the contents from the keyboard: Tab to a link, Enter moves to its section
      await page.focus('.guide-toc a[href="#guide-faq"]');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => location.hash === '#guide-faq');
      // a FAQ answer opens on request
      const first = page.locator('[data-guide="faq"] details').first();
      assert.equal(await first.evaluate((d) => d.open), false);
      await first.locator('summary').click();
      assert.equal(await first.evaluate((d) => d.open), true);
      assert.ok(await first.locator('p').first().isVisible());

      // every link to one of our pages that exists in this build opens that page
      for (const href of linked) {
        const target = href.slice(1, -1);
        assert.ok(GAMES.includes(target), href);
        const p2 = await openPage(ctx, `${stack.url}/${game}/`);
        await Promise.all([p2.waitForURL(`${stack.url}${href}`), p2.click(`#guide a[href="${href}"]:visible >> nth=0`)]);
        assert.equal(await p2.evaluate(() => document.body.dataset.game), target, `${href} opens the ${target} page`);
        assert.equal(await p2.locator('#guide-title').count(), 1, `${href} has its own guide`);
        await p2.close();
      }
    });
    await ctx.close();
  });

  test(`${game}: axe finds nothing in the guide, phone and desktop; screenshots`, async () => {
    for (const [w, h] of [[390, 844], [1280, 900]]) {
      const ctx = await stack.browser.newContext({ viewport: { width: w, height: h } });
      const page = await openPage(ctx, `${stack.url}/${game}/`);
      await withShots(`guide-axe-${game}-${w}`, [page], async () => {
        await page.locator('[data-guide="faq"] details summary').first().click();
        await page.addScriptTag({ path: axePath });
        const v = await page.evaluate(async () => {
          const r = await window.axe.run({ include: [['#guide']] });
          return r.violations.map((x) => `${x.id}: ${x.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
        });
        assert.deepEqual(v, [], `axe on ${game}'s guide at ${w}px`);
        // readable on a phone: nothing wider than the screen, body text at 16px or more
        const m = await page.evaluate(() => {
          const g = document.getElementById('guide');
          const p = g.querySelector('[data-guide="rules"] p');
          return { scroll: g.scrollWidth, client: g.clientWidth, font: parseFloat(getComputedStyle(p).fontSize), doc: document.documentElement.scrollWidth };
        });
        assert.ok(m.scroll <= m.client + 1, `the guide fits its width at ${w}px (${m.scroll} > ${m.client})`);
        assert.ok(m.doc <= w + 1, `the page does not scroll sideways at ${w}px (${m.doc})`);
        assert.ok(m.font >= 16, `body text ${m.font}px`);
        await page.locator('#guide').screenshot({ path: join(shots, `${game}-${w}.png`) });
      });
      await ctx.close();
    }
  });
}
