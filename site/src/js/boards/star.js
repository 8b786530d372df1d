// The star board (chinese-checkers, diamond-kr, diamond) on the shared scene: the wooden
// six-pointed star with its 121 holes, camps tinted in the colour of the seat heading for
// them (closed camps greyed), the target apex marked ◎, marbles (the king taller with a gold
// band), and the marks of a selection, of legal destinations, of a hovered path (a dotted
// arc and a ghost marble) and of the last moves (an orange ring on the start, a dotted path).
// The board is turned so the viewer's start camp is toward the viewer. A pure picture of
// (view, marks): it knows no rules; the holes' places come from the engine's view (halmaview
// package doc: x in half spacings, y rows from the centre, upward = away from seat 0).
import {
  Mesh, Group, CylinderGeometry, SphereGeometry, TorusGeometry, CircleGeometry, ShapeGeometry,
  Shape, MeshStandardMaterial, MeshBasicMaterial, Vector3, Plane, CanvasTexture, Sprite,
  SpriteMaterial, SRGBColorSpace,
} from 'three';

const S = 0.62; // hole spacing in world units
const R3 = Math.sqrt(3) / 2;

/** Marble colours by name (the page names each seat's colour). */
export const MARBLE = {
  red: '#d33a2c', blue: '#2f62c9', yellow: '#e8b923', green: '#2f9e4f',
};
const TINT = {
  red: '#f2b8b0', blue: '#b5c8f0', yellow: '#f4e2a2', green: '#b9e0c3',
};

export class StarBoard {
  /** @param {import('../scene.js').Scene} scene */
  constructor(scene) {
    this.scene = scene;
    this.holes = null;
    this.turn = 0;
    this.boardGroup = new Group();
    this.pieceGroup = new Group();
    this.markGroup = new Group();
    scene.scene.add(this.boardGroup, this.pieceGroup, this.markGroup);
    this.geo = {
      hole: new CircleGeometry(0.17, 20),
      marble: new SphereGeometry(0.25, 24, 16),
      band: new TorusGeometry(0.2, 0.05, 8, 28),
      ring: new TorusGeometry(0.3, 0.04, 8, 36),
      dot: new SphereGeometry(0.07, 8, 6),
      apex: new TorusGeometry(0.22, 0.025, 6, 32),
    };
    this.mat = {
      hole: new MeshStandardMaterial({ color: '#5b3a1f', roughness: 0.9 }),
      gold: new MeshStandardMaterial({ color: 0xd9a521, roughness: 0.3, metalness: 0.7 }),
      lime: new MeshBasicMaterial({ color: 0x9be22d }),
      orange: new MeshBasicMaterial({ color: 0xff7a1a }),
      red: new MeshBasicMaterial({ color: 0xe0302a }),
      yellowDot: new MeshBasicMaterial({ color: 0xff9d00 }),
      ghost: new MeshStandardMaterial({ color: 0xffffff, transparent: true, opacity: 0.45 }),
      ink: new MeshBasicMaterial({ color: 0x3a2410 }),
    };
    this.marbleMat = new Map();
    this.ground = new Plane(new Vector3(0, 1, 0), 0);
    this.pieceAt = new Map();
    this.marks = {};
    scene.use(this);
  }

  get ready() { return !!this.holes; }

  frame() { return { half: 8.1 * S, scale: 0.9, flip: false }; }

  marble(colour) {
    if (!this.marbleMat.has(colour)) {
      this.marbleMat.set(colour, new MeshStandardMaterial({ color: MARBLE[colour] || colour, roughness: 0.25, metalness: 0.1 }));
    }
    return this.marbleMat.get(colour);
  }

  /** World place of hole h at height y, the board turned by this.turn sixths. */
  at(h, y = 0) {
    const o = this.holes[h];
    const px = (o.x / 2) * S;
    const py = o.y * R3 * S;
    const a = (this.turn * Math.PI) / 3;
    const rx = px * Math.cos(a) - py * Math.sin(a);
    const ry = px * Math.sin(a) + py * Math.cos(a);
    return new Vector3(rx, y, -ry);
  }

  /**
   * Builds the board for a view: holes [{h, x, y, camp}], camps [{camp, holes, start, target,
   * closed, apex}], colours[seat] ('red'...), turn: the viewer's start camp (0..5).
   */
  setBoard(v, colours, turn) {
    const key = `${v.game}:${v.pieces}:${v.seats}:${turn}`;
    if (this.key === key) return;
    this.key = key;
    this.holes = v.holes;
    this.turn = turn;
    this.boardGroup.clear();
    // the star's wood: one flat hexagram a little larger than the holes
    const star = new Shape();
    // apexes 8 rows (6.93 spacings) from the centre, the inner corners 4 spacings
    for (let i = 0; i < 12; i++) {
      const a = Math.PI / 2 + (i * Math.PI) / 6 + (turn * Math.PI) / 3;
      const r = (i % 2 === 0 ? 8 * R3 + 0.7 : 4 + 0.45) * S;
      if (i === 0) star.moveTo(r * Math.cos(a), r * Math.sin(a));
      else star.lineTo(r * Math.cos(a), r * Math.sin(a));
    }
    const wood = new Mesh(new ShapeGeometry(star), new MeshStandardMaterial({ color: '#d9ab6f', roughness: 0.75 }));
    wood.rotation.x = -Math.PI / 2;
    wood.position.y = -0.001;
    const slab = new Mesh(new CylinderGeometry(8.1 * S, 8.1 * S, 0.25, 64), new MeshStandardMaterial({ color: '#8a5a33', roughness: 0.85 }));
    slab.position.y = -0.14;
    this.boardGroup.add(slab, wood);
    // tints: a target camp in the colour of the seat heading for it, closed camps grey
    const tint = new Map();
    for (const c of v.camps) {
      let t = null;
      if (c.target >= 0) t = TINT[colours[c.target]] || '#eee';
      else if (c.closed) t = '#9c8f80';
      if (t) for (const h of c.holes) tint.set(h, t);
    }
    const tintMat = new Map();
    for (const o of v.holes) {
      const t = tint.get(o.h);
      if (t) {
        if (!tintMat.has(t)) tintMat.set(t, new MeshBasicMaterial({ color: t }));
        const disc = new Mesh(new CircleGeometry(0.3, 24), tintMat.get(t));
        disc.rotation.x = -Math.PI / 2;
        disc.position.copy(this.at(o.h, 0.002));
        this.boardGroup.add(disc);
      }
      const hole = new Mesh(this.geo.hole, this.mat.hole);
      hole.rotation.x = -Math.PI / 2;
      hole.position.copy(this.at(o.h, 0.004));
      this.boardGroup.add(hole);
    }
    // ◎ on each seat's target apex: a ring around the hole
    for (const si of v.seatInfo) {
      const ring = new Mesh(this.geo.apex, this.marble(colours[si.seat]));
      ring.rotation.x = -Math.PI / 2;
      ring.position.copy(this.at(si.targetApex, 0.006));
      this.boardGroup.add(ring);
      // a game with kings: the ◎ where the king must end, labelled too
      if (si.king >= 0) {
        const label = this.label('◎', MARBLE[colours[si.seat]]);
        const p = this.at(si.targetApex, 0.05);
        const out = p.clone().setY(0).normalize().multiplyScalar(0.55);
        label.position.copy(p.add(out));
        this.boardGroup.add(label);
      }
    }
    this.scene.setView(this.scene.mode);
  }

  label(text, colour) {
    // an OffscreenCanvas in a render worker (render/worker.js), which has no document
    const cv = typeof document === 'undefined' ? new OffscreenCanvas(64, 64) : document.createElement('canvas');
    cv.width = cv.height = 64;
    const g = cv.getContext('2d');
    g.fillStyle = colour;
    g.font = '700 48px sans-serif';
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(text, 32, 34);
    const tex = new CanvasTexture(cv);
    tex.colorSpace = SRGBColorSpace;
    const sp = new Sprite(new SpriteMaterial({ map: tex, depthTest: false }));
    sp.scale.set(0.45, 0.45, 1);
    return sp;
  }

  /**
   * Draws a position: board[h] the seat on hole h or -1; kings the holes of kings; marks:
   * {selected, rings[], refused (a hole ringed red, blinking), hover: {path}, last: [{path}],
   * animate: {path} (the last move's marble hops along it)}.
   */
  draw(board, kings, colours, marks = {}) {
    this.pieceGroup.clear();
    this.markGroup.clear();
    this.pieceAt.clear();
    if (!this.holes) return;
    const kingSet = new Set(kings);
    for (let h = 0; h < board.length; h++) {
      const seat = board[h];
      if (seat < 0) continue;
      const g = new Group();
      const m = new Mesh(this.geo.marble, this.marble(colours[seat]));
      const king = kingSet.has(h);
      m.position.y = 0.25;
      if (king) m.scale.set(1.12, 1.35, 1.12);
      g.add(m);
      if (king) {
        const band = new Mesh(this.geo.band, this.mat.gold);
        band.rotation.x = -Math.PI / 2;
        band.position.y = 0.52;
        g.add(band);
      }
      g.position.copy(this.at(h, marks.selected === h ? 0.28 : 0));
      g.traverse((o) => { o.userData.h = h; });
      this.pieceGroup.add(g);
      this.pieceAt.set(h, g);
    }
    const ring = (h, mat, y = 0.02) => {
      const r = new Mesh(this.geo.ring, mat);
      r.rotation.x = -Math.PI / 2;
      r.position.copy(this.at(h, y));
      this.markGroup.add(r);
      return r;
    };
    const dotted = (path, mat, arc) => {
      for (let i = 1; i < path.length; i++) {
        const a = this.at(path[i - 1], 0.04);
        const b = this.at(path[i], 0.04);
        const n = Math.max(3, Math.round(a.distanceTo(b) / 0.16));
        for (let k = 1; k < n; k++) {
          const t = k / n;
          const d = new Mesh(this.geo.dot, mat);
          d.position.lerpVectors(a, b, t);
          if (arc) d.position.y += Math.sin(Math.PI * t) * 0.45;
          this.markGroup.add(d);
        }
      }
    };
    for (const last of marks.last || []) {
      if (!last || !last.path || last.path.length < 2) continue;
      ring(last.path[0], this.mat.orange);
      dotted(last.path, this.mat.yellowDot, false);
    }
    if (marks.selected != null) ring(marks.selected, this.mat.lime, 0.03);
    for (const h of marks.rings || []) ring(h, this.mat.lime, 0.03);
    if (marks.hover && marks.hover.path && marks.hover.path.length > 1) {
      const p = marks.hover.path;
      dotted(p, this.mat.lime, true);
      const ghost = new Mesh(this.geo.marble, this.mat.ghost);
      ghost.position.copy(this.at(p[p.length - 1], 0.25));
      this.markGroup.add(ghost);
    }
    if (marks.refused != null) {
      const r = ring(marks.refused, this.mat.red, 0.05);
      const t0 = performance.now();
      const blink = (now) => {
        if (!r.parent) return;
        const k = (now - t0) / 180;
        if (k > 8) { this.markGroup.remove(r); this.scene.render(); return; }
        r.visible = Math.floor(k) % 2 === 0;
        this.scene.render();
        requestAnimationFrame(blink);
      };
      requestAnimationFrame(blink);
    }
    this.anim = null;
    const a = marks.animate;
    if (a && a.path && a.path.length > 1 && this.pieceAt.get(a.path[a.path.length - 1])) {
      const g = this.pieceAt.get(a.path[a.path.length - 1]);
      const pts = a.path.map((h) => this.at(h));
      g.traverse((o) => { o.userData.anim = true; });
      this.anim = { g, pts, t0: performance.now(), per: Math.min(220, 700 / (pts.length - 1)) };
      g.position.copy(pts[0]);
      requestAnimationFrame((t) => this.step(t));
    }
    this.scene.render();
  }

  /** One frame of the hopping animation. */
  step(now) {
    const a = this.anim;
    if (!a) return;
    const t = Math.max(0, (now - a.t0) / a.per);
    const i = Math.min(Math.floor(t), a.pts.length - 1);
    if (i >= a.pts.length - 1) {
      a.g.position.copy(a.pts[a.pts.length - 1]);
      a.g.traverse((o) => { o.userData.anim = false; });
      this.anim = null;
      this.scene.render();
      return;
    }
    const f = t - i;
    a.g.position.lerpVectors(a.pts[i], a.pts[i + 1], f);
    a.g.position.y = Math.sin(Math.PI * f) * 0.5;
    this.scene.render();
    requestAnimationFrame((n) => this.step(n));
  }

  /** The hole under the ray (a marble first, else the nearest hole on the table), null off it. */
  pick(raycaster) {
    const hit = raycaster.intersectObjects(this.pieceGroup.children, true).find((x) => !x.object.userData.anim);
    if (hit && hit.object.userData.h != null) return hit.object.userData.h;
    const p = new Vector3();
    if (!this.holes || !raycaster.ray.intersectPlane(this.ground, p)) return null;
    let best = null;
    let bd = (S * 0.55) ** 2;
    for (const o of this.holes) {
      const w = this.at(o.h);
      const d = (w.x - p.x) ** 2 + (w.z - p.z) ** 2;
      if (d < bd) { bd = d; best = o.h; }
    }
    return best;
  }

  /** The holes' centres on the table: the tap targets the scene keeps apart on a small screen. */
  targets() {
    return (this.holes || []).map((o) => this.at(o.h));
  }

  /** The holes a tap may name (the render worker projects each for squareToScreen). */
  cells() {
    return (this.holes || []).map((o) => o.h);
  }

  /** A hole's centre at marble height (the tests tap there). */
  worldOf(h) {
    if (!this.holes || !this.holes[h]) return null;
    const g = this.pieceAt.get(h);
    return this.at(h, g ? g.position.y + 0.3 : 0.02);
  }
}
