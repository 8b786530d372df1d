// The backgammon board as an SVG drawing (2D): the 24 points numbered from the
// viewer's side (their checkers run 24 → 1, home 1–6 at the bottom right), the bar, the
// trays of borne-off checkers on the right, the dice in the middle, and the marks of a turn
// (green rings on movable checkers, the picked checker, lit destinations, the last play).
// Places given to the board are in the viewer's numbering: 1..24 the points, 25 the bar,
// 0 the tray.
const NS = 'http://www.w3.org/2000/svg';
const M = 12; // frame
const PW = 44; // point width
const BAR_W = 48;
const TRAY_W = 56;
const PH = 200; // point height
const GAP = 84; // between the rows
const W = M + 12 * PW + BAR_W + 8 + TRAY_W + M;
const H = M + PH + GAP + PH + M;
const R = 19; // checker radius
const LEFT = M;
const BAR_X = M + 6 * PW;
const RIGHT = BAR_X + BAR_W;
const TRAY_X = RIGHT + 6 * PW + 8;
const MID = M + PH + GAP / 2;

/** The centre x of point p (viewer's numbering) and whether it hangs from the top. */
function pointX(p) {
  if (p <= 6) return { x: RIGHT + (6 - p + 0.5) * PW, top: false };
  if (p <= 12) return { x: LEFT + (12 - p + 0.5) * PW, top: false };
  if (p <= 18) return { x: LEFT + (p - 12.5) * PW, top: true };
  return { x: RIGHT + (p - 18.5) * PW, top: true };
}

const el = (name, attrs = {}, parent = null) => {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
};

export class BgBoard {
  /**
   * @param {HTMLElement} host  the element the SVG goes in
   * @param {(cell: number|null) => void} onTap  a tap on a place (null: off the board)
   * @param {() => void} onDice  a tap on the dice
   */
  constructor(host, onTap, onDice) {
    this.svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'bg-svg', 'aria-hidden': 'true' });
    host.appendChild(this.svg);
    this.onTap = onTap;
    this.onDice = onDice;
    this.svg.addEventListener('click', (e) => {
      const d = e.target.closest('[data-dice]');
      if (d) return this.onDice();
      const c = e.target.closest('[data-cell]');
      return this.onTap(c ? Number(c.dataset.cell) : null);
    });
    this.drawFrame();
    this.layer = el('g', {}, this.svg);
  }

  drawFrame() {
    const s = this.svg;
    el('rect', { x: 0, y: 0, width: W, height: H, rx: 10, class: 'bg-frame' }, s);
    el('rect', { x: LEFT, y: M, width: 6 * PW, height: H - 2 * M, class: 'bg-felt' }, s);
    el('rect', { x: RIGHT, y: M, width: 6 * PW, height: H - 2 * M, class: 'bg-felt' }, s);
    el('rect', { x: BAR_X, y: M, width: BAR_W, height: H - 2 * M, class: 'bg-bar', 'data-cell': 25 }, s);
    el('rect', { x: TRAY_X, y: M, width: TRAY_W, height: H - 2 * M, class: 'bg-tray', 'data-cell': 0 }, s);
    this.points = new Map();
    this.labels = new Map();
    for (let p = 1; p <= 24; p++) {
      const { x, top } = pointX(p);
      const y0 = top ? M : H - M;
      const tip = top ? M + PH - 10 : H - M - PH + 10;
      const g = el('g', { 'data-cell': p, class: 'bg-point' }, s);
      el('rect', { x: x - PW / 2, y: top ? M : H - M - PH - GAP / 2 + 10, width: PW, height: PH + GAP / 2 - 10, class: 'bg-hit' }, g);
      const tri = el('polygon', { points: `${x - PW / 2 + 1},${y0} ${x + PW / 2 - 1},${y0} ${x},${tip}`, class: `bg-tri ${p % 2 ? 'odd' : 'even'}` }, g);
      this.points.set(p, tri);
      const lab = el('text', { x, y: top ? M + PH + 16 : H - M - PH - 6, class: 'bg-num', 'text-anchor': 'middle' }, g);
      this.labels.set(p, lab);
    }
  }

  /** The client coordinates of a place's tap target (for tests), or null. */
  placeToScreen(cell) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return null;
    let x;
    let y;
    if (cell >= 1 && cell <= 24) {
      const p = pointX(cell);
      x = p.x;
      y = p.top ? M + 40 : H - M - 40;
    } else if (cell === 25) {
      x = BAR_X + BAR_W / 2;
      y = MID;
    } else if (cell === 0) {
      x = TRAY_X + TRAY_W / 2;
      y = MID;
    } else if (cell === 'dice') {
      x = RIGHT + 3 * PW;
      y = MID;
    } else return null;
    const pt = this.svg.createSVGPoint();
    pt.x = x;
    pt.y = y;
    const q = pt.matrixTransform(ctm);
    return { x: q.x, y: q.y };
  }

  /**
   * Draws a position. s: {mine, theirs} counts by the viewer's place (arrays of 26: 0 off,
   * 1..24 points, 25 bar; theirs also in the viewer's numbering), colours [viewer's,
   * other's] ('white'|'black'), dice [{v, used}] or null, canRoll, marks {rings: Set,
   * selected, targets: Set, last: Set}.
   */
  draw(s) {
    const g = this.layer;
    g.textContent = '';
    for (let p = 1; p <= 24; p++) {
      this.labels.get(p).textContent = String(p);
      const tri = this.points.get(p);
      tri.classList.toggle('target', s.marks.targets.has(p));
      tri.classList.toggle('last', s.marks.last.has(p));
    }
    this.svg.querySelector('.bg-tray').classList.toggle('target', s.marks.targets.has(0));
    this.svg.querySelector('.bg-bar').classList.toggle('target', false);
    const stack = (n, colour, x, yBase, dir, cell, ring, selected) => {
      const shown = Math.min(n, 5);
      for (let i = 0; i < shown; i++) {
        const y = yBase + dir * (R + i * 2 * R);
        const top = i === shown - 1;
        const c = el('circle', { cx: x, cy: y, r: R - 1, class: `bg-checker ${colour}`, 'data-cell': cell }, g);
        if (top && ring) c.classList.add('ring');
        if (top && selected) c.classList.add('selected');
        if (top && n > 5) {
          const t = el('text', { x, y: y + 6, class: `bg-count ${colour}`, 'text-anchor': 'middle', 'data-cell': cell }, g);
          t.textContent = String(n);
        }
      }
    };
    for (let p = 1; p <= 24; p++) {
      const { x, top } = pointX(p);
      const yBase = top ? M : H - M;
      const dir = top ? 1 : -1;
      const ring = s.marks.rings.has(p);
      const sel = s.marks.selected === p;
      if (s.mine[p] > 0) stack(s.mine[p], s.colours[0], x, yBase, dir, p, ring, sel);
      if (s.theirs[p] > 0) stack(s.theirs[p], s.colours[1], x, yBase, dir, p, ring, sel);
    }
    // the bar: the viewer's checkers below the middle, the other's above
    const bx = BAR_X + BAR_W / 2;
    if (s.mine[25]) stack(s.mine[25], s.colours[0], bx, MID + 8, 1, 25, s.marks.rings.has(25), s.marks.selected === 25);
    if (s.theirs[25]) stack(s.theirs[25], s.colours[1], bx, MID - 8, -1, 25, s.marks.rings.has(25), s.marks.selected === 25);
    // the trays: borne-off checkers as thin bars, the viewer's at the bottom
    const tray = (n, colour, bottom) => {
      for (let i = 0; i < n; i++) {
        const y = bottom ? H - M - 4 - (i + 1) * 12 : M + 4 + i * 12;
        el('rect', { x: TRAY_X + 6, y, width: TRAY_W - 12, height: 10, rx: 3, class: `bg-off ${colour}`, 'data-cell': 0 }, g);
      }
    };
    tray(s.mine[0], s.colours[0], true);
    tray(s.theirs[0], s.colours[1], false);
    // the dice in the middle of the right half (or a roll button drawn as two blank dice)
    const dg = el('g', { 'data-dice': '1', class: `bg-dice${s.canRoll ? ' can-roll' : ''}` }, g);
    el('rect', { x: RIGHT + PW, y: MID - 22, width: 4 * PW, height: 44, class: 'bg-hit' }, dg);
    const dice = s.dice || [];
    const n = dice.length || 2;
    const size = dice.length > 2 ? 30 : 38;
    const x0 = RIGHT + 3 * PW - (n * size + (n - 1) * 8) / 2;
    for (let i = 0; i < n; i++) {
      const d = dice[i];
      const x = x0 + i * (size + 8);
      const y = MID - size / 2;
      el('rect', { x, y, width: size, height: size, rx: 6, class: `bg-die ${d && d.used ? 'used' : ''} ${s.diceColour}` }, dg);
      if (d) pips(dg, x, y, size, d.v, s.diceColour);
    }
    // the opening roll: one die each, on each side of the bar
    if (s.opening) {
      const y = MID - 17;
      const x = LEFT + 3 * PW;
      s.opening.forEach((d, i) => {
        const c = s.colours[i];
        const dx = i === 0 ? x + 4 : x - 38;
        el('rect', { x: dx, y, width: 34, height: 34, rx: 6, class: `bg-die ${c}` }, g);
        pips(g, dx, y, 34, d, c);
      });
    }
  }
}

const SPOTS = {
  1: [[0.5, 0.5]],
  2: [[0.25, 0.25], [0.75, 0.75]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.25, 0.22], [0.75, 0.22], [0.25, 0.5], [0.75, 0.5], [0.25, 0.78], [0.75, 0.78]],
};

function pips(g, x, y, size, v, colour) {
  for (const [a, b] of SPOTS[v] || []) el('circle', { cx: x + a * size, cy: y + b * size, r: size / 11, class: `bg-spot ${colour}` }, g);
}
