// The room client (functions/room/PROTOCOL.md), free of the DOM: one WebSocket, the seat
// token kept in a Storage per room, automatic reconnect and resume, the snapshot order rule
// (a lower version is ignored), and the seats' away timers. Any number of seats; games with
// dice roll with `roll`. The page's room panel (room-panel.js) listens to it.
//
// Events (each handler optional, in `on`):
//   connection(state)  'open' | 'lost' (the client reconnects by itself, then resumes)
//   joined(msg, first) {room, seat, token?}: a seat (or -1, watching) in a room; first:
//                      the client knew no room before (it created this one)
//   state(snap)        a snapshot newer than any before; may return a promise, which
//                      client.state(snap) returns
//   notFound()         the first answer for the room was room-not-found (a dead link)
//   error(msg)         any other error frame {code, message}; for `bad-token` the stored
//                      token is already forgotten
//   pong()

/** localStorage key of the seat token of a room. */
export const tokenKey = (room) => `madang.room.${room}`;

/** How long the page waits before its next reconnect: 0.5 s doubling up to 8 s. */
export const backoff = (retry) => Math.min(8000, 500 * 2 ** retry);

/** Every few minutes a ping keeps the socket alive (the gateway closes an idle one at 10 min). */
export const PING_MS = 240_000;

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
    this.room = null;
    this.game = null;
    this.seat = -1;
    this.token = null;
    this.snap = null;
    this.version = 0;
    this.ws = null;
    this.queue = [];
    this.nextId = 1;
    this.closed = false;
    this.retry = 0;
    this.clockSkew = 0;
    this.peeking = false;
    this.watching = false;
    this.joinedOnce = false;
  }

  emit(name, ...args) {
    const f = this.on[name];
    return f ? f(...args) : undefined;
  }

  /** Opens the socket; resolves when it opened or failed once (it keeps retrying). */
  async connect() {
    const url = await this.url();
    return new Promise((resolve) => {
      const ws = new this.WS(url);
      this.ws = ws;
      ws.onopen = () => {
        this.retry = 0;
        this.emit('connection', 'open');
        resolve();
        if (this.room && this.token) this.send({ action: 'resume', room: this.room, token: this.token }, true);
        else if (this.room && this.watching) this.send({ action: 'join', room: this.room }, true);
        else if (this.room && this.peeking) this.send({ action: 'peek', room: this.room }, true);
        for (const m of this.queue.splice(0)) ws.send(JSON.stringify(m));
        clearInterval(this.pinger);
        this.pinger = setInterval(() => this.send({ action: 'ping' }), PING_MS);
      };
      ws.onmessage = (e) => this.receive(e.data);
      ws.onclose = () => {
        clearInterval(this.pinger);
        if (this.closed) return;
        this.emit('connection', 'lost');
        setTimeout(() => !this.closed && this.connect(), backoff(this.retry++));
        resolve();
      };
    });
  }

  /** Sends msg now, or queues it until the socket opens (unless now: then it is dropped). */
  send(msg, now = false) {
    msg.id = this.nextId++;
    if (this.ws && this.ws.readyState === 1) this.ws.send(JSON.stringify(msg));
    else if (!now) this.queue.push(msg);
  }

  /** Closes the socket for good (no reconnect). */
  close() {
    this.closed = true;
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
  }

  /** Creates a room of game with its options; the creator takes seat 0. */
  async create(game, options = {}) {
    this.game = game;
    await this.connect();
    this.send({ action: 'create', game, options });
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

  act(action, fields = {}) {
    this.send({ action, room: this.room, token: this.token, ...fields });
  }

  /** Plays move text at the snapshot's ply, optionally offering a draw with it. */
  move(text, offer = false) { this.act('move', { ply: this.snap.ply, move: text, offerDraw: !!offer }); }

  /** Asks the server to roll the dice for this seat at the snapshot's ply (dice games). */
  roll() { this.act('roll', { ply: this.snap.ply }); }

  acceptDraw() { this.act('acceptDraw'); }

  resign() { this.act('resign'); }

  /** Leaves the seat (the page stays as a spectator). */
  leave() { this.act('leave'); }

  /** Seat 0 while waiting: the AI plays every empty seat at level and the game starts. */
  fillAI(level = 'intermediate') { this.act('fillAI', { level }); }

  /** Replaces an away seat by the AI (seat: default the only other away seat). */
  takeover(seat) { this.act('takeover', seat == null ? {} : { seat }); }

  rematch() { this.act('rematch'); }

  /** One server frame (text). */
  receive(data) {
    let m;
    try { m = JSON.parse(data); } catch { return undefined; }
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
    if (m.type === 'state') return this.state(m.room);
    if (m.type === 'pong') return this.emit('pong');
    if (m.type === 'error') {
      if (m.code === 'bad-token' || (m.code === 'room-not-found' && this.token)) {
        this.storage.removeItem(tokenKey(this.room));
      }
      if (m.code === 'room-not-found' && !this.joinedOnce) return this.emit('notFound');
      if (m.code === 'bad-token') this.token = null;
      return this.emit('error', m);
    }
    return undefined;
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

  /** Whether this seat may act now in the snapshot (toMove: the seat shown to act). */
  canMove(toMove) {
    return !!this.snap && this.snap.status === 'playing' && this.seat >= 0 && toMove === this.seat;
  }

  /** The snapshot's dice phase: 'roll' | 'move' | 'over' (games without dice: 'move' while playing). */
  phase() {
    const s = this.snap;
    if (!s) return null;
    if (s.phase) return s.phase;
    return s.status === 'over' ? 'over' : 'move';
  }
}
