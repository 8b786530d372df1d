// The room client (functions/room/PROTOCOL.md), free of the DOM: one WebSocket, the seat
// token kept in a Storage per room, automatic reconnect and resume, the snapshot order rule
// (a lower version is ignored), and the seats' away timers. Any number of seats; games with
// dice roll with `roll`. The page's room panel (room-panel.js) listens to it.
//
// The link (client.link): 'connecting' (no socket yet), 'syncing' (the socket is open and
// the room's state is being fetched again: `resume`, `join` or `peek`, answered with the
// room's newest snapshot), 'ready', 'lost' (the socket closed or the device went offline;
// the client reconnects by itself), or 'replaced' (the room let this socket go for a newer
// tab of the same seat: closed for good until the page is reloaded). Only when 'ready' does the client act for its seat: an
// action asked for in any other link is refused at once with the error code 'offline' and
// never queued to be sent later.
//
// A move or roll is pending from its sending until the server answers it (a state or an
// error carrying its id); meanwhile the seat cannot act again. A pending action the socket
// lost is settled after the resync, from the room's newest snapshot: in the record at its
// ply -> delivered (not sent again); the room still waiting for it at its ply (or, for a
// move, a record that moved on, where only the server can tell whether by this very move
// in another spelling) -> sent once more on the new socket and settled by the server's
// answer (a repeat of a move or roll it already played is answered with the state alone,
// PROTOCOL.md `stale-ply`, so nothing is ever played twice); the game over or another game
// -> refused, not sent. A pending action (or a resync) unanswered for ackMs closes the
// socket, which takes the same path.
//
// Events (each handler optional, in `on`):
//   connection(link)   'open' (a socket opened; 'syncing' follows when in a room), 'ready',
//                      'lost' (the client reconnects by itself)
//   joined(msg, first) {room, seat, token?}: a seat (or -1, watching) in a room; first:
//                      the client knew no room before (it created this one)
//   state(snap)        a snapshot newer than any before; may return a promise, which
//                      client.state(snap) returns
//   notFound()         the first answer for the room was room-not-found (a dead link)
//   replaced(msg)      the room let this socket go for a newer tab of the same seat (error
//                      `replaced`): the client is closed for good, its link 'replaced'
//   error(msg)         any other error frame {code, message}; for `bad-token` the stored
//                      token is already forgotten; {code: 'offline'} for an action asked for
//                      while the link is not ready, {code: 'pending'} while a move waits
//   pending(p)         a move or roll was sent: p {action, ply, move?, label?, lost}
//   settled(p, how, code)  p is answered: how 'delivered' | 'refused'; code the server's
//                      error code, or 'over' / 'changed' when the resynced room refused it;
//                      p.lost: the socket was lost while it was pending
//   pong()

/** localStorage key of the seat token of a room. */
export const tokenKey = (room) => `madang.room.${room}`;

/** How long the page waits before its next reconnect: 0.5 s doubling up to 8 s. */
export const backoff = (retry) => Math.min(8000, 500 * 2 ** retry);

/** Every few minutes a ping keeps the socket alive (the gateway closes an idle one at 10 min). */
export const PING_MS = 240_000;

/** While the page's room is playing and no state has come for a minute, it pings naming the
 * room, so that the server checks on a seat silent on its turn whose socket closed without a
 * $disconnect, and on an AI turn that never came (PROTOCOL.md, `ping`). A game in play sends
 * no such ping: its states show the room alive, and each ping is a message and a Lambda run. */
export const ROOM_PING_MS = 60_000;

/** How long a sent move (or the resync after reconnecting) may go unanswered before the
 * socket is taken for dead, closed and opened again. */
export const ACK_MS = 8000;

/**
 * The socket URL of this site: /config.json's `ws` (a path on this origin or a full wss://
 * URL), '/ws' when it cannot be read; a path becomes ws(s)://host/path.
 * @param {{protocol: string, host: string}} loc  the page's location
 * @param {typeof fetch} fetcher
 */
export async function socketURL(loc = globalThis.location, fetcher = globalThis.fetch) {
  let url = '/ws';
  try {
    const r = await fetcher('/config.json', { cache: 'no-store' });
    if (r.ok) url = (await r.json()).ws || url;
  } catch { /* keep the default */ }
  if (url.startsWith('/')) url = `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${url}`;
  return url;
}

/**
 * The away timers of seat i in a snapshot at server time now (ms since the epoch):
 * {away, awayMs, takeoverInMs, aiInMs, mayTakeOver}. takeoverInMs counts down to the
 * opponent's `takeover` (policy.takeoverAfterMs, checkers/draughts: 2 min) and aiInMs to the
 * AI playing the seat's turns (policy.awayAIAfterMs, star games: 45 s); each is null when the
 * game has no such rule or the seat is not a person away. mayTakeOver: the viewer (seat
 * `viewer`) may send `takeover` for this seat now.
 */
export function seatTimers(snap, i, now, viewer = -1) {
  const seat = snap.seats[i];
  const policy = snap.policy || {};
  const out = { away: false, awayMs: 0, takeoverInMs: null, aiInMs: null, mayTakeOver: false };
  if (!seat || seat.kind !== 'human' || seat.connected || seat.ai) return out;
  out.away = true;
  out.awayMs = seat.awaySince != null ? Math.max(0, now - seat.awaySince) : 0;
  // a person away with no time given is taken as away long enough
  const left = (after) => (seat.awaySince != null ? Math.max(0, seat.awaySince + after - now) : 0);
  if (policy.takeoverAfterMs > 0) out.takeoverInMs = left(policy.takeoverAfterMs);
  if (policy.awayAIAfterMs > 0) out.aiInMs = left(policy.awayAIAfterMs);
  out.mayTakeOver = out.takeoverInMs === 0 && i !== viewer && viewer >= 0 && snap.status === 'playing';
  return out;
}

export class RoomClient {
  /**
   * @param {object} o
   * @param {() => Promise<string>|string} [o.url]  the socket URL (default: socketURL())
   * @param {typeof WebSocket} [o.WebSocket]
   * @param {Storage} [o.storage]  where seat tokens are kept (default localStorage)
   * @param {object} [o.on]  event handlers, see the file comment
   * @param {() => number} [o.now]  the local clock in ms
   */
  constructor(o = {}) {
    this.url = o.url || (() => socketURL());
    this.WS = o.WebSocket || globalThis.WebSocket;
    this.storage = o.storage || globalThis.localStorage;
    this.on = o.on || {};
    this.clock = o.now || (() => Date.now());
    this.ackMs = o.ackMs || ACK_MS;
    this.room = null;
    this.game = null;
    this.seat = -1;
    this.token = null;
    this.snap = null;
    this.version = 0;
    this.ws = null;
    this.link = 'connecting';
    this.syncId = null;
    this.pending = null;
    this.settledIds = new Set(); // ids of pending actions settled before their answer came
    this.asked = new Map(); // id -> {action, room, token} of each request sent, until answered
    this.queue = [];
    this.nextId = 1;
    this.closed = false;
    this.retry = 0;
    this.clockSkew = 0;
    this.peeking = false;
    this.watching = false;
    this.joinedOnce = false;
    // the device's own word on its network (a browser's offline/online events), if it has one
    this.events = o.events === undefined ? globalThis : o.events;
    this.onOffline = () => { if (this.ws && this.ws.readyState <= 1) this.ws.close(); };
    this.onOnline = () => { if (this.link === 'lost' && !this.closed) this.reconnectNow(); };
    if (this.events && this.events.addEventListener) {
      this.events.addEventListener('offline', this.onOffline);
      this.events.addEventListener('online', this.onOnline);
    }
  }

  emit(name, ...args) {
    const f = this.on[name];
    return f ? f(...args) : undefined;
  }

  setLink(link) {
    if (this.link === link) return;
    this.link = link;
    this.emit('connection', link);
  }

  /** Whether the client may act for its seat now: its socket is open and the room resynced. */
  ready() { return this.link === 'ready'; }

  /** Opens the socket; resolves when it opened or failed once (it keeps retrying). */
  async connect() {
    const url = await this.url();
    if (this.closed) return undefined;
    return new Promise((resolve) => {
      const ws = new this.WS(url);
      this.ws = ws;
      ws.onopen = () => {
        if (ws !== this.ws) return;
        this.retry = 0;
        this.emit('connection', 'open');
        resolve();
        let sync = null;
        if (this.room && this.token) sync = { action: 'resume', room: this.room, token: this.token };
        else if (this.room && this.watching) sync = { action: 'join', room: this.room };
        else if (this.room && this.peeking) sync = { action: 'peek', room: this.room };
        if (sync) {
          this.link = 'syncing';
          this.send(sync, true);
          this.syncId = sync.id;
          this.armTimer();
          this.emit('connection', 'syncing');
        } else {
          this.syncId = null;
          this.setLink('ready');
        }
        for (const m of this.queue.splice(0)) ws.send(JSON.stringify(m));
        clearInterval(this.pinger);
        this.pingAge = 0;
        this.heardAt = this.clock();
        this.pinger = setInterval(() => this.pingTick(), ROOM_PING_MS);
      };
      ws.onmessage = (e) => { if (ws === this.ws) this.receive(e.data); };
      ws.onclose = () => {
        if (ws !== this.ws) return;
        clearInterval(this.pinger);
        clearTimeout(this.ackTimer);
        this.syncId = null;
        resolve();
        if (this.closed) return;
        if (this.pending) this.pending.lost = true;
        this.setLink('lost');
        this.retryTimer = setTimeout(() => this.reconnectNow(), backoff(this.retry++));
      };
    });
  }

  /** The next connection attempt, now (after the backoff, or the device came back online);
   * while the device says it is offline, the attempt waits for its 'online' event. */
  reconnectNow() {
    clearTimeout(this.retryTimer);
    if (this.closed || (this.ws && this.ws.readyState <= 1)) return;
    const nav = this.events && this.events.navigator;
    if (nav && nav.onLine === false) {
      // the 'online' event comes back here; a later try in case it never does
      this.retryTimer = setTimeout(() => this.reconnectNow(), backoff(this.retry++));
      return;
    }
    this.connect();
  }

  /** While a move or the resync waits for its answer: an answer that never comes means a
   * dead socket, which is closed (and so reconnected and resynced). */
  armTimer() {
    clearTimeout(this.ackTimer);
    this.ackTimer = setTimeout(() => {
      if ((this.pending || this.syncId) && this.ws && this.ws.readyState === 1) this.ws.close();
    }, this.ackMs);
  }

  /** The pinger, every ROOM_PING_MS: a ping naming the room while its game is playing and no
   * state has come for ROOM_PING_MS, else a plain keep-alive ping every PING_MS. */
  pingTick() {
    this.pingAge += ROOM_PING_MS;
    const silent = this.clock() - (this.heardAt || 0) >= ROOM_PING_MS;
    if (this.room && this.snap && this.snap.status === 'playing' && silent) {
      this.send({ action: 'ping', room: this.room }, true);
      this.pingAge = 0;
    } else if (this.pingAge >= PING_MS) {
      this.send({ action: 'ping' }, true);
      this.pingAge = 0;
    }
  }

  /** Sends msg now, or queues it until the socket opens (unless now: then it is dropped).
   * Its id is kept with the room and token it named until its answer comes, so that an error
   * is only taken to be about this page's seat when it answers this page's own request. */
  send(msg, now = false) {
    msg.id = this.nextId++;
    if (this.ws && this.ws.readyState === 1) this.ws.send(JSON.stringify(msg));
    else if (!now) this.queue.push(msg);
    else return;
    this.asked.set(msg.id, { action: msg.action, room: msg.room, token: msg.token });
    if (this.asked.size > 64) this.asked.delete(this.asked.keys().next().value);
  }

  /** Closes the socket for good (no reconnect). */
  close() {
    this.closed = true;
    clearInterval(this.pinger);
    clearTimeout(this.ackTimer);
    clearTimeout(this.retryTimer);
    if (this.events && this.events.removeEventListener) {
      this.events.removeEventListener('offline', this.onOffline);
      this.events.removeEventListener('online', this.onOnline);
    }
    if (this.ws) this.ws.close();
  }

  /** Creates a room of game with its options and time control ({baseMs, incrementMs,
   * delayMs}, null for none); the creator takes seat 0. */
  async create(game, options = {}, clock = null) {
    this.game = game;
    await this.connect();
    const msg = { action: 'create', game, options };
    if (clock) msg.clock = clock;
    this.send(msg);
  }

  /** Opens a room from its link: resumes with a stored token, else peeks at it first.
   * Resolves with whether a token was found. */
  async open(room) {
    this.room = room;
    this.token = this.storage.getItem(tokenKey(room));
    if (!this.token) this.peek();
    await this.connect();
    return !!this.token;
  }

  /** Looks at the room without taking a seat (answered by a `state`, or room-not-found). */
  peek() {
    this.peeking = true;
    // sent now when connected (a refused token); else the socket's onopen sends it
    this.send({ action: 'peek', room: this.room }, true);
  }

  /** Takes the lowest free seat, or watches when there is none. */
  join() {
    this.peeking = false;
    this.send({ action: 'join', room: this.room });
  }

  /** Sends a seat's action when the link is ready; otherwise refuses it at once (the
   * error event, code 'offline') and returns false: nothing is kept to be sent later.
   * Returns the message's id when sent. */
  act(action, fields = {}) {
    if (!this.ready()) {
      this.emit('error', { code: 'offline' });
      return false;
    }
    const msg = { action, room: this.room, token: this.token, ...fields };
    this.send(msg, true);
    return msg.id;
  }

  /** A move or a roll, pending until the server answers it (see the file comment). */
  turnAction(action, fields, label) {
    if (this.ready() && this.pending) {
      this.emit('error', { code: 'pending' });
      return false;
    }
    const snap = this.snap;
    const id = this.act(action, { ply: snap.ply, ...fields });
    if (!id) return false;
    this.pending = { action, ply: snap.ply, gameNo: snap.gameNo || 1, ...fields, label, id, lost: false };
    this.armTimer();
    this.emit('pending', this.pending);
    return true;
  }

  /** Plays move text at the snapshot's ply, optionally offering a draw with it; label: how
   * the page names the move to the player. Returns whether it was sent. */
  move(text, offer = false, label = text) {
    return this.turnAction('move', { move: text, offerDraw: !!offer }, label);
  }

  /** Asks the server to roll the dice for this seat at the snapshot's ply (dice games). */
  roll() { return this.turnAction('roll', {}, ''); }

  acceptDraw() { return this.act('acceptDraw'); }

  resign() { return this.act('resign'); }

  /** Leaves the seat (the page stays as a spectator). */
  leave() { return this.act('leave'); }

  /** Seat 0 while waiting: the AI plays every empty seat at level and the game starts. */
  fillAI(level = 'intermediate') { return this.act('fillAI', { level }); }

  /** Replaces an away seat by the AI (seat: default the only other away seat). */
  takeover(seat) { return this.act('takeover', seat == null ? {} : { seat }); }

  rematch() { return this.act('rematch'); }

  /** One server frame (text). */
  receive(data) {
    let m;
    try { m = JSON.parse(data); } catch { return undefined; }
    if (!m || typeof m !== 'object') return undefined;
    // the request this frame answers, when this page sent it (an answer comes once)
    const asked = m.id != null ? this.asked.get(m.id) : undefined;
    if (asked) this.asked.delete(m.id);
    if (m.type === 'joined') {
      const first = this.room == null;
      this.room = m.room;
      this.seat = m.seat;
      if (m.token) {
        this.token = m.token;
        this.storage.setItem(tokenKey(m.room), m.token);
      }
      this.peeking = false;
      this.joinedOnce = true;
      if (m.seat < 0) this.watching = true;
      return this.emit('joined', m, first);
    }
    const p = this.pending;
    const answersPending = p && m.id != null && m.id === p.id;
    if (m.type === 'state') {
      this.heardAt = this.clock();
      const synced = this.syncId != null && m.id === this.syncId;
      if (synced) {
        this.syncId = null;
        clearTimeout(this.ackTimer);
        this.setLink('ready');
      }
      if (answersPending) this.settle('delivered');
      else if (p) this.reconcile(m.room, synced);
      if (this.pending) this.armTimer();
      return this.state(m.room);
    }
    if (m.type === 'pong') return this.emit('pong');
    if (m.type === 'error') {
      if (m.id != null && m.id === this.syncId) {
        // the room refused the resync (a token it no longer honours, a room gone): the
        // socket is usable, and a pending move cannot be played any more
        this.syncId = null;
        clearTimeout(this.ackTimer);
        this.setLink('ready');
        if (p) this.settle('refused', m.code);
      }
      if (answersPending) {
        const quiet = p.lost; // the page says what became of it, not the bare code
        this.settle('refused', m.code);
        if (quiet && m.code !== 'bad-token' && m.code !== 'room-not-found') return undefined;
      } else if (m.id != null && this.settledIds.has(m.id)) {
        return undefined; // already settled from a newer snapshot
      }
      if (m.code === 'bad-token' || m.code === 'room-not-found') {
        // about this page's seat only when it answers this page's own request for its room
        // (bad-token: one that carried the seat's current token). Any other such error (a
        // frame sent on this socket by something else, a request of another room) says
        // nothing about the seat: the token is kept and the error ignored.
        const own = asked && this.room != null && asked.room === this.room
          && (m.code === 'room-not-found' || (asked.token != null && asked.token === this.token));
        if (!own) {
          if (m.message) console.warn(`madang: ignored ${m.code} not answering this page's request: ${m.message}`);
          return undefined;
        }
        if (m.code === 'bad-token' || this.token) this.storage.removeItem(tokenKey(this.room));
        if (m.code === 'room-not-found' && !this.joinedOnce) return this.emit('notFound');
        if (m.code === 'bad-token') this.token = null;
      }
      if (m.code === 'replaced' && m.id == null) {
        // the room let this socket go for a newer one of its seat (another tab of the same
        // person): no more states come to it. The client stops for good, neither
        // reconnecting nor resuming (which would push another tab out in turn) until the
        // page is reloaded; link 'replaced' from now on.
        this.close();
        this.link = 'replaced';
        return this.emit('replaced', m);
      }
      return this.emit('error', m);
    }
    return undefined;
  }

  /** The pending action is answered: delivered or refused (code: why). */
  settle(how, code = '') {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    clearTimeout(this.ackTimer);
    this.settledIds.add(p.id);
    if (this.settledIds.size > 16) this.settledIds.delete(this.settledIds.values().next().value);
    this.emit('settled', p, how, code);
  }

  /** A snapshot not answering the pending action. The action in the record at its ply
   * settles it as delivered. Otherwise, while its socket lives, its own answer will come;
   * once the socket was lost, the resync's snapshot decides: the room still waits for it
   * (or has moved on, and only the server can tell whether by this very move, in another
   * spelling) -> sent once more and settled by the answer; the game over or another game
   * -> refused, not sent. */
  reconcile(snap, synced) {
    const p = this.pending;
    if (!snap || (snap.version < this.version && this.snap)) snap = this.snap;
    if (!p || !snap) return;
    const sameGame = (snap.gameNo || 1) === p.gameNo;
    // a roll at its ply can only be this seat's; a move must be the one sent
    if (sameGame && snap.ply > p.ply && (p.action === 'roll' || (snap.moves || [])[p.ply] === p.move)) {
      this.settle('delivered');
      return;
    }
    if (!p.lost || !synced) return;
    const waits = snap.status === 'playing' && snap.ply === p.ply && snap.toMove === this.seat;
    const askServer = snap.ply > p.ply && p.action === 'move';
    if (!sameGame || !(waits || askServer)) {
      this.settle('refused', snap.status === 'over' && sameGame ? 'over' : 'changed');
      return;
    }
    const msg = { action: p.action, room: this.room, token: this.token, ply: p.ply };
    if (p.action === 'move') Object.assign(msg, { move: p.move, offerDraw: p.offerDraw });
    this.send(msg, true);
    p.id = msg.id;
    p.resent = true;
  }

  /** A snapshot: ignored when older than one already taken, else kept and passed on. */
  state(snap) {
    if (!snap || snap.version < this.version) return undefined;
    this.version = snap.version;
    this.snap = snap;
    this.game = snap.game;
    this.clockSkew = snap.serverTime ? snap.serverTime - this.clock() : 0;
    return this.emit('state', snap);
  }

  /** The server's time now, from the last snapshot's serverTime. */
  now() { return this.clock() + this.clockSkew; }

  /** Whether this seat may act now in the snapshot (toMove: the seat shown to act): the
   * link is ready and no move of it waits for the server's answer. */
  canMove(toMove) {
    return this.ready() && !this.pending && !!this.snap && this.snap.status === 'playing' && this.seat >= 0 && toMove === this.seat;
  }

  /** The snapshot's dice phase: 'roll' | 'move' | 'over' (games without dice: 'move' while playing). */
  phase() {
    const s = this.snap;
    if (!s) return null;
    if (s.phase) return s.phase;
    return s.status === 'over' ? 'over' : 'move';
  }
}
