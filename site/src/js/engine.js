// The page's side of the engine worker: ask(op, args) sends one request and resolves with
// the answer {ok, view, choice?, error?}. Requests are answered in order.
export class Engine {
  constructor(url = '/assets/worker.js') {
    this.worker = new Worker(url);
    this.next = 1;
    this.waiting = new Map();
    this.worker.onmessage = (e) => {
      const { id, ...answer } = e.data;
      const w = this.waiting.get(id);
      if (w) {
        this.waiting.delete(id);
        w(answer);
      }
    };
    this.worker.onerror = (e) => {
      for (const w of this.waiting.values()) w({ ok: false, error: 'worker', detail: e.message });
      this.waiting.clear();
    };
  }

  ask(op, args = {}) {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage({ id, op, ...args });
    });
  }
}
