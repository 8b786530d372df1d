// Builds the static site into dist/: pages, one CSS file, the page bundles (esbuild, three.js
// from node_modules, one entry per game family with shared chunks), the engine worker, Go's
// wasm_exec.js and the engine's madang.wasm.
// The two wasm inputs come from the Makefile (mk/site.mk): WASM=path/to/madang.wasm and
// WASM_EXEC=$(go env GOROOT)/lib/wasm/wasm_exec.js; without them the build copies whatever
// is already in dist/assets.
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const src = join(root, 'src');
const out = join(root, 'dist');
const assets = join(out, 'assets');
const keep = ['madang.wasm', 'wasm_exec.js'].filter((f) => existsSync(join(assets, f)) && !process.env.WASM);
const saved = Object.fromEntries(keep.map((f) => [f, readFileSync(join(assets, f))]));
rmSync(out, { recursive: true, force: true });
mkdirSync(assets, { recursive: true });
for (const [f, b] of Object.entries(saved)) writeFileSync(join(assets, f), b);

// one entry per game family (src/js/<family>/page.js); the code they share (three.js, the
// shell, the scene) goes into shared chunks
await esbuild.build({
  entryPoints: { draughts: join(src, 'js/draughts/page.js') },
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  minify: true,
  format: 'esm',
  target: ['es2020'],
  outdir: assets,
  legalComments: 'none',
  logLevel: 'warning',
});
// the worker is a classic worker (importScripts for wasm_exec.js): rebuild it as an IIFE
await esbuild.build({
  entryPoints: [join(src, 'js/worker.js')],
  bundle: true, minify: true, format: 'iife', target: ['es2020'],
  outfile: join(assets, 'worker.js'), logLevel: 'warning',
});

cpSync(join(src, 'css/site.css'), join(assets, 'site.css'));
cpSync(join(src, 'index.html'), join(out, 'index.html'));
const game = readFileSync(join(src, 'game/index.html'), 'utf8');
for (const [id, title] of [['checkers', '체커'], ['draughts', '국제식 드래프트']]) {
  mkdirSync(join(out, id), { recursive: true });
  writeFileSync(join(out, id, 'index.html'), game.replaceAll('{{GAME}}', id).replaceAll('{{TITLE}}', title));
}
if (process.env.WASM) cpSync(process.env.WASM, join(assets, 'madang.wasm'));
if (process.env.WASM_EXEC) cpSync(process.env.WASM_EXEC, join(assets, 'wasm_exec.js'));
for (const f of ['madang.wasm', 'wasm_exec.js']) {
  if (!existsSync(join(assets, f))) {
    console.error(`build: ${f} missing; build with make site`);
    process.exit(1);
  }
}
console.log('site built into', out);
