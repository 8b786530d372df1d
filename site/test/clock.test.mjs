// Game clocks of online rooms: the creator picks a time control on the menu, the
// join card states it, both players' pages and a spectator's show the same clocks counted
// down from the server's snapshots, a short control's flag ends the game for everybody, and the
// records of a star game and of backgammon keep the clock (their own clock notations).
// The fake clock is not available here: the controls are custom ones of a few seconds.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady, view } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

const waitPly = (page, n) => page.waitForFunction((k) => window.__madang.view && window.__madang.view.ply === k, n, { timeout: 20000 });
const myTurn = (page) => page.waitForFunction(() => {
  const a = window.__madang;
  return a.online && a.online.snap && a.online.snap.status === 'playing' && a.view && a.view.ply === a.online.snap.ply && a.view.toMove === a.online.seat;
}, null, { timeout: 20000 });

/** Seat i's remaining ms as the page's clock counts it now. */
const shown = (page, i) => page.evaluate((k) => window.__madang.online.clocks.remaining(k), i);

/** When the running seat i's clock reaches zero by this page's count, on the machine's clock
 * (remaining + now): pages asked one after the other compare without the time between the
 * questions (the machine may be loaded). */
const zeroAt = (page, i) => page.evaluate((k) => window.__madang.online.clocks.remaining(k) + performance.timeOrigin + performance.now(), i);

/** Creates a room of game (checkers unless given) with a custom control (base seconds,
 * increment seconds) from a fresh page; returns the page and the room's link. */
async function createClocked(ctx, baseSec, incSec = 0, game = 'checkers') {
  const a = await openPage(ctx, `${stack.url}/${game}/`);
  await engineReady(a);
  // the menu offers none (the default), the game's presets and a custom control
  const labels = await a.$$eval('#clock-choice option', (os) => os.map((o) => o.textContent));
  assert.equal(labels[0], '없음');
  assert.equal(await a.$eval('#clock-choice', (s) => s.value), 'none');
  if (game === 'checkers') assert.ok(labels.includes('5분, 한 수마다 3초 추가'), labels.join(' | '));
  assert.equal(labels[labels.length - 1], '직접 정하기');
  await a.selectOption('#clock-choice', 'custom');
  await a.fill('#clock-base-min', String(Math.floor(baseSec / 60)));
  await a.fill('#clock-base-sec', String(baseSec % 60));
  await a.fill('#clock-inc', String(incSec));
  await a.click('button[data-mode="online"]:visible');
  await a.waitForFunction(() => document.getElementById('room-link').value.includes('?room='));
  const link = await a.$eval('#room-link', (i) => i.value);
  return { a, link };
}

test('a room with a clock: the join card states it, both pages and a spectator show the same clocks', async () => {
  const ctxA = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ctxB = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const ctxC = await stack.browser.newContext({ viewport: { width: 800, height: 900 } });
  const pages = [];
  await withShots('clock', pages, async () => {
    const { a, link } = await createClocked(ctxA, 120, 2);
    pages.push(a);
    assert.match(await a.textContent('#room-clock-note'), /시간 제한: 2분, 한 수마다 2초 추가/);
    const b = await openPage(ctxB, link);
    pages.push(b);
    await b.waitForSelector('#join-button:visible');
    assert.match(await b.textContent('#join-text'), /시간 제한: 2분, 한 수마다 2초 추가/);
    await b.click('#join-button');
    await myTurn(a);
    await b.waitForFunction(() => window.__madang.online.snap && window.__madang.online.snap.status === 'playing');
    // the board's clock bar and the button board's both show the seats
    await a.waitForSelector('#clocks-board:visible li[aria-current="true"]');
    assert.equal(await a.$$eval('#clocks-board li', (ls) => ls.length), 2);
    assert.equal(await a.$$eval('#clocks-panel li', (ls) => ls.length), 2);

    const v = await view(a);
    await a.click(`#moves button[data-text="${v.moves[0].text}"]`);
    await waitPly(b, 1);
    await myTurn(b);
    // both pages count seat 1 down from the same snapshot: within one second of each other
    // (waited for until each page's clock has run, not for a fixed time)
    for (const p of [a, b]) await p.waitForFunction(() => window.__madang.online.clocks.remaining(1) < 119000);
    const [ra, rb] = [await shown(a, 1), await shown(b, 1)];
    assert.ok(ra < 120000 && rb < 120000, `seat 1's clock runs: ${ra}, ${rb}`);
    const [za, zb] = [await zeroAt(a, 1), await zeroAt(b, 1)];
    assert.ok(Math.abs(za - zb) < 1000, `the two pages disagree by ${za - zb} ms`);
    const a0 = await shown(a, 0);
    assert.ok(a0 > 118000 && a0 <= 122000, `seat 0 after its move with the increment: ${a0}`);
    assert.ok(Math.abs(a0 - (await shown(b, 0))) < 1000);

    // a spectator sees the clocks too
    const c = await openPage(ctxC, link);
    pages.push(c);
    await c.waitForSelector('#join-button:visible');
    // the link's preview is one peek: its clocks show the times as of the peek and stand
    // still (a count down would go on past a move the preview never hears of)
    await c.waitForSelector('#clocks-board:visible li[aria-current="true"]');
    const still = await shown(c, 1);
    assert.ok(still < 120000 && Math.abs(still - (await shown(a, 1))) < 2000, `the preview's clock ${still}`);
    await c.waitForTimeout(1500);
    assert.equal(await shown(c, 1), still, "the preview's clock counted down");
    await c.click('#join-button');
    await c.waitForFunction(() => window.__madang.online && window.__madang.online.seat === -1 && window.__madang.online.snap && !window.__madang.online.client.peeking);
    await c.waitForSelector('#clocks-board:visible li[aria-current="true"]');
    const [zc, za2] = [await zeroAt(c, 1), await zeroAt(a, 1)];
    assert.ok(Math.abs(zc - za2) < 1000, `the spectator's clock is off by ${zc - za2} ms`);

    // a reload shows the clocks as the server keeps them
    await b.reload();
    await waitPly(b, 1);
    await b.waitForSelector('#clocks-board:visible li[aria-current="true"]');
    const [zb2, za3] = [await zeroAt(b, 1), await zeroAt(a, 1)];
    assert.ok(Math.abs(zb2 - za3) < 1000, `after the reload the clock is off by ${zb2 - za3} ms`);

    // the record keeps the clock: PDN's TimeControl tag and the time left after the move
    const ex = await a.evaluate(() => window.__madangRecords.exportText());
    assert.ok(ex.ok, JSON.stringify(ex));
    assert.match(ex.text, /\[TimeControl "120\+2"\]/);
    assert.match(ex.text, /\{\[%clk 0:0[12]:\d\d\]\}/);
  });
});

test('a flag in a short control ends the game for both players; the review shows the time left', async () => {
  const ctxA = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ctxB = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const pages = [];
  await withShots('clock-flag', pages, async () => {
    const { a, link } = await createClocked(ctxA, 8);
    pages.push(a);
    const b = await openPage(ctxB, link);
    pages.push(b);
    await b.waitForSelector('#join-button:visible');
    await b.click('#join-button');
    await myTurn(a);
    const v = await view(a);
    await a.click(`#moves button[data-text="${v.moves[0].text}"]`);
    await waitPly(b, 1);
    // seat 1 does not move: its 8 s run out, the low time is said once, the game ends on time
    await b.waitForFunction(() => document.getElementById('live').textContent.includes('내 남은 시간이 얼마 남지 않았습니다'), null, { timeout: 15000 });
    for (const p of [a, b]) {
      await p.waitForFunction(() => {
        const s = window.__madang.online.snap;
        return s && s.status === 'over' && s.result && s.result.reason === 'time' && s.result.winner === 0;
      }, null, { timeout: 20000 });
    }
    assert.equal(await shown(b, 1), 0);
    assert.match(await b.textContent('#clocks-board li[data-seat="1"]'), /0:00/);
    assert.match(await a.textContent('#result'), /시간이 다 되었습니다/);
    // the review of this game shows the time left after the move
    await a.click('#rec-review-this');
    await a.waitForSelector('#rec-moves li button');
    assert.match(await a.textContent('#rec-moves li button'), /남은 시간 0:00:0\d/);
  });
});

test('an online star game on a clock: its record keeps TimeControl and {[%clk]} after each move; the review shows the time left', async () => {
  const ctxA = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ctxB = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const pages = [];
  await withShots('clock-star-record', pages, async () => {
    const { a, link } = await createClocked(ctxA, 120, 0, 'chinese-checkers');
    pages.push(a);
    const b = await openPage(ctxB, link);
    pages.push(b);
    await b.waitForSelector('#join-button:visible');
    await b.click('#join-button');
    // one move each, through the shell (the first legal move)
    for (const [p, ply] of [[a, 0], [b, 1]]) {
      await myTurn(p);
      await p.evaluate(() => window.__madang.play(window.__madang.view.moves[0]));
      await waitPly(a, ply + 1);
      await waitPly(b, ply + 1);
    }
    await a.waitForFunction(() => (window.__madang.online.snap.clock.marks || []).length === 2);
    const ex = await a.evaluate(() => window.__madangRecords.exportText());
    assert.ok(ex.ok, JSON.stringify(ex));
    assert.match(ex.text, /\[TimeControl "120\+0"\]/);
    assert.match(ex.text, /^1\. \S+ \{\[%clk 0:0[12]:\d\d\]\} 2\. \S+ \{\[%clk 0:0[12]:\d\d\]\} \*$/m);
    await a.click('#rec-review-this');
    await a.waitForFunction(() => document.querySelectorAll('#rec-moves li button').length === 2);
    for (const t of await a.$$eval('#rec-moves li button', (bs) => bs.map((x) => x.textContent))) {
      assert.match(t, /\(남은 시간 0:0[12]:\d\d\)$/);
    }
  });
});

test('an online backgammon game on a clock: its .mat keeps the clocks as clock lines; the review shows the time left', async () => {
  const ctxA = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ctxB = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const pages = [];
  await withShots('clock-bg-record', pages, async () => {
    const { a, link } = await createClocked(ctxA, 120, 0, 'backgammon');
    pages.push(a);
    const b = await openPage(ctxB, link);
    pages.push(b);
    await b.waitForSelector('#join-button:visible');
    await b.click('#join-button');
    await a.waitForFunction(() => window.__madang.online.snap && window.__madang.online.snap.status === 'playing');
    // whoever's turn it is rolls (the server's dice) or plays the first legal play, until
    // two plays are made
    const plays = (v) => v.history.filter((e) => !e.roll).length;
    const whoseTurn = async () => {
      for (let t = 0; t < 300; t++) {
        for (const p of [a, b]) if (await p.evaluate(() => window.__madang.myTurn())) return p;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('no page has the turn');
    };
    while (plays(await view(a)) < 2) {
      const p = await whoseTurn();
      const s = await p.evaluate(() => ({ phase: window.__madang.view.phase, ply: window.__madang.view.ply }));
      if (s.phase === 'roll') await p.click('#roll');
      else await p.evaluate(() => window.__madang.play(window.__madang.view.moves[0]));
      for (const q of [a, b]) await q.waitForFunction((k) => window.__madang.view.ply > k, s.ply, { timeout: 20000 });
    }
    const v = await view(a);
    assert.ok(plays(v) >= 2, JSON.stringify(v.history));
    await a.waitForFunction((n) => (window.__madang.online.snap.clock.marks || []).length === n, v.history.length);
    const ex = await a.evaluate(() => window.__madangRecords.exportText());
    assert.ok(ex.ok, JSON.stringify(ex));
    assert.match(ex.text, /; \[TimeControl "120\+0"\]/);
    // the clock lines after the tags: each mover's time left after its play, in the row of
    // the play (one row when seat 0 opens, two when seat 1 does)
    const head = ex.text.slice(0, ex.text.indexOf('\n\n 0 point match'));
    const lines = head.split('\n').filter((l) => l.startsWith('; [%clk '));
    assert.ok(lines.length >= 1 && head.endsWith(lines.at(-1)), head);
    const clocks = lines.flatMap((l) => /^; \[%clk 1 [12]\) (\S+) (\S+)\]$/.exec(l).slice(1)).filter((c) => c !== '-');
    assert.equal(clocks.length, 2, head);
    for (const c of clocks) assert.match(c, /^0:0[12]:\d\d$/);
    await a.click('#rec-review-this');
    await a.waitForFunction((n) => document.querySelectorAll('#rec-moves li button').length === n, v.history.length);
    const items = await a.$$eval('#rec-moves li button', (bs) => bs.map((x) => x.textContent));
    assert.equal(items.filter((t) => /\(남은 시간 0:0[12]:\d\d\)$/.test(t)).length >= 2, true, items.join(' | '));
  });
});

test('a custom control is taken as typed: 2.5분 is 2분 30초, 0.5초 an increment of 500 ms; a negative field is refused', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const pages = [];
  await withShots('clock-custom-fields', pages, async () => {
    const a = await openPage(ctx, `${stack.url}/checkers/`);
    pages.push(a);
    await engineReady(a);
    await a.selectOption('#clock-choice', 'custom');
    // -1분 90초 was taken as 30초: refused, said, and no room is made
    await a.fill('#clock-base-min', '-1');
    await a.fill('#clock-base-sec', '90');
    await a.click('button[data-mode="online"]:visible');
    // said over the menu (it stays until mended), and the page is not left in a room mode
    // with no room behind it
    await a.waitForSelector('#menu-notice:visible');
    assert.match(await a.textContent('#menu-notice'), /시간 제한은 1초에서 3시간/);
    assert.ok(!(await a.$eval('#room-link', (i) => i.value)).includes('?room='));
    assert.equal(await a.evaluate(() => window.__madang.online), null);
    assert.ok(await a.isVisible('#menu'));
    // 2.5분 and 0.5초 were rounded to 3분 and 1초
    await a.fill('#clock-base-min', '2.5');
    await a.fill('#clock-base-sec', '0');
    await a.fill('#clock-inc', '0.5');
    await a.click('button[data-mode="online"]:visible');
    await a.waitForFunction(() => window.__madang.online && window.__madang.online.snap && window.__madang.online.snap.clock);
    assert.equal(await a.isVisible('#menu-notice'), false);
    assert.deepEqual(await a.evaluate(() => window.__madang.online.snap.clock.control), { baseMs: 150000, incrementMs: 500, delayMs: 0 });
    assert.match(await a.textContent('#room-clock-note'), /시간 제한: 2분 30초, 한 수마다 0\.5초 추가/);
    assert.deepEqual(a.errors, []);
  });
  await ctx.close();
});
