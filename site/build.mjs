// Builds the static site into dist/: pages, one CSS file, the page bundles (esbuild, three.js
// from node_modules), the engine worker, Go's wasm_exec.js and one engine module per game
// family. The wasm inputs come from the Makefile (mk/site.mk): WASM="path/draughts.wasm ..."
// (space-separated, each <family>.wasm, copied to assets/<family>/madang.wasm, which the
// worker loads as worker.js?wasm=<family>/madang.wasm) and
// WASM_EXEC=$(go env GOROOT)/lib/wasm/wasm_exec.js; without them the build copies whatever
// is already in dist/assets.
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const src = join(root, 'src');
const out = join(root, 'dist');
const assets = join(out, 'assets');
const modules = (process.env.WASM || '').split(/\s+/).filter(Boolean);
const built = existsSync(assets) ? readdirSync(assets, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(assets, d.name, 'madang.wasm')))
  .map((d) => `${d.name}/madang.wasm`) : [];
const keep = [...(modules.length ? [] : built), ...(process.env.WASM_EXEC ? [] : ['wasm_exec.js'])]
  .filter((f) => existsSync(join(assets, f)));
const saved = Object.fromEntries(keep.map((f) => [f, readFileSync(join(assets, f))]));
rmSync(out, { recursive: true, force: true });
mkdirSync(assets, { recursive: true });
for (const [f, b] of Object.entries(saved)) {
  mkdirSync(dirname(join(assets, f)), { recursive: true });
  writeFileSync(join(assets, f), b);
}

await esbuild.build({
  entryPoints: { draughts: join(src, 'js/draughts-page.js') },
  bundle: true,
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
for (const m of modules) cpSync(m, join(assets, basename(m, '.wasm'), 'madang.wasm'));
if (process.env.WASM_EXEC) cpSync(process.env.WASM_EXEC, join(assets, 'wasm_exec.js'));
for (const f of ['draughts/madang.wasm', 'wasm_exec.js']) {
  if (!existsSync(join(assets, f))) {
    console.error(`build: ${f} missing; build with make site`);
    process.exit(1);
  }
}
console.log('site built into', out);
