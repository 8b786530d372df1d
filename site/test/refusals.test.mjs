// Refusals are Korean only: the engine's codes and the server's field names never reach the
// player (the code stays in data-code and the console).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, withShots, openPage, engineReady } from './harness.mjs';

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

const alertText = (page) => page.waitForFunction(() => document.getElementById('alert').textContent !== '').then(() => page.textContent('#alert'));

test('refusals are Korean only: no engine code, no server field names; the code stays in data-code', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openPage(ctx, `${stack.url}/checkers/`);
  const pages = [page];
  await withShots('refusals', pages, async () => {
    await engineReady(page);
    await page.click('button[data-mode="local"]');
    await page.waitForFunction(() => window.__madang.mode === 'local' && window.__madang.view.moves.length > 0);
    // a move the engine refuses (no such move index): before the fix '둘 수 없는 수입니다 (…).'
    await page.evaluate(() => window.__madang.play({ i: 9999, text: 'x' }));
    const t = await alertText(page);
    assert.equal(t, '둘 수 없는 수입니다.');
    assert.doesNotMatch(t, /[A-Za-z]/);
    assert.notEqual(await page.getAttribute('#alert', 'data-code'), null);

    // a room error whose server message names fields ('room과 token이 필요합니다.')
    await page.click('#back-to-menu');
    await page.waitForSelector('#menu:visible');
    await page.click('button[data-mode="online"]');
    await page.waitForFunction(() => document.getElementById('room-link').value.includes('?room='));
    await page.evaluate(() => { document.getElementById('alert').textContent = ''; });
    await page.evaluate(() => window.__madang.online.client.send({ action: 'resign', room: window.__madang.online.room }));
    await page.waitForFunction(() => document.getElementById('alert').dataset.code === 'bad-message', null, { timeout: 10000 });
    const r = await alertText(page);
    assert.doesNotMatch(r, /[A-Za-z]/);
    assert.doesNotMatch(r, /token|room/);
    assert.equal(r, '요청을 이해하지 못했습니다. 페이지를 새로 고쳐 주세요.');
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});
