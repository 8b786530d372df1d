// Browser test harness: starts `madang serve` on a free port (or uses MADANG_URL), launches
// Debian's headless Chromium through playwright-core (never a downloaded browser), and
// keeps a screenshot of every open page when a test fails (site/test-results/).
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '../..');
export const resultsDir = join(here, '..', 'test-results');

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

async function waitHTTP(url, ms) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch { /* not yet */ }
    if (Date.now() > end) throw new Error(`server at ${url} did not answer in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Starts the stack and the browser; returns {url, browser, stop}. */
export async function startStack() {
  let url = process.env.MADANG_URL;
  let server = null;
  let data = null;
  if (!url) {
    const port = await freePort();
    data = mkdtempSync(join(tmpdir(), 'madang-site-test-'));
    const bin = process.env.MADANG_BIN || join(repoRoot, 'bin', 'madang');
    server = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--data', data, '--quiet'], { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
    url = `http://127.0.0.1:${port}`;
    await waitHTTP(`${url}/`, 20000);
  }
  // playwright-core gives every launch a fresh temporary --user-data-dir of its own
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: [
        '--headless', '--no-sandbox', '--enable-unsafe-swiftshader', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
      ],
    });
  } catch (err) {
    // no browser (`make site-deps` installs it): stop the server, or the test run never ends
    if (server) server.kill('SIGTERM');
    if (data) rmSync(data, { recursive: true, force: true });
    throw err;
  }
  // The site's service worker (src/js/pwa/sw.js) stays out of a test's pages unless the test
  // asks for it ({serviceWorkers: 'allow'}): a worker would serve requests that the test
  // routes (page.route does not see them) and download the whole site into every context.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: 'block', ...options });
  const newPage = browser.newPage.bind(browser);
  browser.newPage = (options = {}) => newPage({ serviceWorkers: 'block', ...options });
  return {
    url,
    browser,
    async stop() {
      await browser.close().catch(() => {});
      if (server) server.kill('SIGTERM');
      if (data) rmSync(data, { recursive: true, force: true });
    },
  };
}

/** Runs fn(pages) and saves a screenshot of each page in pages when it throws. */
export async function withShots(name, pages, fn) {
  try {
    await fn();
  } catch (err) {
    mkdirSync(resultsDir, { recursive: true });
    for (const [i, p] of pages.entries()) {
      await p.screenshot({ path: join(resultsDir, `${name.replace(/[^a-z0-9-]+/gi, '_')}-${i}.png`) }).catch(() => {});
    }
    throw err;
  }
}

/** Opens a page and collects its errors; the page fails the test on an uncaught error. */
export async function openPage(context, url) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(url);
  return page;
}

/** Waits until the page's engine has answered with legal moves. */
export async function engineReady(page) {
  await page.waitForFunction(() => window.__madang && window.__madang.view && window.__madang.view.moves, null, { timeout: 30000 });
}

export const view = (page) => page.evaluate(() => {
  const a = window.__madang;
  return { ...a.view, sel: a.sel, thinking: a.thinking, mode: a.mode };
});

/** Clicks a dark square on the 3D canvas at its projected position. */
export async function clickSquare(page, sq) {
  const p = await screenOf(page, sq);
  await page.mouse.click(p.x, p.y);
  await tapSettled(page);
}

/** A cell's client point on the 3D board, the board scrolled into view; waits until the
 * board stands (it loads after the first paint, lazy.js, in a render worker after the
 * worker has said it can draw). Throws when the cell has no place. */
export async function screenOf(page, sq) {
  await page.locator('#board3d').scrollIntoViewIfNeeded();
  await page.waitForFunction((s) => !!window.__madang.squareToScreen(s), sq, { timeout: 30000 }).catch(() => {});
  const p = await page.evaluate((s) => window.__madang.squareToScreen(s), sq);
  if (!p) throw new Error(`square ${sq} has no screen position`);
  return p;
}

/** Waits until a tap on the canvas has reached the page: a board drawn in a render worker
 * (src/js/render/) picks the cell there and answers a moment later; the page's own scene
 * answers at once (no settled method). */
export async function tapSettled(page) {
  await page.evaluate(() => {
    const s = window.__madang && window.__madang.board3d;
    return s && document.body.dataset.scene === 'ready' && typeof s.settled === 'function' ? s.settled() : null;
  });
}

/** Waits until it is the human's turn again (the AI has answered) or the game ended. */
export async function waitMyTurn(page) {
  await page.waitForFunction(() => {
    const a = window.__madang;
    const v = a.view;
    return v && !a.thinking && (v.toMove < 0 || a.mode !== 'ai' || v.toMove === a.human);
  }, null, { timeout: 60000 });
}

/** The 3D board's side (true: seen from the second seat), read once the scene is loaded: the
 * scene loads after the first paint (lazy.js), in a render worker after that worker has said
 * it can draw, and until then the page's stand-in has no state to read. */
export async function boardFlip(page) {
  await page.waitForFunction(() => document.body.dataset.scene === 'ready');
  return page.evaluate(() => window.__madang.board3d.flip);
}

/** Refuses WebGL inside the render worker whose script is render-<kind>-*.js (squares,
 * star) in ctx: its script gets the refusal before its own code runs. */
export async function refuseWorkerWebGL(ctx, kind) {
  await ctx.route(new RegExp(`/assets/render-${kind}-[A-Z0-9]+\\.js$`), async (route) => {
    const res = await route.fetch();
    const body = `{ const get = OffscreenCanvas.prototype.getContext;
OffscreenCanvas.prototype.getContext = function (kind, ...rest) { return /webgl/i.test(kind) ? null : get.call(this, kind, ...rest); }; }
${await res.text()}`;
    await route.fulfill({ status: 200, contentType: 'text/javascript', body });
  });
}
