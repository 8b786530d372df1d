// Faults a new player found across the pages (the ux round): one set of AI level names on
// every game, a refused seat token said in the status line, keyboard hints only where a
// keyboard is likely, a large record import with its progress and cancel, and leaving a game
// through the browser's back button.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady } from './harness.mjs';
import { GAMES } from './games.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

test('every game names its AI levels 초급/중급/고급: menus, guide, rating card, resume line', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const pages = [];
  await withShots('ux-levels', pages, async () => {
    for (const g of GAMES) {
      const page = await openPage(ctx, `${stack.url}/${g}/`);
      pages.push(page);
      await engineReady(page);
      assert.deepEqual(await page.$$eval('button[data-mode="ai"]', (bs) => bs.map((b) => b.textContent.trim())), ['초급', '중급', '고급'], g);
      // the whole page, its guide included: no other names for the levels
      const text = await page.evaluate(() => document.body.textContent);
      assert.doesNotMatch(text, /쉬움|어려움/, g);
      assert.doesNotMatch(text, /AI ?\(?보통/, g);
      if (g === 'backgammon') {
        for (const [cat, name] of [['beginner', '초급'], ['intermediate', '중급'], ['advanced', '고급']]) {
          assert.match(await page.textContent(`#rating li[data-cat="${cat}"]`), new RegExp(`^AI ${name}: 레이팅`));
        }
      }
      // a game against the AI kept on the device names its level the same way over the menu
      await page.evaluate(() => localStorage.setItem(window.__madang.saved.key, JSON.stringify({
        game: window.__madang.game, mode: 'ai', level: 'advanced', human: 0, seed: 1, fen: '', moves: [{ text: '?' }],
      })));
      await page.reload();
      await engineReady(page);
      await page.waitForSelector('#resume:visible');
      assert.match(await page.textContent('#resume-text'), /AI\(고급\)와 대결/, g);
      await page.evaluate(() => localStorage.removeItem(window.__madang.saved.key));
      assert.deepEqual(page.errors, [], g);
      await page.close();
      pages.pop();
    }
  });
  await ctx.close();
});

/** Opens game's page, creates a room and returns {a, b, link} both seated and playing. */
async function playingPair(game) {
  const ctxA = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ctxB = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const a = await openPage(ctxA, `${stack.url}/${game}/`);
  await engineReady(a);
  await a.click('button[data-mode="online"]');
  await a.waitForFunction(() => document.getElementById('room-link').value.includes('?room='));
  const link = await a.inputValue('#room-link');
  const b = await openPage(ctxB, link);
  await b.waitForSelector('#join-button:visible');
  await b.click('#join-button');
  for (const p of [a, b]) {
    await p.waitForFunction(() => {
      const o = window.__madang.online;
      return o && o.snap && o.snap.status === 'playing' && o.seat >= 0;
    }, null, { timeout: 20000 });
  }
  return { a, b, link, ctxA, ctxB };
}

test('a stored seat token the room refuses: the page says the seat is lost and it may only watch', async () => {
  const { a, b, link, ctxA, ctxB } = await playingPair('checkers');
  const pages = [a, b];
  await withShots('ux-bad-token', pages, async () => {
    const room = await b.evaluate(() => window.__madang.online.room);
    // B's stored token no longer proves its seat (another device's, or an old one)
    await b.evaluate((r) => localStorage.setItem(`madang.room.${r}`, 'AAAAAAAAAAAAAAAAAAAAAA'), room);
    await b.reload();
    await b.waitForFunction(() => /자리/.test(document.getElementById('turn').textContent), null, { timeout: 20000 });
    const turn = await b.textContent('#turn');
    assert.match(turn, /자리를 잃었습니다|자리를 확인하지 못했습니다/);
    assert.match(turn, /관전/);
    assert.doesNotMatch(turn, /[A-Za-z]/);
    assert.match(await b.textContent('#join-text'), /관전/);
    // watching: the status line still says why
    await b.click('#join-button');
    await b.waitForFunction(() => window.__madang.online && window.__madang.online.seat === -1 && window.__madang.online.snap);
    assert.match(await b.textContent('#online-status'), /자리/);
    assert.match(await b.textContent('#turn'), /관전/);
    assert.deepEqual(b.errors, []);
  });
  await ctxA.close();
  await ctxB.close();
  // a room still waiting for its second player: the refused seat may be taken again
  const ctxC = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const c = await openPage(ctxC, `${stack.url}/backgammon/`);
  await withShots('ux-bad-token-waiting', [c], async () => {
    await engineReady(c);
    await c.click('button[data-mode="online"]');
    await c.waitForFunction(() => document.getElementById('room-link').value.includes('?room='));
    const room = await c.evaluate(() => window.__madang.online.room);
    await c.evaluate((r) => localStorage.setItem(`madang.room.${r}`, 'AAAAAAAAAAAAAAAAAAAAAA'), room);
    await c.reload();
    await c.waitForFunction(() => /자리/.test(document.getElementById('turn').textContent), null, { timeout: 20000 });
    assert.match(await c.textContent('#turn'), /참가/);
    assert.deepEqual(c.errors, []);
  });
  await ctxC.close();
  void link;
});

/** Every visible text node on the page that names a key, with whether it sits inside a
 * .key-hint and whether that hint takes space on screen. */
const keyTexts = (page) => page.evaluate(() => {
  const out = [];
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const KEY = /방향키|Enter|Escape|Esc 키|스페이스|Home|End 키|키보드/;
  for (let n = w.nextNode(); n; n = w.nextNode()) {
    const el = n.parentElement;
    if (!KEY.test(n.textContent) || el.closest('script, style, [hidden], details:not([open]) > :not(summary)')) continue;
    const hint = el.closest('.key-hint');
    const r = (hint || el).getBoundingClientRect();
    const cs = getComputedStyle(hint || el);
    out.push({ text: n.textContent.trim().slice(0, 40), inHint: !!hint, shown: r.width > 2 && r.height > 2, read: cs.display !== 'none' && cs.visibility !== 'hidden' });
  }
  return out;
});

test('keyboard hints: shown with a fine pointer, visually hidden on a touch phone yet still read by a screen reader', async () => {
  const phone = await stack.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const desk = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const pages = [];
  await withShots('ux-key-hints', pages, async () => {
    for (const g of ['checkers', 'diamond', 'backgammon']) {
      for (const [ctx, touch] of [[phone, true], [desk, false]]) {
        const page = await openPage(ctx, `${stack.url}/${g}/`);
        pages.push(page);
        await engineReady(page);
        // the guide's sections opened, a game started so the button board's hint shows
        await page.evaluate(() => { for (const d of document.querySelectorAll('details')) d.open = true; });
        await page.click('button[data-mode="local"]:visible');
        await page.waitForFunction(() => window.__madang.mode === 'local' && !document.getElementById('panel').hidden);
        if (g === 'diamond') {
          // a piece picked: the destinations' line names Escape
          await page.click('#pieces button:not([aria-disabled="true"])');
          await page.waitForFunction(() => !!window.__madang.sel);
        }
        const found = await keyTexts(page);
        assert.ok(found.length > 0, `${g}: no key hint found at all`);
        for (const f of found) {
          assert.ok(f.inHint, `${g}: "${f.text}" is not marked as a key hint`);
          assert.equal(f.shown, !touch, `${g} ${touch ? 'phone' : 'desktop'}: "${f.text}" shown=${f.shown}`);
          assert.ok(f.read, `${g}: "${f.text}" is hidden from screen readers`);
        }
        // the touch part of the hint stays on the phone
        assert.match(await page.evaluate(() => document.getElementById('panel-hint').innerText), /누릅니다|누르면/);
        assert.deepEqual(page.errors, [], g);
        await page.close();
        pages.pop();
      }
    }
  });
  await phone.close();
  await desk.close();
});

/** A PDN of n short checkers games (40,000: about 3 MB). */
function bigPDN(n) {
  const games = [];
  for (let i = 0; i < n; i++) games.push(`[Event "t${i}"]\n[Black "a"]\n[White "b"]\n[Result "*"]\n1. 11-15 23-19 2. 8-11 22-17 *\n`);
  return Buffer.from(games.join('\n'));
}

/** Records, in the page, what the import progress said when the page handled a click on
 * the body: a page that answers during an import handles it while the progress still reads. */
const watchClicks = (page) => page.evaluate(() => {
  window.__clicks = [];
  document.body.addEventListener('click', () => {
    window.__clicks.push(document.getElementById('rec-import-progress').textContent);
  }, { capture: true });
});

test('a large record file: progress in Korean while it reads, the page answers, cancel and a newer import', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  const file = { name: 'big.pdn', mimeType: 'text/plain', buffer: bigPDN(40000) };
  await withShots('ux-import', [page], async () => {
    await engineReady(page);
    await page.click('#rec-import summary');
    // the whole file: progress with numbers, then the list of every game
    await watchClicks(page);
    await page.setInputFiles('#rec-file', file);
    const reading = () => {
      const m = /기보를 읽는 중… ([\d,]+) \/ 40,000판/.exec(document.getElementById('rec-import-progress').textContent);
      return m ? Number(m[1].replace(/,/g, '')) : -1;
    };
    await page.waitForFunction(reading, null, { timeout: 60000 });
    const first = await page.evaluate(reading);
    assert.equal(await page.isVisible('#rec-import-cancel'), true);
    // a click while it reads is handled while it reads (not queued behind the whole file)
    await page.click('#rec-import-progress');
    await page.waitForFunction(() => window.__clicks.length === 1, null, { timeout: 120000 });
    const during = await page.evaluate(() => window.__clicks[0]);
    // the progress advances: a later count than the first one shown, or the end
    await page.waitForFunction((f) => {
      const m = /기보를 읽는 중… ([\d,]+) \/ 40,000판/.exec(document.getElementById('rec-import-progress').textContent);
      return (m && Number(m[1].replace(/,/g, '')) > f) || document.getElementById('rec-list').children.length === 40000;
    }, first, { timeout: 120000 });
    await page.waitForFunction(() => document.getElementById('rec-list').children.length === 40000, null, { timeout: 120000 });
    assert.match(during, /읽는 중…/, `the click was handled only after the import: "${during}"`);
    assert.equal(await page.textContent('#rec-import-progress'), '40,000판을 불러왔습니다.');
    assert.equal(await page.isVisible('#rec-import-cancel'), false);

    // cancelled while it reads: nothing more comes, and the next import works
    await page.setInputFiles('#rec-file', file);
    await page.waitForFunction(() => /기보를 읽는 중…/.test(document.getElementById('rec-import-progress').textContent));
    assert.equal(await page.evaluate(() => document.getElementById('rec-list').children.length), 0);
    await page.click('#rec-import-cancel');
    assert.equal(await page.textContent('#rec-import-progress'), '기보 불러오기를 멈췄습니다.');
    await page.waitForTimeout(1500);
    assert.equal(await page.evaluate(() => document.getElementById('rec-list').children.length), 0);

    // a newer import while one reads: only the newer one is shown
    await page.setInputFiles('#rec-file', file);
    await page.waitForFunction(() => /기보를 읽는 중…/.test(document.getElementById('rec-import-progress').textContent));
    await page.fill('#rec-text', bigPDN(2).toString());
    await page.click('#rec-read');
    await page.waitForFunction(() => document.getElementById('rec-list').children.length === 2, null, { timeout: 30000 });
    assert.equal(await page.textContent('#rec-import-progress'), '2판을 불러왔습니다.');
    await page.waitForTimeout(3000);
    assert.equal(await page.evaluate(() => document.getElementById('rec-list').children.length), 2);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});

test("the browser's back button during a game against the AI or on this device: the page's menu, the game kept to continue, no dialog", async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await openPage(ctx, `${stack.url}/`);
  page.native = [];
  page.on('dialog', (d) => { page.native.push(d.message()); d.dismiss().catch(() => {}); });
  await withShots('ux-back', [page], async () => {
    for (const mode of ['ai', 'local']) {
      await page.goto(`${stack.url}/checkers/`);
      await engineReady(page);
      if (await page.isVisible('#resume')) await page.evaluate(() => window.__madang.saved.clear());
      await page.click(mode === 'ai' ? 'button[data-mode="ai"][data-level="beginner"]' : 'button[data-mode="local"]');
      await page.waitForFunction((m) => window.__madang.mode === m && window.__madang.view.moves.length > 0 && !window.__madang.thinking, mode);
      await page.click('#moves button >> nth=0');
      // against the AI wait for its reply too (the player's turn again): between the player's
      // move and the AI's start the page is briefly not thinking with the AI to move
      await page.waitForFunction((m) => {
        const s = window.__madang;
        return s.view.ply >= 1 && !s.thinking && (m !== 'ai' || s.view.toMove === s.human);
      }, mode);
      const ply = await page.evaluate(() => window.__madang.view.ply);
      // back: still this page, its menu, the game offered to continue; no dialog of any kind
      await page.goBack();
      await page.waitForSelector('#menu:visible');
      assert.equal(new URL(page.url()).pathname, '/checkers/', mode);
      assert.equal(await page.evaluate(() => window.__madang.mode), null);
      assert.equal(await page.isVisible('#resume'), true);
      assert.match(await page.textContent('#resume-text'), new RegExp(`${ply}수까지`));
      assert.equal(await page.evaluate(() => document.getElementById('leave-dialog').open), false);
      // forward continues it; back again and '이어서 하기' too
      await page.goForward();
      await page.waitForFunction((m) => window.__madang.mode === m && !document.getElementById('controls').hidden, mode);
      assert.equal(await page.evaluate(() => window.__madang.view.ply), ply);
      await page.goBack();
      await page.waitForSelector('#menu:visible');
      await page.click('#resume-button');
      await page.waitForFunction((p) => window.__madang.view && window.__madang.view.ply === p && !document.getElementById('controls').hidden, ply);
      // one more back leaves the page (the home page here); the game is still kept there
      await page.goBack();
      await page.waitForSelector('#menu:visible');
      await page.goBack();
      await page.waitForFunction(() => location.pathname === '/');
      await page.goForward();
      await page.waitForFunction(() => location.pathname === '/checkers/');
      await engineReady(page);
      await page.waitForFunction(() => !document.getElementById('resume').hidden || (window.__madang.mode && window.__madang.view.ply > 0));
    }
    // the menu button still asks in the page, and afterwards one back leaves the page
    await page.click('#resume-button').catch(() => {});
    await page.waitForFunction(() => window.__madang.mode === 'local');
    await page.click('#back-to-menu');
    await page.waitForFunction(() => document.getElementById('leave-dialog').open);
    await page.click('#leave-yes');
    await page.waitForSelector('#menu:visible');
    await page.goBack();
    await page.waitForFunction(() => location.pathname === '/');
    assert.deepEqual(page.native, []);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});
