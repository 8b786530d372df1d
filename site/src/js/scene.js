// The 3D scene (three.js) every 3D board shares: renderer, lights, camera with two view
// presets, orbit and zoom, taps (a press and release that barely moved) and resizing. What
// stands on the table comes from a board module (boards/squares.js; star boards later),
// which knows its cells and pieces; the scene knows no game and no rules.
//
// A board module implements:
//   frame()                 {half, scale, flip}: half the table's width (world units), a zoom
//                           scale (1 for an 8-cell board) and whether it is seen from the far side
//   pick(raycaster)         the cell under the ray (a number), 0 for a board place that is no
//                           cell, null when off the board
//   worldOf(cell)           the Vector3 to project for a cell (tests tap there), or null
// and optionally:
//   targets()               the Vector3s (on the table) of its tap targets, when they are many
//                           and small (the star's 121 holes): on a small screen the scene
//                           keeps them MIN_GAP px apart (see setView)
import {
  WebGLRenderer, Scene as Scene3, PerspectiveCamera, Color, HemisphereLight, DirectionalLight,
  Vector2, Vector3, Raycaster, SRGBColorSpace,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

/** The least distance in CSS px between two tap targets' centres on screen: WCAG 2.2 2.5.8
 * Target Size (Minimum), level AA, asks for 24 px; 2 more for the marbles, whose tap points
 * stand above their holes. */
export const MIN_GAP = 26;

export class Scene {
  /**
   * @param {HTMLCanvasElement|OffscreenCanvas} canvas  on the page its parent element sets the size
   * @param {(cell: number|null) => void} onTap
   * @param {object} [host]  in a render worker (render/worker.js): the element stand-in that
   *   takes the page's forwarded pointer events and gives the size (clientWidth,
   *   clientHeight, getBoundingClientRect, pixelRatio); the worker calls resize() itself
   */
  constructor(canvas, onTap, host = null) {
    this.canvas = canvas;
    this.onTap = onTap;
    this.host = host;
    const el = host || canvas;
    this.mode = 'oblique';
    this.board = null;
    // a device without WebGL: the scene stays empty (failed) and the page plays with its
    // button panel alone (seed 000)
    try {
      this.renderer = new WebGLRenderer({ canvas, antialias: true });
    } catch {
      this.failed = true;
      this.scene = new Scene3();
      this.camera = new PerspectiveCamera(32, 1, 0.1, 300);
      return;
    }
    this.renderer.setPixelRatio(Math.min((host ? host.pixelRatio : window.devicePixelRatio) || 1, 2));
    this.renderer.outputColorSpace = SRGBColorSpace;
    this.scene = new Scene3();
    this.scene.background = new Color('#f4efe6');
    this.camera = new PerspectiveCamera(32, 1, 0.1, 300);
    this.scene.add(new HemisphereLight(0xfff6e8, 0x5a4636, 1.6));
    const sun = new DirectionalLight(0xffffff, 1.8);
    sun.position.set(4, 12, 6);
    this.scene.add(sun);
    this.controls = new OrbitControls(this.camera, el);
    this.controls.enableDamping = false;
    this.controls.enablePan = false;
    this.controls.maxPolarAngle = Math.PI * 0.46;
    this.controls.addEventListener('change', () => this.render());
    this.raycaster = new Raycaster();
    // a tap is a press and release of one pointer that barely moved; a second finger
    // (pinch) cancels it
    let down = null;
    const active = new Set();
    el.addEventListener('pointerdown', (e) => {
      active.add(e.pointerId);
      down = active.size === 1 ? { x: e.clientX, y: e.clientY, id: e.pointerId } : null;
    });
    const release = (e) => { active.delete(e.pointerId); };
    el.addEventListener('pointercancel', (e) => { release(e); down = null; });
    el.addEventListener('pointerup', (e) => {
      release(e);
      if (!down || down.id !== e.pointerId) return;
      const moved = Math.hypot(e.clientX - down.x, e.clientY - down.y);
      down = null;
      if (moved < 8) this.onTap(this.pick(e.clientX, e.clientY));
    });
    if (!host) new ResizeObserver(() => this.resize()).observe(canvas.parentElement);
    this.resize();
  }

  /** Puts a board module on the table (see the file comment). */
  use(board) {
    this.board = board;
  }

  /** Whether the board is seen from the far side (seat 1). */
  get flip() {
    return !!this.board && this.board.frame().flip;
  }

  resize() {
    if (this.failed) return;
    const box = this.host || this.canvas.parentElement;
    const w = box.clientWidth;
    const h = box.clientHeight || w;
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    if (this.board && this.board.ready) this.setView(this.mode);
    this.render();
  }

  /** Moves the camera to a preset, 'oblique' or 'top', framing the whole board. */
  setView(mode) {
    this.mode = mode;
    if (this.failed) return;
    const f = this.board ? this.board.frame() : { half: 4.8, scale: 1, flip: false };
    const dir = f.flip ? -1 : 1;
    const half = f.half;
    const tan = Math.tan((this.camera.fov * Math.PI) / 360);
    // move the camera back until the four corners of the frame are on screen
    const corners = [[-half, half], [half, half], [-half, -half], [half, -half]].map(([x, z]) => new Vector3(x, 0, z));
    let d = half / tan;
    for (let i = 0; i < 40; i++, d *= 1.04) {
      if (mode === 'top') this.camera.position.set(0, d, 0.001 * dir);
      else if (this.camera.aspect < 1.2) this.camera.position.set(0, d * 0.92, d * 0.4 * dir); // narrow: steeper
      else this.camera.position.set(0, d * 0.86, d * 0.52 * dir);
      this.camera.lookAt(0, 0, 0);
      this.camera.updateMatrixWorld();
      if (corners.every((c) => { const p = c.clone().project(this.camera); return Math.abs(p.x) < 0.96 && Math.abs(p.y) < 0.9; })) break;
    }
    this.keepTargets(mode, dir);
    this.controls.target.set(0, 0, 0);
    this.controls.minDistance = 5 * f.scale;
    this.controls.maxDistance = 30 * f.scale;
    this.controls.update();
    this.render();
  }

  /** On a small screen where framing the whole table leaves a board's tap targets less than
   * MIN_GAP px apart (the star's holes on a phone, about 15 px): the camera frames the targets
   * alone (the table's rim may leave the picture), and the oblique view stands steeper, step by
   * step up to the top view, until they are MIN_GAP apart (or as far apart as the top view
   * gives). A wide screen keeps its preset. */
  keepTargets(mode, dir) {
    const pts = this.board && typeof this.board.targets === 'function' ? this.board.targets() : null;
    if (!pts || pts.length < 2 || this.gap(pts) >= MIN_GAP) return;
    const start = mode === 'top' ? 90 : Math.round((Math.atan2(this.camera.position.y, Math.abs(this.camera.position.z)) * 180) / Math.PI);
    let best = null;
    for (let deg = start; ; deg = Math.min(90, deg + 3)) {
      const e = (deg * Math.PI) / 180;
      this.frameTargets(pts, e, dir);
      const g = this.gap(pts);
      if (!best || g > best.g) best = { g, e };
      if (g >= MIN_GAP || deg >= 90) break;
    }
    this.frameTargets(pts, best.e, dir);
  }

  /** The camera at elevation e (radians; π/2 looks straight down) as near as it can stand with
   * every point of pts on screen (bisection on the distance: nearer only enlarges). */
  frameTargets(pts, e, dir) {
    const at = (d) => {
      this.camera.position.set(0, d * Math.sin(e), (d * Math.cos(e) + 0.001) * dir);
      this.camera.lookAt(0, 0, 0);
      this.camera.updateMatrixWorld();
    };
    const fits = () => pts.every((w) => {
      const p = w.clone().project(this.camera);
      return Math.abs(p.x) < 0.94 && Math.abs(p.y) < 0.9 && p.z < 1;
    });
    let lo = 0.5;
    let hi = 300;
    for (let i = 0; i < 30; i++) {
      const d = (lo + hi) / 2;
      at(d);
      if (fits()) hi = d; else lo = d;
    }
    at(hi);
  }

  /** The least distance in CSS px between two of pts on screen, from the camera as it stands. */
  gap(pts) {
    const box = this.host || this.canvas.parentElement;
    const w = box.clientWidth;
    const h = box.clientHeight || w;
    const s = pts.map((p) => { const v = p.clone().project(this.camera); return [((v.x + 1) / 2) * w, ((1 - v.y) / 2) * h]; });
    let min = Infinity;
    for (let i = 0; i < s.length; i++) {
      for (let j = i + 1; j < s.length; j++) min = Math.min(min, Math.hypot(s[i][0] - s[j][0], s[i][1] - s[j][1]));
    }
    return min;
  }

  /** Draws the scene. The first picture with a board waits for its shaders:
   * compileAsync has the browser compile them in the background where it can
   * (KHR_parallel_shader_compile) instead of in one long task that holds the page; until
   * then render() only notes that a picture is due. */
  render() {
    if (this.failed) return;
    if (!this.compiled) {
      this.due = true;
      if (this.compiling || !(this.board && this.board.ready)) return;
      this.compiling = true;
      this.renderer.compileAsync(this.scene, this.camera).catch(() => {}).then(() => {
        this.compiled = true;
        if (this.due) this.render();
      });
      return;
    }
    this.due = false;
    this.renderer.render(this.scene, this.camera);
  }

  /** The cell under client point (x, y): the board module's answer for the ray there. */
  pick(clientX, clientY) {
    if (!this.board || this.failed) return null;
    const r = (this.host || this.canvas).getBoundingClientRect();
    const ndc = new Vector2(((clientX - r.left) / r.width) * 2 - 1, -((clientY - r.top) / r.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.camera);
    return this.board.pick(this.raycaster);
  }

  /** Client coordinates of a cell's centre (at piece height): the browser tests' hook. */
  squareToScreen(cell) {
    if (this.failed) return null;
    const w = this.board && this.board.worldOf(cell);
    if (!w) return null;
    const v = w.project(this.camera);
    const r = (this.host || this.canvas).getBoundingClientRect();
    return { x: r.left + ((v.x + 1) / 2) * r.width, y: r.top + ((1 - v.y) / 2) * r.height };
  }
}
