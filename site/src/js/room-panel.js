// The room panel: what the page shows of an online room (functions/room/PROTOCOL.md) — the
// join card of a link page (peek first, then '참가하기' for a free seat or '관전하기'), the
// room card (link to share, seats with their away timers, AI takeover, rematch) — driving
// the DOM-free RoomClient (protocol.js). The page shows only what the server's snapshots
// say; the engine worker only replays the server's moves to draw them and to list the legal
// moves with their paths.
import { RoomClient, seatTimers, tokenKey } from './protocol.js';
import { ROOM, clock } from './text.js';
import { ROOM_ERROR } from './room-errors.js';
import { ClockChoice, Clocks, describe as describeClock } from './clock.js';

const $ = (id) => document.getElementById(id);

/** The empty seats of a snapshot. */
const emptySeats = (s) => s.seats.filter((x) => x.kind === 'empty').length;

/** The room's time control as one sentence (join card, share line). */
const ROOM_CLOCK = (tc) => `시간 제한: ${describeClock(tc)}.`;

export class RoomPanel {
  /** @param {import('./shell.js').Shell} shell */
  constructor(shell) {
    this.shell = shell;
    this.previewSeat = -1;
    this.offers = new Set(); // 'gameNo:index' of the record's moves that offered a draw
    this.client = new RoomClient({
      on: {
        connection: (link) => this.linkChanged(link),
        joined: (m, first) => this.joined(m, first),
        // the clocks count from the snapshot's arrival, not from when the board is drawn
        state: (snap) => {
          if (this.shell.page.games.includes(snap.game)) this.clocks.update(snap, this.client.peeking);
          return this.showState(snap);
        },
        notFound: () => this.shell.roomNotFound(),
        error: (m) => this.error(m),
        replaced: () => this.replacedNow(),
        pending: () => this.redraw(),
        settled: (p, how, code) => this.settled(p, how, code),
      },
    });
    this.wasLost = false;
    this.seatLost = false; // the room refused this device's stored seat token (bad-token)
    this.replaced = false; // the room let this tab go for a newer one of the seat (`replaced`)
    this.inviteFree = false; // the join card offers a free seat (else only watching)
    this.tick = setInterval(() => this.renderSeats(), 1000);
    this.clocks = new Clocks({
      seat: () => (this.client.seat == null ? -1 : this.client.seat),
      colour: (game, i) => this.shell.page.colour(game, i),
      // a clock shown at zero: the server decides the flag now (PROTOCOL.md, "Clocks")
      flagged: () => this.client.room && this.client.send({ action: 'ping', room: this.client.room }, true),
    });
    $('copy-link').onclick = () => this.copy();
    $('share-link').onclick = () => navigator.share && navigator.share({ title: document.title, text: ($('room-clock-note') || {}).textContent || undefined, url: $('room-link').value }).catch(() => {});
    $('share-link').hidden = !navigator.share;
    $('takeover').onclick = () => this.client.takeover();
    $('rematch').onclick = () => this.client.rematch();
    $('join-button').onclick = () => {
      $('join-button').disabled = true;
      this.client.join();
    };
  }

  // what the shell and the tests read
  get seat() { return this.client.seat; }
  get snap() { return this.client.snap; }
  get version() { return this.client.version; }
  get ws() { return this.client.ws; }
  get room() { return this.client.room; }

  /** A snapshot as if the server sent it (the browser tests' hook); resolves once drawn. */
  onState(snap) { return this.client.state(snap); }

  canMove(toMove) { return this.client.canMove(toMove); }

  /** Whether the page's link to the room is up and resynced (protocol.js `link`). */
  ready() { return this.client.ready(); }

  /** Why this seat cannot act now although the server's snapshot gives it the turn: the
   * Korean line for a tap, or '' when it can (or it is not its turn anyway). */
  blocked() {
    const c = this.client;
    if (this.replaced) return ROOM.replaced;
    if (!c.snap || c.seat < 0 || c.snap.status !== 'playing') return '';
    if (!c.ready()) return ROOM.offlineNoMove;
    if (c.pending) return ROOM.pendingWait;
    return '';
  }

  move(m, offer) { this.client.move(m.route || m.text, offer, this.shell.moveText(m)); }

  acceptDraw() { this.client.acceptDraw(); }

  resign() { this.client.resign(); }

  /** Leaves this page's seat (PROTOCOL.md `leave`) when it holds one of a room still waiting
   * or in play; the seat's token is forgotten (the server no longer honours it). Offline
   * nothing can be sent: the seat stays away (the opponent may take it over later). */
  leave() {
    const c = this.client;
    if (c.seat == null || c.seat < 0 || !c.token || !c.snap || c.snap.status === 'over' || !c.ready()) return;
    c.leave();
    try { localStorage.removeItem(tokenKey(c.room)); } catch { /* denied */ }
  }

  close() {
    clearInterval(this.tick);
    this.clocks.close();
    this.client.close();
  }

  names(game) {
    return this.shell.page.names(game);
  }

  /** The menu's time-control choice (clock.js), made once per page by the shell. */
  static installMenu(shell) {
    RoomPanel.choice = new ClockChoice(() => shell.game);
  }

  /** Why the menu's time control cannot make a room (a custom one out of range), or ''. */
  static menuError() {
    try {
      if (RoomPanel.choice) RoomPanel.choice.value();
      return '';
    } catch (e) {
      return e.message;
    }
  }

  /** Creates a room for game with the menu's time control; the creator takes seat 0 and
   * moves first. A custom control out of range is said and nothing is made. */
  create(game, options = {}) {
    let tc = null;
    try {
      tc = RoomPanel.choice ? RoomPanel.choice.value() : null;
    } catch (e) {
      this.shell.say(e.message, 'clock');
      return undefined;
    }
    this.shell.showPhase('game');
    $('online-status').textContent = ROOM.creating;
    return this.client.create(game, options, tc);
  }

  /** Opens a room from its link: resume with a stored token, else the join card. */
  async open(room) {
    if (localStorage.getItem(tokenKey(room))) {
      this.shell.showPhase('game');
      $('online-status').textContent = ROOM.rejoining;
    } else {
      this.showInvite();
    }
    await this.client.open(room);
  }

  /** The join card while the room is being looked at. */
  showInvite() {
    this.shell.showPhase('join');
    $('join-title').textContent = ROOM.inviteTitle;
    $('join-text').textContent = ROOM.checking;
    $('join-button').hidden = true;
  }

  /** The join card from a peeked snapshot: the game, and a seat or only watching. */
  renderInvite(s) {
    const free = s.status === 'waiting' ? s.seats.findIndex((x) => x.kind === 'empty') : -1;
    // what the room is played with beyond its game (diamond-kr's pieces), a sentence or ''
    let note = this.shell.page.roomNote ? this.shell.page.roomNote(s.game, s.options || {}) : '';
    if (s.clock) note += ` ${ROOM_CLOCK(s.clock.control)}`;
    this.previewSeat = free; // the board is shown from the seat a join would take
    this.inviteFree = free >= 0;
    const game = this.names(s.game).game || s.game;
    const b = $('join-button');
    if (free >= 0) {
      $('join-title').textContent = ROOM.inviteTitle;
      $('join-text').textContent = ROOM.invite(game, this.shell.page.colour(s.game, free), emptySeats(s) - 1) + note;
      b.textContent = ROOM.join;
    } else {
      $('join-title').textContent = ROOM.watchTitle;
      const ais = s.seats.filter((x) => x.kind === 'ai' || x.ai).length;
      $('join-text').textContent = (s.status === 'over' ? ROOM.fullOver(game) : ROOM.full(game, s.seats.length - ais, ais)) + note;
      b.textContent = ROOM.watch;
    }
    // a refused seat token is said first: the person held a seat here and has lost it
    if (this.seatLost) $('join-text').textContent = `${ROOM.seatLost} ${$('join-text').textContent}`;
    b.hidden = false;
    b.disabled = false;
  }

  joined(m, first) {
    this.previewSeat = -1;
    if (m.seat >= 0) this.seatLost = false;
    $('online-title').textContent = m.seat < 0 ? ROOM.titleWatching : ROOM.titlePlaying;
    const game = this.client.game || document.body.dataset.game;
    const path = `/${game}/?room=${m.room}`;
    if (first || !location.search.includes(m.room)) history.replaceState(null, '', path);
    $('room-link').value = `${location.origin}${path}`;
    this.shell.showPhase('game');
  }

  /** The link to the room changed (protocol.js): the status line, my seat and the move
   * controls say so at once. */
  linkChanged(link) {
    if (link === 'lost') this.wasLost = true;
    this.statusLine();
    this.redraw();
  }

  /** The side panel's connection line: reconnecting, resyncing, or the room's own note. */
  statusLine() {
    const c = this.client;
    const s = c.snap;
    let text = null;
    // a tab the room let go says so until it is reloaded: nothing else takes the line
    if (this.replaced) text = ROOM_ERROR.replaced || ROOM.replaced;
    else if (c.link === 'lost' || (c.link === 'connecting' && this.wasLost)) text = ROOM.reconnecting;
    else if (c.link === 'syncing' && this.wasLost) text = ROOM.resyncing;
    else if (c.link === 'syncing' || c.link === 'connecting') return; // creating/rejoining says it
    else if (s && s.status === 'over' && c.seat >= 0) {
      const voted = (s.rematch || []).includes(c.seat);
      text = voted ? ROOM.rematchWaiting : (s.rematch || []).length ? ROOM.rematchAsked : '';
    } else if (s) text = this.seatLost && c.seat < 0 ? ROOM.seatLostWatching : '';
    if (text !== null) $('online-status').textContent = text;
  }

  /** Redraws what depends on the link and the pending move: turn line, moves, seats. */
  redraw() {
    // before the room's first snapshot is drawn there is no view on screen (Shell.playRoom)
    if (this.shell.online !== this || !this.client.snap) return;
    if (this.shell.view) this.shell.render();
    this.renderSeats();
  }

  /** A pending move or roll is answered. After a lost connection the player is told what
   * became of it; a refusal on a live connection is said by the error event. */
  settled(p, how, code) {
    const what = ROOM.pendingWhat(p);
    if (p.lost) {
      let text;
      if (how === 'delivered') text = ROOM.pendingDelivered(what);
      else if (code === 'over' || code === 'game-over') text = ROOM.pendingOver(what);
      else if (code === 'changed' || code === 'stale-ply' || code === 'not-your-turn') text = ROOM.pendingChanged(what);
      else if (code === 'bad-token' || code === 'room-not-found') text = ROOM.pendingNoSeat(what);
      else text = ROOM.pendingRefused(what, ROOM_ERROR[code] || ROOM.failed);
      this.shell.say(text, how === 'delivered' ? '' : `pending-${code}`);
    }
    this.redraw();
  }

  /** The room let this tab go for a newer tab of the same seat (protocol.js `replaced`):
   * no more snapshots come, so what the page shows is old. It says so in the status line,
   * the turn line and the alert, where it stays (nothing overwrites it) until a reload. */
  replacedNow() {
    this.replaced = true;
    this.shell.say(ROOM_ERROR.replaced || ROOM.replaced, 'replaced', 0);
    this.statusLine();
    this.redraw();
  }

  error(m) {
    if (this.replaced) return; // the tab's notice stays (an 'offline' refusal of a tap, ...)
    if (m.code === 'room-not-found') $('online-status').textContent = ROOM.notFound;
    if (m.code === 'bad-token') {
      // the stored token no longer proves a seat: the page says so (status line, join card)
      // instead of turning the person into a spectator without a word
      this.seatLost = true;
      this.showInvite();
      this.client.peek();
      return;
    }
    // the server's message may name fields: the player reads the code's Korean text only
    if (m.message) console.warn(`madang: ${m.code}: ${m.message}`);
    this.shell.say(ROOM_ERROR[m.code] || ROOM.failed, m.code || 'error');
  }

  /** A room link of a game another page plays (a checkers room opened on /backgammon/):
   * that game's page opens with the same link; nothing of the room is drawn here. */
  otherPage(game) {
    if (this.leaving) return;
    this.leaving = true;
    if (!/^[a-z][a-z-]*$/.test(game)) {
      $('online-status').textContent = ROOM.failed;
      return;
    }
    location.replace(`/${game}/${location.search}${location.hash}`);
  }

  /** Draws a snapshot: the engine replays its moves (or loads its position), and the
   * server's turn, result and draw offer override the engine's. */
  async showState(snap) {
    const c = this.client;
    const shell = this.shell;
    if (!shell.page.games.includes(snap.game)) return this.otherPage(snap.game);
    if (c.peeking) this.renderInvite(snap);
    if (shell.game !== snap.game) shell.setGame(snap.game);
    const options = snap.options && Object.keys(snap.options).length ? snap.options : undefined;
    const a = await shell.engine.ask('load', { game: snap.game, options, moves: snap.moves || [] });
    if (snap !== c.snap) return;
    let v = a.ok ? a.view : null;
    if (!v || v.fen !== snap.position) {
      const b = await shell.engine.ask('load', { game: snap.game, fen: snap.position, options, moves: [] });
      if (!b.ok || snap !== c.snap) return;
      v = b.view;
    }
    const seat = c.seat;
    const playing = snap.status === 'playing';
    v.toMove = playing ? snap.toMove : -1;
    if (!playing) v.moves = [];
    if (snap.result) {
      const w = snap.result.winner;
      v.outcome = { status: w == null || w < 0 ? 'draw' : 'win', winner: w == null ? -1 : w, reason: snap.result.reason, points: snap.result.points };
    }
    this.markOffers(snap, v);
    if (snap.dice) v.dice = snap.dice;
    if (snap.phase) v.phase = snap.phase;
    v.offer = playing && !!snap.drawOffer && snap.drawOffer.seat !== seat && seat >= 0;
    v.canOffer = playing && seat >= 0 && !!(snap.seats[seat] && snap.seats[seat].mayOfferDraw) && snap.policy && snap.policy.drawOffers;
    $('room-link-box').hidden = !(snap.status === 'waiting' && seat === 0);
    this.clockNote(snap);
    $('rematch').hidden = !(snap.status === 'over' && seat >= 0);
    this.statusLine();
    shell.setView(v);
    this.renderSeats();
    if (shell.records) shell.records.roomState(snap);
  }

  /** The record's draw offers: the snapshot names only the standing one (drawOffer) and a
   * draw by agreement; the page remembers every one it has seen in this room (kept for the
   * tab's session, so a reload keeps them) and marks them in the view's history. */
  markOffers(snap, v) {
    const key = `madang.offers.${snap.room || this.client.room}`;
    if (!this.offersLoaded) {
      this.offersLoaded = true;
      try { for (const k of JSON.parse(sessionStorage.getItem(key) || '[]')) this.offers.add(k); } catch { /* none */ }
    }
    const no = snap.gameNo || 1;
    const before = this.offers.size;
    if (snap.drawOffer && snap.drawOffer.ply > 0) this.offers.add(`${no}:${snap.drawOffer.ply - 1}`);
    if (snap.result && snap.result.reason === 'agreement' && snap.ply > 0) this.offers.add(`${no}:${snap.ply - 1}`);
    if (this.offers.size !== before) {
      try { sessionStorage.setItem(key, JSON.stringify([...this.offers])); } catch { /* denied */ }
    }
    v.history = (v.history || []).map((e, i) => (this.offers.has(`${no}:${i}`) ? { ...e, offer: true } : e));
  }

  /** The status line's note on people away from the room ('' when everyone is here). */
  awayLine() {
    const c = this.client;
    const s = c.snap;
    if (!s || s.status !== 'playing' || c.peeking) return '';
    return s.seats
      .map((seat, i) => ({ seat, i }))
      .filter(({ seat, i }) => i !== c.seat && seat.kind === 'human' && !seat.connected)
      .map(({ seat, i }) => (seat.ai ? ROOM.awayAILine : ROOM.awayLine)(c.seat < 0 ? this.shell.page.colour(s.game, i) : ROOM.opponent))
      .join(' ');
  }

  /** The turn line while the room is not in play for this page (its link down, its move
   * on the way, waiting, watching), else null. */
  turnText() {
    const c = this.client;
    const s = c.snap;
    if (this.replaced) return ROOM.replaced;
    if (!s) return c.peeking ? ROOM.checking : ROOM.connecting;
    if (!c.ready() && this.wasLost) {
      if (c.seat < 0) return ROOM.reconnecting; // a spectator has nothing to play
      return c.pending ? ROOM.offlinePending(ROOM.pendingWhat(c.pending)) : ROOM.offlineTurn;
    }
    if (c.pending) return ROOM.sending(ROOM.pendingWhat(c.pending));
    const side = (seat) => this.shell.page.colour(s.game, seat);
    if (this.seatLost && c.peeking) return this.inviteFree ? ROOM.seatLostJoin : ROOM.seatLostWatch;
    if (c.peeking && s.status === 'waiting') return ROOM.joinStarts(emptySeats(s) - 1);
    if (c.peeking && s.status === 'playing') return ROOM.preview(side(s.toMove));
    if (s.status === 'waiting') return c.seat === 0 ? ROOM.waitingFriend : ROOM.waitingOthers;
    if (c.seat < 0 && s.status === 'playing') return ROOM.spectating(side(s.toMove));
    return null;
  }

  /** The seats with their state and away timers; the takeover button when one is due. */
  renderSeats() {
    const c = this.client;
    const s = c.snap;
    const ul = $('seats');
    if (!s) return;
    const now = c.now();
    ul.textContent = '';
    let canTake = false;
    s.seats.forEach((seat, i) => {
      const li = document.createElement('li');
      let who = i === c.seat ? ROOM.me : ROOM.opponent;
      if (c.seat < 0) who = ROOM.seatNo(i);
      const t = seatTimers(s, i, now, c.seat);
      const meOffline = i === c.seat && !c.ready() && this.wasLost;
      let st;
      if (meOffline) st = ROOM.meReconnecting; // the snapshot still says connected: it is old
      else if (seat.kind === 'empty') st = ROOM.empty;
      else if (seat.kind === 'ai' || seat.ai) st = ROOM.aiPlaying;
      else if (seat.connected) st = ROOM.connected;
      else if (t.aiInMs > 0) st = ROOM.aiIn(clock(t.aiInMs));
      else if (t.takeoverInMs > 0) st = ROOM.takeoverIn(clock(t.takeoverInMs));
      else st = ROOM.away;
      if (t.mayTakeOver) canTake = true;
      li.textContent = `${this.shell.page.colour(s.game, i)} · ${who}: ${st}`;
      li.className = seat.connected && !meOffline ? 'on' : 'off';
      ul.appendChild(li);
    });
    if (s.spectators) {
      const li = document.createElement('li');
      li.textContent = ROOM.spectators(s.spectators);
      ul.appendChild(li);
    }
    $('takeover').hidden = !canTake || !c.ready();
    // the vote needs the server: not while the link is down
    const voted = (s.rematch || []).includes(c.seat);
    $('rematch').disabled = voted || !c.ready();
  }

  /** The room's time control under the link to share (and in the share sheet's text). */
  clockNote(snap) {
    let p = $('room-clock-note');
    if (!p) {
      p = document.createElement('p');
      p.id = 'room-clock-note';
      $('room-link-box').querySelector('.link-row').before(p);
    }
    p.textContent = ROOM_CLOCK(snap.clock ? snap.clock.control : null);
  }

  async copy() {
    const url = $('room-link').value;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      $('room-link').select();
      if (document.execCommand) document.execCommand('copy');
    }
    this.shell.say(ROOM.copied);
  }
}
