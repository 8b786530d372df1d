// The first move before the engine (issue 32; src/js/first-moves.js, site/wasm/firstmoves):
// on every game page, with the engine's module request held back by the test, the page offers
// the first legal moves from the table the build wrote into it, a move is played and shown;
// then the module is let through, the page checks the table against the engine (data-engine
// 'checked') and the game goes on with the engine: the AI's reply, or the next person's turn
// on one device. A tampered table is caught: said in the console, and the game starts again
// from the engine's start.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady } from './harness.mjs';
import { GAMES } from './games.mjs';
import { MSG } from '../src/js/text.js';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { if (stack) await stack.stop(); });

const MODULE = /\/assets\/engine-[a-z]+-[A-Z0-9]{8}\/madang\.wasm$/;

/** A context whose engine module requests wait until release() (held: how many arrived). */
async function heldEngine() {
  const ctx = await stack.browser.newContext();
  let release;
  const gate = new Promise((r) => { release = r; });
  const hold = { held: 0, release: () => release() };
  await ctx.route(MODULE, async (route) => {
    hold.held++;
    await gate;
    await route.continue().catch(() => {});
  });
  return { ctx, hold };
}

const state = (page) => page.evaluate(() => {
  const a = window.__madang;
  const v = a.view;
  return {
    engine: document.body.dataset.engine || '', ready: document.body.dataset.ready || '', mode: a.mode,
    ply: v && v.ply, toMove: v && v.toMove, phase: v && v.phase, moves: v ? v.moves.length : 0,
    history: v ? v.history.map((e) => e.text) : [], thinking: a.thinking, human: a.human,
    enabled: [...document.querySelectorAll('#moves button')].filter((b) => !b.disabled).length,
  };
});

/** Clicks the visible button of a mode (a star page keeps some for one game only). */
const clickMode = (page, sel) => page.locator(`${sel}:visible`).first().click();

/** Clicks the first enabled move button of the list (the table's moves, or the engine's);
 * the star pages keep the list folded (details.all-moves). */
async function playFirstListed(page) {
  await page.evaluate(() => { const d = document.querySelector('details.all-moves'); if (d) d.open = true; });
  await page.locator('#moves button:not([disabled])').first().click();
}

/** Checkers on one device with the engine held back: the first two moves, both from the
 * table, played. */
async function checkersTwoPlies(page) {
  await page.goto(`${stack.url}/checkers/`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await clickMode(page, '[data-mode="local"]');
  await page.waitForFunction(() => document.querySelector('#moves button:not([disabled])'));
  await playFirstListed(page);
  await page.waitForFunction(() => window.__madang.view.ply === 1);
  await playFirstListed(page);
  await page.waitForFunction(() => window.__madang.view.ply === 2);
}

for (const game of GAMES) {
  // backgammon on one device: whoever wins the opening roll moves first, a person either way
  const mode = game === 'backgammon' ? 'local' : 'ai';
  test(`${game}: the first move before the engine arrives, then the page's check and the game goes on (${mode})`, async () => {
    const { ctx, hold } = await heldEngine();
    const page = await ctx.newPage();
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(e.message));
    await withShots(`first-move-${game}`, [page], async () => {
      await page.goto(`${stack.url}/${game}/`);
      await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 30000 });
      await clickMode(page, mode === 'ai' ? '[data-mode="ai"][data-level="beginner"]' : '[data-mode="local"]');
      if (game === 'backgammon') {
        await page.waitForFunction(() => window.__madang.view.phase === 'roll' && window.__madang.mode === 'local');
        await page.click('#roll');
        await page.waitForFunction(() => window.__madang.view.phase === 'move');
      }
      await page.waitForFunction(() => document.querySelector('#moves button:not([disabled])'), null, { timeout: 10000 });
      const s0 = await state(page);
      assert.equal(s0.engine, '', 'the engine has not arrived');
      assert.ok(hold.held >= 1, 'the module was asked for and is held');
      assert.ok(s0.enabled > 0 && s0.enabled === s0.moves, `the table's ${s0.moves} moves are offered`);
      await playFirstListed(page);
      await page.waitForFunction((ply) => window.__madang.view.ply === ply + 1, s0.ply);
      const s1 = await state(page);
      assert.equal(s1.engine, '', 'still no engine');
      assert.equal(s1.history.length, s0.history.length + 1, 'the move is in the record');
      assert.notEqual(s1.toMove, s0.toMove, 'the other side is to move');
      const last = await page.locator('#fact-last').textContent();
      assert.notEqual(last.trim(), '—', 'the last move is shown');
      // the engine arrives: the table agrees with it, and the game goes on from the move played
      hold.release();
      await page.waitForFunction(() => document.body.dataset.engine === 'checked', null, { timeout: 60000 });
      if (mode === 'ai') {
        await page.waitForFunction(() => {
          const a = window.__madang;
          return !a.thinking && a.view.toMove === a.human && a.view.ply >= 2;
        }, null, { timeout: 60000 });
        const s2 = await state(page);
        assert.equal(s2.history.slice(0, s1.history.length).join(' '), s1.history.join(' '), 'the AI replied after the move played');
        assert.ok(s2.enabled > 0, 'my next moves are offered');
      } else {
        const s2 = await state(page);
        assert.equal(s2.ply, s1.ply);
        // the next person rolls, then plays with the engine's own dice
        await page.click('#roll');
        // (waited for until the roll is in: the ply is past the move's, which 'ply > 0' was
        // from the start, so a slow roll failed the check below)
        await page.waitForFunction((ply) => window.__madang.view.ply > ply, s1.ply, { timeout: 30000 });
        const s3 = await state(page);
        assert.ok(s3.ply > s1.ply, 'the next person rolled');
      }
      assert.deepEqual(errors, []);
    });
    await ctx.close();
  });
}

test('checkers on one device: the reply is offered from the table too, before the engine', async () => {
  const { ctx, hold } = await heldEngine();
  const page = await ctx.newPage();
  await withShots('first-move-local-reply', [page], async () => {
    await checkersTwoPlies(page);
    const s = await state(page);
    assert.equal(s.engine, '');
    assert.ok(s.enabled > 0, 'the third move waits for the engine, yet is offered from the view');
    hold.release();
    await page.waitForFunction(() => document.body.dataset.engine === 'checked', null, { timeout: 60000 });
    const t = await state(page);
    assert.equal(t.ply, 2);
    assert.deepEqual(t.history, s.history);
  });
  await ctx.close();
});

test('checkers on one device: a second tap while a move past the table waits for the engine is dropped, not played as the other side', async () => {
  const { ctx, hold } = await heldEngine();
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await withShots('first-move-second-tap', [page], async () => {
    await checkersTwoPlies(page);
    // the third move is past the table: it waits for the engine, the view stays at ply 2
    const s = await state(page);
    assert.ok(s.enabled > 1, `${s.enabled} moves offered`);
    await page.locator('#moves button:not([disabled])').nth(0).click();
    await page.locator('#moves button:not([disabled])').nth(1).click();
    assert.equal((await state(page)).ply, 2);
    // the wait is said (it may be seconds on a phone), and stays said until the engine is in
    await page.waitForFunction((t) => document.getElementById('alert').textContent === t, MSG.engineWaiting);
    await new Promise((r) => setTimeout(r, 4500));
    assert.equal(await page.textContent('#alert'), MSG.engineWaiting);
    hold.release();
    await page.waitForFunction(() => document.body.dataset.engine === 'checked', null, { timeout: 60000 });
    await page.waitForFunction(() => document.getElementById('alert').textContent === '');
    await page.waitForFunction(() => window.__madang.view.ply >= 3, null, { timeout: 30000 });
    await new Promise((r) => setTimeout(r, 1000));
    const t = await state(page);
    assert.equal(t.ply, 3, `one tap, one move: ${t.history.join(' ')}`);
    assert.deepEqual(t.history.slice(0, 2), s.history);
    assert.deepEqual(errors, []);
  });
  await ctx.close();
});

test('checkers against the AI: a module that fails to load after the first move from the table is said as the engine failing, not as the AI unable to choose', async () => {
  const ctx = await stack.browser.newContext();
  let release;
  const gate = new Promise((r) => { release = r; });
  await ctx.route(MODULE, async (route) => {
    await gate;
    await route.abort().catch(() => {});
  });
  const page = await ctx.newPage();
  await withShots('first-move-engine-failed', [page], async () => {
    await page.goto(`${stack.url}/checkers/`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    await clickMode(page, '[data-mode="ai"][data-level="beginner"]');
    await page.waitForFunction(() => document.querySelector('#moves button:not([disabled])'));
    await playFirstListed(page);
    await page.waitForFunction(() => window.__madang.view.ply === 1);
    release();
    await page.waitForFunction(() => document.body.dataset.engine === 'failed', null, { timeout: 30000 });
    await page.waitForFunction((t) => document.getElementById('alert').textContent === t, MSG.engineFailed, { timeout: 10000 });
    // it stays past the 4 s a passing notice lasts: every later request fails the same way
    await page.waitForTimeout(5000);
    assert.equal(await page.textContent('#alert'), MSG.engineFailed);
  });
  await ctx.close();
});

test('a tampered table: the page says so in the console and starts again from the engine', async () => {
  const { ctx, hold } = await heldEngine();
  // the page's table with its first move's text changed, as a table out of step with the
  // engine would be
  await ctx.route(/\/checkers\/$/, async (route) => {
    const res = await route.fetch();
    const html = await res.text();
    const body = html.replace(/(<script type="application\/json" id="first-moves">)([^<]*)(<\/script>)/, (m, a, json, c) => {
      const t = JSON.parse(json);
      t.setups[0].root.set.moves[0].text = '9-99';
      return a + JSON.stringify(t) + c;
    });
    assert.notEqual(body, html);
    await route.fulfill({ response: res, body, headers: { ...res.headers(), 'content-type': 'text/html; charset=utf-8' } });
  });
  const page = await ctx.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await withShots('first-move-tampered', [page], async () => {
    await page.goto(`${stack.url}/checkers/`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    await clickMode(page, '[data-mode="local"]');
    await page.waitForFunction(() => document.querySelector('#moves button:not([disabled])'));
    await playFirstListed(page);
    await page.waitForFunction(() => window.__madang.view.ply === 1);
    hold.release();
    await page.waitForFunction(() => document.body.dataset.engine === 'mismatch', null, { timeout: 60000 });
    await page.waitForFunction(() => window.__madang.view.ply === 0);
    assert.ok(errors.some((e) => /first moves .* disagree with the engine \(the start\)/.test(e)), errors.join('\n'));
    await page.waitForFunction((t) => document.getElementById('alert').textContent === t, MSG.firstMovesMismatch);
    const s = await state(page);
    assert.equal(s.mode, 'local');
    assert.ok(s.enabled > 0, "the engine's start offers its moves");
    assert.ok(!s.history.length);
  });
  await ctx.close();
});

// every start the page offers is in its table: diamond with three players, diamond-kr with 15
for (const [game, input, seats] of [['diamond', 'input[name=players][value="3"]', 3], ['diamond-kr', 'input[name=pieces][value="15"]', 2]]) {
  test(`${game}: the start chosen by ${input} offers its first moves before the engine`, async () => {
    const { ctx, hold } = await heldEngine();
    const page = await ctx.newPage();
    await withShots(`first-move-option-${game}`, [page], async () => {
      await page.goto(`${stack.url}/${game}/`);
      await page.waitForFunction(() => document.body.dataset.ready === 'true');
      await page.check(input);
      await clickMode(page, '[data-mode="local"]');
      await page.waitForFunction(() => document.querySelector('#moves button:not([disabled])'));
      const s = await page.evaluate(() => ({ seats: window.__madang.view.seats, options: window.__madang.view.options, engine: document.body.dataset.engine || '' }));
      assert.equal(s.engine, '');
      assert.equal(s.seats, seats);
      await playFirstListed(page);
      await page.waitForFunction(() => window.__madang.view.ply === 1);
      hold.release();
      await page.waitForFunction(() => document.body.dataset.engine === 'checked', null, { timeout: 60000 });
      assert.equal(await page.evaluate(() => window.__madang.view.ply), 1);
      assert.deepEqual(await page.evaluate(() => window.__madang.view.options), s.options);
    });
    await ctx.close();
  });
}

// A room link opened before the engine: the page loads the room's moves into the engine by
// itself, and no move of the visitor's waits, so the wait for a move (MSG.engineWaiting) is
// never said.
for (const game of ['backgammon', 'diamond']) {
  test(`${game}: a room link of a game in play, opened before the engine, says no move waits for it`, async () => {
    const ctxs = await Promise.all([0, 1].map(() => stack.browser.newContext()));
    const { ctx, hold } = await heldEngine();
    const pages = [];
    await withShots(`first-move-room-link-${game}`, pages, async () => {
      const a = await openPage(ctxs[0], `${stack.url}/${game}/`);
      pages.push(a);
      await engineReady(a);
      await a.click('button[data-mode="online"]');
      await a.waitForFunction(() => document.getElementById('room-link').value.includes('room='));
      const link = await a.inputValue('#room-link');
      const b = await openPage(ctxs[1], link);
      pages.push(b);
      await b.waitForSelector('#join-button:visible');
      await b.click('#join-button');
      await a.waitForFunction(() => window.__madang.online.snap && window.__madang.online.snap.status === 'playing', null, { timeout: 20000 });
      // the visitor: every text the alert region shows is kept
      await ctx.addInitScript(() => {
        window.__alerts = [];
        document.addEventListener('DOMContentLoaded', () => {
          const el = document.getElementById('alert');
          new MutationObserver(() => window.__alerts.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true });
        });
      });
      const c = await openPage(ctx, link);
      pages.push(c);
      await c.waitForFunction(() => window.__madang && window.__madang.online && window.__madang.online.snap);
      // the room's snapshot is in; its load waits for the engine, held back: wait until the
      // page has asked for the engine module
      for (const end = Date.now() + 20000; hold.held === 0 && Date.now() < end;) await new Promise((r) => setTimeout(r, 50));
      assert.equal(await c.evaluate(() => document.body.dataset.engine || ''), '');
      assert.ok(hold.held > 0, 'the engine module was asked for and held');
      assert.notEqual(await c.textContent('#alert'), MSG.engineWaiting);
      hold.release();
      await c.waitForFunction(() => document.body.dataset.engine === 'checked', null, { timeout: 60000 });
      await c.waitForFunction(() => window.__madang.view && window.__madang.view.ply === window.__madang.online.snap.ply, null, { timeout: 30000 });
      const alerts = await c.evaluate(() => window.__alerts);
      assert.ok(!alerts.includes(MSG.engineWaiting), `the alert region said: ${JSON.stringify(alerts)}`);
      for (const p of pages) assert.deepEqual(p.errors, []);
    });
    for (const x of [...ctxs, ctx]) await x.close();
  });
}

test('backgammon against the AI: the AI wins the opening roll from the table, and plays once the engine has checked it', async () => {
  const { ctx, hold } = await heldEngine();
  // the page picks the table's first seed: its roll is 1 for me (seat 0) and 2 for the AI
  await ctx.addInitScript(() => { Math.random = () => 0; });
  const page = await ctx.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await withShots('first-move-bg-ai-opening', [page], async () => {
    await page.goto(`${stack.url}/backgammon/`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    await clickMode(page, '[data-mode="ai"][data-level="beginner"]');
    await page.waitForFunction(() => window.__madang.view.phase === 'roll' && window.__madang.mode === 'ai');
    await page.click('#roll');
    await page.waitForFunction(() => window.__madang.view.ply === 1);
    const s = await state(page);
    assert.equal(s.engine, '');
    assert.equal(s.toMove, 1, 'the AI won the opening roll');
    assert.equal(s.phase, 'move');
    hold.release();
    await page.waitForFunction(() => document.body.dataset.engine === 'checked', null, { timeout: 60000 });
    await page.waitForFunction(() => window.__madang.view.ply >= 2 && window.__madang.view.toMove === 0 && !window.__madang.thinking, null, { timeout: 60000 });
    const t = await state(page);
    assert.equal(t.history[0], s.history[0], 'the opening roll stands');
    assert.deepEqual(errors, []);
  });
  await ctx.close();
});
