// Play on this device, against the AI ('ai': the AI's level and the player's seat are the
// shell's level and human) or by people sharing the screen ('local'): the engine worker holds
// the game. The driver plays the moves, runs the AI's turns, takes moves back, resigns, and
// keeps the game on the device after every position (local-save.js) so a reload resumes it.
// The shell asks it what the room driver (room-driver.js) answers for a room.
import { MSG, ROOM, refused } from './text.js';

/** The engine's module did not load (engine.js answers 'worker'): the page says so and asks
 * for a reload, not that the move was refused or that the AI could not choose (a game begun
 * from the first moves written into the page meets this only after its first move). */
const failed = (a) => (a.error === 'worker' ? MSG.engineFailed : '');

export class LocalDriver {
  /** @param {import('./shell.js').Shell} shell  @param {'ai'|'local'} mode */
  constructor(shell, mode) {
    this.shell = shell;
    this.mode = mode;
    this.onDevice = true; // undo, '다시 하기', the back button's menu, the game kept
    this.leaveText = ROOM.leaveLocal;
  }

  get ai() { return this.mode === 'ai'; }

  // ---- who is who -----------------------------------------------------------------

  /** Whether the seat to move is played by this screen's player. */
  canMove(toMove) {
    return !this.ai || toMove === this.shell.human;
  }

  viewer() {
    return this.ai ? this.shell.human : 0;
  }

  spectating() {
    return false;
  }

  /** A seat as the player knows it: 나/AI with the colour; people on one device see the
   * colour alone. */
  sideName(seat, colour) {
    if (!this.ai) return colour;
    return seat === this.shell.human ? `${ROOM.me}(${colour})` : `AI(${colour})`;
  }

  /** Who the player waits for, in the turn line ('AI 차례입니다'); '' on one device, where
   * the people here play every seat (the line names the colour alone). */
  get other() { return this.ai ? 'AI' : ''; }

  /** The empty move list's line while the other side is to move. */
  get waitText() { return this.ai ? MSG.aiToMove : MSG.opponentToMove; }

  /** A game with moves that has not ended. */
  inProgress(v) {
    return v.outcome.status === 'ongoing' && v.ply > 0;
  }

  // ---- the turn line and the buttons ---------------------------------------------------

  /** A line the driver says instead of whose turn it is ('' for none). */
  turnLine() { return null; }

  /** A note after the turn line on people away ('' for none). */
  awayLine() { return ''; }

  /** What a tap out of turn is told ('' for nothing: one device has no 'not your turn'). */
  refuseTap() { return this.ai ? MSG.notYourTurn : ''; }

  /** Whether '무르기' can take a move back of view v: against the AI, only once the player
   * has moved (back to the player's own turn). */
  canUndo(v) {
    return !this.ai || v.history.some((e) => e.seat === this.shell.human);
  }

  canResign() { return true; }

  resignShown() { return true; }

  // ---- playing -----------------------------------------------------------------------

  /** A new view on screen: kept on the device (forgotten once the game is over). */
  shown(v) {
    this.shell.saved.write(this.shell, v);
  }

  /** One move or roll at a time: a tap while the engine has not yet answered the last one
   * is dropped. Before the engine has arrived a move past the first moves' table waits for it
   * (first-moves.js), seconds on a slow connection, and the view on screen stays the one
   * before it; a second tap then was sent after the first and played on the position after
   * it, as the other side's move. ask: the request; an answer for a game no longer on
   * screen (the menu, a new game) is dropped. */
  async act(ask, then) {
    if (this.acting) return undefined;
    const sh = this.shell;
    this.acting = true;
    let a;
    try {
      a = await ask();
    } finally {
      this.acting = false;
    }
    if (sh.driver !== this) return undefined;
    return then(a);
  }

  play(m, offer) {
    const sh = this.shell;
    return this.act(() => sh.engine.ask('play', m.route ? { text: m.route, offer } : { index: m.i, offer }, null, { move: true }), (a) => {
      if (!a.ok) return sh.say(failed(a) || (sh.page.refusal && sh.page.refusal(a.error)) || refused.move, a.error);
      sh.setView(a.view);
      return this.next(offer);
    });
  }

  /** Dice games: the player's roll, from the engine's seeded dice. */
  roll() {
    const sh = this.shell;
    return this.act(() => sh.engine.ask('roll', {}, null, { move: true }), (a) => {
      if (!a.ok) return sh.say(failed(a) || refused.move, a.error);
      this.rolled(a);
      sh.setView(a.view);
      return this.next();
    });
  }

  /** A roll answered from the first moves' table (first-moves.js) names the tabled seed it
   * rolled with, the game's dice seed from then on: kept with the game (local-save.js). */
  rolled(a) {
    if (a.seed != null) this.shell.diceSeed = a.seed;
  }

  async acceptDraw() {
    const a = await this.shell.engine.ask('acceptDraw');
    if (a.ok) this.shell.setView(a.view);
  }

  /** Takes back the last move (against the AI: back to the player's turn). */
  async undo() {
    const sh = this.shell;
    sh.gen++;
    const a = this.ai ? await sh.engine.ask('undo', { toSeat: sh.human }) : await sh.engine.ask('undo', { plies: 1 });
    if (a.ok) sh.setView(a.view);
    this.next();
  }

  /** The player resigns (on one device: the side to move). */
  async resign(v) {
    const sh = this.shell;
    const seat = this.ai ? sh.human : v.toMove;
    sh.gen++;
    sh.thinking = false;
    const a = await sh.engine.ask('resign', { seat });
    if (a.ok) sh.setView(a.view);
  }

  /** The AI's turn against the AI: asks the engine for its choice after at least 250 ms.
   * humanOffered: the player's move offered a draw (the AI says when it declines). */
  async next(humanOffered = false) {
    const sh = this.shell;
    const v = sh.view;
    if (sh.driver !== this || !this.ai || v.toMove < 0 || v.toMove === sh.human || sh.thinking) return undefined;
    const gen = sh.gen;
    sh.thinking = true;
    sh.render();
    if (v.phase === 'roll') {
      // dice games: the AI's seat rolls first (the engine's seeded local dice), then moves
      const r = await sh.engine.ask('roll');
      if (gen !== sh.gen) return undefined;
      sh.thinking = false;
      if (!r.ok) return sh.say(refused.aiMove, r.error);
      this.rolled(r);
      sh.setView(r.view);
      return this.next();
    }
    const [a] = await Promise.all([
      sh.engine.ask('ai', { level: sh.level, seed: sh.seed + v.ply }),
      new Promise((r) => setTimeout(r, 250)),
    ]);
    if (gen !== sh.gen) return undefined;
    sh.thinking = false;
    if (!a.ok) {
      sh.render();
      return sh.say(failed(a) || refused.aiChoice, a.error);
    }
    const c = a.choice;
    let b;
    if (c.accept) b = await sh.engine.ask('acceptDraw');
    else b = await sh.engine.ask('play', { index: c.index, offer: c.offer });
    if (gen !== sh.gen) return undefined;
    if (!b.ok) return sh.say(refused.aiMove, b.error);
    sh.setView(b.view);
    if (humanOffered && !c.accept) sh.say(MSG.aiDeclined);
    if (c.offer) sh.say(MSG.aiOffers);
    // with three seats the next seat may be an AI too
    return this.next();
  }

  /** Leaving the game: it stays kept on the device. */
  leave() {}

  close() {}
}
