// The star-board pages (seeds 000, 002, 004) played by headless Chromium: on each
// page a game against the AI by canvas clicks and by the button panel with the keyboard; a
// multi-jump by tapping its end and another route chosen by tapping its middle hole (touch)
// or by Shift+clicking it (mouse);
// refusals with their messages (unreachable, the other side's piece, diamond-kr's move that
// would hand the opponent the win); the page without WebGL; diamond-kr's remembered piece
// count, two-press resign, result screen and share action; diamond with three browsers
// online through the link, one leaving to the AI.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady, view, clickSquare, waitMyTurn, tapSettled, screenOf, refuseWorkerWebGL } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

/** The hole index of a "row.pos" name (seat 0's side). */
const holeOf = (page, name) => page.evaluate((n) => window.__madang.view.holes.find((o) => o.name === n).h, name);

/** Plays one step by clicking its start and end holes on the canvas. */
async function canvasMove(page, pick = 0) {
  const v = await view(page);
  const steps = v.moves.filter((m) => !m.pass && m.jumps === 0 && m.gain > 0);
  const m = (steps.length ? steps : v.moves)[pick % (steps.length || v.moves.length)];
  await clickSquare(page, m.from);
  await page.waitForFunction((f) => window.__madang.sel && window.__madang.sel.from === f, m.from);
  await clickSquare(page, m.to);
  await page.waitForFunction((p) => window.__madang.view.ply > p, v.ply);
  return m;
}

/** Plays one move with the keyboard on the button panel: a piece, then a destination. */
async function panelMove(page, downs = 0) {
  const v = await view(page);
  await page.focus('#pieces button:not([aria-disabled="true"])');
  for (let i = 0; i < downs; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement && document.activeElement.closest('#dests'));
  await page.keyboard.press('Enter');
  await page.waitForFunction((p) => window.__madang.view.ply > p, v.ply);
}

async function startAI(page, level = 'beginner') {
  await engineReady(page);
  await page.click(`button[data-mode="ai"][data-level="${level}"]`);
  await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view.ply === 0 && !window.__madang.thinking);
}

for (const [game, size] of [['chinese-checkers', { width: 1280, height: 800 }], ['diamond-kr', { width: 390, height: 844 }], ['diamond', { width: 1280, height: 800 }]]) {
  test(`${game}: against the AI by canvas and by the panel`, async () => {
    const ctx = await stack.browser.newContext({ viewport: size });
    const page = await openPage(ctx, `${stack.url}/${game}/`);
    await withShots(`star-${game}-ai`, [page], async () => {
      await startAI(page);
      for (let i = 0; i < 2; i++) {
        await canvasMove(page, i);
        await waitMyTurn(page);
      }
      for (let i = 0; i < 2; i++) {
        await panelMove(page, i);
        await waitMyTurn(page);
      }
      const v = await view(page);
      assert.equal(v.ply, 8);
      assert.equal(v.history.filter((e) => e.seat === 0).length, 4);
      // the last move as a sentence, the arrived counts, the cards
      assert.match(await page.textContent('#fact-sentence'), /단 \d+번에서 \d+단 \d+번까지 (말|왕)을 옮겼습니다/);
      assert.match(await page.textContent('#fact-arrived'), /빨강 \d+\/(10|15)/);
      assert.equal(await page.locator('.player-card').count(), 2);
      // undo against the AI goes back to before my last move, the AI's reply with it
      await page.click('#undo');
      await page.waitForFunction(() => window.__madang.view.ply === 6 && window.__madang.view.toMove === 0);
      assert.deepEqual(page.errors, []);
    });
    await ctx.close();
  });
}

test('chinese-checkers: a multi-jump by tapping its end, the route recorded; another route by touch', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openPage(ctx, `${stack.url}/chinese-checkers/`);
  await withShots('star-multijump', [page], async () => {
    await engineReady(page);
    const pos = '0 9.1/9.2,8.2,8.4,7.4 0 0';
    await page.evaluate((p) => window.__madang.startFrom('chinese-checkers', p, 'local'), pos);
    await page.waitForFunction(() => window.__madang.mode === 'local' && window.__madang.view.ply === 0);
    const from = await holeOf(page, '9.1');
    const to = await holeOf(page, '7.5');
    await clickSquare(page, from);
    await page.waitForFunction((f) => window.__madang.sel && window.__madang.sel.from === f, from);
    await clickSquare(page, to);
    await page.waitForFunction(() => window.__madang.view.ply === 1);
    let v = await view(page);
    assert.equal(v.history[0].jumps, 2);
    assert.match(v.history[0].text, /^9\.1-(9\.3|7\.3)-7\.5$/, 'the record holds the full route');
    assert.equal(v.history[0].text, v.history[0].pathText);
    assert.match(await page.textContent('#fact-sentence'), /점프 2번/);
  });
  await ctx.close();

  // touch: the first tap previews, a second tap on the same hole moves; tapping a middle
  // hole and going on takes that route (seed 004), whichever the fewest-jump path is
  const tctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const tp = await openPage(tctx, `${stack.url}/chinese-checkers/`);
  await withShots('star-route', [tp], async () => {
    await engineReady(tp);
    for (const mid of ['9.3', '7.3']) {
      await tp.evaluate(() => window.__madang.startFrom('chinese-checkers', '0 9.1/9.2,8.2,8.4,7.4 0 0', 'local'));
      await tp.waitForFunction(() => window.__madang.view.ply === 0 && window.__madang.view.moves.length > 0);
      const tapHole = async (name) => {
        const h = await holeOf(tp, name);
        const p = await screenOf(tp, h);
        await tp.touchscreen.tap(p.x, p.y);
        await tp.waitForTimeout(50);
        await tapSettled(tp);
      };
      await tapHole('9.1');
      await tapHole(mid);
      assert.equal(await tp.evaluate(() => window.__madang.view.ply), 0, 'a first tap only previews');
      await tapHole('7.5');
      await tapHole('7.5');
      await tp.waitForFunction(() => window.__madang.view.ply === 1);
      const v = await view(tp);
      assert.equal(v.history[0].text, `9.1-${mid}-7.5`);
    }
    assert.deepEqual(tp.errors, []);
  });
  await tctx.close();
});

// a mouse chooses another route too (seed 004: where two routes branch either may be chosen):
// Shift+click on a middle landing makes it a waypoint, a click on the end plays through it;
// a plain click still plays the fewest-jump route at once (seed 000). diamond-kr keeps seed
// 002's taps: a middle hole clicked, with Shift or not, is where the piece stops.
test('mouse routes: Shift+click on a middle hole, then the end (chinese-checkers, diamond); diamond-kr stops there', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 800 } });
  for (const game of ['chinese-checkers', 'diamond', 'diamond-kr']) {
    const page = await openPage(ctx, `${stack.url}/${game}/`);
    await withShots(`star-mouse-route-${game}`, [page], async () => {
      await engineReady(page);
      const start = async () => {
        await page.evaluate((g) => window.__madang.startFrom(g, '0 9.1/9.2,8.2,8.4,7.4 0 0', 'local'), game);
        await page.waitForFunction(() => window.__madang.view.ply === 0 && window.__madang.view.fen.startsWith('0 9.1/') && window.__madang.view.moves.length > 0);
        const from = await holeOf(page, '9.1');
        await clickSquare(page, from);
        await page.waitForFunction((f) => window.__madang.sel && window.__madang.sel.from === f, from);
      };
      const shiftClick = async (name) => {
        await page.keyboard.down('Shift');
        await clickSquare(page, await holeOf(page, name));
        await page.keyboard.up('Shift');
      };
      const played = async () => {
        await page.waitForFunction(() => window.__madang.view.ply === 1);
        const text = (await view(page)).history[0].text;
        return text;
      };
      if (game === 'diamond-kr') {
        await start();
        await shiftClick('9.3');
        assert.equal(await played(), '9.1-9.3');
        return;
      }
      for (const mid of ['9.3', '7.3']) {
        await start();
        await shiftClick(mid);
        await page.waitForFunction(() => /거쳐 갈 점을 정했습니다/.test(document.getElementById('alert').textContent));
        assert.equal((await view(page)).ply, 0, 'a Shift+click on a landing does not move');
        assert.deepEqual(await page.evaluate(() => window.__madang.sel.via.map((h) => window.__madang.view.holes[h].name)), ['9.1', mid]);
        await clickSquare(page, await holeOf(page, '7.5'));
        assert.equal(await played(), `9.1-${mid}-7.5`);
      }
      // Shift+click on the waypoint again stops there; a plain click moves at once
      await start();
      await shiftClick('7.3');
      await page.waitForFunction(() => window.__madang.sel && window.__madang.sel.via);
      await shiftClick('7.3');
      assert.equal(await played(), '9.1-7.3');
      await start();
      await clickSquare(page, await holeOf(page, '9.3'));
      assert.equal(await played(), '9.1-9.3');
      assert.deepEqual(page.errors, []);
    });
    await page.close();
  }
  await ctx.close();
});

// the engine's first view (the player cards) and the 3D board after the first paint (lazy.js)
// arrive without moving what is below them: the guide's place is the same before and after
test('nothing moves when the engine and the 3D board arrive (layout shift)', async () => {
  for (const game of ['chinese-checkers', 'diamond-kr', 'diamond']) {
    for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const ctx = await stack.browser.newContext({ viewport: size });
      const page = await openPage(ctx, `${stack.url}/${game}/`);
      await withShots(`star-shift-${game}-${size.width}`, [page], async () => {
        const top = () => page.evaluate(() => document.getElementById('guide').getBoundingClientRect().top + window.scrollY);
        const before = await top();
        await engineReady(page);
        await page.waitForFunction(() => document.body.dataset.scene === 'ready' && document.querySelector('.player-card'));
        const after = await top();
        assert.ok(Math.abs(after - before) < 1, `${game} at ${size.width}px: the guide moved from ${before} to ${after}`);
      });
      await ctx.close();
    }
  }
});

test('refusals: an unreachable hole, the other side\'s piece, and diamond-kr\'s move that hands over the win', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await openPage(ctx, `${stack.url}/diamond-kr/`);
  await withShots('star-refusals', [page], async () => {
    await engineReady(page);
    // blue's target (camp 0) holds blue's 1.1, 2.1 and red's unmoved pieces but for 4.4
    await page.evaluate(() => window.__madang.startFrom('diamond-kr', '0 2.2,3.1,3.2,3.3,4.1,4.2,4.3,5.9/1.1,2.1 0 0', 'local'));
    await page.waitForFunction(() => window.__madang.view.ply === 0 && window.__madang.view.fen.startsWith('0 2.2'));
    await clickSquare(page, await holeOf(page, '1.1'));
    await page.waitForFunction(() => /상대의 말은 움직일 수 없어요/.test(document.getElementById('alert').textContent));
    await clickSquare(page, await holeOf(page, '5.9'));
    await page.waitForFunction(() => window.__madang.sel);
    await clickSquare(page, await holeOf(page, '9.5'));
    await page.waitForFunction(() => /그 구멍으로는 갈 수 없어요/.test(document.getElementById('alert').textContent));
    await clickSquare(page, await holeOf(page, '5.9'));
    await page.waitForFunction(() => window.__madang.sel);
    await clickSquare(page, await holeOf(page, '4.4'));
    // The code is set at once and the text a frame later (so screen readers announce it again).
    await page.waitForFunction(() => {
      const a = document.getElementById('alert');
      return a.dataset.code === 'hands-win' && a.textContent !== '';
    });
    assert.match(await page.textContent('#alert'), /상대를 이기게 하므로 둘 수 없어요/);
    assert.equal((await view(page)).ply, 0);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('without WebGL the page plays with the button panel alone', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await ctx.addInitScript(() => {
    const get = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
      if (/webgl/i.test(kind)) return null;
      return get.call(this, kind, ...rest);
    };
  });
  // and none in the render worker (src/js/render/, where the board draws when the browser
  // has OffscreenCanvas): its script gets the same refusal first
  await refuseWorkerWebGL(ctx, 'star');
  const page = await openPage(ctx, `${stack.url}/diamond/`);
  await withShots('star-nowebgl', [page], async () => {
    await startAI(page);
    // the scene loads after the first paint (lazy.js); its failure shows the note
    await page.waitForFunction(() => document.body.dataset.scene === 'ready');
    assert.equal(await page.isVisible('#no-webgl'), true);
    assert.equal(await page.isVisible('#board3d'), false);
    for (let i = 0; i < 2; i++) {
      await panelMove(page, i);
      await waitMyTurn(page);
    }
    assert.equal((await view(page)).ply, 4);
    // Escape goes back from the destinations to the pieces
    await page.focus('#pieces button:not([aria-disabled="true"])');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement.closest('#dests'));
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !window.__madang.sel && document.activeElement.closest('#pieces'));
    assert.deepEqual(page.errors.filter((e) => !/WebGL/i.test(e)), []);
  });
  await ctx.close();
});

test('diamond-kr: the piece count remembered across a reload; two-press resign; result screen and share', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  await ctx.addInitScript(() => {
    window.__shared = [];
    navigator.share = (d) => { window.__shared.push(d); return Promise.resolve(); };
  });
  const page = await openPage(ctx, `${stack.url}/diamond-kr/`);
  await withShots('star-kr', [page], async () => {
    await engineReady(page);
    await page.check('input[name=pieces][value="15"]');
    await page.reload();
    await engineReady(page);
    assert.equal(await page.isChecked('input[name=pieces][value="15"]'), true);
    await page.click('button.only-diamond-kr[data-mode="local"]');
    await page.waitForFunction(() => window.__madang.mode === 'local' && window.__madang.view.pieces === 15);
    await canvasMove(page);
    // resign: the first press arms, a second within 2.5 s resigns the side to move (blue)
    await page.click('#resign');
    assert.equal((await view(page)).outcome.status, 'ongoing');
    await page.click('#resign');
    await page.waitForFunction(() => window.__madang.view.outcome.status === 'win');
    const v = await view(page);
    assert.equal(v.outcome.winner, 0);
    await page.waitForSelector('#result-screen:not([hidden])');
    assert.match(await page.textContent('#result-reason'), /빨강이 이겼습니다 \(기권승\)/);
    assert.match(await page.textContent('#tally'), /빨강 1승/);
    await page.click('#share-result');
    await page.waitForFunction(() => window.__shared.length === 1);
    const shared = await page.evaluate(() => window.__shared[0]);
    assert.match(shared.text, /빨강이 이겼습니다/);
    assert.match(shared.url, /\/diamond-kr\/$/);
    // '한 판 더' starts again with the remembered count
    await page.click('#again');
    await page.waitForFunction(() => window.__madang.view.ply === 0 && window.__madang.view.outcome.status === 'ongoing');
    assert.equal((await view(page)).pieces, 15);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('diamond online with three browsers through the link; one leaves to the AI', async () => {
  const ctxs = await Promise.all([0, 1, 2].map(() => stack.browser.newContext({ viewport: { width: 1280, height: 800 } })));
  const pages = [];
  pages.push(await openPage(ctxs[0], `${stack.url}/diamond/`));
  await withShots('star-online3', pages, async () => {
    const t0 = Date.now();
    const lap = (what) => { if (process.env.STAR_LAPS) console.log(`# ${what} ${Date.now() - t0} ms`); };
    const a = pages[0];
    await engineReady(a);
    await a.check('input[name=players][value="3"]');
    await a.click('button[data-mode="online"]');
    await a.waitForFunction(() => document.getElementById('room-link').value.includes('room='));
    const link = await a.inputValue('#room-link');
    for (const i of [1, 2]) {
      const p = await openPage(ctxs[i], link);
      pages.push(p);
      await p.waitForSelector('#join-button:not([hidden])');
      await p.click('#join-button');
      await p.waitForFunction((s) => window.__madang.online && window.__madang.online.seat === s, i);
    }
    lap('joined');
    // the view follows the snapshot once the engine has answered: null for a moment
  for (const p of pages) await p.waitForFunction(() => window.__madang.online.snap && window.__madang.online.snap.status === 'playing' && window.__madang.view && window.__madang.view.seats === 3);
    lap('playing');
    // each seat moves in turn on its own canvas
    for (let s = 0; s < 3; s++) {
      const p = pages[s];
      await p.waitForFunction((x) => window.__madang.view.toMove === x && window.__madang.myTurn(), s);
      await canvasMove(p, s);
    }
    lap('three moves');
    for (const p of pages) await p.waitForFunction(() => window.__madang.view.ply === 3);
    // in a three-player room '나가기(AI에게 맡기기)' takes the place of '기권'
    const c = pages[2];
    assert.equal(await c.isVisible('#leave-ai'), true);
    assert.equal(await c.isVisible('#resign'), false);
    await c.click('#leave-ai');
    await c.waitForFunction(() => window.__madang.online.seat === -1);
    await pages[0].waitForFunction(() => window.__madang.online.snap.seats[2].kind === 'ai');
    lap('left');
    await canvasMove(pages[0]);
    await pages[1].waitForFunction(() => window.__madang.view.toMove === 1 && window.__madang.myTurn());
    await canvasMove(pages[1]);
    // the AI plays green's seat
    await pages[0].waitForFunction(() => window.__madang.view.ply >= 6, null, { timeout: 30000 });
    lap('ai moved');
    const v = await view(pages[0]);
    assert.equal(v.history[5].seat, 2);
    for (const p of pages) assert.deepEqual(p.errors, []);
  });
  for (const x of ctxs) await x.close();
});

// The live region says the last move after its mover: the sentence named the side to move
// next instead ('나(빨강) 파랑이 …옮겼습니다(한 칸 이동).. 파랑 차례입니다'), two subjects and
// two full stops; the move list still says each move as the side to move's.
test('chinese-checkers on one device: the live region names the mover of the last move once', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/chinese-checkers/`);
  await withShots('star-live-mover', [page], async () => {
    await engineReady(page);
    await page.locator('[data-mode="local"]:visible').first().click();
    await page.waitForFunction(() => window.__madang.mode === 'local' && window.__madang.view.ply === 0);
    await page.evaluate(() => window.__madang.play(window.__madang.view.moves[0]));
    await page.waitForFunction(() => window.__madang.view.ply === 1);
    const live = await page.textContent('#live');
    assert.match(live, /^빨강 \d+단 \d+번에서 \d+단 \d+번까지 말을 옮겼습니다\((한 칸 이동|점프 \d+번)\)\. /, live);
    assert.doesNotMatch(live, /파랑이|\.\./, live);
    // a move of the list is the side to move's (파랑 now)
    const label = await page.evaluate(() => { const d = document.querySelector('details.all-moves'); if (d) d.open = true; return document.querySelector('#moves button').getAttribute('aria-label'); });
    assert.match(label, /파랑이 .*옮겼습니다/, label);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});
