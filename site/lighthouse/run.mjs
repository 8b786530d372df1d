// `make lighthouse`: Lighthouse's scores (performance, accessibility, best practices, SEO)
// for every page of site/dist, mobile and desktop, in Debian's headless Chromium, and the
// time until a game page's engine is ready (its first legal moves) on Lighthouse's
// throttled phone connection (its "slow 4G" applied in the browser: 562.5 ms request
// latency, 1,474.56 kbit/s down, 675 kbit/s up, the CPU 4× slower).
//
// It starts `madang serve` (bin/madang) on a free port, or uses MADANG_URL. Pages: the home
// page and each dist/<game>/index.html, or the paths in PAGES="/ /checkers/". RUNS=n runs
// each page n times and reports the median score (Lighthouse varies from run to run, more
// so on a busy machine). The report is a table on stdout and lighthouse.json in
// site/test-results/. The scores are Lighthouse's own, measured here: compare figures from
// one machine and state its load.
//
// Each game page is then opened twice on the throttled phone connection, in a fresh browser
// profile: the first visit with the browser's cache off, then, once the page's service worker
// (if any) is active — the throttling lifted while it installs — a second visit with the
// cache on, the worker's own requests throttled as the page's are; for each, the time from navigation to the first legal moves the page offers (the
// first move: from the table written into the page, src/js/first-moves.js, where it has one)
// and to the engine's first answer (engine ready: its module, and the worker's start).
// SCORES=0 leaves Lighthouse's scores out (the engine times alone, a minute or two); FIRST=0
// also leaves the first visit's times out: that visit goes unthrottled, only to install the
// worker, and the second visit is measured as before.
import { readdirSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import * as chromeLauncher from 'chrome-launcher';
import { startStack } from '../test/harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, '..', 'dist');
const results = resolve(here, '..', 'test-results');
const runs = Math.max(1, Number(process.env.RUNS || 1));
const scores = process.env.SCORES !== '0';
const firstTimes = process.env.FIRST !== '0';
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const FLAGS = [
  '--headless=new', '--no-sandbox', '--enable-unsafe-swiftshader', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const pages = process.env.PAGES
  ? process.env.PAGES.split(/\s+/).filter(Boolean)
  : ['/', ...readdirSync(dist).filter((d) => existsSync(join(dist, d, 'index.html'))).sort().map((d) => `/${d}/`)];
const games = pages.filter((p) => p !== '/');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

const stack = await startStack();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
const report = {
  load: loadavg().map((x) => Math.round(x * 100) / 100), runs, pages: {}, firstMoveMs: {}, firstMovePlayedMs: {}, engineReadyMs: {}, secondVisitFirstMoveMs: {}, secondVisitPlayedMs: {}, secondVisitMs: {},
};
try {
  for (const path of scores ? pages : []) {
    report.pages[path] = {};
    for (const form of ['mobile', 'desktop']) {
      const got = { scores: [], metrics: [] };
      for (let i = 0; i < runs; i++) {
        const r = await lighthouse(stack.url + path, { port: chrome.port, onlyCategories: CATEGORIES, logLevel: 'error' },
          form === 'desktop' ? desktopConfig : undefined);
        const lhr = r.lhr;
        mkdirSync(results, { recursive: true });
        writeFileSync(join(results, `lighthouse-${path.replace(/\W+/g, '_')}-${form}.json`), JSON.stringify(lhr));
        got.scores.push(Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(lhr.categories[c].score * 100)])));
        const a = lhr.audits;
        got.metrics.push({
          fcpMs: Math.round(a['first-contentful-paint'].numericValue),
          lcpMs: Math.round(a['largest-contentful-paint'].numericValue),
          tbtMs: Math.round(a['total-blocking-time'].numericValue),
          cls: Math.round(a['cumulative-layout-shift'].numericValue * 1000) / 1000,
          siMs: Math.round(a['speed-index'].numericValue),
          // Lighthouse's CPU benchmark of this machine at that moment (a busy machine scores
          // low, and its main-thread times, scaled ×4 for mobile, weigh on TBT)
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
          unusedJsKB: Math.round((a['unused-javascript'].details?.overallSavingsBytes || 0) / 1024),
          failed: Object.values(a).filter((x) => x.score !== null && x.score < 0.9 && x.scoreDisplayMode === 'binary').map((x) => x.id),
        });
      }
      const pick = Object.fromEntries(CATEGORIES.map((c) => [c, median(got.scores.map((s) => s[c]))]));
      report.pages[path][form] = { ...pick, runs: got.scores, metrics: got.metrics };
      const m = got.metrics[got.metrics.length - 1];
      console.log(`${path.padEnd(20)} ${form.padEnd(8)} perf ${pick.performance} a11y ${pick.accessibility} bp ${pick['best-practices']} seo ${pick.seo}` +
        `  (FCP ${m.fcpMs} ms, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.cls}, benchmark ${m.benchmarkIndex}, unused JS ${m.unusedJsKB} KB${m.failed.length ? `, failed: ${m.failed.join(' ')}` : ''})`);
    }
  }

  // the engine on a throttled phone connection: from navigation to the first legal moves
  const t = Lantern.Simulation.Constants.throttling.mobileSlow4G;
  const slow4G = {
    offline: false,
    latency: t.requestLatencyMs,
    downloadThroughput: (t.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (t.uploadThroughputKbps * 1024) / 8,
  };
  // A service worker is a target of its own: the page's network emulation leaves the
  // worker's own requests (a page it fetches from the network) at full speed, as no phone
  // would. Its target gets the same throttling through the browser's session (a session of
  // the old, unflattened kind: playwright's sessions carry no child session ids).
  const browserCDP = await stack.browser.newBrowserCDPSession();
  let sent = 1e6;
  const sendTo = (sessionId, method, params) => new Promise((resolve, reject) => {
    const id = ++sent;
    const on = (e) => {
      const m = e.sessionId === sessionId && JSON.parse(e.message);
      if (!m || m.id !== id) return;
      browserCDP.off('Target.receivedMessageFromTarget', on);
      if (m.error) reject(new Error(`${method}: ${m.error.message}`));
      else resolve(m.result);
    };
    browserCDP.on('Target.receivedMessageFromTarget', on);
    browserCDP.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
  });
  /** Throttles the network of the service workers of the browser context contextId; how many. */
  const throttleWorkers = async (contextId) => {
    const { targetInfos } = await browserCDP.send('Target.getTargets');
    const workers = targetInfos.filter((x) => x.type === 'service_worker' && x.browserContextId === contextId);
    for (const w of workers) {
      const { sessionId } = await browserCDP.send('Target.attachToTarget', { targetId: w.targetId, flatten: false });
      await sendTo(sessionId, 'Network.enable', {});
      await sendTo(sessionId, 'Network.emulateNetworkConditions', slow4G);
    }
    return workers.length;
  };
  for (const path of games) {
    const ctx = await stack.browser.newContext({ serviceWorkers: 'allow' });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    const throttle = (on) => Promise.all([
      cdp.send('Network.emulateNetworkConditions', on ? slow4G : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }),
      cdp.send('Emulation.setCPUThrottlingRate', { rate: on ? t.cpuSlowdownMultiplier : 1 }),
    ]);
    // {first, played, engine, checked}: ms from navigation to the first legal moves offered, to
    // the first move played and accepted, and to the engine's first answer (a build before the
    // first moves in the page has no engineAt: its first moves' time), and the page's check
    const visit = async () => {
      await page.goto(stack.url + path, { waitUntil: 'commit' });
      await page.waitForFunction(() => document.body && document.body.dataset.ready === 'true', null, { timeout: 120000, polling: 50 });
      // then a game on this device is started and its first legal move played (a roll first where
      // one is due): when the page has accepted it
      const played = await page.evaluate(async () => {
        const sh = window.__madang;
        await sh.startLocal('local', 'beginner', 0);
        // (a tied opening roll is rolled again)
        for (let i = 0; i < 20 && sh.view.phase === 'roll'; i++) await sh.roll();
        const ply = sh.view.ply;
        await sh.play(sh.view.moves[0]);
        return sh.view.ply > ply ? Math.round(performance.now()) : -1;
      });
      // the engine's arrival, and the page's check of the move played against it
      await page.waitForFunction(() => !('engineAt' in window.__madang)
        || (window.__madang.engineAt > 0 && document.body.dataset.engine !== 'ready'), null, { timeout: 120000, polling: 50 });
      return page.evaluate((p) => ({
        first: Math.round(window.__madang.firstMovesAt),
        played: p,
        engine: Math.round('engineAt' in window.__madang ? window.__madang.engineAt : window.__madang.firstMovesAt),
        checked: document.body.dataset.engine || '',
      }), played);
    };
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await throttle(firstTimes);
    const ms = await visit();
    const sec = (x) => `${(x / 1000).toFixed(1)} s`;
    if (firstTimes) {
      report.firstMoveMs[path] = ms.first;
      report.firstMovePlayedMs[path] = ms.played;
      report.engineReadyMs[path] = ms.engine;
      console.log(`${path.padEnd(20)} first move offered after ${sec(ms.first)}, played ${sec(ms.played)}, engine ready after ${sec(ms.engine)}${ms.checked ? ` (${ms.checked})` : ''} on a throttled phone connection (slow 4G, CPU ×${t.cpuSlowdownMultiplier})`);
    }
    // the second visit: the service worker installed (when the page has one), the cache on
    await throttle(false);
    await page.evaluate(async () => {
      if (!navigator.serviceWorker) return;
      // the page registers its worker once its engine is ready: give it a moment
      for (let i = 0; i < 30 && !(await navigator.serviceWorker.getRegistration()); i++) await new Promise((r) => setTimeout(r, 100));
      if (await navigator.serviceWorker.getRegistration()) await navigator.serviceWorker.ready;
    });
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await throttle(true);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    const workers = await throttleWorkers(targetInfo.browserContextId);
    const again = await visit();
    report.secondVisitFirstMoveMs[path] = again.first;
    report.secondVisitPlayedMs[path] = again.played;
    report.secondVisitMs[path] = again.engine;
    console.log(`${path.padEnd(20)} second visit: first move offered after ${sec(again.first)}, played ${sec(again.played)}, engine ready after ${sec(again.engine)}${workers ? '' : ' (no service worker)'}`);
    await ctx.close();
  }
} finally {
  await chrome.kill();
  await stack.stop();
}
report.loadAfter = loadavg().map((x) => Math.round(x * 100) / 100);
mkdirSync(results, { recursive: true });
writeFileSync(join(results, 'lighthouse.json'), `${JSON.stringify(report, null, 1)}\n`);
console.log(`load average ${report.load.join(' ')} before, ${report.loadAfter.join(' ')} after; report in ${join(results, 'lighthouse.json')}`);
