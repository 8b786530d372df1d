// The legal moves as a list of buttons (shown text, the engine's move text in data-text, a
// spoken name) and the game record, both under the cell panel.
export class MoveList {
  /**
   * @param {HTMLElement} list  the <ul> of legal moves
   * @param {HTMLElement} record  the <ol> of moves played
   * @param {(m: object) => void} onPick
   */
  constructor(list, record, onPick) {
    this.list = list;
    this.record = record;
    this.onPick = onPick;
  }

  /**
   * moves [{alg, text}]; o: {enabled, spoken(m), empty, label(m)?}: when no move may be
   * played now the list shows the empty line instead; label gives a move's shown text
   * (default m.alg).
   */
  render(moves, o) {
    const list = this.list;
    list.textContent = '';
    if (!moves.length || !o.enabled) {
      const li = document.createElement('li');
      li.className = 'none';
      li.textContent = o.empty;
      list.appendChild(li);
      return;
    }
    for (const m of moves) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      const shown = o.label ? o.label(m) : m.alg;
      b.textContent = shown;
      b.dataset.text = m.text;
      // the accessible name starts with the visible text (WCAG 2.5.3), then says it in words
      b.setAttribute('aria-label', `${shown}, ${o.spoken(m)}`);
      b.addEventListener('click', () => this.onPick(m));
      li.appendChild(b);
      list.appendChild(li);
    }
  }

  /** The record: one line per entry, text(e) each. */
  history(entries, text) {
    const h = this.record;
    h.textContent = '';
    for (const e of entries) {
      const li = document.createElement('li');
      li.textContent = text(e);
      h.appendChild(li);
    }
  }
}
