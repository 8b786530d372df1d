// The site build (build.mjs) into a temporary folder with stand-in engine files, no browser:
// every asset's path carries a content hash (only the pages keep fixed names), the pages name
// files that exist, a changed engine changes only the engine's names, and the brotli and gzip
// copies hold the same bytes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const site = join(dirname(fileURLToPath(import.meta.url)), '..');
let tmp;

const walk = (dir) => readdirSync(dir).flatMap((f) => {
  const p = join(dir, f);
  return statSync(p).isDirectory() ? walk(p) : [p];
});

/** Builds the site into a fresh folder with a stand-in draughts wasm of the given bytes and
 * a fixed stand-in for the star family's (halma). */
function build(name, wasmBytes) {
  const out = join(tmp, name);
  const wasm = join(tmp, `${name}-in`, 'draughts.wasm');
  const halma = join(tmp, `${name}-in`, 'halma.wasm');
  const exec = join(tmp, `${name}-in`, 'wasm_exec.js');
  execFileSync('mkdir', ['-p', dirname(wasm)]);
  writeFileSync(wasm, wasmBytes);
  writeFileSync(halma, Buffer.from('\0asm\x01\0\0\0 star'));
  writeFileSync(exec, '/* stand-in for Go\'s wasm_exec.js */ globalThis.Go = class {};\n');
  execFileSync(process.execPath, [join(site, 'build.mjs')], {
    cwd: site, env: { ...process.env, SITE_OUT: out, WASM: `${wasm} ${halma}`, WASM_EXEC: exec }, stdio: 'pipe',
  });
  return out;
}

const hashed = /-[A-Z0-9]{8}(\.|\/)/;
const PAGES = ['index.html', '404.html', 'checkers/index.html', 'draughts/index.html',
  'chinese-checkers/index.html', 'diamond-kr/index.html', 'diamond/index.html'];
const isPage = (rel) => /(^|\/)(index|404)\.html(\.br|\.gz)?$/.test(rel) || /^config\.json/.test(rel);

let a;
let b;
before(() => {
  tmp = mkdtempSync(join(tmpdir(), 'madang-build-test-'));
  a = build('a', Buffer.from('\0asm\x01\0\0\0 first'));
  b = build('b', Buffer.from('\0asm\x01\0\0\0 second'));
});
after(() => { if (tmp) rmSync(tmp, { recursive: true, force: true }); });

test('every asset path except the pages carries a content hash', () => {
  const files = walk(a).map((p) => relative(a, p));
  assert.ok(files.length > 10, files.join(' '));
  for (const f of files) {
    if (isPage(f)) continue;
    assert.match(f, hashed, `${f} has no content hash in its path`);
  }
  // the pages: home, the Korean 404 page and one per game of each family
  for (const p of PAGES) assert.ok(files.includes(p), p);
});

test('the pages name hashed files that exist, and the engine of their family', () => {
  for (const page of PAGES) {
    const html = readFileSync(join(a, page), 'utf8');
    const named = [...html.matchAll(/"(\/assets\/[^"?]+)/g)].map((m) => m[1]);
    assert.ok(named.length > 0, page);
    for (const n of named) {
      assert.match(n, hashed, `${page} names ${n}`);
      assert.ok(existsSync(join(a, n)), `${page} names ${n}, which is missing`);
    }
  }
  const game = readFileSync(join(a, 'checkers/index.html'), 'utf8');
  assert.match(game, /data-worker="\/assets\/engine-draughts-[A-Z0-9]{8}\/worker\.js"/);
  assert.match(game, /data-wasm="\/assets\/engine-draughts-[A-Z0-9]{8}\/madang\.wasm"/);
  assert.match(game, /<script type="module" src="\/assets\/draughts-[A-Z0-9]{8}\.js">/);
  const star = readFileSync(join(a, 'diamond/index.html'), 'utf8');
  assert.match(star, /data-wasm="\/assets\/engine-halma-[A-Z0-9]{8}\/madang\.wasm"/);
  assert.match(star, /<script type="module" src="\/assets\/halma-[A-Z0-9]{8}\.js">/);
});

test('a changed engine changes the engine folder and nothing else', () => {
  const list = (d) => walk(d).map((p) => relative(d, p)).filter((f) => !f.startsWith('assets/engine-')).sort();
  assert.deepEqual(list(b).filter((f) => !isPage(f)), list(a).filter((f) => !isPage(f)));
  const engine = (d, fam) => readdirSync(join(d, 'assets')).filter((f) => f.startsWith(`engine-${fam}-`));
  assert.equal(engine(a, 'draughts').length, 1);
  assert.notDeepEqual(engine(a, 'draughts'), engine(b, 'draughts'));
  assert.deepEqual(engine(a, 'halma'), engine(b, 'halma'), 'the unchanged engine keeps its folder');
});

test('brotli and gzip copies hold the same bytes as each file', () => {
  const originals = walk(a).filter((p) => !/\.(br|gz)$/.test(p));
  for (const p of originals) {
    const raw = readFileSync(p);
    assert.ok(existsSync(`${p}.br`) && existsSync(`${p}.gz`), `${p} has no compressed copies`);
    assert.deepEqual(brotliDecompressSync(readFileSync(`${p}.br`)), raw, `${p}.br`);
    assert.deepEqual(gunzipSync(readFileSync(`${p}.gz`)), raw, `${p}.gz`);
  }
});
