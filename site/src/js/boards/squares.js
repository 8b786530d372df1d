// The board of squares (checkers 8×8, draughts 10×10) on the shared scene: the checkered
// table with its coordinates, round pieces (a crowned stack for a king), and the marks of a
// selection and of the last move. A pure picture of (board, marks): it knows no rules.
import {
  Mesh, Group, BoxGeometry, CylinderGeometry, TorusGeometry, PlaneGeometry, CanvasTexture,
  MeshStandardMaterial, MeshBasicMaterial, Vector3, Plane, SRGBColorSpace,
} from 'three';

const COLORS = {
  light: '#ead7b3', dark: '#7a4b2a', frame: '#4a2c17', label: '#f3e6cc',
  seat: ['#26221f', '#f1ebdf'], gold: 0xd9a521, green: 0x2fbf4a, orange: 0xff7a1a, red: 0xe0302a,
};

export class SquaresBoard {
  /** @param {import('../scene.js').Scene} scene  the scene it stands on (it calls use()) */
  constructor(scene) {
    this.scene = scene;
    this.size = 8;
    this.flip = false;
    this.squares = null;
    this.boardGroup = new Group();
    this.pieceGroup = new Group();
    this.markGroup = new Group();
    scene.scene.add(this.boardGroup, this.pieceGroup, this.markGroup);
    this.geo = {
      piece: new CylinderGeometry(0.4, 0.42, 0.16, 40),
      ring: new TorusGeometry(0.46, 0.045, 10, 48),
      smallRing: new TorusGeometry(0.2, 0.04, 8, 32),
      dot: new CylinderGeometry(0.14, 0.14, 0.04, 24),
      crown: new TorusGeometry(0.24, 0.05, 10, 36),
      bar: new BoxGeometry(1, 1, 1),
    };
    this.mat = {
      seat: COLORS.seat.map((c) => new MeshStandardMaterial({ color: c, roughness: 0.45, metalness: 0.05 })),
      gold: new MeshStandardMaterial({ color: COLORS.gold, roughness: 0.3, metalness: 0.7, emissive: 0x3a2a00 }),
      green: new MeshBasicMaterial({ color: COLORS.green }),
      orange: new MeshBasicMaterial({ color: COLORS.orange }),
      red: new MeshBasicMaterial({ color: COLORS.red }),
    };
    this.ground = new Plane(new Vector3(0, 1, 0), 0);
    this.pieceAt = new Map();
    scene.use(this);
  }

  /** Whether a board has been built (the scene frames it on resize). */
  get ready() {
    return !!this.squares;
  }

  frame() {
    return { half: this.size / 2 + 0.8, scale: this.size / 8, flip: this.flip };
  }

  /** World position of the centre of square (x, y), first mover's coordinates. */
  at(x, y, height = 0) {
    const c = (this.size - 1) / 2;
    return new Vector3(x - c, height, c - y);
  }

  /**
   * Builds the board for a size (8 or 10) and orientation (flip: seen from seat 1);
   * squares are the view's dark squares [{sq, x, y}]; darkSeat is the seat whose pieces
   * are drawn dark.
   */
  setBoard(size, squares, flip, darkSeat = 0) {
    this.darkSeat = darkSeat;
    if (this.size === size && this.flip === flip && this.boardGroup.children.length) return;
    this.size = size;
    this.flip = flip;
    this.squares = squares;
    this.boardGroup.clear();
    const border = 0.7;
    const full = size + 2 * border;
    const px = 64;
    // an OffscreenCanvas in a render worker (render/worker.js), which has no document
    const side = Math.round(full * px);
    const cv = typeof document === 'undefined' ? new OffscreenCanvas(side, side) : document.createElement('canvas');
    cv.width = cv.height = side;
    const g = cv.getContext('2d');
    g.fillStyle = COLORS.frame;
    g.fillRect(0, 0, cv.width, cv.height);
    const o = border * px;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        g.fillStyle = (x + y) % 2 === 0 ? COLORS.dark : COLORS.light;
        // canvas row 0 is the far edge (-Z); first mover's row y sits at the near edge
        g.fillRect(o + x * px, o + (size - 1 - y) * px, px, px);
      }
    }
    g.fillStyle = COLORS.label;
    g.font = `600 ${Math.round(px * 0.36)}px "NanumGothic", "Noto Sans KR", sans-serif`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    const text = (s, cx, cy) => {
      g.save();
      g.translate(cx, cy);
      if (flip) g.rotate(Math.PI);
      g.fillText(s, 0, 0);
      g.restore();
    };
    for (let i = 0; i < size; i++) {
      const letter = String.fromCharCode(97 + i);
      const cx = o + (i + 0.5) * px;
      text(letter, cx, o / 2);
      text(letter, cx, cv.height - o / 2);
      const cy = o + (size - 1 - i + 0.5) * px;
      text(String(i + 1), o / 2, cy);
      text(String(i + 1), cv.width - o / 2, cy);
    }
    const tex = new CanvasTexture(cv);
    tex.colorSpace = SRGBColorSpace;
    tex.anisotropy = 4;
    const top = new Mesh(new PlaneGeometry(full, full), new MeshStandardMaterial({ map: tex, roughness: 0.7 }));
    top.rotation.x = -Math.PI / 2;
    top.position.y = 0.001;
    const slab = new Mesh(new BoxGeometry(full, 0.4, full), new MeshStandardMaterial({ color: COLORS.frame, roughness: 0.8 }));
    slab.position.y = -0.2;
    this.boardGroup.add(slab, top);
    this.scene.setView(this.scene.mode);
  }

  /**
   * Draws a position: board is the view's board array (0 empty, 1/2 seat 0 man/king, 3/4
   * seat 1); marks are {selected, capturable[], dots[], rings[], last: {path, to, captured},
   * animate}: with animate the piece that ends the last move glides along its path.
   */
  draw(board, marks = {}) {
    this.pieceGroup.clear();
    this.markGroup.clear();
    this.pieceAt.clear();
    if (!this.squares) return;
    for (const { sq, x, y } of this.squares) {
      const p = board[sq];
      if (!p) continue;
      const seat = p <= 2 ? 0 : 1;
      const king = p === 2 || p === 4;
      const lift = marks.selected === sq ? 0.3 : 0;
      const g = new Group();
      const mat = this.mat.seat[seat === (this.darkSeat || 0) ? 0 : 1];
      const base = new Mesh(this.geo.piece, mat);
      base.position.y = 0.08;
      g.add(base);
      if (king) {
        const second = new Mesh(this.geo.piece, mat);
        second.position.y = 0.25;
        const crown = new Mesh(this.geo.crown, this.mat.gold);
        crown.rotation.x = -Math.PI / 2;
        crown.position.y = 0.335;
        g.add(second, crown);
      }
      g.position.copy(this.at(x, y, lift));
      g.traverse((m) => { m.userData.sq = sq; });
      this.pieceGroup.add(g);
      this.pieceAt.set(sq, g);
    }
    const last = marks.last;
    this.anim = null;
    if (marks.animate && last && last.path && last.path.length > 1 && this.pieceAt.get(last.to)) {
      const xy = new Map(this.squares.map((q) => [q.sq, q]));
      const pts = last.path.map((sq) => xy.get(sq)).filter(Boolean).map((q) => this.at(q.x, q.y));
      const g = this.pieceAt.get(last.to);
      g.traverse((m) => { m.userData.anim = true; });
      this.anim = { g, pts, t0: performance.now(), per: Math.min(160, 420 / (pts.length - 1)) };
      g.position.copy(pts[0]);
      requestAnimationFrame((t) => this.step(t));
    }
    const sqXY = new Map(this.squares.map((s) => [s.sq, s]));
    const put = (geo, mat, sq, h, flat = true) => {
      const s = sqXY.get(sq);
      if (!s) return;
      const m = new Mesh(geo, mat);
      if (flat) m.rotation.x = -Math.PI / 2;
      m.position.copy(this.at(s.x, s.y, h));
      this.markGroup.add(m);
    };
    if (marks.selected) put(this.geo.ring, this.mat.gold, marks.selected, 0.05);
    for (const sq of marks.capturable || []) put(this.geo.ring, this.mat.gold, sq, 0.03);
    for (const sq of marks.dots || []) put(this.geo.dot, this.mat.green, sq, 0.03, false);
    for (const sq of marks.rings || []) put(this.geo.ring, this.mat.green, sq, 0.03);
    if (last && last.path && last.path.length > 1) {
      for (let i = 1; i < last.path.length; i++) {
        const a = sqXY.get(last.path[i - 1]);
        const b = sqXY.get(last.path[i]);
        if (!a || !b) continue;
        const pa = this.at(a.x, a.y, 0.02);
        const pb = this.at(b.x, b.y, 0.02);
        const len = pa.distanceTo(pb);
        const bar = new Mesh(this.geo.bar, this.mat.orange);
        bar.scale.set(0.09, 0.02, len);
        bar.position.copy(pa.clone().add(pb).multiplyScalar(0.5));
        bar.lookAt(pb.x, 0.02, pb.z);
        this.markGroup.add(bar);
      }
      for (const sq of last.captured || []) put(this.geo.smallRing, this.mat.red, sq, 0.03);
    }
    this.scene.render();
  }

  /** One frame of the last move's glide: along each segment with a small hop. */
  step(now) {
    const a = this.anim;
    if (!a) return;
    const t = Math.max(0, (now - a.t0) / a.per);
    const i = Math.min(Math.floor(t), a.pts.length - 1);
    if (i >= a.pts.length - 1) {
      a.g.position.copy(a.pts[a.pts.length - 1]);
      a.g.traverse((m) => { m.userData.anim = false; });
      this.anim = null;
      this.scene.render();
      return;
    }
    const f = t - i;
    const e = f * f * (3 - 2 * f);
    a.g.position.lerpVectors(a.pts[i], a.pts[i + 1], e);
    a.g.position.y = Math.sin(Math.PI * f) * 0.35;
    this.scene.render();
    requestAnimationFrame((n) => this.step(n));
  }

  /** The dark square under the ray: a piece first, else the table; 0 for a light square,
   * null off the board. */
  pick(raycaster) {
    const hit = raycaster.intersectObjects(this.pieceGroup.children, true).find((h) => !h.object.userData.anim);
    if (hit && hit.object.userData.sq) return hit.object.userData.sq;
    const p = new Vector3();
    if (!raycaster.ray.intersectPlane(this.ground, p)) return null;
    const c = (this.size - 1) / 2;
    const x = Math.round(p.x + c);
    const y = Math.round(c - p.z);
    if (x < 0 || y < 0 || x >= this.size || y >= this.size) return null;
    const s = (this.squares || []).find((q) => q.x === x && q.y === y);
    return s ? s.sq : 0;
  }

  /** The squares a tap may name (the render worker projects each for squareToScreen). */
  cells() {
    return (this.squares || []).map((q) => q.sq);
  }

  /** A square's centre at piece height (the top of a lifted piece). */
  worldOf(sq) {
    const s = (this.squares || []).find((q) => q.sq === sq);
    if (!s) return null;
    const lifted = this.pieceAt.get(sq);
    return this.at(s.x, s.y, lifted ? lifted.position.y + 0.16 : 0.02);
  }
}
