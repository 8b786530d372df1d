// The backgammon page (seed 003) in headless Chromium: several turns against the
// AI by taps on the board (pick a checker, then a lit destination; a lone destination
// tapped alone; a step taken back) and by the button board and the list of plays; the
// forced-dice cases of shared/cases/backgammon.md; a pass with its notice; the result with
// its points and the rating; two browsers online through the link with the server's dice,
// and a reload that resumes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { startStack, withShots, openPage, engineReady, view } from './harness.mjs';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

// gnubg Match ID of a money game, seat 0 on roll with 6-5 (rules/backgammon MatchID)
const ROLLED_65 = 'MAEXAAAAAAAA';

const ply = (page) => page.evaluate(() => window.__madang.view.ply);
const waitPly = (page, n) => page.waitForFunction((k) => window.__madang.view && window.__madang.view.ply >= k, n, { timeout: 30000 });
const taken = (page) => page.evaluate(() => (window.__madang.sel ? window.__madang.sel.steps.length : 0));
const routes = (page) => page.evaluate(() => window.__madang.page.routes().map((r) => ({ text: r.play.text, steps: r.steps })));

/** Clicks a place of the viewer's numbering on the SVG board (0 the tray, 25 the bar, 'dice'). */
async function clickPlace(page, cell) {
  await page.locator('#bg-board').scrollIntoViewIfNeeded();
  const p = await page.evaluate((c) => window.__madang.squareToScreen(c), cell);
  if (!p) throw new Error(`place ${cell} has no screen position`);
  await page.mouse.click(p.x, p.y);
}

/** Waits for the human's turn (vs the AI: after its roll and play) or the end. */
async function waitMine(page) {
  await page.waitForFunction(() => {
    const a = window.__madang;
    const v = a.view;
    return v && !a.thinking && (v.toMove < 0 || v.toMove === a.human);
  }, null, { timeout: 60000 });
}

/** Rolls by the button or by tapping the dice, and waits for the roll. */
async function roll(page, byDice) {
  const n = await ply(page);
  if (byDice) await clickPlace(page, 'dice');
  else await page.click('#roll');
  await waitPly(page, n + 1);
}

/** Plays one whole turn of the first step order by taps: checker, then destination. */
async function tapTurn(page) {
  const n = await ply(page);
  const [r] = await routes(page);
  for (const [i, s] of r.steps.entries()) {
    await clickPlace(page, s.from);
    await page.waitForFunction((f) => window.__madang.sel && window.__madang.sel.picked === f, s.from);
    // the picked checker's destinations are lit on the board
    const lit = await page.evaluate(() => [...document.querySelectorAll('.bg-tri.target')].map((t) => +t.parentNode.dataset.cell));
    if (s.to !== 0) assert.ok(lit.includes(s.to), `destination ${s.to} lit (${lit})`);
    await clickPlace(page, s.to);
    if (i < r.steps.length - 1) await page.waitForFunction((k) => window.__madang.sel && window.__madang.sel.steps.length === k, i + 1);
  }
  await waitPly(page, n + 1);
  return r;
}

/** Plays one turn on the button board: each step's point, then its destination (the first
 * step by the keyboard: focus and Enter). */
async function panelTurn(page) {
  const n = await ply(page);
  const [r] = await routes(page);
  for (const [i, s] of r.steps.entries()) {
    if (i === 0) {
      await page.focus(`#grid [data-sq="${s.from}"]`);
      await page.keyboard.press('Enter');
    } else await page.click(`#grid [data-sq="${s.from}"]`);
    await page.waitForFunction((f) => window.__madang.sel && window.__madang.sel.picked === f, s.from);
    assert.match(await page.textContent(`#grid [data-sq="${s.from}"]`), /고른 말/);
    await page.click(`#grid [data-sq="${s.to}"]`);
    if (i < r.steps.length - 1) await page.waitForFunction((k) => window.__madang.sel && window.__madang.sel.steps.length === k, i + 1);
  }
  await waitPly(page, n + 1);
  return r;
}

/** Plays the last play of the list of plays (gnubg notation, in the numbering of the board
 * on the screen: the engine's text as the viewer's seat reads it) by clicking it. */
async function listTurn(page) {
  const v = await view(page);
  const m = v.moves[v.moves.length - 1];
  const viewer = await page.evaluate(() => window.__madang.viewer());
  assert.equal(await page.textContent(`#moves button[data-text="${m.text}"]`), m.seen[viewer]);
  await page.click(`#moves button[data-text="${m.text}"]`);
  await waitPly(page, v.ply + 1);
  return m;
}

test('backgammon against the AI: opening roll, turns by taps, by the button board and the list, a step taken back, a lone destination', async () => {
  for (const [name, vp] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    const ctx = await stack.browser.newContext({ viewport: vp });
    const page = await openPage(ctx, `${stack.url}/backgammon/`);
    await withShots(`bg-ai-${name}`, [page], async () => {
      await engineReady(page);
      assert.equal(await page.textContent('.page-title'), '백가몬');
      assert.deepEqual(await page.$$eval('button[data-mode="ai"]', (bs) => bs.map((b) => b.textContent)), ['초급', '중급', '고급']);
      await page.click('button[data-mode="ai"][data-level="beginner"]');
      await page.waitForFunction(() => window.__madang.view && window.__madang.view.opening && window.__madang.view.phase === 'roll');
      assert.match(await page.textContent('#turn'), /굴리기/);
      // the opening roll: one die each, the higher moves first with both
      await roll(page, name === 'phone');
      await waitMine(page);
      // a tie is rolled again (seed 003), and the page says so
      while ((await view(page)).opening) {
        assert.match(await page.textContent('#opening-line'), /첫 굴림에서 두 사람 모두 \d[이가] 나와 다시 굴립니다/);
        await roll(page, false);
        await waitMine(page);
      }
      const opening = (await view(page)).openingRolls;
      const last = opening[opening.length - 1];
      assert.notEqual(last[0], last[1]);
      if ((await view(page)).history.every((e) => e.roll)) {
        assert.match(await page.textContent('#opening-line'), new RegExp(`첫 굴림: 나\\(흰색\\) ${last[0]}, AI\\(검은색\\) ${last[1]} — 나\\(흰색\\)이 먼저`));
      }
      assert.match(await page.textContent('#pips'), /^핍 나\(흰색\) \d+ · AI\(검은색\) \d+$/);
      let turns = 0;
      let tookBack = false;
      let lone = false;
      for (let i = 0; turns < 5 && i < 40; i++) {
        await waitMine(page);
        let v = await view(page);
        if (v.toMove < 0) break;
        if (v.phase === 'roll') {
          await roll(page, i % 2 === 1);
          await waitMine(page);
          v = await view(page);
          if (v.phase !== 'move' || v.toMove !== 0) continue; // a pass: the AI rolls next
        }
        // green rings exactly on the checkers that can move first
        const rs = await routes(page);
        const froms = [...new Set(rs.map((r) => r.steps[0].from))].sort((a, b) => a - b);
        const rings = await page.$$eval('.bg-checker.ring', (cs) => [...new Set(cs.map((c) => +c.dataset.cell))].sort((a, b) => a - b));
        assert.deepEqual(rings, froms);
        assert.match(await page.textContent('#fact-dice'), new RegExp(`^${v.dice[0]}-${v.dice[1]} · 남은 눈`));
        if (!tookBack && rs[0].steps.length > 1) {
          // one step, then taken back: the board is as before
          const s = rs[0].steps[0];
          await clickPlace(page, s.from);
          await clickPlace(page, s.to);
          await page.waitForFunction(() => window.__madang.sel && window.__madang.sel.steps.length === 1);
          assert.ok(await page.isVisible('#step-back'));
          await page.click('#step-back');
          assert.equal(await taken(page), 0);
          assert.equal(await page.isVisible('#step-back'), false);
          tookBack = true;
        }
        if (!lone) {
          // a destination reached by one checker only, tapped without picking the checker
          const next = [...new Map(rs.map((r) => [`${r.steps[0].from}>${r.steps[0].to}`, r.steps[0]])).values()];
          const only = next.find((s) => s.to !== 0 && !froms.includes(s.to) && next.filter((x) => x.to === s.to && x.from !== s.from).length === 0);
          if (only) {
            const n = v.ply;
            await clickPlace(page, only.to);
            await page.waitForFunction((k) => (window.__madang.sel && window.__madang.sel.steps.length === 1) || window.__madang.view.ply > k, n);
            const sel = await page.evaluate(() => window.__madang.sel);
            if (sel) assert.deepEqual([sel.steps[0].from, sel.steps[0].to], [only.from, only.to]);
            else assert.ok((await view(page)).history.some((e, k) => k >= n && e.steps && e.steps.some((x) => x.from === only.from)));
            await page.evaluate(() => { window.__madang.sel = null; window.__madang.render(); });
            lone = true;
          }
        }
        if ((await view(page)).ply !== v.ply) { turns++; continue; }
        const how = turns % 3;
        if (how === 0) await tapTurn(page);
        else if (how === 1) await panelTurn(page);
        else await listTurn(page);
        turns++;
        // my play is in the record in gnubg notation
        const h = (await view(page)).history.filter((e) => !e.roll && e.seat === 0);
        assert.ok(h.length >= 1);
        assert.match(h[h.length - 1].text, /^(bar|\d+)\/(\d+|off)/);
      }
      assert.ok(turns >= 5, `played ${turns} turns`);
      assert.ok(tookBack, 'a step was taken back');
      assert.ok(lone, 'a lone destination was tapped alone');
      const v = await view(page);
      assert.ok(v.history.some((e) => !e.roll && e.seat === 1), 'the AI played');
      await page.screenshot({ path: `test-results/bg-ai-${name}.png`, fullPage: name === 'phone' }).catch(() => {});
      assert.deepEqual(page.errors, []);
    });
    await ctx.close();
  }
});

test('forced dice (shared/cases/backgammon.md): only the larger die, or only the smaller, is offered', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/backgammon/`);
  await withShots('bg-forced', [page], async () => {
    await engineReady(page);
    for (const [pos, to, text] of [['ABgA/x//PwAAIA', 18, '24/18'], ['wGAA/B//PwAAIA', 19, '24/19']]) {
      await page.evaluate((f) => window.__madang.startFrom('backgammon', f, 'local'), `${pos}:${ROLLED_65}`);
      await page.waitForFunction(() => window.__madang.view.phase === 'move' && window.__madang.view.ply === 0);
      const v = await view(page);
      assert.deepEqual(v.moves.map((m) => m.text), [text]);
      assert.deepEqual(await page.$$eval('.bg-checker.ring', (cs) => [...new Set(cs.map((c) => +c.dataset.cell))]), [24]);
      await clickPlace(page, 24);
      await page.waitForFunction(() => window.__madang.sel && window.__madang.sel.picked === 24);
      // one destination: the die that must be played; the other die is not offered
      assert.deepEqual(await page.$$eval('.bg-tri.target', (ts) => ts.map((t) => +t.parentNode.dataset.cell)), [to]);
      await clickPlace(page, to);
      await waitPly(page, 1);
      assert.equal((await view(page)).history[0].text, text);
    }
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('a roll with no play passes with a notice', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/backgammon/`);
  await withShots('bg-pass', [page], async () => {
    await engineReady(page);
    // shared/cases: a closed board with a checker on the bar, 6-5: no play
    await page.evaluate(async () => {
      const a = window.__madang;
      await a.startFrom('backgammon', '27YBADjgc/ADQA', 'local');
      const r = await a.engine.ask('load', { game: 'backgammon', fen: '27YBADjgc/ADQA', moves: ['6-5'] });
      a.setView(r.view);
    });
    const v = await view(page);
    assert.equal(v.noPlay, true);
    assert.equal(v.phase, 'roll');
    assert.equal(v.toMove, 1);
    await page.waitForFunction(() => document.getElementById('alert').textContent.includes('둘 수 있는 수가 없어'));
    assert.equal(await page.textContent('#pass-line'), '흰색: 주사위 6-5 — 둘 수 있는 수가 없어 차례가 넘어갑니다.');
    assert.match(await page.textContent('#turn'), /검은색 차례입니다/);
  });
  await ctx.close();
});

test('results with points (shared/cases: single, gammon, backgammon) and the rating of a win against the AI', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await openPage(ctx, `${stack.url}/backgammon/`);
  await withShots('bg-result', [page], async () => {
    await engineReady(page);
    assert.match(await page.textContent('#rating li[data-cat="beginner"]'), /AI 초급: 레이팅 1500 · 0승 0패 · 승률 0%/);
    const cases = [
      ['eN8HAAgBAAAAAA', 'ai', /나\(흰색\) 승리, 백개먼 \(3점\)/, 3],
      ['+L4PAAABAAAAAA', 'local', /흰색 승리, 개먼 \(2점\)/, 2],
      ['h+8DAIQAAAAAAA', 'local', /흰색 승리, 싱글 \(1점\)/, 1],
    ];
    for (const [pos, mode, want, points] of cases) {
      await page.evaluate(([f, m]) => window.__madang.startFrom('backgammon', f, m, 'beginner'), [`${pos}:${ROLLED_65}`, mode]);
      await page.waitForFunction(() => window.__madang.view.phase === 'move' && window.__madang.view.ply === 0);
      assert.deepEqual((await view(page)).moves.map((m) => m.text), ['1/off']);
      // the lone destination, the tray, tapped alone
      await clickPlace(page, 0);
      await page.waitForFunction(() => window.__madang.view.outcome.status === 'win');
      assert.equal((await view(page)).outcome.points, points);
      assert.match(await page.textContent('#result'), want);
    }
    // Elo (K 32, from 1500, 초급 rated 1300): 1500 + 32·(1 − 1/(1 + 10^(−200/400))) = 1507.7
    assert.equal(await page.textContent('#rating li[data-cat="beginner"]'), 'AI 초급: 레이팅 1508 · 1승 0패 · 승률 100%');
    // the games on one device are not rated; a redrawn end is not counted twice
    await page.reload();
    await engineReady(page);
    assert.equal(await page.textContent('#rating li[data-cat="beginner"]'), 'AI 초급: 레이팅 1508 · 1승 0패 · 승률 100%');
    assert.match(await page.textContent('#rating li[data-cat="intermediate"]'), /0승 0패/);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

const onlineTurn = (page) => page.waitForFunction(() => {
  const a = window.__madang;
  return a.online && a.online.snap && a.online.snap.status === 'playing' && a.view && a.view.ply === a.online.snap.ply && a.view.toMove === a.online.seat;
}, null, { timeout: 20000 });

test('backgammon online: two browsers by the link see the same server dice; a reload resumes', async () => {
  const ctxA = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ctxB = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const a = await openPage(ctxA, `${stack.url}/backgammon/`);
  const pages = [a];
  await withShots('bg-online', pages, async () => {
    await engineReady(a);
    await a.click('button[data-mode="online"]');
    await a.waitForFunction(() => document.getElementById('room-link').value.includes('?room='));
    const link = await a.inputValue('#room-link');
    assert.match(link, /\/backgammon\/\?room=[\w-]+$/);
    // nobody has joined: no roll is awaited yet (it said the opponent was to roll). The view
    // is the room's once there is one: the menu's goes when the room is made (Shell.playRoom)
    await a.waitForFunction(() => window.__madang.view && window.__madang.online.snap && window.__madang.online.snap.status === 'waiting');
    assert.equal(await a.textContent('#fact-dice'), '—');
    const b = await openPage(ctxB, link);
    pages.push(b);
    await b.waitForSelector('#join-button:visible');
    assert.match(await b.textContent('#join-text'), /백가몬 방입니다.*검은색을 잡습니다/);
    await b.click('#join-button');
    // the server made the opening roll when B joined: both see it
    for (const p of [a, b]) await p.waitForFunction(() => window.__madang.online.snap && window.__madang.online.snap.status === 'playing' && window.__madang.view && window.__madang.view.phase === 'move');
    const dice = async (p) => p.evaluate(() => ({ dice: window.__madang.view.dice, moves: window.__madang.online.snap.moves, ply: window.__madang.view.ply }));
    assert.deepEqual(await dice(a), await dice(b));
    let played = 0;
    for (let i = 0; played < 4 && i < 20; i++) {
      const sa = await a.evaluate(() => window.__madang.online.snap);
      const p = sa.toMove === 0 ? a : b;
      const other = p === a ? b : a;
      await onlineTurn(p);
      const v = await view(p);
      if (v.phase === 'roll') {
        // the client asks; the server rolls: both pages show the server's dice
        assert.equal(await p.isEnabled('#roll'), true);
        assert.equal(await other.isEnabled('#roll'), false);
        // the panel's dice row tells only the seat to roll to roll; the other waits
        assert.equal(await p.textContent('#fact-dice'), '주사위를 굴리세요.');
        assert.equal(await other.textContent('#fact-dice'), '상대가 주사위를 굴릴 차례입니다.');
        await p.click('#roll');
        await waitPly(p, v.ply + 1);
        await waitPly(other, v.ply + 1);
        const [da, db] = [await dice(a), await dice(b)];
        assert.deepEqual(da, db);
        assert.match(da.moves[da.moves.length - 1], /^[1-6]-[1-6]$/);
        continue;
      }
      if (played === 1) await tapTurn(p);
      else await listTurn(p);
      await waitPly(other, v.ply + 1);
      assert.equal((await view(a)).last.text, (await view(b)).last.text);
      played++;
      if (played === 2) {
        // B reloads: its seat token resumes the seat at the same ply and dice
        const before = await dice(a);
        await b.reload();
        await b.waitForFunction((n) => window.__madang.online && window.__madang.online.snap && window.__madang.view && window.__madang.view.ply === n, before.ply, { timeout: 20000 });
        assert.equal(await b.evaluate(() => window.__madang.online.seat), 1);
        assert.deepEqual(await dice(b), before);
      }
    }
    assert.equal(played, 4);
    // C watches the full room: the board shows every checker of both sides (a spectator's
    // page once drew none and threw on each state: it read the rows of seat -1)
    const ctxC = await stack.browser.newContext({ viewport: { width: 800, height: 900 } });
    const c = await openPage(ctxC, link);
    pages.push(c);
    await c.waitForSelector('#join-button:visible');
    assert.equal(await c.textContent('#join-button'), '관전하기');
    await c.click('#join-button');
    await c.waitForFunction((n) => window.__madang.view && window.__madang.view.ply === n, (await view(a)).ply);
    const onBoard = async (p) => p.evaluate(() => document.querySelectorAll('circle.bg-checker').length);
    assert.equal(await onBoard(c), await onBoard(a));
    assert.ok(await onBoard(c) > 0);
    // B resigns (two presses): both see the result with its points; each device rates it
    // online (Elo from 1500 against 1500, K 32: the winner 1516, the loser 1484)
    await b.click('#resign');
    await b.click('#resign');
    for (const p of [a, b]) {
      await p.waitForFunction(() => window.__madang.view.outcome.status === 'win');
      assert.match(await p.textContent('#result'), /승리, (싱글 \(1점\)|개먼 \(2점\)|백개먼 \(3점\)) — (상대|나)\(검은색\) 쪽이 기권했습니다/);
    }
    assert.equal(await a.textContent('#rating li[data-cat="online"]'), '친구와 대전: 레이팅 1516 · 1승 0패 · 승률 100%');
    assert.equal(await b.textContent('#rating li[data-cat="online"]'), '친구와 대전: 레이팅 1484 · 0승 1패 · 승률 0%');
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
    assert.deepEqual(c.errors, []);
    await ctxC.close();
  });
  await ctxA.close();
  await ctxB.close();
});

// The menu draws its start position with nobody's driver, where seat 0's opening roll reads as
// the opponent's ('상대가 주사위를 굴릴 차례입니다.') in the hidden panel. A room made from the
// menu is drawn only once its snapshot has come back through the engine ('load', held here
// until the test lets it go, as a slow engine holds it): until then nothing of the menu's
// view shows in the room's panel, not at the moment it opens nor at a redraw in between.
test('backgammon online: a room made from the menu never shows the menu\'s view before its own', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const a = await openPage(ctx, `${stack.url}/backgammon/`);
  await withShots('bg-online-stale', [a], async () => {
    await engineReady(a);
    await a.evaluate(() => {
      const sh = window.__madang;
      // every state of the panel while it shows, from a mutation observer (no sampling)
      const seen = [];
      window.__seen = seen;
      const panel = document.getElementById('panel');
      const dice = document.getElementById('fact-dice');
      const note = () => { if (!panel.hidden) seen.push(dice.textContent); };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['hidden'] });
      let release;
      window.__loadHeld = new Promise((r) => { release = r; });
      window.__release = release;
      const ask = sh.engine.ask.bind(sh.engine);
      sh.engine.ask = async (op, ...rest) => {
        if (op === 'load') await window.__loadHeld;
        return ask(op, ...rest);
      };
    });
    await a.click('button[data-mode="online"]');
    // the snapshot is in, its view held back by the engine
    await a.waitForFunction(() => window.__madang.online && window.__madang.online.snap && window.__madang.online.snap.status === 'waiting' && window.__madang.online.ready());
    // a redraw in that moment (a change of the link, a settled move) draws no view but the room's
    await a.evaluate(() => window.__madang.online.redraw());
    const stale = async () => {
      const seen = await a.evaluate(() => window.__seen);
      assert.ok(!seen.includes('상대가 주사위를 굴릴 차례입니다.'), `the panel showed: ${JSON.stringify(seen)}`);
    };
    await stale();
    await a.evaluate(() => window.__release());
    await a.waitForFunction(() => window.__madang.view && window.__madang.view.toMove === -1 && !document.getElementById('panel').hidden);
    assert.equal(await a.textContent('#fact-dice'), '—');
    await stale();
    assert.deepEqual(a.errors, []);
  });
  await ctx.close();
});

/** axe-core's violations on the page as it is now (as a11y.test.mjs runs it). */
async function axe(page) {
  if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const r = await window.axe.run(document);
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join('; ')}`);
  });
}

test('axe: the backgammon page (menu, roll due, a checker picked, a step taken, result)', async () => {
  for (const [w, h] of [[1280, 900], [390, 844]]) {
    const ctx = await stack.browser.newContext({ viewport: { width: w, height: h } });
    const page = await openPage(ctx, `${stack.url}/backgammon/`);
    await withShots(`bg-axe-${w}`, [page], async () => {
      await engineReady(page);
      assert.deepEqual(await axe(page), [], 'menu');
      await page.evaluate((f) => window.__madang.startFrom('backgammon', f, 'local'), `4HPwATDgc/ABMA:${ROLLED_65}`);
      await page.waitForFunction(() => window.__madang.view.phase === 'move' && window.__madang.view.ply === 0);
      await clickPlace(page, 24);
      await page.waitForFunction(() => window.__madang.sel && window.__madang.sel.picked === 24);
      assert.deepEqual(await axe(page), [], 'picked');
      await clickPlace(page, 18);
      await page.waitForFunction(() => window.__madang.sel && window.__madang.sel.steps.length === 1);
      assert.deepEqual(await axe(page), [], 'a step taken');
      await page.click('#moves button >> nth=0');
      await page.waitForFunction(() => window.__madang.view.phase === 'roll' && window.__madang.view.toMove === 1);
      assert.deepEqual(await axe(page), [], 'roll due');
      await page.click('#resign');
      await page.click('#resign');
      await page.waitForFunction(() => !document.getElementById('result').hidden);
      await page.locator('details.history summary').click();
      assert.deepEqual(await axe(page), [], 'result');
      assert.deepEqual(page.errors, []);
    });
    await ctx.close();
  }
});

// A reload on one device offers the game again and counts its plays, not its rolls (the
// record keeps both: three plays after three rolls and the opening roll were "6수").
test('backgammon on one device: a reload offers the game with the count of its plays', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await openPage(ctx, `${stack.url}/backgammon/`);
  await withShots('bg-resume-count', [page], async () => {
    await engineReady(page);
    await page.click('button[data-mode="local"]');
    await page.waitForFunction(() => window.__madang.mode === 'local' && window.__madang.view && window.__madang.view.phase === 'roll');
    let plays = 0;
    for (let i = 0; plays < 3 && i < 20; i++) {
      const v = await view(page);
      if (v.phase === 'roll') await roll(page, false);
      else if (v.moves.length > 0) {
        await listTurn(page);
        plays++;
      } else break;
    }
    // the button board's tray row: one cell as wide as the board (it was one column wide
    // beside an empty row on a phone)
    const [tray, grid] = await page.evaluate(() => [document.querySelector('#grid [data-sq="0"]'), document.getElementById('grid')].map((e) => e.getBoundingClientRect().width));
    assert.ok(grid > 300 && tray > grid - 8, `tray ${tray} px of the board's ${grid} px`);
    const v = await view(page);
    const entries = v.history.filter((e) => !e.roll).length;
    assert.equal(entries, plays);
    assert.ok(v.ply > plays, `rolls are in the record too (ply ${v.ply})`);
    await page.reload();
    await engineReady(page);
    await page.waitForSelector('#resume:visible');
    assert.match(await page.textContent('#resume-text'), new RegExp(`백가몬, 이 기기에서 2명, ${plays}수까지`));
    await page.click('#resume-button');
    await page.waitForFunction((p) => window.__madang.mode === 'local' && window.__madang.view.ply === p, v.ply);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

// Against the AI a resumed game rolls its own seed's dice (local-save.js keeps the seed the
// engine's dice were started with): three turns, a reload, 이어서 하기, taken back to the
// start by 한 수 무르기 and played on again, and the rolls are the ones before the reload,
// the opening roll too (the engine's dice had a seed of its clock, and another after the
// reload).
test('backgammon against the AI: after a reload and 이어서 하기, taken back and played again, the same dice', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/backgammon/`);
  /** Plays my turns (a roll, then the last listed play) until rolls entries have been rolled. */
  const playUntil = async (rolls) => {
    for (let i = 0; i < 40; i++) {
      await waitMine(page);
      const v = await view(page);
      if (v.toMove < 0 || v.history.filter((e) => e.roll).length >= rolls) return v;
      if (v.phase === 'roll') await roll(page, false);
      else if (v.moves.length > 0) await listTurn(page);
    }
    throw new Error('the game did not get to its rolls');
  };
  const rollsOf = (v) => v.history.filter((e) => e.roll).map((e) => `${e.seat}:${e.text}`);
  await withShots('bg-resume-dice', [page], async () => {
    await engineReady(page);
    await page.click('button[data-mode="ai"][data-level="beginner"]');
    await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view && window.__madang.view.phase === 'roll');
    const before = await playUntil(6);
    const rolls = rollsOf(before);
    assert.ok(rolls.length >= 6 || before.toMove < 0, `rolls ${rolls}`);
    await page.reload();
    await engineReady(page);
    await page.waitForSelector('#resume:visible');
    await page.click('#resume-button');
    await page.waitForFunction((p) => window.__madang.mode === 'ai' && window.__madang.view.ply === p, before.ply);
    // 한 수 무르기 back to the start
    for (let i = 0; i < 20 && await ply(page) > 0; i++) {
      await waitMine(page);
      if (await page.isDisabled('#undo')) break;
      const n = await ply(page);
      await page.click('#undo');
      await page.waitForFunction((k) => window.__madang.view.ply < k, n);
    }
    const back = await view(page);
    assert.equal(back.ply, 0, 'taken back to the start');
    const after = await playUntil(rolls.length);
    assert.deepEqual(rollsOf(after).slice(0, rolls.length), rolls, 'the same dice after the reload');
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});
