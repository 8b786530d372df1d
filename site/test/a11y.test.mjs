// Accessibility: axe-core (from npm, run inside the page) on every
// page state — home, menu, game, selection, refusal, result, online room, join card,
// spectator, and the star-board pages' menu, game, selection, refusal and result — failing on
// any violation; the legal-move buttons' names start with their
// visible text; the '준비 중' cards' contrast; focus rings of 3:1 or more on every background.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { startStack, withShots, openPage, engineReady, view, clickSquare, waitMyTurn } from './harness.mjs';
import { familyGames } from './games.mjs';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

/** axe-core's violations on the page as it is now: [] or a readable list. */
async function axe(page, options = {}) {
  if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ path: axePath });
  return page.evaluate(async (o) => {
    const r = await window.axe.run(o.context || document, o.options || {});
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} — ${(n.failureSummary || '').split('\n').slice(1, 2).join('').trim()}`).join('; ')}`);
  }, options);
}

async function noViolations(page, state) {
  const v = await axe(page);
  assert.deepEqual(v, [], `axe on ${state}`);
}

test('axe: the home page', async () => {
  for (const [w, h] of [[1280, 900], [390, 844]]) {
    const ctx = await stack.browser.newContext({ viewport: { width: w, height: h } });
    const page = await openPage(ctx, `${stack.url}/`);
    await withShots(`axe-home-${w}`, [page], async () => {
      await noViolations(page, `home ${w}x${h}`);
    });
    await ctx.close();
  }
});

test('the home page cards: text and badge of 4.5:1 or more', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/`);
  await withShots('soon-contrast', [page], async () => {
    await page.addScriptTag({ path: axePath });
    const v = await page.evaluate(async () => {
      const r = await window.axe.run({ include: [['.card']] }, { runOnly: ['color-contrast'] });
      return { bad: r.violations.flatMap((x) => x.nodes.map((n) => n.target.join(' '))), passes: r.passes.flatMap((x) => x.nodes).length };
    });
    assert.deepEqual(v.bad, []);
    assert.ok(v.passes >= 18, `checked ${v.passes} nodes`); // title, text and badge of the six cards
  });
  await ctx.close();
});

test('axe: the game page in every state (menu, game, selection, refusal, result)', async () => {
  for (const [w, h] of [[1280, 900], [390, 844]]) {
    const ctx = await stack.browser.newContext({ viewport: { width: w, height: h } });
    const page = await openPage(ctx, `${stack.url}/checkers/`);
    await withShots(`axe-game-${w}`, [page], async () => {
      await engineReady(page);
      await noViolations(page, 'menu');
      await page.click('button[data-level="beginner"]');
      await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view.ply === 0);
      await noViolations(page, 'game');
      const from = (await view(page)).moves[0].from;
      await clickSquare(page, from);
      await page.waitForFunction((f) => window.__madang.sel && window.__madang.sel.from === f, from);
      await noViolations(page, 'selection');
      await clickSquare(page, 23); // White's man: '내 말을 먼저 고르세요'
      await page.waitForFunction(() => document.getElementById('alert').textContent.includes('내 말을 먼저 고르세요'));
      await noViolations(page, 'refusal');
      await page.click('#moves button >> nth=0');
      await waitMyTurn(page);
      await page.click('#offer-draw');
      await noViolations(page, 'draw offer armed');
      await page.click('#resign');
      await page.click('#resign');
      await page.waitForFunction(() => !document.getElementById('result').hidden);
      await page.locator('details.history summary').click();
      await noViolations(page, 'result');
      await page.click('#back-to-menu');
      await page.waitForSelector('#menu:visible');
      await noViolations(page, 'menu again');
      assert.deepEqual(page.errors, []);
    });
    await ctx.close();
  }
});

// the star-board pages (seeds 000, 002, 004): the same states on each, at a phone's
// and a desktop's size — the menu, a game (against the AI) with a piece selected and its
// destinations shown on the board and in the button panel, a refusal (the other side's
// piece) and the result after resigning (diamond-kr's result screen)
for (const game of familyGames('halma')) {
  test(`axe: the ${game} page in every state (menu, game, selection, refusal, result)`, async () => {
    for (const [w, h] of [[1280, 900], [390, 844]]) {
      const ctx = await stack.browser.newContext({ viewport: { width: w, height: h } });
      const page = await openPage(ctx, `${stack.url}/${game}/`);
      await withShots(`axe-${game}-${w}`, [page], async () => {
        await engineReady(page);
        await noViolations(page, `${game} menu ${w}`);
        await page.click('button[data-mode="ai"][data-level="beginner"]');
        await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view.ply === 0 && !window.__madang.thinking);
        await page.waitForFunction(() => document.body.dataset.scene === 'ready');
        await noViolations(page, `${game} game ${w}`);
        const v = await view(page);
        const m = v.moves.find((x) => !x.pass);
        await clickSquare(page, m.from);
        await page.waitForFunction((f) => window.__madang.sel && window.__madang.sel.from === f, m.from);
        await page.waitForSelector('#dests button');
        await noViolations(page, `${game} selection ${w}`);
        const theirs = v.board.findIndex((seat) => seat === 1);
        await clickSquare(page, theirs);
        await page.waitForFunction(() => /상대의 말은 움직일 수 없어요/.test(document.getElementById('alert').textContent));
        await noViolations(page, `${game} refusal ${w}`);
        await page.click('#resign');
        await page.click('#resign');
        await page.waitForFunction(() => window.__madang.view.outcome.status !== 'ongoing');
        if (game === 'diamond-kr') await page.waitForSelector('#result-screen:not([hidden])');
        else await page.waitForSelector('#result:not([hidden])');
        await noViolations(page, `${game} result ${w}`);
        assert.deepEqual(page.errors, []);
      });
      await ctx.close();
    }
  });
}

test('axe: online — the room while waiting, the join card, playing, the spectator', async () => {
  const ctxA = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ctxB = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const ctxC = await stack.browser.newContext({ viewport: { width: 800, height: 900 } });
  const a = await openPage(ctxA, `${stack.url}/draughts/`);
  const pages = [a];
  await withShots('axe-online', pages, async () => {
    await engineReady(a);
    await a.click('button[data-mode="online"]');
    await a.waitForFunction(() => document.getElementById('room-link').value.includes('?room=') && window.__madang.online.snap);
    await noViolations(a, 'online room waiting');
    const link = await a.inputValue('#room-link');
    const b = await openPage(ctxB, link);
    pages.push(b);
    await b.waitForSelector('#join-button:visible');
    await noViolations(b, 'join card');
    await b.click('#join-button');
    await a.waitForFunction(() => window.__madang.online.snap.status === 'playing' && window.__madang.view.moves.length > 0);
    await b.waitForFunction(() => window.__madang.online.seat === 1 && window.__madang.online.snap.status === 'playing');
    await noViolations(a, 'online playing, my turn');
    await noViolations(b, 'online playing, their turn');
    const c = await openPage(ctxC, link);
    pages.push(c);
    await c.waitForSelector('#join-button:visible');
    await noViolations(c, 'watch card');
    await c.click('#join-button');
    await c.waitForFunction(() => window.__madang.online && window.__madang.online.seat === -1 && window.__madang.view && window.__madang.online.snap);
    await noViolations(c, 'spectator');
    for (const p of pages) assert.deepEqual(p.errors, []);
  });
  await ctxA.close();
  await ctxB.close();
  await ctxC.close();
});

test('the legal-move buttons are named starting with what they show (WCAG 2.5.3)', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  await withShots('move-names', [page], async () => {
    await engineReady(page);
    await page.evaluate(() => window.__madang.startFrom('checkers', 'B:W14,22,23:B9,11'));
    await page.waitForFunction(() => window.__madang.view.moves.length > 0);
    const names = await page.$$eval('#moves button', (bs) => bs.map((b) => ({ text: b.textContent, name: b.getAttribute('aria-label') || b.textContent })));
    assert.ok(names.length >= 2);
    for (const { text, name } of names) {
      assert.ok(name.startsWith(text), `'${name}' does not start with '${text}'`);
    }
    // and still says the move in words: 9×18×25 → '9에서 … 따먹기'
    assert.ok(names.some((n) => /따먹기/.test(n.name)), JSON.stringify(names));
  });
  await ctx.close();
});

/** Relative luminance of 'rgb(r, g, b)' / 'rgba(...)' (WCAG 2.x). */
function lum(css) {
  const [r, g, b] = css.match(/[\d.]+/g).slice(0, 3).map(Number).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (x, y) => {
  const [a, b] = [lum(x), lum(y)].sort((p, q) => q - p);
  return (a + 0.05) / (b + 0.05);
};

/** The focused element's ring colours and the backgrounds it lies on: its own, the nearest
 * opaque one behind it, and for a grid cell its neighbours'. */
const ringOf = (page) => page.evaluate(() => {
  const el = document.activeElement;
  const opaque = (e) => {
    for (let x = e; x; x = x.parentElement) {
      const c = getComputedStyle(x).backgroundColor;
      const al = c.match(/rgba\([^)]*,\s*([\d.]+)\)/);
      if (!(al && Number(al[1]) < 0.5) && c !== 'transparent') return c;
    }
    return 'rgb(255, 255, 255)';
  };
  const cs = getComputedStyle(el);
  const rings = [];
  if (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2) rings.push(cs.outlineColor);
  for (const m of (cs.boxShadow || '').matchAll(/rgba?\([^)]*\)/g)) rings.push(m[0]);
  const backs = [opaque(el)];
  if (el.parentElement) backs.push(opaque(el.parentElement));
  if (el.classList.contains('cell')) {
    const r = el.getBoundingClientRect();
    for (const [dx, dy] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
      const n = document.elementFromPoint(r.x + r.width / 2 + dx * r.width, r.y + r.height / 2 + dy * r.height);
      if (n && n.classList.contains('cell')) backs.push(getComputedStyle(n).backgroundColor);
    }
  }
  const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} '${(el.textContent || '').trim().slice(0, 20)}'`;
  return { name, rings, backs };
});

async function checkRings(page, where, steps, seen) {
  for (let i = 0; i < steps; i++) {
    // Tab moves the focus: read the ring once the page has moved it
    await page.evaluate(() => { window.__prevFocus = document.activeElement; });
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => document.activeElement !== window.__prevFocus, null, { timeout: 30000 });
    const r = await ringOf(page);
    if (r.name.startsWith('body')) continue;
    assert.ok(r.rings.length, `${where}: ${r.name} has no focus ring`);
    for (const bg of r.backs) {
      const best = Math.max(...r.rings.map((c) => contrast(c, bg)));
      assert.ok(best >= 3, `${where}: ${r.name}: ring ${r.rings.join(' / ')} on ${bg} is ${best.toFixed(2)}:1`);
    }
    seen.add(r.name.replace(/ '.*$/, ''));
  }
}

test('focus rings stand out (3:1) on every background: home, menu, game, the grid cells', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const home = await openPage(ctx, `${stack.url}/`);
  const seen = new Set();
  await withShots('focus-rings', [home], async () => {
    await checkRings(home, 'home', 4, seen);
    const page = await openPage(ctx, `${stack.url}/checkers/`);
    await engineReady(page);
    await checkRings(page, 'menu', 12, seen);
    await page.click('button[data-level="beginner"]');
    await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view.ply === 0);
    // the grid: a dark cell with a piece, an empty dark cell, a light cell
    await page.evaluate(() => document.querySelector('#grid [tabindex="0"]').focus());
    for (const k of ['ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowLeft']) {
      // each of these keys moves the focus: read the ring once the page has moved it
      await page.evaluate(() => { window.__prevFocus = document.activeElement; });
      await page.keyboard.press(k);
      await page.waitForFunction(() => document.activeElement !== window.__prevFocus, null, { timeout: 30000 });
      const r = await ringOf(page);
      assert.ok(r.rings.length, `${r.name} has no focus ring`);
      for (const bg of r.backs) {
        const best = Math.max(...r.rings.map((c) => contrast(c, bg)));
        assert.ok(best >= 3, `grid: ${r.name}: ring ${r.rings.join(' / ')} on ${bg} is ${best.toFixed(2)}:1`);
      }
      seen.add(r.name.replace(/ '.*$/, ''));
    }
    await checkRings(page, 'game', 20, seen);
    assert.ok([...seen].some((n) => n.includes('cell.dark')) && [...seen].some((n) => n.includes('cell.light')), [...seen].join(', '));
    assert.ok([...seen].some((n) => n.startsWith('a')), [...seen].join(', '));
    assert.ok([...seen].some((n) => n.includes('accent') || n.includes('view-oblique')), [...seen].join(', '));
  });
  await ctx.close();
});
