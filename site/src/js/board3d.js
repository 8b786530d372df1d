// The 3D board of a game page (checkers, draughts and the star pages), one path for all of
// them: three.js and the board module load after the first paint (lazy.js), drawn in a
// render worker where the browser can (render/remote.js), else on the main thread
// (scene.js). A device without WebGL (none in the worker, none on the main thread, or the
// worker's scene failing later) gets the same fallback on every page: the canvas and its view
// buttons go, the board's box shrinks to a note saying why, and the player plays with the
// button board ('버튼으로 두기', to the right of the board or below it).
import { afterPaint } from './lazy.js';
import { remoteSupported, startRemote } from './render/remote.js';
import { NO_WEBGL } from './text.js';

/**
 * Loads the 3D board on canvas.
 * @param {object} o
 * @param {HTMLCanvasElement} o.canvas  inside the page's .board-wrap, in its .board-area
 * @param {(cell: number|null) => void} o.onTap  a tap on a cell (null: off the board)
 * @param {() => Promise<Function>} o.loadBoard  imports the board module's class (a dynamic
 *   import() in the page, which the build splits into its own chunk)
 * @param {(method: string, args: any[], flip: boolean) => boolean} [o.flipOf]  see startRemote
 * @returns {{scene: object, board: object, picker: () => object|null, ready: Promise<object>}}
 *   the stand-ins (lazy.js) to hand to the Shell and to draw on; picker() the real scene once
 *   loaded (null before, and without WebGL), whose pick(x, y) may answer with a Promise
 */
export function board3D({ canvas, onTap, loadBoard, flipOf }) {
  let picker = null;
  let failed = false;
  const fail = () => {
    picker = null;
    if (failed) return;
    failed = true;
    showNoWebGL(canvas);
  };
  const three = afterPaint(async (firstCall) => {
    if (document.body.dataset.renderWorker && remoteSupported(canvas)) {
      // when the first view is drawn (the engine's first answer): three.js does not share a
      // slow connection with the engine's download
      await firstCall('board');
      const remote = await startRemote(canvas, document.body.dataset.renderWorker, onTap, { flipOf, onFail: fail });
      if (remote) {
        picker = remote.scene;
        return remote;
      }
      // no WebGL in a worker here (Safari 16): the main thread draws, as below
    }
    const [{ Scene }, Board] = await Promise.all([import('./scene.js'), loadBoard()]);
    const real = new Scene(canvas, onTap);
    if (real.failed) fail();
    else picker = real;
    return { scene: real, board: new Board(real) };
  });
  return { scene: three.stand('scene'), board: three.stand('board'), picker: () => picker, ready: three.ready };
}

/** The fallback without WebGL: the note in the board's place (#no-webgl, made when the page
 * has none), the canvas and the view buttons hidden, the box no taller than its content. */
export function showNoWebGL(canvas) {
  canvas.hidden = true;
  const wrap = canvas.parentElement;
  wrap.classList.add('no-3d');
  const area = canvas.closest('.board-area') || wrap.parentElement;
  for (const b of area.querySelectorAll('.view-buttons')) b.hidden = true;
  let n = document.getElementById('no-webgl');
  if (!n) {
    n = document.createElement('p');
    n.id = 'no-webgl';
    n.className = 'no-webgl';
    wrap.prepend(n);
  }
  n.textContent = '';
  // where the button board is depends on the layout (beside the board on a wide screen, under
  // it on a narrow one): both words are in the note, the style sheet shows the one that holds
  const wide = document.createElement('span');
  wide.className = 'wide-only';
  wide.textContent = NO_WEBGL.wide;
  const narrow = document.createElement('span');
  narrow.className = 'narrow-only';
  narrow.textContent = NO_WEBGL.narrow;
  n.append(NO_WEBGL.before, wide, narrow, NO_WEBGL.after);
  n.hidden = false;
  document.body.dataset.board = 'none';
}
