// The cell panel: the board as rows of buttons in the order the viewer sees it (row 0 is the
// far edge), moved through with the arrow keys (roving tabindex) and pressed with Enter or
// Space. Rows may have any lengths (a square board, a star board's rows, a backgammon
// board's points); a game's page gives the rows and, on every render, each cell's look.
export class CellPanel {
  /**
   * @param {HTMLElement} el  the grid container (role=grid)
   * @param {(id: number) => void} onTap  an active cell pressed
   */
  constructor(el, onTap) {
    this.el = el;
    this.onTap = onTap;
    this.key = '';
    this.focus = { r: 0, c: 0 };
    this.rows = [];
    el.addEventListener('keydown', (e) => this.keydown(e));
  }

  /**
   * Builds the rows once per key (rebuilt only when the key changes). rows: arrays of cells,
   * each {id, name} (an active cell: data-sq, data-name) or {label} (an inactive place with
   * that Korean label); a cell's optional col places it in a grid column (star boards), and
   * span: true stretches a row's lone cell over every column (backgammon's tray).
   * Focus starts at the first cell of the nearest row.
   */
  build(key, rows) {
    if (key === this.key) return;
    this.key = key;
    this.bySq = new Map();
    this.cells = [];
    this.el.textContent = '';
    this.el.style.setProperty('--n', Math.max(...rows.map((r) => r.length)));
    rows.forEach((cells, r) => {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      const line = [];
      cells.forEach((s, c) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.setAttribute('role', 'gridcell');
        b.tabIndex = -1;
        b.dataset.r = r;
        b.dataset.c = c;
        if (s.col != null) b.style.gridColumn = String(s.col + 1);
        else if (s.span) b.style.gridColumn = '1 / -1';
        if (s.id != null) {
          b.className = 'cell dark';
          b.dataset.sq = s.id;
          b.dataset.name = s.name;
          b.addEventListener('click', () => { this.focus = { r, c }; this.onTap(s.id); });
          this.bySq.set(s.id, b);
        } else {
          b.className = 'cell light';
          b.setAttribute('aria-label', s.label);
          b.setAttribute('aria-disabled', 'true');
        }
        row.appendChild(b);
        line.push(b);
      });
      this.el.appendChild(row);
      this.cells.push(line);
    });
    this.focus = { r: rows.length - 1, c: 0 };
    this.cells[this.focus.r][0].tabIndex = 0;
  }

  /** Moves keyboard focus to the grid's current cell. */
  focusCurrent() {
    const b = this.cells && this.cells[this.focus.r] && this.cells[this.focus.r][this.focus.c];
    if (b) b.focus({ preventScroll: true });
  }

  /** Arrow keys: left and right along the row, up and down to the nearest place of the next
   * row (by grid column when the cells have one). */
  keydown(e) {
    const d = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
    if (!d) return;
    e.preventDefault();
    const from = this.cells[this.focus.r][this.focus.c];
    const r = Math.max(0, Math.min(this.cells.length - 1, this.focus.r + d[0]));
    let c;
    if (d[0] === 0) {
      c = Math.max(0, Math.min(this.cells[r].length - 1, this.focus.c + d[1]));
    } else {
      const col = (b, i) => (b.style.gridColumn ? Number(b.style.gridColumn) - 1 : i);
      const want = col(from, this.focus.c);
      c = 0;
      this.cells[r].forEach((b, i) => { if (Math.abs(col(b, i) - want) < Math.abs(col(this.cells[r][c], c) - want)) c = i; });
    }
    from.tabIndex = -1;
    this.focus = { r, c };
    const b = this.cells[r][c];
    b.tabIndex = 0;
    b.focus();
  }

  /** Sets each active cell's look: looks(id) → {cls: [class...], label}. */
  update(looks) {
    for (const [id, b] of this.bySq) {
      const l = looks(id);
      b.className = ['cell', ...l.cls].join(' ');
      b.setAttribute('aria-label', l.label);
    }
  }
}
