// The button board: the same board as a grid of buttons in the order the viewer sees it,
// moved through with the arrow keys (roving tabindex) and pressed with Enter or Space.
import { SIDES } from './text.js';

export class ButtonBoard {
  /** @param {HTMLElement} el  the grid container; onTap(sq) gets a dark square */
  constructor(el, onTap) {
    this.el = el;
    this.onTap = onTap;
    this.key = '';
    this.focus = { r: 0, c: 0 };
    el.addEventListener('keydown', (e) => this.keydown(e));
  }

  build(size, squares, flip) {
    const key = `${size}:${flip}`;
    if (key === this.key) return;
    this.key = key;
    this.size = size;
    this.flip = flip;
    this.bySq = new Map();
    this.cells = [];
    this.el.textContent = '';
    this.el.style.setProperty('--n', size);
    const at = new Map(squares.map((s) => [`${s.x},${s.y}`, s]));
    for (let r = 0; r < size; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      const line = [];
      for (let c = 0; c < size; c++) {
        // row 0 is the far edge as the viewer sees it
        const x = flip ? size - 1 - c : c;
        const y = flip ? r : size - 1 - r;
        const s = at.get(`${x},${y}`);
        const b = document.createElement('button');
        b.type = 'button';
        b.setAttribute('role', 'gridcell');
        b.tabIndex = -1;
        b.dataset.r = r;
        b.dataset.c = c;
        if (s) {
          b.className = 'cell dark';
          b.dataset.sq = s.sq;
          b.dataset.name = s.name;
          b.addEventListener('click', () => { this.focus = { r, c }; this.onTap(s.sq); });
          this.bySq.set(s.sq, b);
        } else {
          b.className = 'cell light';
          b.setAttribute('aria-label', '밝은 칸');
          b.setAttribute('aria-disabled', 'true');
        }
        row.appendChild(b);
        line.push(b);
      }
      this.el.appendChild(row);
      this.cells.push(line);
    }
    this.focus = { r: size - 1, c: 0 };
    this.cells[size - 1][0].tabIndex = 0;
  }

  /** Moves keyboard focus to the grid's current cell. */
  focusCurrent() {
    const b = this.cells && this.cells[this.focus.r] && this.cells[this.focus.r][this.focus.c];
    if (b) b.focus({ preventScroll: true });
  }

  keydown(e) {
    const d = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
    if (!d) return;
    e.preventDefault();
    const r = Math.max(0, Math.min(this.size - 1, this.focus.r + d[0]));
    const c = Math.max(0, Math.min(this.size - 1, this.focus.c + d[1]));
    this.cells[this.focus.r][this.focus.c].tabIndex = -1;
    this.focus = { r, c };
    const b = this.cells[r][c];
    b.tabIndex = 0;
    b.focus();
  }

  /** Updates every dark square's look and Korean label. */
  update(view, marks) {
    const sides = SIDES[view.game];
    const dots = new Set(marks.dots || []);
    const rings = new Set(marks.rings || []);
    const capt = new Set(marks.capturable || []);
    const lastPath = new Set((marks.last && marks.last.path) || []);
    for (const [sq, b] of this.bySq) {
      const p = view.board[sq];
      const seat = p ? (p <= 2 ? 0 : 1) : -1;
      const king = p === 2 || p === 4;
      let label = b.dataset.name + ', ';
      label += p ? `${sides[seat]} ${king ? '왕' : '말'}` : '빈칸';
      const cls = ['cell', 'dark'];
      if (p) cls.push(sides[seat] === '흑' ? 'black' : 'white', king ? 'king' : 'man');
      if (marks.selected === sq) { cls.push('selected'); label += ', 선택됨'; }
      if (capt.has(sq)) { cls.push('capturable'); label += ', 따먹을 수 있는 말'; }
      if (dots.has(sq)) { cls.push('target'); label += ', 갈 수 있는 칸'; }
      if (rings.has(sq)) { cls.push('final'); label += ', 마지막에 멈출 칸'; }
      if (lastPath.has(sq)) cls.push('last');
      b.className = cls.join(' ');
      b.setAttribute('aria-label', label);
    }
  }
}
