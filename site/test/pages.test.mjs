// The pages played by headless Chromium: home, both rulesets against the AI by canvas
// clicks and by the keyboard panel, a refused non-capture, a multi-capture by taps, undo.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady, view, clickSquare, waitMyTurn, boardFlip } from './harness.mjs';
import { GAMES } from './games.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

test('home page lists the six games, all ready', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await openPage(ctx, `${stack.url}/`);
  await withShots('home', [page], async () => {
    assert.equal(await page.getAttribute('html', 'lang'), 'ko');
    assert.equal(await page.locator('.card').count(), 6);
    assert.equal(await page.locator('.card.soon').count(), 0);
    for (const g of GAMES) {
      assert.equal(await page.locator(`.card.ready a[href="/${g}/"]`).count(), 1, g);
    }
    await page.click('text=국제식 드래프트');
    await page.waitForURL(/\/draughts\/$/);
    await engineReady(page);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

/** Plays one legal move by tapping its squares on the 3D canvas: start, then the end. */
async function canvasMove(page, pick = 0) {
  const v = await view(page);
  const quiet = v.moves.filter((m) => !m.capture || m.path.length === 2);
  const m = (quiet.length ? quiet : v.moves)[pick % (quiet.length || v.moves.length)];
  await clickSquare(page, m.from);
  await page.waitForFunction((f) => window.__madang.sel && window.__madang.sel.from === f, m.from);
  await clickSquare(page, m.to);
  await page.waitForFunction((p) => window.__madang.view.ply > p, v.ply);
  return m;
}

/** Plays one legal move with the keyboard on the button board: arrows to a square, Enter. */
async function keyboardMove(page, pick = 0) {
  const v = await view(page);
  const m = v.moves[pick % v.moves.length];
  for (const sq of [m.from, m.to]) {
    const target = await page.$eval(`#grid [data-sq="${sq}"]`, (b) => ({ r: +b.dataset.r, c: +b.dataset.c }));
    const at = await page.evaluate(() => {
      const f = document.querySelector('#grid [tabindex="0"]');
      f.focus();
      return { r: +f.dataset.r, c: +f.dataset.c };
    });
    const keys = [];
    for (let i = at.r; i < target.r; i++) keys.push('ArrowDown');
    for (let i = at.r; i > target.r; i--) keys.push('ArrowUp');
    for (let i = at.c; i < target.c; i++) keys.push('ArrowRight');
    for (let i = at.c; i > target.c; i--) keys.push('ArrowLeft');
    for (const k of keys) await page.keyboard.press(k);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.sq), String(sq));
    await page.keyboard.press('Enter');
  }
  await page.waitForFunction((p) => window.__madang.view.ply > p, v.ply);
  return m;
}

for (const [game, ruleset] of [['checkers', '영미식'], ['draughts', '국제식 드래프트']]) {
  test(`${game}: a game against the AI by canvas clicks and by the keyboard panel, then undo`, async (t) => {
    const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openPage(ctx, `${stack.url}/${game}/`);
    await withShots(`ai-${game}`, [page], async () => {
      await engineReady(page);
      t.diagnostic(`${game}: load to first legal moves ${Math.round(await page.evaluate(() => window.__madang.firstMovesAt))} ms`);
      await page.click(`label:has-text("${ruleset}")`);
      await page.click('button[data-level="beginner"]');
      await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view.ply === 0);
      for (let i = 0; i < 3; i++) {
        await canvasMove(page, i);
        await waitMyTurn(page);
      }
      for (let i = 0; i < 3; i++) {
        const v = await view(page);
        if (v.toMove < 0) break;
        await keyboardMove(page, i);
        await waitMyTurn(page);
      }
      let v = await view(page);
      assert.equal(v.game, game);
      assert.ok(v.ply >= 10 || v.toMove < 0, `ply ${v.ply}`);
      assert.match(await page.textContent('#fact-last'), /[a-j]\d+[-×]/);
      // the polite live region read the last move and the turn
      assert.match(await page.textContent('#live'), /[a-j]\d+에서 [a-j]\d+.*로/);
      // undo against the AI: back to before my last move, my turn again
      const before = v.ply;
      await page.click('#undo');
      await page.waitForFunction((p) => window.__madang.view.ply < p, before);
      v = await view(page);
      assert.equal(v.ply, before - 2);
      assert.equal(v.toMove, 0);
      assert.deepEqual(page.errors, []);
    });
    await ctx.close();
  });
}

test('checkers: a non-capturing piece is refused while a capture exists', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  await withShots('capture-refused', [page], async () => {
    await engineReady(page);
    await page.click('button[data-mode="local"]');
    await page.waitForFunction(() => window.__madang.mode === 'local');
    // 11-15 22-18: Black must take 15x22 (cases file: capture compulsory)
    for (const text of ['11-15', '22-18']) {
      await page.click(`#moves button[data-text="${text}"]`);
      await page.waitForFunction((t) => window.__madang.view.last && window.__madang.view.last.text === t, text);
    }
    const v = await view(page);
    assert.equal(v.capture, true);
    assert.deepEqual(v.moves.map((m) => m.text), ['15x22']);
    assert.match(await page.textContent('#turn'), /따먹는 수만 둘 수 있습니다/);
    await clickSquare(page, 9);
    await page.waitForFunction(() => document.getElementById('alert').textContent.includes('따먹을 수 있을 때는 따먹어야 합니다'));
    assert.equal((await view(page)).sel, null);
    await clickSquare(page, 15);
    await clickSquare(page, 22);
    await page.waitForFunction(() => window.__madang.view.ply === 3);
    assert.deepEqual((await view(page)).last.captured, [18]);
  });
  await ctx.close();
});

test('checkers: a multi-capture by taps, a cancelled partial capture and a final stop tapped first', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  await withShots('multi-capture', [page], async () => {
    await engineReady(page);
    // Black man on 9 takes 14 landing on 18, then 22 (to 25) or 23 (to 27)
    const fen = 'B:W14,22,23:B9';
    await page.evaluate((f) => window.__madang.startFrom('checkers', f), fen);
    await page.waitForFunction(() => window.__madang.view.moves.length === 2);
    await clickSquare(page, 9);
    await clickSquare(page, 18);
    let v = await view(page);
    assert.deepEqual(v.sel.prefix, [9, 18]);
    await page.click('#cancel-capture');
    v = await view(page);
    assert.equal(v.sel, null);
    await clickSquare(page, 9);
    await clickSquare(page, 18);
    await clickSquare(page, 25);
    await page.waitForFunction(() => window.__madang.view.ply === 1);
    v = await view(page);
    assert.deepEqual(v.last.path, [9, 18, 25]);
    assert.deepEqual([...v.last.captured].sort((a, b) => a - b), [14, 22]);
    // undo one ply on this device, then the final stop first
    await page.click('#undo');
    await page.waitForFunction(() => window.__madang.view.ply === 0);
    await clickSquare(page, 9);
    await clickSquare(page, 27);
    await page.waitForFunction(() => window.__madang.view.ply === 1);
    assert.deepEqual((await view(page)).last.path, [9, 18, 27]);
    // a king's ring capture back to its own square is played by tapping it again
    await page.evaluate(() => window.__madang.startFrom('draughts', 'W:WK2:B7,8,17,18'));
    await page.waitForFunction(() => window.__madang.view.game === 'draughts' && window.__madang.view.moves.length === 1);
    await clickSquare(page, 2);
    await clickSquare(page, 2);
    await page.waitForFunction(() => window.__madang.view.ply === 1);
    v = await view(page);
    assert.equal(v.last.from, 2);
    assert.equal(v.last.to, 2);
    assert.equal(v.count.men1 + v.count.kings1, 0);
    assert.match(await page.textContent('#result'), /백 승리/);
  });
  await ctx.close();
});

test('draughts: a draw offer rides on a move and is accepted on this device', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/draughts/`);
  await withShots('draw-offer', [page], async () => {
    await engineReady(page);
    await page.click('button[data-mode="local"]');
    await page.waitForFunction(() => window.__madang.mode === 'local');
    await page.click('#offer-draw');
    assert.equal(await page.getAttribute('#offer-draw', 'aria-pressed'), 'true');
    await page.click('#moves button >> nth=0');
    await page.waitForFunction(() => window.__madang.view.ply === 1);
    assert.equal((await view(page)).offer, true);
    await page.waitForSelector('#accept-draw-board:visible');
    assert.match(await page.textContent('#turn'), /무승부를 제안했습니다/);
    await page.click('#accept-draw-board');
    await page.waitForFunction(() => !document.getElementById('result').hidden);
    assert.match(await page.textContent('#result'), /무승부.*합의/);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('checkers: starting second against the AI turns the board and the AI opens', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  await withShots('ai-second', [page], async () => {
    await engineReady(page);
    await page.click('button[data-mode="ai-second"]');
    await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view.ply === 1 && !window.__madang.thinking, null, { timeout: 30000 });
    const v = await view(page);
    assert.equal(v.toMove, 1);
    assert.equal(await boardFlip(page), true);
    assert.match(await page.textContent('#turn'), /내 차례입니다 \(백\)/);
    await canvasMove(page);
    await waitMyTurn(page);
    assert.equal((await view(page)).ply, 3);
  });
  await ctx.close();
});

test('checkers: after a resignation undo and the draw offer are disabled; restart and the menu remain', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  await withShots('resign-no-undo', [page], async () => {
    await engineReady(page);
    await page.click('button[data-level="beginner"]');
    await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view.ply === 0);
    await canvasMove(page);
    await waitMyTurn(page);
    assert.equal(await page.isDisabled('#undo'), false);
    await page.click('#resign');
    await page.click('#resign');
    await page.waitForFunction(() => !document.getElementById('result').hidden);
    assert.match(await page.textContent('#result'), /기권/);
    assert.equal(await page.isDisabled('#undo'), true);
    assert.equal(await page.isDisabled('#offer-draw'), true);
    assert.equal(await page.isDisabled('#resign'), true);
    assert.equal(await page.isDisabled('#restart'), false);
    assert.equal(await page.isDisabled('#back-to-menu'), false);
    // even a forced click leaves the result in place
    const ply = (await view(page)).ply;
    await page.click('#undo', { force: true });
    await page.waitForTimeout(300);
    const v = await view(page);
    assert.equal(v.ply, ply);
    assert.notEqual(v.outcome.status, 'ongoing');
    assert.equal(await page.isVisible('#result'), true);
    await page.click('#restart');
    await page.waitForFunction(() => window.__madang.view.ply === 0 && window.__madang.view.outcome.status === 'ongoing');
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('checkers: tapping an opponent piece says to pick my own piece', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  await withShots('not-your-piece', [page], async () => {
    await engineReady(page);
    await page.click('button[data-level="beginner"]');
    await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view.ply === 0);
    // White's man on 22, nothing selected
    await clickSquare(page, 22);
    await page.waitForFunction(() => document.getElementById('alert').textContent.includes('내 말을 먼저 고르세요'));
    assert.equal(await page.getAttribute('#alert', 'role'), 'alert');
    // with my piece selected, an opponent piece drops the selection and says the same
    await page.evaluate(() => { document.getElementById('alert').textContent = ''; });
    const from = (await view(page)).moves[0].from;
    await clickSquare(page, from);
    await page.waitForFunction((f) => window.__madang.sel && window.__madang.sel.from === f, from);
    await clickSquare(page, 23);
    await page.waitForFunction(() => document.getElementById('alert').textContent.includes('내 말을 먼저 고르세요'));
    assert.equal((await view(page)).sel, null);
    assert.equal((await view(page)).ply, 0);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

/** Whether two client rectangles overlap. */
const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const [w, h] of [[390, 844], [1280, 900]]) {
  test(`draughts ${w}x${h}: the view buttons sit outside the board in both views; the header names the ruleset`, async () => {
    const ctx = await stack.browser.newContext({ viewport: { width: w, height: h } });
    const page = await openPage(ctx, `${stack.url}/draughts/`);
    await withShots(`view-buttons-${w}`, [page], async () => {
      await engineReady(page);
      assert.equal(await page.textContent('.page-title'), '국제식 드래프트');
      await page.click('label:has-text("영미식")');
      assert.equal(await page.textContent('.page-title'), '영미식 체커');
      await page.click('button[data-mode="local"]');
      await page.waitForFunction(() => window.__madang.mode === 'local');
      for (const mode of ['view-top', 'view-oblique']) {
        await page.click(`#${mode}`);
        const canvas = await page.locator('#board3d').boundingBox();
        for (const b of ['#view-oblique', '#view-top']) {
          const r = await page.locator(b).boundingBox();
          assert.ok(!overlap(r, canvas), `${b} over the canvas in ${mode}: ${JSON.stringify(r)} ${JSON.stringify(canvas)}`);
        }
      }
      // the board's corners project inside the canvas (nothing cut off at the top)
      const canvas = await page.locator('#board3d').boundingBox();
      for (const sq of [1, 4, 29, 32]) {
        const p = await page.evaluate((s) => window.__madang.squareToScreen(s), sq);
        assert.ok(p.x > canvas.x && p.x < canvas.x + canvas.width && p.y > canvas.y && p.y < canvas.y + canvas.height, `square ${sq} at ${JSON.stringify(p)}`);
      }
      assert.deepEqual(page.errors, []);
    });
    await ctx.close();
  });
}

test('madang.wasm is downloaded once, by the worker, with no unused preload', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const wasm = [];
  ctx.on('request', (r) => { if (r.url().endsWith('/madang.wasm')) wasm.push(r.url()); });
  const warnings = [];
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (/preload/i.test(m.text())) warnings.push(m.text()); });
  await withShots('wasm-once', [page], async () => {
    await page.goto(`${stack.url}/checkers/`);
    await engineReady(page);
    assert.equal(await page.locator('link[rel=preload][href*="madang.wasm"]').count(), 0);
    await page.waitForTimeout(3500); // Chromium reports an unused preload a few seconds after load
    assert.equal(wasm.length, 1, `madang.wasm requests: ${wasm.join(', ')}`);
    assert.deepEqual(warnings, []);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});
