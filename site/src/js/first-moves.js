// The first move before the engine (issue 32). The build writes into each game page the
// table site/wasm/firstmoves made with the rules through the engine's own message API
// (<script type="application/json" id="first-moves">): for each start the page may make (the
// game's options), the start view, the view after each legal move (checkers and draughts:
// after each reply too), and for a game that starts with a roll (backgammon) the view after the
// roll of a game started with each of the tabled dice seeds. Each view there is the answer
// the engine gives to the same request, stored as its difference from the view before.
//
// FirstMoves stands in front of the engine (engine.js) with the same ask(): until the engine
// has arrived it answers start, play, roll and view from the table where the table has them,
// and holds back every other request until then (and, for one that changes the game, every one
// after it, so the engine sees them in order). Nothing here knows a rule: it looks views up by the index (or the text) of
// a move the table's view lists, and picks one of the tabled dice seeds at random for a roll
// (the dice are what the engine's own seeded dice roll with that seed).
//
// A start's seed (the game's dice seed, chosen by the page and kept with the game) does not
// change the start's view; when the table answers the roll too, the tabled seed rolled (the
// start's seed if it is tabled, else one picked) becomes the game's dice seed, and the roll's
// answer says so (seed) for the page to keep.
//
// When the engine arrives it is asked the same requests from the start (start with the seed
// picked, roll, play each index played) and each answer must equal the table's view; a dice
// game is then loaded again from its log with the game's dice seed (the tabled seed rolled,
// else the start's seed, else one of the engine's own), so that its later rolls, and rolls
// again after a take-back, are that seed's. Then the requests held back go to the engine.
// <body data-engine>: 'ready' once the engine has answered, then 'checked' (the table
// agreed, or nothing was played from it), 'mismatch' (it did not: said in the console, and
// the page falls back to the engine's start, onMismatch) or 'failed' (no engine).
// performance marks: 'madang:engine-ready' when the engine answers first.

/** The page's table, or null when it has none (or it cannot be read). */
export function readTable(doc = globalThis.document) {
  const el = doc && doc.getElementById('first-moves');
  if (!el) return null;
  try {
    return JSON.parse(el.textContent);
  } catch (err) {
    console.error('madang: the first moves table cannot be read', err);
    return null;
  }
}

/** Requests that change no game in the engine (the AI's choice, a star game's route): held
 * until the engine arrives, they do not hold the requests after them. */
const READS = new Set(['view', 'ai', 'route', 'analyse']);

/** A start's options as a key: the page's options object (undefined or null: none). */
const optionsKey = (o) => (o ? Object.keys(o).sort().map((k) => `${k}=${o[k]}`).join(',') : '');

/** The view of node under its parent's view (null for the root). */
const apply = (parent, node) => {
  const v = { ...(parent || {}) };
  for (const k of node.del || []) delete v[k];
  return Object.assign(v, node.set);
};

/** Deep equality of two answers' plain values, whatever the order of their keys. */
export function same(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => a[k] !== undefined);
  const kb = Object.keys(b).filter((k) => b[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same(a[k], b[k]));
}

export class FirstMoves {
  /** @param {import('./engine.js').Engine} engine  @param {object|null|(() => object|null)} table
   * the page's table, or a function reading it (read at the first request, in a task of its own:
   * backgammon's is 480 KB of JSON, and the page's first task is long enough)
   * @param {(answer: object) => void} onMismatch  the engine's start after a disagreement
   * @param {(arrived: Promise<void>) => void} onWait  a move the player made (a request asked
   * with {move: true}) waits for the engine (the first such one; arrived settles when the
   * engine is checked): the page says so, where a person would otherwise see nothing happen
   * for seconds. Requests the page makes by itself (a room link's snapshot loaded, a saved
   * game replayed) wait without a word: no one made a move to wait for. */
  constructor(engine, table, onMismatch = () => {}, onWait = () => {}) {
    this.engine = engine;
    this.family = engine.family;
    this.read = typeof table === 'function' ? table : null;
    this.table = this.read ? null : table;
    this.onMismatch = onMismatch;
    this.onWait = onWait;
    this.held = false; // a request waits for the engine: every later one waits too
    this.waitSaid = false; // onWait was called (for the player's first move held)
    this.done = false; // the engine has arrived and the table is checked
    this.game = null; // the game played from the table: {game, options, want, root, seed, rolled, path, node, view}
    this.engineAt = 0;
    this.synced = engine.ask('view').then((a) => this.arrive(a));
  }

  /** Sends one request: answered from the table before the engine has arrived where it can be.
   * opts.move: the request carries a move the player made (their move or roll), so its wait
   * for the engine is said (onWait); the engine itself is not told. */
  ask(op, args = {}, onProgress = null, opts = {}) {
    if (this.done) return this.engine.ask(op, args, onProgress);
    if (this.read) {
      // the table is read in the next task; requests until then follow in their order
      if (!this.reading) {
        this.reading = new Promise((r) => setTimeout(r, 0)).then(() => {
          this.table = this.read();
          this.read = null;
        });
      }
      return this.reading.then(() => this.ask(op, args, onProgress, opts));
    }
    const a = this.held ? null : this.fromTable(op, args);
    if (a) return Promise.resolve(a);
    // (a start held back still comes after the game from the table, which the engine replays
    // first: requests held before it may be about that game)
    if (!READS.has(op)) this.held = true;
    if (!READS.has(op) && opts.move && !this.waitSaid) {
      this.waitSaid = true;
      this.onWait(this.synced);
    }
    return this.synced.then(() => this.engine.ask(op, args, onProgress));
  }

  /** The table's answer to a request, or null when it has none. */
  fromTable(op, args) {
    if (!this.table) return null;
    if (op === 'start') {
      const setup = !args.fen && args.game === this.table.game
        && this.table.setups.find((s) => optionsKey(s.options) === optionsKey(args.options));
      if (!setup) return null;
      const view = apply(null, setup.root);
      this.game = {
        game: args.game, options: args.options, want: args.seed == null ? null : args.seed,
        dice: !!setup.root.rolls, root: view, seed: null, rolled: null, path: [], node: setup.root, view,
      };
      return { ok: true, view };
    }
    const g = this.game;
    if (!g) return null;
    if (op === 'view') return { ok: true, view: g.view };
    if (op === 'roll' && g.node.rolls && g.seed == null) {
      const r = g.node.rolls.find((x) => x.seed === g.want) || g.node.rolls[Math.floor(Math.random() * g.node.rolls.length)];
      g.seed = r.seed;
      g.node = r.node;
      g.view = apply(g.view, r.node);
      g.rolled = g.view;
      return { ok: true, view: g.view, dice: r.dice, seed: r.seed };
    }
    if (op === 'play' && !args.offer) {
      const moves = g.view.moves || [];
      const i = args.text != null ? moves.findIndex((m) => m.text === args.text) : args.index;
      const child = g.node.next && g.node.next[i];
      if (!child) return null;
      g.path.push(i);
      g.node = child;
      g.view = apply(g.view, child);
      return { ok: true, view: g.view };
    }
    return null;
  }

  /** The engine has answered its first request (a: that answer): the table is checked
   * against it and what was played from the table is played into it. */
  async arrive(a) {
    // from now on every request waits for the check (synced): the table answers no more
    this.held = true;
    this.engineAt = performance.now();
    const body = globalThis.document && document.body;
    if (!a.ok) {
      if (body) body.dataset.engine = 'failed';
      this.done = true;
      return;
    }
    performance.mark('madang:engine-ready');
    if (body) body.dataset.engine = 'ready';
    const g = this.game;
    const problem = g ? await this.check(g) : '';
    this.done = true;
    if (problem) {
      console.error(`madang: the first moves written into the page disagree with the engine (${problem}); the game starts again from the engine's start`);
      if (body) body.dataset.engine = 'mismatch';
      this.game = null;
      const s = await this.engine.ask('start', { game: g.game, options: g.options, ...(g.want == null ? {} : { seed: g.want }) });
      this.onMismatch(s);
      return;
    }
    if (body) body.dataset.engine = 'checked';
  }

  /** '' when the engine answers the table's requests with the table's views, else what differs. */
  async check(g) {
    let a = await this.engine.ask('start', { game: g.game, options: g.options, seed: g.seed == null ? 1 : g.seed });
    if (!a.ok || !same(a.view, g.root)) return 'the start';
    if (g.rolled) {
      a = await this.engine.ask('roll');
      if (!a.ok || !same(a.view, g.rolled)) return 'the roll';
    }
    for (const [k, i] of g.path.entries()) {
      a = await this.engine.ask('play', { index: i });
      if (!a.ok) return `move ${k + 1}`;
    }
    if (!same(a.view, g.view)) return `the view after ${g.path.length} move(s)`;
    if (g.dice) {
      // the dice from here on are the game's seed's: the tabled seed rolled, else the start's
      // (else one of the engine's clock), rolled as many times as the log has rolls
      const seed = g.seed != null ? g.seed : g.want;
      a = await this.engine.ask('load', { game: g.game, options: g.options, moves: g.view.history.map((e) => e.text), ...(seed == null ? {} : { seed }) });
      if (!a.ok || !same(a.view, g.view)) return 'the game loaded again';
    }
    return '';
  }
}
