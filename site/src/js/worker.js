// The engine worker: loads Go's wasm_exec.js and one game family's WebAssembly module, then
// answers each message {id, ...request} with {id, ...answer} through the Go function
// madangHandle (site/wasm/jsapi). The module is named in the worker's own URL,
// `worker.js?wasm=<url>` (resolved against the worker's URL, e.g. `halma/madang.wasm` or
// `/assets/halma/madang.wasm`); without it the draughts family's `draughts/madang.wasm`
// beside the worker.
/* global importScripts, Go */
importScripts('wasm_exec.js');

const here = new URL(self.location.href);
const wasmURL = new URL(here.searchParams.get('wasm') || 'draughts/madang.wasm', here);

const ready = new Promise((resolve, reject) => {
  self.madangReady = resolve;
  const go = new Go();
  const load = WebAssembly.instantiateStreaming
    ? WebAssembly.instantiateStreaming(fetch(wasmURL), go.importObject)
        .catch(() => fetch(wasmURL).then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject)))
    : fetch(wasmURL).then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject));
  load.then((r) => go.run(r.instance)).catch(reject);
});

self.onmessage = async (e) => {
  const { id, ...req } = e.data;
  try {
    await ready;
    const answer = self.madangHandle(req);
    self.postMessage({ id, ...answer });
  } catch (err) {
    self.postMessage({ id, ok: false, error: 'worker', detail: String(err) });
  }
};
