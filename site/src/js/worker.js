// The engine worker: loads Go's wasm_exec.js and madang.wasm (site/wasm), then answers each
// message {id, ...request} with {id, ...answer} through the Go function madangHandle.
/* global importScripts, Go */
importScripts('wasm_exec.js');

const ready = new Promise((resolve, reject) => {
  self.madangReady = resolve;
  const go = new Go();
  const url = new URL('madang.wasm', self.location.href);
  const load = WebAssembly.instantiateStreaming
    ? WebAssembly.instantiateStreaming(fetch(url), go.importObject)
        .catch(() => fetch(url).then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject)))
    : fetch(url).then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject));
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
