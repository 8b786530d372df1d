// The engine worker: loads Go's wasm_exec.js and one game family's WebAssembly module, then
// answers each message {id, ...request} with {id, ...answer} through the Go function
// madangHandle (site/wasm/jsapi). The module is named in the worker's own URL,
// `worker.js?wasm=<url>` (resolved against the worker's URL, e.g. `halma/madang.wasm` or
// `/assets/halma/madang.wasm`); a worker started without one answers every request with
// that error.
/* global importScripts, Go */
const here = new URL(self.location.href);
const wasmURL = here.searchParams.has('wasm') ? new URL(here.searchParams.get('wasm'), here) : null;
// the module's download starts before wasm_exec.js is fetched and run (importScripts blocks):
// on a slow connection the two requests' round trips overlap instead of following each other
const wasmResponse = wasmURL ? fetch(wasmURL) : Promise.reject(new Error('worker.js?wasm=<module> names no module'));
importScripts('wasm_exec.js');

const ready = new Promise((resolve, reject) => {
  self.madangReady = resolve;
  const go = new Go();
  const load = WebAssembly.instantiateStreaming
    ? WebAssembly.instantiateStreaming(wasmResponse, go.importObject)
        .catch(() => fetch(wasmURL).then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject)))
    : wasmResponse.then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject));
  load.then((r) => go.run(r.instance)).catch(reject);
});

// The engine's files (`&files=<game>:<kind>:<url>,...`, the draughts family's learned weights
// and opening books): fetched at once, beside the module, and each handed to the engine (op
// engineFile) as soon as both it and the module are there, always before the next request is
// answered. Until then, or when one fails, the engine plays without it (the hand-made
// evaluation, no book).
let started = false;
const files = (here.searchParams.get('files') || '').split(',').filter(Boolean).map((f) => {
  const [game, kind, ...url] = f.split(':');
  const file = { game, kind, bytes: null, given: false };
  fetch(new URL(url.join(':'), here))
    .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`${r.status}`))))
    .then((b) => { file.bytes = new Uint8Array(b); giveFiles(); })
    .catch(() => { file.given = true; });
  return file;
});
function giveFiles() {
  if (!started) return;
  for (const f of files) {
    if (f.given || !f.bytes) continue;
    f.given = true;
    try {
      self.madangHandle({ op: 'engineFile', game: f.game, kind: f.kind, bytes: f.bytes });
    } catch (err) { /* the engine plays without it */ }
  }
}
ready.then(() => { started = true; giveFiles(); }, () => {});

// A long request (a records import) reports its progress while it runs: the module calls
// madangProgress(done, total), posted to the page as {id, progress: {done, total}} before
// the answer.
let current = null;
self.madangProgress = (done, total) => {
  if (current != null) self.postMessage({ id: current, progress: { done, total } });
};

self.onmessage = async (e) => {
  const { id, ...req } = e.data;
  try {
    await ready;
    started = true;
    giveFiles();
    current = id;
    let answer;
    try {
      answer = self.madangHandle(req);
    } finally {
      current = null;
    }
    self.postMessage({ id, ...answer });
  } catch (err) {
    self.postMessage({ id, ok: false, error: 'worker', detail: String(err) });
  }
};
