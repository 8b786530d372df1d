// Loading the 3D board after the first paint: three.js and the scene are the largest part of
// a game page's JavaScript, and nothing of them is needed to show the page's text. A page
// builds its scene and board module in a loader that imports them (a dynamic import(), which
// the build splits into its own chunk) and gets stand-ins at once:
//
//   const three = afterPaint(async () => {
//     const [{ Scene }, { SquaresBoard }] = await Promise.all([import('../scene.js'), import('../boards/squares.js')]);
//     const scene = new Scene(canvas, onTap);
//     return { scene, board: new SquaresBoard(scene) };
//   });
//   const scene = three.stand('scene');  // pass to the Shell
//   const board = three.stand('board');  // the page draws on it
//
// A stand-in takes every method call. Before the load it keeps, per object and method, the
// last call (the scene and board methods set state: the camera preset, the board, the
// pieces) and answers undefined; after the load it replays them in the order of those last
// calls and passes every later call through. The loader starts after the first paint
// (a frame, then a task), and document.body.dataset.scene becomes 'ready' when the real
// objects are in place (tests wait for it before they tap the canvas). A loader may wait for
// the first call on a stand-in (firstCall('board')): the render worker starts when there is
// a board to draw, so its three.js does not share a slow connection with the engine's
// download before the engine is ready.

/** Resolves after the browser has painted once (the task after the next frame). */
export function firstPaint() {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/**
 * Runs load() after the first paint.
 * @param {(firstCall: (name: string) => Promise<void>) => Promise<Object<string, object>>} load
 *   builds the real objects, by name; firstCall(name) resolves at the first method call on
 *   the stand-in of that name (a loader may wait until there is something to draw)
 * @returns {{ready: Promise<Object<string, object>>, stand: (name: string) => object}}
 */
export function afterPaint(load) {
  const real = {};
  const pending = new Map(); // `${name}.${method}` → [name, method, args], in the order of the last call
  const called = new Map(); // name → {promise, resolve} of its first call
  const first = (name) => {
    if (!called.has(name)) {
      let resolve;
      const promise = new Promise((f) => { resolve = f; });
      called.set(name, { promise, resolve });
    }
    return called.get(name);
  };
  let loaded = false;
  const ready = firstPaint().then(() => load((name) => first(name).promise)).then((objs) => {
    Object.assign(real, objs);
    loaded = true;
    for (const [name, method, args] of pending.values()) real[name][method](...args);
    pending.clear();
    if (globalThis.document && document.body) document.body.dataset.scene = 'ready';
    return objs;
  });
  const stand = (name) => new Proxy({}, {
    get(_, method) {
      if (loaded) {
        const v = real[name][method];
        return typeof v === 'function' ? v.bind(real[name]) : v;
      }
      // not a thenable (an await or a Promise must not take it for one)
      if (typeof method !== 'string' || method === 'then') return undefined;
      return (...args) => {
        if (loaded) return real[name][method](...args);
        const key = `${name}.${method}`;
        first(name).resolve();
        pending.delete(key);
        pending.set(key, [name, method, args]);
        return undefined;
      };
    },
  });
  return { ready, stand };
}
