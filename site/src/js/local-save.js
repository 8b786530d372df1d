// The game against the AI or on this device, kept in localStorage so that a reload (or a
// closed tab) does not lose it: the game, the mode, the AI's level and seat, the start
// position, the moves with their draw offers and the seed of the game's dice. The page offers
// it over the menu and the engine replays it; a finished game is forgotten.

/** A new seed for a game's local dice (the engine's start and load take it as seed): chosen
 * once per game and kept with it, so that a game resumed after a reload rolls, after any
 * take-back, the dice it would have rolled. A whole number that a JSON number keeps exactly. */
export function newDiceSeed() {
  return Math.floor(Math.random() * 2 ** 53);
}

/** One game family's saved game (key madang.local.<family>). */
export class LocalSave {
  /** @param {string} family  the engine module ('draughts') */
  constructor(family) {
    this.key = `madang.local.${family}`;
  }

  /**
   * The saved game, or null when there is none or it cannot be read:
   * {game, mode: 'ai'|'local', level, human, seed, diceSeed, fen, options, moves: [{text, offer, roll}]}
   * (seed: the AI's; diceSeed: the dice's, missing in a save from before it was kept).
   */
  read() {
    let g;
    try {
      g = JSON.parse(localStorage.getItem(this.key) || 'null');
    } catch {
      return null;
    }
    if (!g || typeof g.game !== 'string' || !['ai', 'local'].includes(g.mode) || !Array.isArray(g.moves)) return null;
    if (!g.moves.length) return null; // nothing played yet: nothing to continue
    return g;
  }

  /** Keeps the shell's game after view v (an ongoing game), or forgets it (a finished one). */
  write(shell, v) {
    try {
      if (v.outcome.status !== 'ongoing') {
        localStorage.removeItem(this.key);
        return;
      }
      localStorage.setItem(this.key, JSON.stringify({
        game: v.game,
        mode: shell.mode,
        level: shell.level,
        human: shell.human,
        seed: shell.seed,
        diceSeed: shell.diceSeed,
        fen: shell.startFen || '',
        options: shell.options,
        moves: v.history.map((e) => (e.roll ? { text: e.text, roll: true } : { text: e.text, offer: !!e.offer })),
      }));
    } catch { /* storage full or denied: the game goes on unsaved */ }
  }

  clear() {
    try { localStorage.removeItem(this.key); } catch { /* denied */ }
  }

  /**
   * Replays saved game g in the engine: the start position, then each move with its draw
   * offer (so the record and a standing offer come back), the dice seeded with g.diceSeed (the
   * engine's clock when it is missing). Resolves to the engine's last answer ({ok, view} or
   * {ok: false, error}).
   */
  async replay(engine, g) {
    const seed = Number.isSafeInteger(g.diceSeed) ? { seed: g.diceSeed } : {};
    if (g.moves.some((m) => m.roll)) {
      return engine.ask('load', { game: g.game, fen: g.fen, options: g.options, moves: g.moves.map((m) => m.text), ...seed });
    }
    let a = await engine.ask('start', { game: g.game, fen: g.fen, options: g.options, ...seed });
    for (const m of g.moves) {
      if (!a.ok) break;
      a = await engine.ask('play', { text: m.text, offer: !!m.offer });
    }
    return a;
  }
}
