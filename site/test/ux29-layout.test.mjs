// Issue 29's layout items, as a new player sees them in headless Chromium: the page without
// WebGL on every 3D page (item 3), the three-seat cards on a phone (6), the result brought into
// view after resigning from the lower panel (7), the star board's tap targets (11), the home
// page's star thumbnails (13) and the smaller things of item 16. Screenshots of what was
// checked go to site/test-results/ux29-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, withShots, openPage, engineReady, view, waitMyTurn, refuseWorkerWebGL, resultsDir } from './harness.mjs';
import { GAMES, familyGames } from './games.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

/** Keeps a screenshot of what the test looked at (also when it passes). */
async function shot(page, name) {
  mkdirSync(resultsDir, { recursive: true });
  await page.screenshot({ path: join(resultsDir, `ux29-${name}.png`), fullPage: false });
}

/** An element's box on screen, null when it is not shown. */
const box = (page, sel) => page.evaluate((s) => {
  const e = document.querySelector(s);
  if (!e) return null;
  const r = e.getBoundingClientRect();
  return r.width && r.height ? { x: r.x, y: r.y, w: r.width, h: r.height, bottom: r.bottom, right: r.right } : null;
}, sel);

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };

// ---- item 3: without WebGL ------------------------------------------------------------

for (const [game, vp] of [['checkers', PHONE], ['checkers', DESK], ['draughts', PHONE], ['chinese-checkers', PHONE], ['diamond-kr', DESK], ['diamond', PHONE]]) {
  test(`item 3: ${game} at ${vp.width}px without WebGL says why in the board's place and plays with the buttons`, async () => {
    const ctx = await stack.browser.newContext({ viewport: vp });
    await ctx.addInitScript(() => {
      const get = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
        return /webgl/i.test(kind) ? null : get.call(this, kind, ...rest);
      };
    });
    await refuseWorkerWebGL(ctx, game === 'checkers' || game === 'draughts' ? 'squares' : 'star');
    const page = await openPage(ctx, `${stack.url}/${game}/`);
    await withShots(`ux29-nowebgl-${game}-${vp.width}`, [page], async () => {
      await engineReady(page);
      await page.click(game === 'diamond-kr' ? 'button[data-mode="local"]:visible' : 'button[data-mode="ai"][data-level="beginner"]');
      await page.waitForFunction(() => document.body.dataset.scene === 'ready');
      await page.waitForSelector('#no-webgl', { state: 'visible' });
      const note = await page.innerText('#no-webgl');
      assert.match(note, /3D 게임판을 보여 줄 수 없어/);
      // the place of the button board as the layout has it: beside the board or under it
      const narrow = vp.width < 880;
      assert.match(note, narrow ? /아래의 ‘버튼으로 두기’/ : /오른쪽의 ‘버튼으로 두기’/);
      assert.doesNotMatch(note, narrow ? /오른쪽/ : /아래/);
      assert.equal(await page.isVisible('#board3d'), false, 'the empty canvas is hidden');
      assert.equal(await page.isVisible('#view-oblique'), false, 'no view buttons without a 3D board');
      assert.equal(await page.isVisible('#view-top'), false);
      // no empty box: the board's box is about the note's height
      const wrap = await box(page, '#board-wrap');
      const n = await box(page, '#no-webgl');
      assert.ok(wrap.h < n.h + 60, `the board's box is ${wrap.h} px tall around a ${n.h} px note`);
      const panel = await box(page, '#panel');
      assert.ok(panel, 'the button board is shown');
      if (narrow) assert.ok(panel.y >= wrap.bottom, `the button board (${panel.y}) is under the note (${wrap.bottom})`);
      else assert.ok(panel.x >= wrap.right, `the button board (${panel.x}) is to the right of the note (${wrap.right})`);
      await shot(page, `nowebgl-${game}-${vp.width}`);
      // a move with the buttons
      const v = await view(page);
      if (game === 'checkers' || game === 'draughts') {
        await page.click('#moves button');
      } else {
        await page.click('#pieces button:not([aria-disabled="true"])');
        await page.click('#dests button');
      }
      await page.waitForFunction((p) => window.__madang.view.ply > p, v.ply);
      assert.deepEqual(page.errors.filter((e) => !/WebGL/i.test(e)), []);
    });
    await ctx.close();
  });
}

// ---- item 6: three-seat cards on a phone -------------------------------------------------

/** Each player card's name as shown: its text, whether any of it is cut off, its box. */
const cards = (page) => page.evaluate(() => [...document.querySelectorAll('.player-card')].map((c) => {
  const who = c.querySelector('.who');
  const r = c.getBoundingClientRect();
  const cs = getComputedStyle(who);
  return {
    text: who.textContent, arrived: c.querySelector('.arrived').textContent,
    cut: who.scrollWidth > who.clientWidth + 1 || who.scrollHeight > who.clientHeight + 1 || cs.textOverflow === 'ellipsis' && who.scrollWidth > who.clientWidth,
    left: r.left, right: r.right, top: r.top,
  };
}));

for (const width of [390, 360]) {
  test(`item 6: three-seat cards at ${width}px show every name whole`, async () => {
    const ctx = await stack.browser.newContext({ viewport: { width, height: 844 } });
    const page = await openPage(ctx, `${stack.url}/diamond/`);
    await withShots(`ux29-cards-${width}`, [page], async () => {
      await engineReady(page);
      await page.check('input[name=players][value="3"]');
      await page.click('button[data-mode="ai"][data-level="beginner"]');
      await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view.seats === 3 && /^나/.test(document.querySelector('.player-card .who').textContent));
      const c = await cards(page);
      assert.deepEqual(c.map((x) => x.text), ['나(빨강)', 'AI(노랑)', 'AI(초록)']);
      for (const x of c) {
        assert.equal(x.cut, false, `${x.text} is cut short`);
        assert.ok(x.left >= 0 && x.right <= width, `${x.text}'s card (${x.left}..${x.right}) is on the screen`);
        assert.match(x.arrived, /^0\/15$/);
      }
      // side by side, one row: the three cards read as the three seats
      assert.ok(Math.max(...c.map((x) => x.top)) - Math.min(...c.map((x) => x.top)) < 1, JSON.stringify(c));
      // the words as a person reads them: each name is inside its card, letters not clipped
      const texts = await page.locator('.player-card .who').allInnerTexts();
      assert.deepEqual(texts.map((t) => t.replace(/\s+/g, '')), ['나(빨강)', 'AI(노랑)', 'AI(초록)']);
      await page.screenshot({ path: join(resultsDir, `ux29-cards-${width}.png`), clip: { x: 0, y: 0, width, height: 180 } });
    });
    await ctx.close();
  });
}

// ---- item 7: the result in view after resigning from the controls under the board ---------

for (const game of ['diamond-kr', 'diamond', 'draughts', 'backgammon']) {
  test(`item 7: ${game} on a phone — resigning from the controls under the board brings the result into view`, async () => {
    const ctx = await stack.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await openPage(ctx, `${stack.url}/${game}/`);
    await withShots(`ux29-resign-${game}`, [page], async () => {
      await page.waitForFunction(() => window.__madang && window.__madang.view);
      await page.tap(game === 'diamond-kr' ? 'button[data-mode="local"]:visible' : 'button[data-mode="ai"][data-level="beginner"]');
      await page.waitForFunction(() => window.__madang.mode && !window.__madang.thinking && !document.getElementById('resign').disabled);
      // the player has scrolled down: the controls at the top of the screen, the board above it
      // (scrolled again until it holds: the page may still grow below while it settles)
      await page.waitForFunction(() => {
        window.scrollTo(0, window.scrollY + document.getElementById('controls').getBoundingClientRect().top - 8);
        return document.getElementById('board-wrap').getBoundingClientRect().bottom < 0;
      });
      await page.tap('#resign');
      await page.tap('#resign');
      const sel = game === 'diamond-kr' ? '#result-screen' : '#result';
      await page.waitForSelector(`${sel}:not([hidden])`);
      // in view, whole: wait for the page's scroll, then read where it stands
      await page.waitForFunction((s) => {
        const r = document.querySelector(s).getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
      }, sel, { timeout: 5000 });
      const text = await page.innerText(sel);
      assert.match(text, /기권/);
      await shot(page, `resign-${game}`);
      assert.deepEqual(page.errors, []);
    });
    await ctx.close();
  });
}

// ---- item 13: the home page's star thumbnails --------------------------------------------

/** The pieces a thumbnail draws, by colour: the round-capped dots of its paths, in hole units. */
const thumbPieces = (page, game) => page.evaluate((g) => {
  const svg = document.querySelector(`.card[data-game="${g}"] .card-art svg`);
  if (!svg) return null;
  const out = {};
  for (const p of svg.querySelectorAll('path[class^="p-"]')) {
    const pts = [...p.getAttribute('d').matchAll(/M(-?[\d.]+) (-?[\d.]+)h0/g)].map((m) => [Math.round(Number(m[1]) / 5), Math.round(-Number(m[2]) / (5 * Math.sqrt(3)))]);
    out[p.getAttribute('class').slice(2)] = pts.map((q) => q.join(',')).sort();
  }
  out.kings = [...svg.querySelectorAll('circle.king')].map((c) => [Math.round(Number(c.getAttribute('cx')) / 5), Math.round(-Number(c.getAttribute('cy')) / (5 * Math.sqrt(3)))].join(',')).sort();
  return out;
}, game);

test('item 13: the home page draws each star game\'s own start position', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/`);
  await withShots('ux29-home-stars', [page], async () => {
    const arts = {};
    for (const game of familyGames('halma')) {
      const el = page.locator(`.card[data-game="${game}"] .card-art`);
      await el.scrollIntoViewIfNeeded();
      arts[game] = await el.screenshot();
    }
    // three different pictures on the screen
    assert.notDeepEqual(arts['chinese-checkers'], arts['diamond-kr'], 'chinese-checkers and diamond-kr look the same');
    assert.notDeepEqual(arts['diamond-kr'], arts.diamond, 'diamond-kr and diamond look the same');
    assert.notDeepEqual(arts['chinese-checkers'], arts.diamond, 'chinese-checkers and diamond look the same');
    await page.locator('.card[data-game="chinese-checkers"]').scrollIntoViewIfNeeded();
    await shot(page, 'home-stars');
    // and each is its game's start as the engine sets it up (the page's start view)
    const want = [['chinese-checkers', undefined, ['red', 'blue'], 10], ['diamond-kr', { pieces: 15 }, ['red', 'blue'], 15], ['diamond', { players: 3 }, ['red', 'yellow', 'green'], 15]];
    for (const [game, options, colours, n] of want) {
      const drawn = await thumbPieces(page, game);
      assert.ok(drawn, `${game}: no picture`);
      const gp = await openPage(ctx, `${stack.url}/${game}/`);
      await engineReady(gp);
      const start = await gp.evaluate(async ([g, o]) => {
        const { view: v } = await window.__madang.engine.ask('start', { game: g, options: o });
        const at = (h) => `${v.holes[h].x},${v.holes[h].y}`;
        return { seats: v.board.reduce((m, s, h) => { if (s >= 0) (m[s] = m[s] || []).push(at(h)); return m; }, []).map((l) => l.sort()), kings: v.seatInfo.map((s) => s.king).filter((k) => k >= 0).map(at).sort() };
      }, [game, options]);
      await gp.close();
      // the holes' x is in half spacings: the thumbnail's 5 units are one half spacing
      const norm = (l) => l.map((q) => { const [x, y] = q.split(',').map(Number); return `${x},${y}`; }).sort();
      colours.forEach((c, seat) => {
        assert.equal(drawn[c].length, n, `${game}: ${c} has ${drawn[c].length} pieces`);
        assert.deepEqual(norm(drawn[c]), start.seats[seat], `${game}: ${c}'s pieces stand where the game starts them`);
      });
      assert.deepEqual(drawn.kings, start.kings, `${game}: the kings`);
    }
  });
  await ctx.close();
});

// ---- item 11: the star board's tap targets -------------------------------------------------

/** Every hole's tap point (where a person taps it: the hole, or the marble on it), the least
 * distance between two, and the holes a tap there does not pick or that lie off the board's box. */
const targets = (page) => page.evaluate(async () => {
  const a = window.__madang;
  const holes = a.view.holes.map((o) => o.h);
  const pts = await Promise.all(holes.map((h) => a.squareToScreen(h)));
  const r = document.getElementById('board3d').getBoundingClientRect();
  let min = Infinity;
  let pair = null;
  for (let i = 0; i < pts.length; i++) {
    for (let j = i + 1; j < pts.length; j++) {
      const d = Math.hypot(pts[i].x - pts[j].x, pts[i].y - pts[j].y);
      if (d < min) { min = d; pair = [a.view.holes[holes[i]].name, a.view.holes[holes[j]].name]; }
    }
  }
  const off = holes.filter((h, i) => pts[i].x < r.left || pts[i].x > r.right || pts[i].y < r.top || pts[i].y > r.bottom);
  const picked = await Promise.all(holes.map((h, i) => a.board3d.pick(pts[i].x, pts[i].y)));
  const missed = holes.filter((h, i) => picked[i] !== h).map((h) => a.view.holes[h].name);
  return { min, pair, off, missed };
});

for (const game of familyGames('halma')) {
  test(`item 11: ${game} at 390px — every hole 24 px or more from the next on screen, in both views, and a tap there picks it`, async () => {
    const ctx = await stack.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await openPage(ctx, `${stack.url}/${game}/`);
    await withShots(`ux29-holes-${game}`, [page], async () => {
      await engineReady(page);
      if (game === 'diamond') await page.check('input[name=players][value="3"]');
      await page.tap(game === 'diamond-kr' ? 'button[data-mode="local"]:visible' : 'button[data-mode="ai"][data-level="beginner"]');
      await page.waitForFunction(() => window.__madang.mode && document.body.dataset.scene === 'ready');
      await page.locator('#board3d').scrollIntoViewIfNeeded();
      for (const v of ['oblique', 'top']) {
        await page.tap(`#view-${v}`);
        await page.evaluate(() => window.__madang.board3d.settled && window.__madang.board3d.settled());
        await page.waitForFunction(() => !!window.__madang.squareToScreen(0));
        const t = await targets(page);
        assert.ok(t.min >= 24, `${game} ${v}: holes ${t.pair} are ${t.min.toFixed(1)} px apart`);
        assert.deepEqual(t.off, [], `${game} ${v}: holes off the board's box`);
        assert.deepEqual(t.missed, [], `${game} ${v}: a tap on these holes picks another`);
        await shot(page, `holes-${game}-${v}`);
      }
      assert.deepEqual(page.errors, []);
    });
    await ctx.close();
  });
}

test('item 11: axe-core target-size clean at 390 px and 1280 px on every game page\'s menu (its guide below)', async () => {
  const axePath = (await import('node:module')).createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  for (const vp of [PHONE, DESK]) {
    const ctx = await stack.browser.newContext(vp === PHONE ? { viewport: vp, isMobile: true, hasTouch: true } : { viewport: vp });
    for (const game of GAMES) {
      const page = await openPage(ctx, `${stack.url}/${game}/`);
      await withShots(`ux29-target-size-${game}-${vp.width}`, [page], async () => {
        await page.waitForFunction(() => window.__madang && window.__madang.view);
        await page.addScriptTag({ path: axePath });
        const bad = await page.evaluate(async () => {
          const r = await window.axe.run(document, { runOnly: ['target-size'] });
          return r.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${(n.failureSummary || '').split('\n')[1] || ''}`));
        });
        assert.deepEqual(bad, [], `${game} at ${vp.width}px`);
      });
      await page.close();
    }
    await ctx.close();
  }
});

// ---- item 16: review steps, the spectator's record card, diamond-kr's question, the file
// button, toasts on a phone -------------------------------------------------------------------

test('item 16: the four review step buttons stand on one row (390 px and 1280 px)', async () => {
  for (const vp of [PHONE, DESK]) {
    const ctx = await stack.browser.newContext({ viewport: vp });
    const page = await openPage(ctx, `${stack.url}/checkers/`);
    await withShots(`ux29-steps-${vp.width}`, [page], async () => {
      await engineReady(page);
      await page.click('button[data-mode="ai"][data-level="beginner"]');
      await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view.ply === 0);
      await page.click('#moves button >> nth=0');
      await waitMyTurn(page);
      await page.click('#rec-review-this');
      await page.waitForFunction(() => window.__madang.mode === 'review');
      await page.locator('.rec-steps').scrollIntoViewIfNeeded();
      const tops = await page.evaluate(() => [...document.querySelectorAll('.rec-steps button')].map((b) => b.getBoundingClientRect().top));
      assert.equal(tops.length, 4);
      assert.ok(Math.max(...tops) - Math.min(...tops) < 1, `the step buttons' tops: ${tops}`);
    });
    await ctx.close();
  }
});

test('item 16: a spectator sees no empty 기보 card, on the watch card or watching', async () => {
  const ctxA = await stack.browser.newContext({ viewport: DESK });
  const ctxB = await stack.browser.newContext({ viewport: PHONE });
  const ctxC = await stack.browser.newContext({ viewport: PHONE });
  const a = await openPage(ctxA, `${stack.url}/checkers/`);
  const pages = [a];
  await withShots('ux29-spectator-records', pages, async () => {
    await engineReady(a);
    await a.click('button[data-mode="online"]');
    await a.waitForFunction(() => document.getElementById('room-link').value.includes('?room=') && window.__madang.online.snap);
    const link = await a.inputValue('#room-link');
    const b = await openPage(ctxB, link);
    pages.push(b);
    await b.click('#join-button');
    await b.waitForFunction(() => window.__madang.online.seat === 1 && window.__madang.online.snap.status === 'playing');
    const c = await openPage(ctxC, link);
    pages.push(c);
    await c.waitForSelector('#join-button:visible');
    /** The 기보 card, if shown: whether anything but its heading shows in it. */
    const card = () => c.evaluate(() => {
      const r = document.getElementById('records');
      if (!r || !r.getClientRects().length) return 'hidden';
      const shown = [...r.querySelectorAll('button, summary, textarea, input, p, li')].filter((e) => e.getClientRects().length && e.getBoundingClientRect().height > 0);
      return shown.length ? 'content' : 'empty';
    });
    assert.notEqual(await card(), 'empty', 'the watch card has an empty 기보 card under it');
    await c.click('#join-button');
    await c.waitForFunction(() => window.__madang.online && window.__madang.online.seat === -1 && window.__madang.view && window.__madang.online.snap);
    assert.notEqual(await card(), 'empty', 'a spectator has an empty 기보 card');
    for (const p of pages) assert.deepEqual(p.errors, []);
  });
  await ctxA.close();
  await ctxB.close();
  await ctxC.close();
});

test('item 16: diamond-kr asks before a new game in the page\'s own dialog, not the browser\'s', async () => {
  const ctx = await stack.browser.newContext({ viewport: PHONE });
  const page = await openPage(ctx, `${stack.url}/diamond-kr/`);
  const native = [];
  page.on('dialog', (d) => { native.push(d.message()); d.dismiss().catch(() => {}); });
  await withShots('ux29-newgame-dialog', [page], async () => {
    await engineReady(page);
    await page.click('button[data-mode="local"]:visible');
    await page.waitForFunction(() => window.__madang.mode === 'local');
    await page.click('#pieces button:not([aria-disabled="true"])');
    await page.click('#dests button');
    await page.waitForFunction(() => window.__madang.view.ply === 1);
    await page.click('#restart');
    await page.waitForSelector('#leave-dialog', { state: 'visible' });
    assert.deepEqual(native, [], 'the browser\'s confirm box was used');
    assert.match(await page.innerText('#leave-text'), /처음부터 다시 할까요/);
    assert.equal(await page.innerText('#leave-yes'), '처음부터 다시 하기');
    await shot(page, 'newgame-dialog');
    await page.click('#leave-no');
    await page.waitForSelector('#leave-dialog', { state: 'hidden' });
    assert.equal((await view(page)).ply, 1, '계속 두기 keeps the game');
    await page.click('#restart');
    await page.click('#leave-yes');
    await page.waitForFunction(() => window.__madang.view.ply === 0 && window.__madang.mode === 'local');
    // leaving for the menu asks with its own words again
    await page.click('#pieces button:not([aria-disabled="true"])');
    await page.click('#dests button');
    await page.waitForFunction(() => window.__madang.view.ply === 1);
    await page.click('#back-to-menu');
    await page.waitForSelector('#leave-dialog', { state: 'visible' });
    assert.equal(await page.innerText('#leave-yes'), '그만두기');
    await page.click('#leave-yes');
    await page.waitForFunction(() => !window.__madang.mode);
    assert.deepEqual(native, []);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('item 16: the record file button looks like the button beside it and still opens a file', async () => {
  const ctx = await stack.browser.newContext({ viewport: PHONE });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  await withShots('ux29-file-button', [page], async () => {
    await engineReady(page);
    await page.click('#rec-import summary');
    const look = await page.evaluate(() => {
      const st = (e) => { const c = getComputedStyle(e); const r = e.getBoundingClientRect(); return { h: Math.round(r.height), top: Math.round(r.top), bg: c.backgroundColor, border: c.borderTopWidth + ' ' + c.borderTopStyle, radius: c.borderTopLeftRadius }; };
      const input = document.getElementById('rec-file');
      return { label: st(document.querySelector('.file-button')), read: st(document.getElementById('rec-read')), inputOpacity: getComputedStyle(input).opacity, text: document.querySelector('.file-button').innerText.trim() };
    });
    assert.equal(look.text, '파일 열기');
    assert.equal(look.label.h, look.read.h, `heights ${look.label.h} and ${look.read.h}`);
    assert.equal(look.label.top, look.read.top);
    assert.equal(look.label.bg, look.read.bg);
    assert.equal(look.label.border, look.read.border);
    assert.equal(look.label.radius, look.read.radius);
    // the browser's own 'Choose File / No file chosen' does not show
    assert.equal(look.inputOpacity, '0');
    await page.locator('#rec-import').screenshot({ path: join(resultsDir, 'ux29-file-button.png') });
    await page.setInputFiles('#rec-file', { name: 'g.pdn', mimeType: 'text/plain', buffer: Buffer.from('[GameType "21"]\n1. 11-15 23-19 *\n') });
    await page.waitForFunction(() => window.__madang.mode === 'review' && window.__madangRecords.rec.moves.length === 2);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('item 16: a toast on a phone is as wide as its text allows, not half the screen', async () => {
  const ctx = await stack.browser.newContext({ viewport: PHONE });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  await withShots('ux29-toast', [page], async () => {
    await engineReady(page);
    await page.click('button[data-mode="ai"][data-level="beginner"]');
    await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view.ply === 0);
    // a refusal the player meets: the other side's piece
    const theirs = await page.evaluate(() => window.__madang.view.board.findIndex((p) => p >= 3));
    await page.evaluate((sq) => window.__madang.tap(sq), theirs);
    await page.waitForFunction(() => document.getElementById('alert').textContent !== '');
    const one = await box(page, '#alert');
    // and a long notice (the longest the pages say: the engine that failed to load)
    await page.evaluate(() => window.__madang.say('게임 엔진을 불러오지 못했습니다. 페이지를 새로 고쳐 주세요. 같은 일이 되풀이되면 다른 브라우저에서 열어 주세요.'));
    await page.waitForFunction(() => /다른 브라우저/.test(document.getElementById('alert').textContent));
    const long = await box(page, '#alert');
    await shot(page, 'toast');
    const lines = await page.evaluate(() => {
      const a = document.getElementById('alert');
      return Math.round(a.getBoundingClientRect().height / parseFloat(getComputedStyle(a).lineHeight === 'normal' ? '24' : getComputedStyle(a).lineHeight));
    });
    assert.ok(long.w >= PHONE.width - 2 * 16 - 2, `the long toast is ${long.w} px wide on a ${PHONE.width} px screen`);
    assert.ok(long.x >= 15 && long.right <= PHONE.width - 15, `the long toast from ${long.x} to ${long.right}`);
    assert.ok(one.x >= 15 && one.right <= PHONE.width - 15);
    assert.ok(lines <= 4, `${lines} lines`);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});
