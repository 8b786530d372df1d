// Game records on the game page, for every family whose page names a record format
// (page.record, see Shell): download the game on screen as a record file (copy, save, the Web
// Share API), import a record file (paste or open; a list when it holds several games), review
// a game step by step (first/back/forward/last, arrow keys, a clickable move list), continue
// from any reviewed position against the AI or on one device, and the engine's view of each
// move (the advanced AI scores every position in the play worker, a small score graph, big
// losses marked with the better move).
//
// Records are written and read by the family's Go reader and writer in a second worker (the
// family's records module, data-records-worker/-wasm on <body>), started on first use; the
// analysis runs in the page's own engine worker, one position per request, so cancelling
// stops after the position being searched.
import { Engine } from '../engine.js';
import { newDiceSeed } from '../local-save.js';
import { REC, problemText, syntaxText, levelName } from './text.js';
import { CLOCK, clkOf, recordClock } from '../clock.js';

const $ = (id) => document.getElementById(id);

/** The records worker's URL: the build's hashed names from <body>, else beside the play worker. */
export function recordsURL(family, doc = globalThis.document) {
  const d = (doc && doc.body && doc.body.dataset) || {};
  const worker = d.recordsWorker || '/assets/worker.js';
  const wasm = d.recordsWasm || `${family}-records/madang.wasm`;
  return `${worker}?wasm=${encodeURIComponent(wasm)}`;
}

/** Analysis settings: search time per position in ms (the advanced engine). */
export const DEPTHS = [
  { id: 'fast', ms: 200 },
  { id: 'normal', ms: 500 },
  { id: 'deep', ms: 1500 },
];
export const DEFAULT_DEPTH = 'normal';

/** Scores beyond this are wins found by the search (the draughts engine's WinScore is 30000). */
const WIN = 20000;
/** The graph and the losses see scores clamped to this many of the engine's units. */
const CAP = 1000;

/** A record result token for an outcome {status, winner} (PDN: the first mover's score first);
 * the default of the page hook's resultToken. */
export function resultToken(o) {
  if (!o || o.status === 'ongoing') return '*';
  if (o.status === 'draw') return '1/2-1/2';
  return o.winner === 0 ? '1-0' : '0-1';
}

/** The outcome a PDN result token gives ({status, winner}); ongoing when unknown; the default
 * of the page hook's tokenOutcome. */
export function tokenOutcome(tok) {
  if (tok === '1-0' || tok === '2-0') return { status: 'win', winner: 0 };
  if (tok === '0-1' || tok === '0-2') return { status: 'win', winner: 1 };
  if (tok === '1/2-1/2' || tok === '1-1') return { status: 'draw', winner: -1 };
  return { status: 'ongoing', winner: -1 };
}

export class Records {
  /**
   * @param {object} shell  the page's Shell
   * @param {object} hook   the page's record hook: {seatTag(game, seat) → 'White'|'Black'|…,
   *                        lossThreshold(game) → engine units a move may lose before it is marked,
   *                        and optionally resultToken(outcome) → the record's result text and
   *                        tokenOutcome(token) → {status, winner} (default PDN's 1-0, 0-1,
   *                        1/2-1/2, *), scale (engine units of one piece in the shown score,
   *                        default 100), entryText(history entry) → its text in the move list
   *                        (default its alg), playText(analysis) → the engine's best move as
   *                        shown (default its move's alg, else its text), analysis: false for a
   *                        family without the engine
   *                        view (the analyse op). A family whose analyse op judges the move
   *                        played itself answers loss (the played move's loss, in the unit of
   *                        lossThreshold; the request carries played, the entry after the
   *                        position) and may give: score(analysis) → the entry the panel
   *                        keeps ({over, win, best, text, alg, loss?, skill?}; default: the
   *                        draughts-like score below); graphScore(analysis) → the graphed value
   *                        from the mover's view in -1000..1000 (default its score); or
   *                        graph({scores, losses, x, rec, ply}) → the whole graph's SVG (x(k):
   *                        a position's abscissa in the 300×60 box); graphLabel → the graph's
   *                        name; evalText(entry, colour) → the line under the graph;
   *                        lossNote(loss) and lossText(loss) → a marked move's note in the list
   *                        and its line (loss: {ply, loss, better, skill}); depthText: {fast,
   *                        normal, deep} → the settings' labels}
   */
  constructor(shell, hook) {
    this.shell = shell;
    this.hook = { resultToken, tokenOutcome, scale: 100, entryText: (e) => e.alg || e.text, analysis: true, ...hook };
    this.worker = null; // the records worker, started on first use
    this.format = null;
    this.rec = null; // the record under review: {game, fen, moves, algs, result, tags, problems}
    this.ply = 0;
    this.analysis = null; // {run, scores: [{v, best, alg, over}], done, cancelled}
    this.imported = [];
    this.importGen = 0; // the import running (a cancel or a newer import moves it on)
    this.importing = false;
    this.build();
    window.__madangRecords = this;
  }

  /** The records worker (lazily). */
  recordsEngine() {
    if (!this.worker) this.worker = new Engine(`${this.shell.page.family}-records`, recordsURL(this.shell.page.family));
    return this.worker;
  }

  // ---- the panel ---------------------------------------------------------------

  build() {
    const side = document.querySelector('aside.side');
    const box = document.createElement('section');
    box.id = 'records';
    box.className = 'card-panel records';
    box.setAttribute('aria-labelledby', 'records-title');
    box.innerHTML = `
      <h2 id="records-title">${REC.title}</h2>
      <div id="rec-review" hidden>
        <p id="rec-head" class="rec-head"></p>
        <div class="control-row rec-steps" role="group" aria-label="${REC.steps}">
          <!-- drawn, not letters: ⏮ and ⏭ are missing from the Korean fonts (empty boxes) -->
          <button type="button" id="rec-first" aria-label="${REC.first}"><svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="M2 2h2v12H2zM14 2v12L5 8z" fill="currentColor"/></svg></button>
          <button type="button" id="rec-back" aria-label="${REC.back}"><svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="M12 2v12L3 8z" fill="currentColor"/></svg></button>
          <button type="button" id="rec-forward" aria-label="${REC.forward}"><svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="M4 2v12l9-6z" fill="currentColor"/></svg></button>
          <button type="button" id="rec-last" aria-label="${REC.last}"><svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="M12 2h2v12h-2zM2 2v12l9-6z" fill="currentColor"/></svg></button>
        </div>
        <p id="rec-where" class="rec-where" aria-live="polite"></p>
        <p id="rec-problem" class="rec-problem" hidden></p>
        <ol id="rec-moves" class="rec-moves" aria-label="${REC.movesLabel}"></ol>
        <div class="rec-analysis"${this.hook.analysis ? '' : ' hidden'}>
          <label>${REC.depth} <select id="rec-depth">${DEPTHS.map((d) => `<option value="${d.id}"${d.id === DEFAULT_DEPTH ? ' selected' : ''}>${(this.hook.depthText || REC.depths)[d.id]}</option>`).join('')}</select></label>
          <button type="button" id="rec-analyse">${REC.analyse}</button>
          <button type="button" id="rec-cancel" hidden>${REC.cancel}</button>
          <p id="rec-progress" class="rec-progress" aria-live="polite"></p>
          <svg id="rec-graph" class="rec-graph" viewBox="0 0 300 60" role="img" aria-label="${this.hook.graphLabel || REC.graph}" hidden></svg>
          <p id="rec-eval" class="rec-eval"></p>
        </div>
        <h3>${REC.continueTitle}</h3>
        <div class="control-row">
          <button type="button" id="rec-continue-ai">${REC.continueAI}</button>
          <button type="button" id="rec-continue-local">${REC.continueLocal}</button>
        </div>
        <button type="button" id="rec-close" class="quiet">${REC.close}</button>
      </div>
      <div id="rec-save" hidden>
        <div class="control-row">
          <button type="button" id="rec-copy">${REC.copy}</button>
          <button type="button" id="rec-download">${REC.download}</button>
          <button type="button" id="rec-share" hidden>${REC.share}</button>
        </div>
        <button type="button" id="rec-review-this">${REC.reviewThis}</button>
      </div>
      <details id="rec-import">
        <summary>${REC.importTitle}</summary>
        <label for="rec-text">${REC.pasteLabel}</label>
        <textarea id="rec-text" rows="4" spellcheck="false"></textarea>
        <div class="control-row">
          <button type="button" id="rec-read">${REC.read}</button>
          <label class="file-button">${REC.openFile} <input type="file" id="rec-file" accept=".pdn,.txt,.mat,text/plain"></label>
        </div>
        <p id="rec-import-progress" class="rec-progress" aria-live="polite"></p>
        <button type="button" id="rec-import-cancel" hidden>${REC.importCancel}</button>
        <ul id="rec-errors" class="rec-errors"></ul>
        <ol id="rec-list" class="rec-list" aria-label="${REC.listLabel}"></ol>
      </details>`;
    const panel = $('panel');
    if (panel && panel.parentNode === side) panel.after(box);
    else side.appendChild(box);
    $('rec-first').addEventListener('click', () => this.go(0));
    $('rec-back').addEventListener('click', () => this.go(this.ply - 1));
    $('rec-forward').addEventListener('click', () => this.go(this.ply + 1));
    $('rec-last').addEventListener('click', () => this.go(this.rec ? this.rec.moves.length : 0));
    $('rec-analyse').addEventListener('click', () => this.analyse());
    $('rec-cancel').addEventListener('click', () => this.cancelAnalysis());
    $('rec-continue-ai').addEventListener('click', () => this.continueFrom('ai'));
    $('rec-continue-local').addEventListener('click', () => this.continueFrom('local'));
    $('rec-close').addEventListener('click', () => this.close());
    $('rec-copy').addEventListener('click', () => this.copy());
    $('rec-download').addEventListener('click', () => this.download());
    $('rec-share').addEventListener('click', () => this.share());
    $('rec-review-this').addEventListener('click', () => this.reviewCurrent());
    $('rec-read').addEventListener('click', () => this.importText($('rec-text').value));
    $('rec-import-cancel').addEventListener('click', () => this.cancelImport());
    $('rec-file').addEventListener('change', (e) => {
      const f = e.target.files && e.target.files[0];
      if (f) f.arrayBuffer().then((b) => this.importBytes(new Uint8Array(b)));
      e.target.value = '';
    });
    $('rec-share').hidden = !navigator.share;
    document.addEventListener('keydown', (e) => this.key(e));
  }

  /** The shell's phase changed: which parts of the panel show. */
  phase(p) {
    const reviewing = this.shell.mode === 'review';
    $('rec-review').hidden = !reviewing;
    $('rec-save').hidden = !(p === 'game' || reviewing);
    $('rec-review-this').hidden = reviewing;
    $('rec-import').hidden = !(p === 'menu' || reviewing);
    this.fit();
    if (!reviewing) this.cancelAnalysis();
  }

  /** The card goes when none of its parts shows (the join card of a room, a spectator before
   * the room is over): no '기보' heading over nothing. */
  fit() {
    $('records').hidden = $('rec-review').hidden && $('rec-save').hidden && $('rec-import').hidden;
  }

  /** A room's snapshot (the room panel): a finished room offers its review. */
  roomState(snap) {
    this.roomSnap = snap;
    if (snap && snap.status === 'over') {
      $('rec-save').hidden = false;
      $('rec-review-this').hidden = false;
    }
    this.fit();
  }

  // ---- download -----------------------------------------------------------------

  /** The game on screen (or under review) as {game, fen, moves, outcome, tags}. */
  current() {
    const sh = this.shell;
    if (sh.mode === 'review' && this.rec) {
      return { game: this.rec.game, options: this.rec.options, fen: this.rec.fen, moves: this.rec.moves, outcome: this.hook.tokenOutcome(this.rec.result), tags: this.rec.tags, seats: this.rec.nseats };
    }
    const v = sh.view;
    if (!v) return null;
    const game = v.game;
    const seats = sh.seats(v);
    const tags = [['Event', REC.event(sh.page.names(game).game || game)], ['Site', location.host || 'madang'], ['Date', today()]];
    for (let s = 0; s < seats; s++) tags.push([this.hook.seatTag(game, s), this.playerName(s)]);
    // an online room's clock: its time control and the time left after each move (clock.js)
    const rc = sh.mode === 'online' ? recordClock(this.roomSnap, v.history.length) : null;
    if (rc) tags.push(...rc.tags);
    return { game, options: sh.options, fen: sh.startFen || '', moves: v.history.map((e) => e.text), outcome: v.outcome, tags, seats, comments: rc ? rc.comments : undefined };
  }

  /** A seat's player for the record: 나, AI with its level, a room's opponent, or the colour. */
  playerName(seat) {
    const sh = this.shell;
    if (sh.mode === 'ai') return seat === sh.human ? REC.me : `AI (${levelName(sh.level)})`;
    if (sh.online) return seat === sh.online.seat ? REC.me : REC.opponent;
    return sh.colour(seat);
  }

  /** The record text of the game on screen: {ok, text, format} or {ok: false, error}. */
  async exportText() {
    const g = this.current();
    if (!g) return { ok: false, error: 'no-game' };
    const o = g.outcome || { status: 'ongoing' };
    return this.recordsEngine().ask('export', {
      game: g.game, options: g.options, fen: g.fen, moves: g.moves, status: o.status, winner: o.winner, points: o.points || 0, tags: g.tags, comments: g.comments,
    });
  }

  fileName(format) {
    const g = this.current();
    return `madang-${g ? g.game : 'game'}-${today().replaceAll('.', '')}.${(format && format.ext) || 'txt'}`;
  }

  async copy() {
    const a = await this.exportText();
    if (!a.ok) return this.shell.say(REC.exportFailed, a.error);
    try {
      await navigator.clipboard.writeText(a.text);
      this.shell.say(REC.copied);
    } catch {
      this.shell.say(REC.copyFailed);
    }
    return a;
  }

  async download() {
    const a = await this.exportText();
    if (!a.ok) return this.shell.say(REC.exportFailed, a.error);
    const url = URL.createObjectURL(new Blob([a.text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = this.fileName(a.format);
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    return a;
  }

  async share() {
    const a = await this.exportText();
    if (!a.ok) return this.shell.say(REC.exportFailed, a.error);
    const file = new File([a.text], this.fileName(a.format), { type: 'text/plain' });
    try {
      if (navigator.canShare && navigator.canShare({ files: [file] })) await navigator.share({ files: [file], title: REC.title });
      else await navigator.share({ text: a.text, title: REC.title });
    } catch { /* the player closed the share sheet */ }
    return a;
  }

  // ---- import ---------------------------------------------------------------------

  importText(text) { return this.startImport({ text }); }

  importBytes(bytes) { return this.startImport({ bytes }); }

  /** Reads a record file ({text} or {bytes}) in the records worker: the games replayed so far
   * are shown under the import box (a file of 40,000 games takes many seconds), with a button
   * to stop. A newer import stops the one running first; only the newest is shown. */
  async startImport(src) {
    if (this.importing) this.stopImport();
    const gen = ++this.importGen;
    this.importing = true;
    $('rec-errors').textContent = '';
    $('rec-list').textContent = '';
    $('rec-import-progress').textContent = REC.importReading;
    $('rec-import-cancel').hidden = false;
    const a = await this.recordsEngine().ask('import', { game: this.shell.game, ...src }, (pr) => {
      if (gen === this.importGen) $('rec-import-progress').textContent = REC.importProgress(pr.done, pr.total);
    });
    if (gen !== this.importGen) return a;
    return this.importAnswer(a, gen);
  }

  /** Stops the import running: the records worker is stopped (it cannot be interrupted in
   * the middle of a file) and started afresh on next use. */
  stopImport() {
    this.importGen++;
    this.importing = false;
    if (this.worker) {
      this.worker.terminate();
      this.worker = null;
    }
    $('rec-import-cancel').hidden = true;
  }

  /** '불러오기 멈추기': the import stops; what it had not shown yet is dropped. */
  cancelImport() {
    if (!this.importing) return;
    this.stopImport();
    $('rec-import-progress').textContent = REC.importCancelled;
  }

  /** Shows an import's answer: errors in Korean, one game straight into review, a list for
   * several (built a few hundred at a time, so the page stays responsive; a cancel or a newer
   * import (gen) stops it). */
  async importAnswer(p, gen = this.importGen) {
    const a = await p;
    const errs = $('rec-errors');
    const list = $('rec-list');
    errs.textContent = '';
    list.textContent = '';
    const finish = (text) => {
      if (gen !== this.importGen) return;
      this.importing = false;
      $('rec-import-cancel').hidden = true;
      $('rec-import-progress').textContent = text;
    };
    if (!a.ok) {
      finish('');
      this.shell.say(REC.importFailed, a.error);
      return a;
    }
    const lines = a.errors.map(syntaxText);
    for (const g of a.games) for (const pr of g.problems) lines.push(problemText(g, pr));
    if (!a.games.length && !lines.length) lines.push(REC.noGame);
    else if (!a.games.length) lines.unshift(REC.notRecord); // nothing read: say so first
    for (const l of lines) {
      const li = document.createElement('li');
      li.textContent = l;
      errs.appendChild(li);
    }
    this.imported = a.games;
    if (a.games.length === 1) {
      finish('');
      await this.review(this.fromImport(a.games[0]));
    } else {
      const CHUNK = 400;
      for (let from = 0; from < a.games.length; from += CHUNK) {
        if (gen !== this.importGen) return a;
        if (from > 0) {
          $('rec-import-progress').textContent = REC.importListing(from, a.games.length);
          await new Promise((r) => setTimeout(r, 0)); // the page answers between chunks
          if (gen !== this.importGen) return a;
        }
        const frag = document.createDocumentFragment();
        a.games.slice(from, from + CHUNK).forEach((g, k) => {
          const i = from + k;
          const li = document.createElement('li');
          const b = document.createElement('button');
          b.type = 'button';
          b.textContent = REC.listItem(g, this.shell.page.names(g.game).game || g.game, this.hook.seatTag);
          b.addEventListener('click', () => this.review(this.fromImport(this.imported[i])));
          li.appendChild(b);
          frag.appendChild(li);
        });
        list.appendChild(frag);
      }
      finish(a.games.length ? REC.importDone(a.games.length) : '');
    }
    if (lines.length) this.shell.say(lines[0]);
    return a;
  }

  fromImport(g) {
    return {
      game: g.game, options: g.options, fen: g.fen, moves: g.moves, result: g.result || '*', tags: g.tags.map((t) => [t[0], t[1]]),
      problem: g.problems.length ? problemText(g, g.problems[0]) : '',
      clocks: g.clocks, // the time left after each move ([%clk] comments), when the format keeps it
    };
  }

  // ---- review ---------------------------------------------------------------------

  /** The game on screen into review. */
  reviewCurrent() {
    // online (also a finished room opened from its link) the view is the room's snapshot
    // replayed, with the room's result
    const g = this.current();
    if (!g) return undefined;
    const clocks = g.comments ? g.comments.map(clkOf) : undefined;
    return this.review({ game: g.game, options: g.options, fen: g.fen, moves: g.moves, result: this.hook.resultToken(g.outcome, g.seats), tags: g.tags, problem: '', clocks });
  }

  /** Opens rec ({game, options, fen, moves, result, tags, problem}) in review at its last position. */
  async review(rec) {
    const sh = this.shell;
    if (sh.online) sh.drive(null);
    sh.clearMessages();
    sh.gen++;
    sh.thinking = false;
    this.cancelAnalysis();
    this.analysis = null;
    sh.setGame(rec.game);
    const full = await sh.engine.ask('load', { game: rec.game, options: rec.options, fen: rec.fen, moves: rec.moves });
    if (!full.ok) {
      sh.say(REC.reviewFailed, full.error);
      return full;
    }
    this.rec = { ...rec, algs: full.view.history.map((e) => this.hook.entryText(e)), seats: full.view.history.map((e) => e.seat), nseats: sh.seats(full.view) };
    sh.drive(null, true);
    sh.startFen = rec.fen;
    sh.options = rec.options;
    sh.showPhase('review');
    $('rec-head').textContent = REC.head(this.rec, sh.page.names(rec.game).game || rec.game, (s) => sh.colour(s), this.hook.seatTag, this.rec.nseats);
    const pr = $('rec-problem');
    pr.hidden = !rec.problem;
    pr.textContent = rec.problem;
    $('rec-graph').setAttribute('hidden', ''); // an <svg> has no hidden property, only the attribute
    $('rec-eval').textContent = '';
    $('rec-progress').textContent = '';
    this.renderMoves();
    this.ply = -1;
    return this.go(rec.moves.length);
  }

  /** Shows the position after k moves of the record under review. */
  async go(k) {
    const rec = this.rec;
    if (!rec || this.shell.mode !== 'review') return undefined;
    const n = Math.max(0, Math.min(rec.moves.length, k));
    if (n === this.ply) return undefined;
    this.ply = n;
    const gen = this.shell.gen;
    const a = await this.shell.engine.ask('load', { game: rec.game, options: rec.options, fen: rec.fen, moves: rec.moves.slice(0, n) });
    if (gen !== this.shell.gen || n !== this.ply) return undefined;
    if (!a.ok) return this.shell.say(REC.reviewFailed, a.error);
    // at the last position the record's own result (a resignation, an agreed draw) shows
    if (n === rec.moves.length && a.view.outcome.status === 'ongoing') {
      const o = this.hook.tokenOutcome(rec.result, rec.nseats);
      if (o.status !== 'ongoing') a.view.outcome = { ...o, reason: 'record' };
    }
    this.shell.setView(a.view);
    this.renderWhere();
    return a.view;
  }

  /** The turn line under the board in review. */
  turnText() {
    const rec = this.rec;
    if (!rec) return '';
    if (this.ply === 0) return REC.atStart(rec.moves.length);
    return REC.at(this.ply, rec.moves.length, this.shell.colour(rec.seats[this.ply - 1]), rec.algs[this.ply - 1]);
  }

  renderWhere() {
    $('rec-where').textContent = this.turnText();
    const items = $('rec-moves').children;
    for (let i = 0; i < items.length; i++) {
      const b = items[i].firstChild;
      if (i === this.ply - 1) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    }
    const cur = items[this.ply - 1];
    if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: 'nearest' });
    $('rec-first').disabled = $('rec-back').disabled = this.ply === 0;
    $('rec-forward').disabled = $('rec-last').disabled = this.ply === this.rec.moves.length;
    this.renderEval();
    this.drawGraph();
  }

  renderMoves() {
    const ol = $('rec-moves');
    ol.textContent = '';
    this.rec.algs.forEach((alg, i) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.ply = String(i + 1);
      b.textContent = this.hook.moveLabel ? this.hook.moveLabel(i, alg, this.rec.seats[i], (s) => this.shell.colour(s)) : `${Math.floor(i / 2) + 1}${i % 2 ? '…' : '.'} ${alg}`;
      const clk = this.rec.clocks && this.rec.clocks[i];
      if (clk) b.textContent += ` (${CLOCK.leftAfter(clk)})`;
      b.addEventListener('click', () => this.go(i + 1));
      li.appendChild(b);
      ol.appendChild(li);
    });
  }

  /** Arrow keys, Home and End step through the record (not while typing). */
  key(e) {
    if (this.shell.mode !== 'review' || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)) return;
    const to = { ArrowLeft: this.ply - 1, ArrowRight: this.ply + 1, Home: 0, End: this.rec.moves.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.go(to);
  }

  close() {
    this.cancelAnalysis();
    this.rec = null;
    this.shell.leaveToMenu();
  }

  /** '여기서부터 두기': the position on screen continues against the AI (the player takes the
   * side to move, the level of the menu's middle choice) or on this device. */
  async continueFrom(mode, level = 'intermediate') {
    const rec = this.rec;
    const sh = this.shell;
    if (!rec) return undefined;
    this.cancelAnalysis();
    const moves = rec.moves.slice(0, this.ply);
    // the dice from here on: a seed of the game's own, kept with it (local-save.js)
    const diceSeed = newDiceSeed();
    const a = await sh.engine.ask('load', { game: rec.game, options: rec.options, fen: rec.fen, moves, seed: diceSeed });
    if (!a.ok) return sh.say(REC.reviewFailed, a.error);
    if (a.view.toMove < 0) return sh.say(REC.overHere);
    sh.clearMessages();
    sh.playLocal({ mode, level, human: a.view.toMove, seed: (Math.random() * 2 ** 31) | 0, diceSeed, fen: rec.fen, options: rec.options });
    this.rec = null;
    sh.showPhase('game');
    sh.view = null;
    sh.setView(a.view);
    sh.page.focusBoard();
    return sh.maybeAI();
  }

  // ---- engine view ---------------------------------------------------------------

  /** Scores every position of the record with the advanced engine, one request each. */
  async analyse() {
    const rec = this.rec;
    if (!rec) return undefined;
    this.cancelAnalysis();
    const ms = (DEPTHS.find((d) => d.id === $('rec-depth').value) || DEPTHS[1]).ms;
    const run = {};
    this.analysis = { run, scores: [], done: false, ms, started: performance.now() };
    $('rec-analyse').hidden = true;
    $('rec-cancel').hidden = false;
    $('rec-graph').removeAttribute('hidden');
    const n = rec.moves.length;
    for (let k = 0; k <= n; k++) {
      $('rec-progress').textContent = REC.progress(k, n + 1);
      // played: the entry after the position, for an engine that judges it itself
      const a = await this.shell.engine.ask('analyse', { game: rec.game, options: rec.options, fen: rec.fen, moves: rec.moves.slice(0, k), played: rec.moves[k], ms, seed: 1 });
      if (!this.analysis || this.analysis.run !== run) return undefined;
      if (!a.ok) {
        this.shell.say(REC.analyseFailed, a.error);
        break;
      }
      this.analysis.scores.push(this.hook.score ? this.hook.score(a.analysis) : score(a.analysis, this.hook));
      this.drawGraph();
      if (k === this.ply || k === this.ply + 1) this.renderEval();
    }
    this.analysis.done = true;
    this.analysis.elapsed = performance.now() - this.analysis.started;
    $('rec-progress').textContent = REC.done(this.analysis.elapsed / 1000);
    $('rec-analyse').hidden = false;
    $('rec-cancel').hidden = true;
    this.markLosses();
    this.renderEval();
    return this.analysis;
  }

  cancelAnalysis() {
    const an = this.analysis;
    if (!an || an.done) return;
    an.done = true;
    an.cancelled = true;
    an.run = null;
    $('rec-progress').textContent = REC.cancelled(an.scores.length);
    $('rec-analyse').hidden = false;
    $('rec-cancel').hidden = true;
    this.markLosses();
  }

  /** Moves that lose at least the game's threshold, with the engine's better move:
   * [{ply (1-based), loss, better}]. */
  losses() {
    const an = this.analysis;
    const rec = this.rec;
    if (!an || !rec) return [];
    const out = [];
    const limit = this.hook.lossThreshold(rec.game);
    for (let k = 0; k < an.scores.length && k < rec.moves.length; k++) {
      const a = an.scores[k];
      const b = an.scores[k + 1];
      if (a.loss !== undefined) {
        // the engine judged the played move itself (a roll or an only move loses 0)
        if (a.loss >= limit && a.text !== rec.moves[k]) out.push({ ply: k + 1, loss: a.loss, better: a.alg, skill: a.skill });
        continue;
      }
      if (a.over || a.best === undefined || !b) continue;
      const sign = rec.seats[k] === 0 ? 1 : -1;
      const loss = sign * (a.v - b.v);
      if (loss >= limit && a.text !== rec.moves[k]) out.push({ ply: k + 1, loss, better: a.alg });
    }
    return out;
  }

  markLosses() {
    const items = $('rec-moves').children;
    for (const li of items) {
      li.classList.remove('loss');
      const note = li.querySelector('.loss-note');
      if (note) note.remove();
    }
    for (const l of this.losses()) {
      const li = items[l.ply - 1];
      if (!li) continue;
      li.classList.add('loss');
      const s = document.createElement('span');
      s.className = 'loss-note';
      s.textContent = this.hook.lossNote ? this.hook.lossNote(l) : REC.better(l.better);
      li.appendChild(s);
    }
    this.drawGraph();
  }

  renderEval() {
    const an = this.analysis;
    const el = $('rec-eval');
    if (!an || !this.rec) { el.textContent = ''; return; }
    const s = an.scores[this.ply];
    // a position the analysis has not reached: nothing while it runs (the progress line
    // counts), a word once it was stopped
    if (!s) { el.textContent = an.cancelled ? REC.notAnalysed : ''; return; }
    const colour = (seat) => this.shell.colour(seat);
    let t = this.hook.evalText ? this.hook.evalText(s, colour) : REC.evalText(s, colour, this.hook.scale);
    const l = this.losses().find((x) => x.ply === this.ply);
    if (l) t += ` ${this.hook.lossText ? this.hook.lossText(l) : REC.lossText(l.better)}`;
    el.textContent = t;
  }

  /** The score graph: seat 0's advantage along the game (up: seat 0 better). */
  drawGraph() {
    const an = this.analysis;
    const svg = $('rec-graph');
    if (!an || !this.rec) return;
    const n = Math.max(1, this.rec.moves.length);
    const x = (k) => (k / n) * 300;
    const now = `<line x1="${x(this.ply).toFixed(1)}" y1="0" x2="${x(this.ply).toFixed(1)}" y2="60" class="now"/>`;
    if (this.hook.graph) {
      svg.innerHTML = now + this.hook.graph({ scores: an.scores, losses: this.losses(), x, rec: this.rec, ply: this.ply });
      return;
    }
    const y = (v) => 30 - (Math.max(-CAP, Math.min(CAP, v)) / CAP) * 28;
    const pts = an.scores.map((s, k) => `${x(k).toFixed(1)},${y(s.v).toFixed(1)}`).join(' ');
    const marks = this.losses().map((l) => `<circle cx="${x(l.ply).toFixed(1)}" cy="${y(an.scores[l.ply] ? an.scores[l.ply].v : 0).toFixed(1)}" r="3" class="loss-dot"/>`).join('');
    svg.innerHTML = `<line x1="0" y1="30" x2="300" y2="30" class="axis"/>${now}`
      + `<polyline points="${pts}" class="line"/>${marks}`;
  }
}

/** One analysed position as the graph sees it: v is seat 0's advantage, clamped (the hook's
 * graphScore when it has one); loss, skill and the family's fields (win, ...) ride along. */
function score(a, hook = {}) {
  if (a.over) {
    const o = a.outcome;
    const v = o.status === 'win' ? (o.winner === 0 ? CAP : -CAP) : 0;
    return { v, over: true, win: o.status === 'win' ? o.winner : -1 };
  }
  const mine = a.score;
  const win = Math.abs(mine) >= WIN ? (mine > 0 ? a.toMove : 1 - a.toMove) : -1;
  const clamped = Math.max(-CAP, Math.min(CAP, hook.graphScore ? hook.graphScore(a) : mine));
  return {
    v: a.toMove === 0 ? clamped : -clamped, raw: mine, toMove: a.toMove, win,
    best: a.best, text: a.text, alg: hook.playText ? hook.playText(a) : (a.move && a.move.alg) || a.text, depth: a.depth,
    loss: a.loss, skill: a.skill, a,
  };
}

/** Today as PDN writes dates: YYYY.MM.DD. */
function today() {
  const d = new Date();
  return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
}
