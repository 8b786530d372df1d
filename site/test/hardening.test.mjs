// What a new player stumbled over (issue 10, "Pages"): the result where the player looks,
// messages cleared with the game, draw offers in the online record, what a spectator sees, an
// opponent's disconnect in the status line, a game on this device that survives a reload, and
// the button board as a person sees it after moves.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady, view, waitMyTurn } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

const inViewport = (page, sel) => page.evaluate((s) => {
  const r = document.querySelector(s).getBoundingClientRect();
  return { ok: r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth, r: JSON.stringify(r), h: window.innerHeight };
}, sel);

for (const [w, h] of [[1280, 900], [390, 844], [1024, 640]]) {
  test(`checkers ${w}x${h}: the result of a game shows over the board, in view`, async () => {
    const ctx = await stack.browser.newContext({ viewport: { width: w, height: h } });
    const page = await openPage(ctx, `${stack.url}/checkers/`);
    await withShots(`result-${w}`, [page], async () => {
      await engineReady(page);
      await page.click('button[data-level="beginner"]');
      await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view.ply === 0);
      // played on the button board, as a phone player does (the page scrolls down to it)
      await page.click('#moves button >> nth=0');
      await waitMyTurn(page);
      await page.click('#resign');
      await page.click('#resign');
      await page.waitForFunction(() => !document.getElementById('result').hidden);
      // the page scrolls the result into view: wait for that, then say where it is if not
      await page.waitForFunction((sel) => {
        const b = document.querySelector(sel).getBoundingClientRect();
        return b.height > 0 && b.top >= 0 && b.bottom <= window.innerHeight && b.left >= 0 && b.right <= window.innerWidth;
      }, '#result', { timeout: 15000 }).catch(() => {});
      const r = await inViewport(page, '#result');
      assert.ok(r.ok, `result out of view: ${r.r} (viewport height ${r.h})`);
      const board = await page.locator('#board-wrap').boundingBox();
      const res = await page.locator('#result').boundingBox();
      assert.ok(res.y >= board.y && res.y + res.height <= board.y + board.height, `result not over the board: ${JSON.stringify(res)} ${JSON.stringify(board)}`);
      assert.match(await page.textContent('#result'), /기권/);
      assert.deepEqual(page.errors, []);
    });
    await ctx.close();
  });
}

test('checkers: 다시 하기 clears every message of the game before', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  await withShots('clear-messages', [page], async () => {
    await engineReady(page);
    await page.click('button[data-level="beginner"]');
    await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view.ply === 0);
    await page.click('#offer-draw');
    await page.waitForFunction(() => document.getElementById('alert').textContent.includes('무승부'));
    await page.click('#resign'); // armed: '한 번 더 누르면 기권'
    await page.click('#restart');
    await page.waitForFunction(() => window.__madang.view.ply === 0 && !window.__madang.thinking);
    await page.waitForTimeout(100);
    assert.equal(await page.textContent('#alert'), '');
    assert.equal(await page.textContent('#resign'), '기권');
    assert.equal(await page.isVisible('#result'), false);
    // the AI's answer to an offer of the game before never lands on the new one
    await page.click('#offer-draw');
    await page.click('#moves button >> nth=0');
    await page.click('#restart');
    await page.waitForFunction(() => window.__madang.view.ply === 0 && !window.__madang.thinking);
    await page.waitForTimeout(1200);
    assert.equal(await page.textContent('#alert'), '');
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('checkers: the button board shows the pieces and says them after moves', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  await withShots('cells-after-moves', [page], async () => {
    await engineReady(page);
    await page.click('button[data-mode="local"]');
    await page.waitForFunction(() => window.__madang.mode === 'local');
    const cell = (sq) => page.$eval(`#grid [data-sq="${sq}"]`, (b) => ({ cls: b.className, label: b.getAttribute('aria-label') }));
    // the start: Black men on 1–12, White on 21–32, 13–20 empty
    assert.match((await cell(11)).label, /^c3, 흑 말$/);
    assert.match((await cell(11)).cls, /\bblack\b/);
    assert.match((await cell(15)).label, /^d4, 빈칸$/);
    for (const text of ['11-15', '22-18']) {
      await page.click(`#moves button[data-text="${text}"]`);
      await page.waitForFunction((t) => window.__madang.view.last && window.__madang.view.last.text === t, text);
    }
    // 11-15 moved Black's man from c3 to d4, 22-18 White's from 22 to 18
    let c = await cell(11);
    assert.equal(c.label, 'c3, 빈칸');
    assert.doesNotMatch(c.cls, /\b(black|white)\b/);
    c = await cell(15);
    assert.match(c.label, /^d4, 흑 말/);
    assert.match(c.cls, /\bblack\b/);
    c = await cell(18);
    assert.match(c.label, /^[a-h]\d, 백 말$/);
    assert.match(c.cls, /\bwhite\b/);
    assert.match((await cell(22)).label, /, 빈칸$/);
    // Black must take 15x22: the capturing man is marked on the board and in its label
    c = await cell(15);
    assert.match(c.label, /따먹을 수 있는 말/);
    await page.click('#moves button[data-text="15x22"]');
    await page.waitForFunction(() => window.__madang.view.ply === 3);
    assert.match((await cell(18)).label, /, 빈칸$/);
    assert.match((await cell(22)).label, /흑 말$/);
    assert.match((await cell(15)).label, /, 빈칸$/);
    // the 3D board draws the same: no piece on the captured square
    assert.equal(await page.evaluate(() => window.__madang.view.board[18]), 0);
  });
  await ctx.close();
});

for (const mode of ['ai', 'local']) {
  test(`checkers ${mode}: a reload keeps the game on this device and offers to continue`, async () => {
    const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openPage(ctx, `${stack.url}/checkers/`);
    await withShots(`reload-${mode}`, [page], async () => {
      await engineReady(page);
      await page.click(mode === 'ai' ? 'button[data-level="beginner"]' : 'button[data-mode="local"]');
      await page.waitForFunction((m) => window.__madang.mode === m && window.__madang.view.ply === 0, mode);
      // on one device the record's draw offer comes back too (the AI is not offered one: its
      // answer would end the game)
      if (mode === 'local') await page.click('#offer-draw');
      await page.click('#moves button >> nth=0');
      // (waitMyTurn alone may return before the engine has answered the click under load)
      if (mode === 'ai') await page.waitForFunction(() => window.__madang.view.ply === 2);
      await waitMyTurn(page);
      if (mode === 'local') {
        await page.click('#moves button >> nth=0');
        await page.waitForFunction(() => window.__madang.view.ply === 2);
      }
      const before = await view(page);
      const record = await page.$$eval('#history li', (ls) => ls.map((l) => l.textContent));
      await page.reload();
      await engineReady(page);
      await page.waitForSelector('#resume:visible');
      assert.match(await page.textContent('#resume-text'), mode === 'ai' ? /영미식 체커, AI\(초급\)와 대결, 2수/ : /영미식 체커, 이 기기에서 2명, 2수/);
      await page.click('#resume-button');
      await page.waitForFunction((m) => window.__madang.mode === m && window.__madang.view.ply === 2, mode);
      const v = await view(page);
      assert.equal(v.fen, before.fen);
      assert.equal(v.toMove, 0);
      assert.deepEqual(await page.$$eval('#history li', (ls) => ls.map((l) => l.textContent)), record);
      if (mode === 'local') assert.match(record[0], /무승부 제안/);
      if (mode === 'ai') assert.equal(await page.evaluate(() => window.__madang.level), 'beginner');
      // the game goes on, and a finished game is not offered again
      await page.click('#moves button >> nth=0');
      await page.waitForFunction(() => window.__madang.view.ply >= 3);
      await waitMyTurn(page);
      await page.click('#resign');
      await page.click('#resign');
      await page.waitForFunction(() => !document.getElementById('result').hidden);
      await page.reload();
      await engineReady(page);
      assert.equal(await page.isVisible('#resume'), false);
      assert.deepEqual(page.errors, []);
    });
    await ctx.close();
  });
}

test('checkers online: the record marks draw offers, a spectator sees what it can do, a disconnect shows under the board', async () => {
  const ctxA = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ctxB = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ctxC = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const a = await openPage(ctxA, `${stack.url}/checkers/`);
  const pages = [a];
  const ply = (p, n) => p.waitForFunction((k) => window.__madang.view && window.__madang.view.ply === k && window.__madang.online.snap && window.__madang.online.snap.ply === k, n, { timeout: 20000 });
  await withShots('online-offers', pages, async () => {
    await engineReady(a);
    await a.click('button[data-mode="online"]');
    await a.waitForFunction(() => document.getElementById('room-link').value.includes('?room='));
    const link = await a.inputValue('#room-link');
    const b = await openPage(ctxB, link);
    pages.push(b);
    await b.waitForSelector('#join-button:visible');
    await b.click('#join-button');
    await a.waitForFunction(() => window.__madang.online.snap && window.__madang.online.snap.status === 'playing' && window.__madang.view.moves.length > 0);
    const c = await openPage(ctxC, link);
    pages.push(c);
    await c.waitForSelector('#join-button:visible');
    await c.click('#join-button');
    await c.waitForFunction(() => window.__madang.online && window.__madang.online.seat === -1 && window.__madang.view && window.__madang.online.snap);

    // A offers a draw with its first move; B declines by moving
    await a.click('#offer-draw');
    await a.click('#moves button >> nth=0');
    await ply(b, 1);
    await b.waitForSelector('#accept-draw-board:visible');
    await b.click('#moves button >> nth=0');
    for (const p of [a, b, c]) {
      await ply(p, 2);
      const rec = await p.$$eval('#history li', (ls) => ls.map((l) => l.textContent));
      assert.equal(rec.length, 2);
      assert.match(rec[0], /\(무승부 제안\)$/, `record of page ${pages.indexOf(p)}: ${rec}`);
      assert.doesNotMatch(rec[1], /무승부/);
    }

    // the spectator: no playing controls, a heading and hint for watching
    assert.notEqual(await c.textContent('#panel-title'), '버튼으로 두기');
    assert.match(await c.textContent('#panel-title'), /판 읽기/);
    assert.match(await c.textContent('#panel-hint'), /관전 중에는 둘 수 없습니다/);
    assert.doesNotMatch(await c.textContent('#panel-hint'), /말을 고른 뒤/);
    assert.notEqual(await c.textContent('#moves-title'), '둘 수 있는 수');
    for (const sel of ['#offer-draw', '#undo', '#restart', '#resign', '#accept-draw']) {
      assert.equal(await c.isVisible(sel), false, `${sel} shown to a spectator`);
    }
    assert.equal(await c.isVisible('#back-to-menu'), true);
    // the players still have theirs
    assert.equal(await a.textContent('#panel-title'), '버튼으로 두기');
    assert.equal(await a.isVisible('#offer-draw'), true);

    // B's connection goes: A and the spectator read it in the status line under the board
    await ctxB.close();
    await a.waitForFunction(() => /상대의 연결이 끊겼습니다/.test(document.getElementById('turn').textContent), null, { timeout: 20000 });
    await c.waitForFunction(() => /백의 연결이 끊겼습니다/.test(document.getElementById('turn').textContent), null, { timeout: 20000 });
    assert.match(await a.textContent('#turn'), /내 차례입니다/);
    for (const p of [a, c]) assert.deepEqual(p.errors, []);
  });
  await ctxA.close();
  await ctxC.close();
});

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
