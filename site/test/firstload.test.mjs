// The draughts pages' whole first load from the built site (dist/, `make site`), in brotli
// bytes as a server sends them (the .br copies): the HTML, the style sheet, the page's JS entry
// with every chunk it imports statically (not the dynamic imports after the first paint, e.g.
// three.js), the fonts the page preloads, the engine worker, wasm_exec.js, the WebAssembly
// module and the engine files the worker fetches (the learned weights and opening books).
// Issue 18 item 7: under 900 KB. Skipped without a built dist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = process.env.SITE_DIST || join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const LIMIT = 900_000;

/** The brotli size of the file at the site path p (/assets/...). */
const br = (p) => statSync(join(dist, `${p}.br`)).size;

/** Every file the page at path loads first, with its brotli size. */
function firstLoad(page) {
  const html = readFileSync(join(dist, page, 'index.html'), 'utf8');
  const files = new Map([[`${page}/index.html`, br(`${page}/index.html`)]]);
  const add = (p) => { if (!files.has(p)) files.set(p, br(p)); };
  for (const m of html.matchAll(/<link rel="(?:stylesheet|modulepreload|preload)"[^>]*href="(\/assets\/[^"]+)"/g)) add(m[1]);
  // the entry and its static imports, recursively
  const js = [...html.matchAll(/<script type="module" src="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  while (js.length) {
    const p = js.pop();
    if (files.has(p) && !p.endsWith('.js')) continue;
    add(p);
    const code = readFileSync(join(dist, p), 'utf8');
    for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w${},*\s]+from\s*)?"(\.[^"]+)"|\bfrom\s*"(\.[^"]+)"/g)) {
      const rel = new URL(m[1] || m[2], `http://x${p}`).pathname;
      if (!files.has(rel)) js.push(rel);
    }
  }
  const body = html.match(/<body [^>]*>/)[0];
  const attr = (name) => (body.match(new RegExp(`${name}="([^"]*)"`)) || [])[1];
  const worker = attr('data-worker');
  add(worker);
  add(worker.replace(/worker\.js$/, 'wasm_exec.js'));
  add(attr('data-wasm'));
  for (const f of (attr('data-engine-files') || '').split(',').filter(Boolean)) add(f.split(':').slice(2).join(':'));
  return files;
}

for (const page of ['checkers', 'draughts']) {
  test(`the ${page} page's first load is under 900 KB brotli`, { skip: !existsSync(join(dist, page, 'index.html')) && 'no built dist (make site)' }, () => {
    const files = firstLoad(page);
    const total = [...files.values()].reduce((a, b) => a + b, 0);
    console.log(`${page}: first load ${total} bytes brotli in ${files.size} files`);
    for (const [f, n] of files) console.log(`  ${n}\t${f}`);
    assert.ok([...files.keys()].some((f) => f.includes('/engine-files/') && f.includes('weights')), 'the weights are part of the load');
    assert.ok([...files.keys()].some((f) => f.endsWith('madang.wasm')), 'the module is part of the load');
    assert.ok(total < LIMIT, `${total} bytes brotli, limit ${LIMIT}`);
  });
}
