// Play in an online room (functions/room/PROTOCOL.md): the server holds the game, the room
// panel (room-panel.js) shows it and its client (protocol.js) talks to the server. The driver
// answers the shell's questions as the local driver (local-driver.js) does for a game on this
// device: whose turn is this screen's, who is who, what to send for a move, a roll, a draw
// accepted, a resignation. Whatever the room shows beside the turn (the link's state, people
// away) hangs off turnLine() and awayLine(); the game clocks are the panel's (clock.js).
import { RoomPanel } from './room-panel.js';
import { MSG, ROOM } from './text.js';

export class RoomDriver {
  /** @param {import('./shell.js').Shell} shell */
  constructor(shell) {
    this.shell = shell;
    this.mode = 'online';
    this.onDevice = false;
    this.panel = new RoomPanel(shell);
  }

  /** What the leave dialog says. The server decides what `leave` does during play
   * (functions/room/handle.go leave): when the snapshot's policy.leaveToAI is true
   * (three-player diamond) and another seat is a person's, the AI plays the seat on and the
   * game goes on; otherwise (the last person leaving too) it counts as resigning and the
   * seat is emptied. The dialog is only asked during play (inProgress), so the same test
   * picks the text. */
  get leaveText() {
    const p = this.panel;
    const snap = p.snap;
    const another = !!snap && Array.isArray(snap.seats) && snap.seats.some((s, k) => k !== p.seat && s && s.kind === 'human');
    return snap && snap.policy && snap.policy.leaveToAI && another ? ROOM.leaveOnlineToAI : ROOM.leaveOnline;
  }

  /** The menu's time-control choice for a room to create (clock.js), made once per page. */
  static installMenu(shell) { RoomPanel.installMenu(shell); }

  /** Why the menu's time control cannot make a room (a custom one out of range), or ''. */
  static menuError() { return RoomPanel.menuError(); }

  /** Creates a room for game with options; this page takes seat 0. */
  create(game, options) { return this.panel.create(game, options); }

  /** Opens the room of a link. */
  open(room) { return this.panel.open(room); }

  // ---- who is who -----------------------------------------------------------------

  canMove(toMove) { return this.panel.canMove(toMove); }

  /** My seat, or the seat a join would take; a spectator of a full room sees from seat 0 (its
   * preview seat is -1, which no page can draw from). */
  viewer() {
    const p = this.panel;
    return p.seat >= 0 ? p.seat : Math.max(p.previewSeat, 0);
  }

  spectating() { return this.panel.seat < 0; }

  /** A seat as the player knows it: 나/상대 with the colour; a spectator sees the colour. */
  sideName(seat, colour) {
    if (this.spectating()) return colour;
    return seat === this.panel.seat ? `${ROOM.me}(${colour})` : `${ROOM.opponent}(${colour})`;
  }

  /** Who the player waits for, in the turn line ('상대 차례입니다'). */
  get other() { return ROOM.opponent; }

  get waitText() { return MSG.opponentToMove; }

  /** This page holds a seat of a room in play. */
  inProgress() {
    const p = this.panel;
    return p.seat >= 0 && !!p.snap && p.snap.status === 'playing';
  }

  // ---- the turn line and the buttons ---------------------------------------------------

  /** The link's or the pending move's line in place of whose turn it is, or null:
   * {text, state} ('wait' while the link is up, else 'offline'). */
  turnLine() {
    const text = this.panel.turnText();
    return text ? { text, state: this.panel.ready() ? 'wait' : 'offline' } : null;
  }

  awayLine() { return this.panel.awayLine(); }

  /** What a tap out of turn is told: why my turn by the room cannot be played now (the link
   * is down, my move is on its way), else that it is not my turn. */
  refuseTap() { return this.panel.blocked() || MSG.notYourTurn; }

  canUndo() { return false; }

  canResign() { return this.panel.ready(); }

  /** '기권' only for a seat of a room in play. */
  resignShown() { return this.inProgress(); }

  // ---- playing -----------------------------------------------------------------------

  shown() {}

  play(m, offer) { this.panel.move(m, offer); }

  roll() { this.panel.client.roll(); }

  acceptDraw() { this.panel.acceptDraw(); }

  undo() {}

  resign() { this.panel.resign(); }

  next() {}

  /** Fills the waiting room's empty seats with the AI at level (the creator's button). */
  fillAI(level) { this.panel.client.fillAI(level); }

  /** Asks for another game in the room (seats rotate). */
  rematch() { this.panel.client.rematch(); }

  /** Leaves the seat (PROTOCOL.md `leave`: during play it counts as resigning, or with
   * policy.leaveToAI and another person seated the AI plays it on). */
  leave() { this.panel.leave(); }

  /** The socket closes. */
  close() { this.panel.close(); }
}
