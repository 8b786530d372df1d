// The size check of the WebAssembly modules (DESIGN.md "Site": each family's module under
// 620,000 bytes brotli): node site/wasm/size.mjs LIMIT FILE... prints each file's raw size
// and its size compressed by brotli at quality 11 (node's zlib, the same library as
// `brotli -q 11`; window 24, the largest the brotli tool uses without --large_window), and
// exits 1 when one is over LIMIT bytes compressed.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';

const [limitArg, ...files] = process.argv.slice(2);
const limit = Number(limitArg);
if (!Number.isInteger(limit) || limit <= 0 || files.length === 0) {
  console.error('usage: node size.mjs LIMIT FILE...');
  process.exit(2);
}
let over = false;
for (const f of files) {
  const raw = readFileSync(f);
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  }).length;
  const ok = br <= limit;
  over ||= !ok;
  console.log(`${f}: ${raw.length} bytes raw, ${br} bytes brotli -q 11 (limit ${limit}) ${ok ? 'ok' : 'OVER'}`);
}
process.exit(over ? 1 : 0);
