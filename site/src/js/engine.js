// The page's side of the engine worker: ask(op, args) sends one request and resolves with
// the answer {ok, view, choice?, error?}. Requests are answered in order.
//
// One WebAssembly module per game family (draughts; halma and backgammon later): the worker
// reads the module's URL from its own query string, `worker.js?wasm=<url>` (resolved against
// the worker's URL), so a page loads only its own family's engine.

/** The worker URL for family: the build's content-hashed names from the page (<body
 * data-worker, data-wasm>) when present, else /assets/worker.js and <family>/madang.wasm
 * beside it. */
export function workerURL(family, doc = globalThis.document) {
  const d = (doc && doc.body && doc.body.dataset) || {};
  const worker = d.worker || '/assets/worker.js';
  const wasm = d.wasm || `${family}/madang.wasm`;
  // the engine's files (data-engine-files="<game>:<kind>:<url>,...": the draughts weights and
  // books), which the worker fetches and hands to the engine
  const files = d.engineFiles ? `&files=${encodeURIComponent(d.engineFiles)}` : '';
  return `${worker}?wasm=${encodeURIComponent(wasm)}${files}`;
}

/** The worker a game page's head started before the page was parsed (build.mjs: on a visit
 * the service worker serves, where the engine's files come from the device and nothing else
 * waits for the connection), taken once by the Engine of its URL: {url, worker, failed}. */
function earlyWorker(url) {
  const early = globalThis.madangEngine;
  if (!early || early.url !== url) return null;
  globalThis.madangEngine = null;
  return early;
}

export class Engine {
  /** @param {string} family  the game family whose module the worker loads ('draughts') */
  constructor(family, url = workerURL(family)) {
    this.family = family;
    const early = earlyWorker(url);
    this.worker = early ? early.worker : new Worker(url);
    // (a worker whose script failed before the page listened: every request says so)
    this.failed = !!(early && early.failed);
    this.next = 1;
    this.waiting = new Map();
    this.progress = new Map(); // id -> onProgress of a request that reports progress
    this.worker.onmessage = (e) => {
      const { id, ...answer } = e.data;
      if (answer.progress) {
        const p = this.progress.get(id);
        if (p) p(answer.progress);
        return;
      }
      const w = this.waiting.get(id);
      if (w) {
        this.waiting.delete(id);
        this.progress.delete(id);
        w(answer);
      }
    };
    this.worker.onerror = (e) => {
      for (const w of this.waiting.values()) w({ ok: false, error: 'worker', detail: e.message });
      this.waiting.clear();
    };
  }

  /** Sends one request; onProgress({done, total}) hears a long one's progress (import). */
  ask(op, args = {}, onProgress = null) {
    if (this.failed) return Promise.resolve({ ok: false, error: 'worker', detail: 'the engine worker did not start' });
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      if (onProgress) this.progress.set(id, onProgress);
      this.worker.postMessage({ id, op, ...args });
    });
  }

  /** Stops the worker at once (a request it is busy with is dropped): every request
   * waiting is answered {ok: false, error: 'cancelled'}. The engine cannot be used again. */
  terminate() {
    this.worker.terminate();
    for (const w of this.waiting.values()) w({ ok: false, error: 'cancelled' });
    this.waiting.clear();
    this.progress.clear();
  }
}
