// The page's side of the render worker (worker.js): stand-ins for the Scene and the board
// module whose calls go to the worker, the canvas's pointer and wheel events forwarded to
// it, its size on every resize, and the answers a page or a test asks synchronously kept
// from the worker's last state (squareToScreen, flip).

/** Whether this browser can draw the board in a worker: an OffscreenCanvas with WebGL. */
export function remoteSupported(canvas) {
  return typeof canvas.transferControlToOffscreen === 'function' && typeof Worker === 'function'
    && typeof OffscreenCanvas === 'function' && typeof OffscreenCanvas.prototype.getContext === 'function';
}

const POINTER = ['pointerdown', 'pointermove', 'pointerup', 'pointercancel'];

/**
 * Starts the render worker on canvas.
 * @param {HTMLCanvasElement} canvas  its parent element sets the size
 * @param {string} url  the worker module (render/squares.js or render/star.js, built)
 * @param {(cell: number|null) => void} onTap
 * @param {{flipOf?: (method: string, args: any[], flip: boolean) => boolean, onFail?: () => void}} [opts]
 *   flipOf: the view's side after a board call (the page knows it before the worker answers);
 *   onFail: the worker has no WebGL
 * @returns {Promise<{scene: object, board: object}|null>} null when the worker has no WebGL
 *   (or its script failed to load): the canvas is untouched and the page draws on its main
 *   thread
 */
export async function startRemote(canvas, url, onTap, opts = {}) {
  const worker = new Worker(url, { type: 'module' });
  const webgl = await new Promise((resolve) => {
    worker.onmessage = ({ data: m }) => { if (m.t === 'probe') resolve(!!m.webgl); };
    worker.onerror = () => resolve(false);
  });
  if (!webgl) {
    worker.terminate();
    return null;
  }
  worker.onerror = null;
  const off = canvas.transferControlToOffscreen();
  const box = canvas.parentElement;
  let sent = 0;
  let state = { seq: -1, cells: new Map() };
  let waiting = [];
  let flip = false;
  let failed = false;
  const picks = new Map();
  let pickId = 0;
  const call = (target, method, args) => {
    sent += 1;
    worker.postMessage({ t: 'call', seq: sent, target, method, args });
  };
  worker.onmessage = ({ data: m }) => {
    if (m.t === 'tap') onTap(m.cell);
    else if (m.t === 'pick') { const f = picks.get(m.id); picks.delete(m.id); if (f) f(m.cell); }
    else if (m.t === 'state') {
      state = { seq: m.seq, cells: new Map(m.cells.map(([c, x, y]) => [c, { x, y }])) };
      if (m.failed && !failed) {
        failed = true;
        if (opts.onFail) opts.onFail();
      }
      if (state.seq >= sent) { const w = waiting; waiting = []; for (const f of w) f(); }
    }
  };
  worker.postMessage({
    t: 'init', canvas: off, width: box.clientWidth, height: box.clientHeight || box.clientWidth,
    pixelRatio: window.devicePixelRatio || 1,
  }, [off]);
  new ResizeObserver(() => {
    worker.postMessage({ t: 'size', width: box.clientWidth, height: box.clientHeight || box.clientWidth });
  }).observe(box);

  // events: the fields OrbitControls and the Scene's taps read, client coordinates made
  // relative to the canvas; the pointer is captured so a drag off the canvas still reports
  canvas.style.touchAction = 'none';
  const forward = (e) => {
    const r = canvas.getBoundingClientRect();
    worker.postMessage({
      t: 'ev', type: e.type, pointerId: e.pointerId, pointerType: e.pointerType, button: e.button,
      clientX: e.clientX - r.left, clientY: e.clientY - r.top, pageX: e.clientX - r.left, pageY: e.clientY - r.top,
      ctrlKey: e.ctrlKey, metaKey: e.metaKey, shiftKey: e.shiftKey, deltaY: e.deltaY, deltaMode: e.deltaMode,
    });
  };
  for (const type of POINTER) {
    canvas.addEventListener(type, (e) => {
      if (type === 'pointerdown') { try { canvas.setPointerCapture(e.pointerId); } catch { /* gone */ } }
      forward(e);
    });
  }
  canvas.addEventListener('wheel', (e) => { e.preventDefault(); forward(e); }, { passive: false });
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());

  /** Resolves once the worker has done every call sent so far. */
  const settled = () => (state.seq >= sent ? Promise.resolve() : new Promise((f) => waiting.push(f)));
  const scene = {
    worker,
    get failed() { return failed; },
    get flip() { return flip; },
    setView(mode) { call('scene', 'setView', [mode]); },
    /** A cell's client coordinates, from the worker's last picture (a Promise while calls are under way). */
    squareToScreen(cell) {
      const at = () => {
        const p = state.cells.get(cell);
        if (!p) return null;
        const r = canvas.getBoundingClientRect();
        return { x: r.left + p.x * r.width, y: r.top + p.y * r.height };
      };
      return state.seq >= sent ? at() : settled().then(at);
    },
    /** Resolves once the worker has handled everything sent so far, events included (a
     * tap forwarded before has reached onTap by then): the browser tests' hook after a click. */
    settled() {
      call('scene', 'ping', []);
      return settled();
    },
    /** The cell under client point (x, y): a Promise of the worker's answer. */
    pick(clientX, clientY) {
      const r = canvas.getBoundingClientRect();
      const id = ++pickId;
      return new Promise((f) => {
        picks.set(id, f);
        call('scene', 'pick', [clientX - r.left, clientY - r.top, id]);
      });
    },
  };
  const board = new Proxy({}, {
    get(_, method) {
      if (typeof method !== 'string' || method === 'then') return undefined;
      return (...args) => {
        if (opts.flipOf) flip = opts.flipOf(method, args, flip);
        call('board', method, args);
      };
    },
  });
  return { scene, board };
}
