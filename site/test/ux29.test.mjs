// What a new player tripped on, each as the player sees
// it: backgammon's plays written in the numbering of the board on the screen, the opening
// roll and its tie; the checkers page's rules text following the ruleset; the draughts
// majority capture refused with its reason; Korean particles after a name.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startStack, withShots, openPage, engineReady, view, resultsDir } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's violations on the page as it is now (as a11y.test.mjs runs it). */
async function axe(page) {
  if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const r = await window.axe.run(document);
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join('; ')}`);
  });
}

/** Keeps a screenshot of what a test checked in site/test-results (the report names them). */
async function shot(page, name) {
  mkdirSync(resultsDir, { recursive: true });
  await page.screenshot({ path: join(resultsDir, `${name}.png`) });
}

// gnubg Position ID of the start and Match ID of a money game, seat 0 on roll with 6-5
// (rules/backgammon PositionID, MatchID)
const START = '4HPwATDgc/ABMA';
const ROLLED_65 = 'MAEXAAAAAAAA';

const waitPly = (page, n) => page.waitForFunction((k) => window.__madang.view && window.__madang.view.ply >= k, n, { timeout: 30000 });

/** A play's routes as written ("12/14 12/17*", "bar/3", "19/off(2)"): [[from, …, to], …] with
 * the bar 25 and off 0. */
const routesOf = (text) => text.split(' ').map((seg) => seg.replace(/\(\d+\)$/, '').split('/')
  .map((p) => (p === 'bar' ? 25 : p === 'off' ? 0 : parseInt(p, 10))));

/** The colours of the checkers the button board shows on place p ('white', 'black'). */
const colourAt = (page, p) => page.$$eval(`#grid [data-sq="${p}"] .k`, (ks) => ks.map((k) => [...k.classList].find((c) => c === 'white' || c === 'black')));

/** Asserts that every route of a play (as read on the page) leaves (ends: lands on) a place
 * where the board on the screen shows a checker of colour. */
async function standsOn(page, text, colour, end) {
  for (const r of routesOf(text)) {
    const p = end ? r[r.length - 1] : r[0];
    if (p === 0 || p === 25) continue;
    assert.deepEqual(await colourAt(page, p), [colour], `${text}: the board shows no ${colour} checker on ${p}`);
  }
}

test('backgammon on one device: the plays, the last play and the record read in the numbering of the board on the screen', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/backgammon/`);
  await withShots('ux29-bg-numbering-local', [page], async () => {
    await engineReady(page);
    await page.evaluate((f) => window.__madang.startFrom('backgammon', f, 'local'), `${START}:${ROLLED_65}`);
    await page.waitForFunction(() => window.__madang.view.phase === 'move' && window.__madang.view.ply === 0);
    assert.equal(await page.textContent('#numbering'), '칸 번호는 흰색 쪽에서 센 것입니다.');
    await page.click('#moves button[data-text="24/13"]');
    await waitPly(page, 1);
    await page.click('#roll');
    await page.waitForFunction(() => window.__madang.view.phase === 'move' && window.__madang.view.toMove === 1);
    // black's plays, listed: each route leaves a point where the board shows a black checker
    const plays = await page.$$eval('#moves button', (bs) => bs.map((b) => ({ text: b.textContent, label: b.getAttribute('aria-label') })));
    assert.ok(plays.length > 0);
    for (const p of plays) {
      await standsOn(page, p.text, 'black', false);
      // read aloud from the same points (the steps in the order played)
      for (const [from] of routesOf(p.text)) assert.ok(p.label.startsWith(`${p.text}, `) && p.label.includes(`${from === 25 ? '바' : `${from}번 칸`}에서`), p.label);
    }
    // the play made: the last play line and the record say it as the board shows it
    const played = plays[0].text;
    await page.click('#moves button >> nth=0');
    await waitPly(page, 3);
    assert.equal(await page.textContent('#fact-last'), `검은색 ${played}`);
    assert.equal(await page.textContent('#history li:last-child'), played);
    await standsOn(page, played, 'black', true);
    assert.deepEqual(await axe(page), []);
    // the record and the wire keep gnubg's text, the mover's own numbers
    const v = await view(page);
    assert.notEqual(v.history[2].text, played);
    await shot(page, 'ux29-bg-numbering-local');
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('backgammon against the AI: the AI\'s play reads in my numbering', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await openPage(ctx, `${stack.url}/backgammon/`);
  await withShots('ux29-bg-numbering-ai', [page], async () => {
    await engineReady(page);
    await page.evaluate((f) => window.__madang.startFrom('backgammon', f, 'ai', 'beginner'), `${START}:${ROLLED_65}`);
    await page.waitForFunction(() => window.__madang.view.phase === 'move' && window.__madang.view.ply === 0);
    await page.click('#moves button[data-text="24/13"]');
    // the AI rolls and plays
    await page.waitForFunction(() => {
      const a = window.__madang;
      return !a.thinking && a.view.history.some((e) => e.seat === 1 && !e.roll);
    }, null, { timeout: 60000 });
    const last = await page.textContent('#fact-last');
    const m = /^AI\(검은색\) (.+)$/.exec(last);
    assert.ok(m, last);
    await standsOn(page, m[1], 'black', true);
    await shot(page, 'ux29-bg-numbering-ai');
    // playing black: the board and the text count from black's side; the AI (white) opens
    await page.evaluate((f) => window.__madang.startFrom('backgammon', f, 'ai', 'beginner', 1), `${START}:${ROLLED_65}`);
    await page.waitForFunction(() => {
      const a = window.__madang;
      return a.human === 1 && !a.thinking && a.view.history.some((e) => e.seat === 0 && !e.roll);
    }, null, { timeout: 60000 });
    assert.equal(await page.textContent('#numbering'), '칸 번호는 검은색 쪽에서 센 것입니다.');
    const white = /^AI\(흰색\) (.+)$/.exec(await page.textContent('#fact-last'));
    assert.ok(white, await page.textContent('#fact-last'));
    await standsOn(page, white[1], 'white', true);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('backgammon review: the record panel, the line under the board and the engine\'s best play read in the board\'s numbering', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/backgammon/`);
  await withShots('ux29-bg-numbering-review', [page], async () => {
    await engineReady(page);
    const moves = ['3-1', '8/5 6/5', '5-2', '13/11 13/8'];
    const ex = await page.evaluate((m) => window.__madangRecords.recordsEngine().ask('export', { game: 'backgammon', moves: m, tags: [['Event', 'test']] }), moves);
    assert.equal(ex.ok, true);
    await page.click('#rec-import summary');
    await page.fill('#rec-text', ex.text);
    await page.click('#rec-read');
    await page.waitForFunction((k) => window.__madang.mode === 'review' && window.__madang.view.ply === k, moves.length);
    // black's 13/11 13/8 is white's 12/14 12/17, as the board in review counts
    assert.equal(await page.textContent('#rec-moves li:nth-child(4) button'), '검은색 12/14 12/17');
    assert.match(await page.textContent('#rec-where'), /12\/14 12\/17/);
    await page.click('#rec-moves li:nth-child(3) button');
    await page.waitForFunction(() => window.__madang.view.ply === 3);
    assert.deepEqual(await colourAt(page, 12), ['black']);
    // the engine's best play for black, in the same numbering
    await page.selectOption('#rec-depth', 'fast');
    await page.click('#rec-analyse');
    await page.waitForFunction(() => window.__madangRecords.analysis && window.__madangRecords.analysis.done, null, { timeout: 300000 });
    const ev = await page.textContent('#rec-eval');
    const best = /최선의 수 (.+)\.$/.exec(ev);
    assert.ok(best, ev);
    await standsOn(page, best[1], 'black', false);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

/** Clicks a place of the viewer's numbering on the SVG board (0 the tray, 25 the bar). */
async function clickPlace(page, cell) {
  await page.locator('#bg-board').scrollIntoViewIfNeeded();
  const p = await page.evaluate((c) => window.__madang.squareToScreen(c), cell);
  if (!p) throw new Error(`place ${cell} has no screen position`);
  await page.mouse.click(p.x, p.y);
}

const listed = (page) => page.$$eval('#moves button', (bs) => bs.map((b) => b.textContent));

test('backgammon: after half a play, the list offers only the plays that can follow it', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/backgammon/`);
  await withShots('ux29-bg-half-play', [page], async () => {
    await engineReady(page);
    await page.evaluate((f) => window.__madang.startFrom('backgammon', f, 'local'), `${START}:${ROLLED_65}`);
    await page.waitForFunction(() => window.__madang.view.phase === 'move' && window.__madang.view.ply === 0);
    const before = await listed(page);
    assert.ok(before.includes('13/8 13/7'), before.join(' | '));
    // one checker from 24 to 18 with the 6
    await clickPlace(page, 24);
    await page.waitForFunction(() => window.__madang.sel && window.__madang.sel.picked === 24);
    await clickPlace(page, 18);
    await page.waitForFunction(() => window.__madang.sel && window.__madang.sel.steps.length === 1);
    await page.waitForFunction(() => !document.getElementById('step-back').hidden);
    const after = await listed(page);
    // the 5 is left: the same checker on to 13, or another checker by 5
    assert.ok(after.length > 0 && after.length < before.length, after.join(' | '));
    assert.ok(after.includes('24/13'), after.join(' | '));
    for (const t of after) assert.match(t, /^24\/13$|24\/18/, `${t} cannot follow 24/18`);
    assert.ok(!after.includes('13/8 13/7'));
    // taken back: every play again
    await page.click('#step-back');
    await page.waitForFunction(() => window.__madang.sel && window.__madang.sel.steps.length === 0);
    assert.deepEqual(await listed(page), before);
    // a play from the shortened list is the whole play
    await clickPlace(page, 24);
    await page.waitForFunction(() => window.__madang.sel && window.__madang.sel.picked === 24);
    await clickPlace(page, 18);
    await page.waitForFunction(() => window.__madang.sel && window.__madang.sel.steps.length === 1);
    await page.click('#moves button[data-text="24/18 13/8"]');
    await waitPly(page, 1);
    assert.equal((await view(page)).history[0].text, '24/18 13/8');
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('particles: the AI\'s win after my resignation reads "AI(파랑)이 이겼습니다"', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openPage(ctx, `${stack.url}/chinese-checkers/`);
  await withShots('ux29-particles', [page], async () => {
    await engineReady(page);
    await page.click('button[data-mode="ai"][data-level="beginner"]');
    await page.waitForFunction(() => window.__madang.mode === 'ai' && window.__madang.view.ply === 0 && !window.__madang.thinking);
    // two presses resign
    await page.click('#resign');
    await page.click('#resign');
    await page.waitForSelector('#result:not([hidden])');
    assert.equal(await page.textContent('#result'), '게임 끝: AI(파랑)이 이겼습니다 (기권승).');
    assert.ok(await page.isVisible('#result'));
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

/** Shows the page's local game after the log moves (rolls as "a-b"), from the start. */
async function showLog(page, moves) {
  await page.evaluate(async (m) => {
    const a = window.__madang;
    const r = await a.engine.ask('load', { game: 'backgammon', moves: m });
    a.setView(r.view);
  }, moves);
  await page.waitForFunction((n) => window.__madang.view.ply === n, moves.length);
}

test('backgammon\'s opening roll: whose die is which and who moves first; a tie said in whole words', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/backgammon/`);
  await withShots('ux29-bg-opening', [page], async () => {
    await engineReady(page);
    await page.click('button[data-mode="local"]');
    await page.waitForFunction(() => window.__madang.mode === 'local' && window.__madang.view.opening);
    // a tie: both 5, rolled again
    await showLog(page, ['5-5']);
    assert.equal(await page.textContent('#opening-line'), '첫 굴림에서 두 사람 모두 5가 나와 다시 굴립니다.');
    assert.equal(await page.textContent('#fact-last'), '첫 굴림: 흰색 5, 검은색 5 — 같은 눈이라 다시 굴림');
    // white's die 1, black's 3: black moves first with 1-3
    await showLog(page, ['5-5', '1-3']);
    assert.equal(await page.textContent('#opening-line'), '첫 굴림에서 두 사람 모두 5가 나와 다시 굴립니다. 첫 굴림: 흰색 1, 검은색 3 — 검은색이 먼저 둡니다.');
    assert.equal(await page.textContent('#fact-last'), '첫 굴림: 흰색 1, 검은색 3 — 검은색이 먼저');
    assert.equal(await page.textContent('#history li:last-child'), '첫 굴림: 흰색 1, 검은색 3 — 검은색이 먼저');
    assert.match(await page.textContent('#turn'), /^검은색 차례입니다\. 주사위 (1-3|3-1)\./);
    assert.ok(await page.isVisible('#opening-line'));
    await shot(page, 'ux29-bg-opening');
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('checkers page: the rules text follows the ruleset chosen, both ways, without a reload', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  await withShots('ux29-guide-ruleset', [page], async () => {
    await engineReady(page);
    assert.equal(await page.textContent('#guide-title'), '영미식 체커 알아보기');
    await page.evaluate(() => { document.getElementById('guide').kept = true; });
    await page.check('input[name=ruleset][value=draughts]');
    await page.waitForFunction(() => location.pathname === '/draughts/');
    assert.equal(await page.textContent('.page-title'), '국제식 드래프트');
    await page.waitForFunction(() => document.getElementById('guide-title').textContent === '국제식 드래프트 알아보기');
    await page.locator('#guide .lead').scrollIntoViewIfNeeded();
    assert.ok(await page.isVisible('#guide .lead'));
    assert.match(await page.textContent('#guide .lead'), /10×10/);
    assert.equal(await page.locator('#guide').count(), 1);
    assert.equal(await page.locator('#guide-title').count(), 1);
    assert.deepEqual(await axe(page), []);
    // and back
    await page.check('input[name=ruleset][value=checkers]');
    await page.waitForFunction(() => location.pathname === '/checkers/');
    await page.waitForFunction(() => document.getElementById('guide-title').textContent === '영미식 체커 알아보기');
    assert.match(await page.textContent('#guide .lead'), /8×8/);
    // the guide first shown is put back as it was, not read again
    assert.equal(await page.evaluate(() => document.getElementById('guide').kept), true);
    assert.doesNotMatch(await page.textContent('#guide'), /10×10 판의 어두운 칸 50곳/);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test('draughts: a shorter capture is refused with the majority rule as its reason', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openPage(ctx, `${stack.url}/draughts/`);
  await withShots('ux29-draughts-majority', [page], async () => {
    await engineReady(page);
    // 33x22x11 takes two; 33x24 and 39x30 take one
    await page.evaluate(() => window.__madang.startFrom('draughts', 'W:W33,39:B28,17,29,34', 'local'));
    await page.waitForFunction(() => window.__madang.view.fen && window.__madang.view.moves.length === 1);
    const alert = () => page.waitForFunction(() => document.getElementById('alert').textContent !== '').then(() => page.textContent('#alert'));
    const want = '따먹을 때는 가장 많이 잡는 수를 두어야 합니다. 지금은 말 2개를 잡는 수만 둘 수 있습니다.';
    // the piece with the longer capture, then the landing of its shorter one
    await page.click('#grid [data-sq="33"]');
    await page.waitForFunction(() => window.__madang.sel && window.__madang.sel.from === 33);
    await page.click('#grid [data-sq="24"]');
    assert.equal(await alert(), want);
    assert.ok(await page.isVisible('#alert'));
    assert.deepEqual(await axe(page), []);
    // a piece whose only capture is shorter
    await page.evaluate(() => { document.getElementById('alert').textContent = ''; });
    await page.click('#grid [data-sq="39"]');
    assert.equal(await alert(), want);
    // the long capture still plays
    await page.click('#grid [data-sq="33"]');
    await page.waitForFunction(() => window.__madang.sel && window.__madang.sel.from === 33);
    await page.click('#grid [data-sq="11"]');
    await page.waitForFunction(() => window.__madang.view.ply === 1);
    assert.equal((await view(page)).history[0].text, '33x22x11');
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});
