// What a new player reads on the pages: the diamond FAQ quotes the AI figures file
// whole, with its size (item 12); one name per game and per button on every page, home,
// titles, headings, guides, links and the scripts' texts (item 14).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack, withShots, openPage, engineReady } from './harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');
const figures = JSON.parse(readFileSync(join(here, '..', 'src', 'guide', 'ai-figures.json'), 'utf8'));

let stack;
before(async () => { stack = await startStack(); });
after(async () => { await stack?.stop(); });

test('diamond FAQ: who moves first quotes the figures file whole, with its number of games', async () => {
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

/** The one name of each game (item 14), as the home card, the page's title and heading, its
 * guide's heading and every link to it say it. */
const NAME = {
  checkers: '영미식 체커',
  draughts: '국제식 드래프트',
  'chinese-checkers': '차이니즈 체커',
  'diamond-kr': '다이아몬드 게임',
  diamond: '다이아몬드 게임 (왕 말)',
  backgammon: '백가몬',
};
/** The one name of each shared button. */
const BUTTON = { undo: '한 수 무르기', restart: '다시 하기' };
/** The other names a new player met for the same things. */
const OTHER = [
  /중국식 체커/, /체커 \(영미식\)/, /다이아몬드 게임\s*\((한국식|일본식)/, /체커 · 국제식 드래프트/,
  />\s*무르기\s*</, /‘무르기’/, />\s*새 판\s*</, /‘새 판’/, /새 판을/,
];

/** Every file under dir (relative paths). */
const walk = (dir, base = '') => readdirSync(join(dir, base), { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? walk(dir, join(base, e.name)) : [join(base, e.name)]));

test('the built pages and scripts use one name per game and per button', () => {
  const files = walk(dist).filter((f) => /\.(html|js)$/.test(f));
  assert.ok(files.some((f) => f.startsWith('assets')), 'the scripts are scanned too');
  for (const f of files) {
    const text = readFileSync(join(dist, f), 'utf8');
    for (const re of OTHER) assert.doesNotMatch(text, re, `${f} says ${text.match(re)?.[0]}`);
    if (!f.endsWith('.html')) continue;
    // every link to a game page names it by its one name
    for (const m of text.matchAll(/<a href="\/([a-z-]+)\/"[^>]*>([\s\S]*?)<\/a>/g)) {
      if (!NAME[m[1]]) continue;
      const shown = m[2].replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
      const title = m[2].match(/class="card-title">([^<]*)</);
      assert.equal(title ? title[1] : shown, NAME[m[1]], `${f}: the link to /${m[1]}/`);
    }
  }
  for (const [game, name] of Object.entries(NAME)) {
    const html = readFileSync(join(dist, game, 'index.html'), 'utf8');
    assert.match(html, new RegExp(`<title>${name.replace(/[()]/g, '\\$&')} — 마당</title>`), `${game}: title`);
    assert.match(html, new RegExp(`<h1 class="page-title">${name.replace(/[()]/g, '\\$&')}</h1>`), `${game}: heading`);
    assert.match(html, new RegExp(`<h2 id="guide-title">${name.replace(/[()]/g, '\\$&')} 알아보기</h2>`), `${game}: guide heading`);
    for (const [id, label] of Object.entries(BUTTON)) assert.match(html, new RegExp(`id="${id}">${label}</button>`), `${game}: #${id}`);
  }
});

test('a new player reads one name per game and per button on the home page and every game page', async () => {
  const ctx = await stack.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const home = await openPage(ctx, `${stack.url}/`);
  const pages = [home];
  await withShots('texts-names', pages, async () => {
    const cards = await home.$$eval('.card', (cs) => cs.map((c) => [c.dataset.game, c.querySelector('.card-title').textContent]));
    assert.deepEqual(Object.fromEntries(cards), NAME);
    for (const [game, name] of Object.entries(NAME)) {
      const page = await openPage(ctx, `${stack.url}/${game}/`);
      pages.push(page);
      await engineReady(page);
      // after the page's script has run (it sets the title and heading of its game)
      assert.equal(await page.title(), `${name} — 마당`, game);
      assert.equal(await page.textContent('.page-title'), name, game);
      assert.equal(await page.textContent('#guide-title'), `${name} 알아보기`, game);
      for (const [id, label] of Object.entries(BUTTON)) assert.equal((await page.textContent(`#${id}`)).trim(), label, `${game}: #${id}`);
      const links = await page.$$eval('a[href]', (as) => as.map((a) => [a.getAttribute('href'), a.textContent.trim()]));
      for (const [href, text] of links) {
        const g = (href.match(/^\/([a-z-]+)\/$/) || [])[1];
        if (NAME[g]) assert.equal(text, NAME[g], `${game}: the link to ${href}`);
      }
      assert.deepEqual(page.errors, [], game);
      await page.close();
      pages.pop();
    }
  });
  await ctx.close();
});
