// The 3D board in a worker (a module worker with the page's canvas as an OffscreenCanvas):
// three.js's scene build, shader compilation and every draw run here, off the page's main
// thread, where a software WebGL (SwiftShader, a phone's slow GPU) would block the page for
// whole seconds while it loads (Lighthouse's mobile Total Blocking Time). The page side is remote.js; the
// messages:
//   page → worker  {t: 'init', canvas, width, height, pixelRatio}    once, the canvas transferred
//                  {t: 'size', width, height}                       the canvas's CSS size
//                  {t: 'call', seq, target: 'scene'|'board', method, args}
//                  {t: 'ev', type, ...fields}                       a pointer/wheel event on the
//                                                                   canvas, clientX/Y relative to it
//   worker → page  {t: 'probe', webgl}                              first, once: whether WebGL 2
//                                                                   works here (the page sends
//                                                                   'init' only when it does)
//                  {t: 'tap', cell}                                 a tap's cell (Scene's onTap)
//                  {t: 'state', seq, failed, cells: [[cell, x, y]]} after each picture: the last
//                                                                   call done and each cell's
//                                                                   place as a fraction of the canvas
//                  {t: 'pick', id, cell}                            the answer to call 'pick'
// (call 'ping' does nothing: its state tells the page that every earlier message is handled)
import { Scene } from '../scene.js';

// the boards' glides and blinks ask for frames; a worker without requestAnimationFrame gets
// them from a timer
if (typeof self.requestAnimationFrame !== 'function') {
  self.requestAnimationFrame = (f) => setTimeout(() => f(performance.now()), 16);
}

// Whether WebGL works on an OffscreenCanvas in this worker, said to the page before it hands
// over its canvas: Safari 16.4–16.x has OffscreenCanvas with a 2D context only, and a canvas
// once transferred can never draw on the page's main thread. (three.js's WebGLRenderer needs
// WebGL 2.) The probe's context is released at once.
function webglWorks() {
  try {
    const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
    if (!gl) return false;
    const lose = gl.getExtension('WEBGL_lose_context');
    if (lose) lose.loseContext();
    return true;
  } catch {
    return false;
  }
}

/** The element stand-in OrbitControls and the Scene listen to: events the page forwards. */
class Host {
  constructor(width, height, pixelRatio) {
    this.clientWidth = width;
    this.clientHeight = height;
    this.pixelRatio = pixelRatio;
    this.style = {};
    this.listeners = new Map();
    this.ownerDocument = this; // OrbitControls listens for moves on its document
  }

  addEventListener(type, f) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type).add(f);
  }

  removeEventListener(type, f) {
    const s = this.listeners.get(type);
    if (s) s.delete(f);
  }

  dispatch(e) {
    const ev = { ...e, preventDefault() {}, stopPropagation() {} };
    for (const f of [...(this.listeners.get(e.type) || [])]) f(ev);
  }

  getBoundingClientRect() {
    return { left: 0, top: 0, x: 0, y: 0, width: this.clientWidth, height: this.clientHeight, right: this.clientWidth, bottom: this.clientHeight };
  }

  setPointerCapture() {}

  releasePointerCapture() {}

  hasPointerCapture() { return false; }

  focus() {}
}

/**
 * Serves one board module in this worker.
 * @param {new (scene: Scene) => object} Board  boards/squares.js or boards/star.js
 */
export function serve(Board) {
  self.postMessage({ t: 'probe', webgl: webglWorks() });
  let scene = null;
  let board = null;
  let host = null;
  let seq = 0;
  let posting = false;
  // the state after the current task's calls, once (a draw and a view change in one go)
  const post = () => {
    if (posting) return;
    posting = true;
    queueMicrotask(() => {
      posting = false;
      const cells = [];
      if (!scene.failed && board.ready) {
        for (const c of board.cells()) {
          const w = board.worldOf(c);
          if (!w) continue;
          const v = w.project(scene.camera);
          cells.push([c, (v.x + 1) / 2, (1 - v.y) / 2]);
        }
      }
      self.postMessage({ t: 'state', seq, failed: !!scene.failed, cells });
    });
  };
  self.onmessage = ({ data: m }) => {
    if (m.t === 'init') {
      host = new Host(m.width, m.height, m.pixelRatio);
      scene = new Scene(m.canvas, (cell) => self.postMessage({ t: 'tap', cell }), host);
      board = new Board(scene);
      const render = scene.render.bind(scene);
      scene.render = () => { render(); post(); };
      post();
    } else if (m.t === 'size') {
      host.clientWidth = m.width;
      host.clientHeight = m.height;
      scene.resize();
    } else if (m.t === 'ev') {
      host.dispatch(m);
    } else if (m.t === 'call') {
      seq = m.seq;
      if (m.method === 'ping') {
        // nothing: the state posted below tells the page every earlier message is handled
      } else if (m.method === 'pick') {
        self.postMessage({ t: 'pick', id: m.args[2], cell: scene.pick(m.args[0], m.args[1]) });
      } else {
        (m.target === 'scene' ? scene : board)[m.method](...m.args);
      }
      post();
    }
  };
}
