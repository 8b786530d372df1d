// What a new player reads on the pages (issue 29): the diamond FAQ quotes the AI figures file
// whole, with its size (item 12).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack, withShots, openPage } from './harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const figures = JSON.parse(readFileSync(join(here, '..', 'src', 'guide', 'ai-figures.json'), 'utf8'));

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

test('diamond FAQ: who moves first quotes the figures file whole, with its number of games (issue 29 item 12)', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await openPage(ctx, `${stack.url}/diamond/`);
  await withShots('texts-diamond-faq', [page], async () => {
    const q = page.locator('[data-guide="faq"] details', { hasText: '먼저 두면 유리한가요' });
    await q.locator('summary').click();
    const text = (await q.locator('p').innerText()).replace(/\s+/g, ' ');
    const s = figures.games.diamond.self;
    // every figure of the run, not one of them: the games, both sides' wins, the draws, the date
    assert.match(text, new RegExp(`${s.games}판 두었을 때\\(${figures.generated} 측정\\)`), text);
    assert.match(text, new RegExp(`빨강이 ${s.firstWins}승, 나중에 둔 노랑이 ${s.secondWins}승, 무승부가 ${s.draws}판`), text);
    assert.equal(s.firstWins + s.secondWins + s.draws, s.games, 'the file adds up');
    // and what so few games can say
    assert.match(text, new RegExp(`${s.games}판은 어느 쪽이 유리한지 가리기에는 너무 적은 수`), text);
    assert.deepEqual(page.errors, []);
  });
  await ctx.close();
});
