// The DOM-free room client (src/js/protocol.js) against a fake socket, no browser: the
// messages it sends (functions/room/PROTOCOL.md), the seat token it keeps, the snapshot
// order rule, reconnect and resume, and the away timers of both policies.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { RoomClient, seatTimers, socketURL, tokenKey, backoff } from '../src/js/protocol.js';

class FakeWS {
  static all = [];

  constructor(url) {
    this.url = url;
    this.sent = [];
    this.readyState = 0;
    FakeWS.all.push(this);
  }

  open() { this.readyState = 1; this.onopen(); }

  send(s) { this.sent.push(JSON.parse(s)); }

  close() { this.readyState = 3; if (this.onclose) this.onclose(); }

  /** A frame from the server. */
  frame(msg) { return this.onmessage({ data: JSON.stringify(msg) }); }
}

function memoryStorage(init = {}) {
  const m = new Map(Object.entries(init));
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, v), removeItem: (k) => m.delete(k), m };
}

const clients = [];
afterEach(() => { for (const c of clients.splice(0)) c.close(); });

/** The fake socket the client opened last, once its URL has been looked up. */
async function lastSocket() {
  await new Promise((r) => setTimeout(r, 0));
  return FakeWS.all.at(-1);
}

/** A client on a fake socket recording its events; returns {c, events, storage}. */
function client(storageInit) {
  const events = [];
  const storage = memoryStorage(storageInit);
  const rec = (name) => (...a) => { events.push([name, ...a]); };
  const c = new RoomClient({
    url: () => 'ws://test/ws',
    WebSocket: FakeWS,
    storage,
    now: () => 1_000_000,
    on: { connection: rec('connection'), joined: rec('joined'), state: rec('state'), notFound: rec('notFound'), error: rec('error') },
  });
  clients.push(c);
  return { c, events, storage };
}

const strip = ({ id, ...m }) => m; // ids count up per client; the fields are what matter

const snap = (over = {}) => ({
  id: 'room1', game: 'checkers', version: 1, status: 'playing', ply: 0, moves: [], toMove: 0,
  seats: [{ kind: 'human', connected: true, awaySince: null, ai: false }, { kind: 'human', connected: true, awaySince: null, ai: false }],
  policy: { drawOffers: true, takeoverAfterMs: 120000, awayAIAfterMs: 0, leaveToAI: false },
  serverTime: 1_000_250,
  ...over,
});

test('create sends after the socket opens; joined keeps the token per room', async () => {
  const { c, events, storage } = client();
  const done = c.create('checkers');
  const ws = await lastSocket();
  assert.equal(ws.url, 'ws://test/ws');
  ws.open();
  await done;
  assert.deepEqual(ws.sent.map(strip), [{ action: 'create', game: 'checkers', options: {} }]);
  ws.frame({ type: 'joined', room: 'room1', seat: 0, token: 'tok0' });
  assert.equal(c.seat, 0);
  assert.equal(c.room, 'room1');
  assert.equal(storage.getItem(tokenKey('room1')), 'tok0');
  assert.deepEqual(events.filter((e) => e[0] === 'joined').map((e) => e[2]), [true]); // first: it created the room
  c.close();
});

test('every action carries room and token; move and roll carry the snapshot ply, roll no dice', async () => {
  const { c } = client({ [tokenKey('room1')]: 'tok1' });
  const opened = c.open('room1');
  const ws = await lastSocket();
  ws.open();
  assert.equal(await opened, true);
  ws.frame({ type: 'joined', room: 'room1', seat: 1 });
  ws.frame({ type: 'state', room: snap({ ply: 7, version: 9, phase: 'roll', dice: null }) });
  ws.sent.length = 0;
  c.move('11-15', true);
  c.roll();
  c.acceptDraw();
  c.resign();
  c.leave();
  c.fillAI('beginner');
  c.takeover();
  c.takeover(2);
  c.rematch();
  const base = { room: 'room1', token: 'tok1' };
  assert.deepEqual(ws.sent.map(strip), [
    { action: 'move', ...base, ply: 7, move: '11-15', offerDraw: true },
    { action: 'roll', ...base, ply: 7 },
    { action: 'acceptDraw', ...base },
    { action: 'resign', ...base },
    { action: 'leave', ...base },
    { action: 'fillAI', ...base, level: 'beginner' },
    { action: 'takeover', ...base },
    { action: 'takeover', ...base, seat: 2 },
    { action: 'rematch', ...base },
  ]);
  // ids are distinct so replies can be matched
  assert.equal(new Set(ws.sent.map((m) => m.id)).size, ws.sent.length);
  assert.equal(c.phase(), 'roll');
  c.close();
});

test('a snapshot older than one already taken is ignored; serverTime sets the clock', () => {
  const { c, events } = client();
  c.state(snap({ version: 5, ply: 3 }));
  c.state(snap({ version: 4, ply: 2 }));
  c.state(snap({ version: 5, ply: 3, spectators: 1 }));
  assert.deepEqual(events.filter((e) => e[0] === 'state').map((e) => e[1].version), [5, 5]);
  assert.equal(c.snap.ply, 3);
  assert.equal(c.now(), 1_000_250);
  assert.equal(c.canMove(0), false); // no seat yet
  c.seat = 0;
  assert.equal(c.canMove(0), true);
  assert.equal(c.canMove(1), false);
  assert.equal(c.phase(), 'move'); // no dice: moving while playing
});

test('a lost socket reconnects by itself and resumes the seat with its token', async () => {
  const { c, events } = client({ [tokenKey('room1')]: 'tok1' });
  c.open('room1');
  const ws = await lastSocket();
  ws.open();
  assert.deepEqual(ws.sent.map(strip), [{ action: 'resume', room: 'room1', token: 'tok1' }]);
  ws.close();
  assert.deepEqual(events.filter((e) => e[0] === 'connection').map((e) => e[1]), ['open', 'lost']);
  c.acceptDraw(); // queued while away, sent after the resume
  await new Promise((r) => setTimeout(r, backoff(0) + 50));
  const ws2 = FakeWS.all.at(-1);
  assert.notEqual(ws2, ws);
  ws2.open();
  assert.deepEqual(ws2.sent.map(strip), [
    { action: 'resume', room: 'room1', token: 'tok1' },
    { action: 'acceptDraw', room: 'room1', token: 'tok1' },
  ]);
  c.close();
  assert.equal(FakeWS.all.at(-1), ws2); // closed for good: no reconnect
});

test('a link without a token peeks, joins, and a spectator rejoins by join after a reconnect', async () => {
  const { c } = client();
  c.open('room2');
  const ws = await lastSocket();
  ws.open();
  assert.deepEqual(ws.sent.map(strip), [{ action: 'peek', room: 'room2' }]);
  assert.equal(c.peeking, true);
  c.join();
  assert.equal(c.peeking, false);
  ws.frame({ type: 'joined', room: 'room2', seat: -1 });
  assert.equal(c.watching, true);
  ws.close();
  await new Promise((r) => setTimeout(r, backoff(0) + 50));
  const ws2 = FakeWS.all.at(-1);
  ws2.open();
  assert.deepEqual(ws2.sent.map(strip), [{ action: 'join', room: 'room2' }]);
  c.close();
});

test('room-not-found before any seat is a dead link; bad-token forgets the token', async () => {
  const a = client({ [tokenKey('gone')]: 'old' });
  a.c.open('gone');
  (await lastSocket()).open();
  FakeWS.all.at(-1).frame({ type: 'error', code: 'room-not-found', message: '...' });
  assert.deepEqual(a.events.filter((e) => e[0] === 'notFound').length, 1);
  assert.equal(a.storage.getItem(tokenKey('gone')), null);
  a.c.close();

  const b = client({ [tokenKey('r3')]: 'stale' });
  b.c.open('r3');
  (await lastSocket()).open();
  FakeWS.all.at(-1).frame({ type: 'error', code: 'bad-token', message: '...' });
  assert.equal(b.c.token, null);
  assert.equal(b.storage.getItem(tokenKey('r3')), null);
  assert.deepEqual(b.events.filter((e) => e[0] === 'error').map((e) => e[1].code), ['bad-token']);
  assert.equal(b.events.filter((e) => e[0] === 'notFound').length, 0);
  b.c.close();
});

test('away timers: the 2-minute takeover (draughts) and the 45 s AI (star games), for N seats', () => {
  const now = 10_000_000;
  const away = (ms) => ({ kind: 'human', connected: false, awaySince: now - ms, ai: false });
  const here = { kind: 'human', connected: true, awaySince: null, ai: false };
  const draughts = snap({ seats: [here, away(60_000)] });
  assert.deepEqual(seatTimers(draughts, 1, now, 0), { away: true, awayMs: 60_000, takeoverInMs: 60_000, aiInMs: null, mayTakeOver: false });
  assert.deepEqual(seatTimers(draughts, 0, now, 0), { away: false, awayMs: 0, takeoverInMs: null, aiInMs: null, mayTakeOver: false });
  const late = snap({ seats: [here, away(121_000)] });
  assert.equal(seatTimers(late, 1, now, 0).takeoverInMs, 0);
  assert.equal(seatTimers(late, 1, now, 0).mayTakeOver, true);
  assert.equal(seatTimers(late, 1, now, -1).mayTakeOver, false); // a spectator may not
  assert.equal(seatTimers(late, 1, now, 1).mayTakeOver, false); // nor the away seat itself
  assert.equal(seatTimers({ ...late, status: 'over' }, 1, now, 0).mayTakeOver, false);

  const star = snap({
    game: 'diamond',
    seats: [here, away(30_000), { ...away(50_000), ai: true }],
    policy: { drawOffers: false, takeoverAfterMs: 0, awayAIAfterMs: 45_000, leaveToAI: true },
  });
  assert.deepEqual(seatTimers(star, 1, now, 0), { away: true, awayMs: 30_000, takeoverInMs: null, aiInMs: 15_000, mayTakeOver: false });
  // the AI already plays seat 2: no timer runs
  assert.equal(seatTimers(star, 2, now, 0).away, false);
});

test('socketURL: the config path on this origin, wss under https, a full URL as given', async () => {
  const ok = (ws) => async () => ({ ok: true, json: async () => ({ ws }) });
  assert.equal(await socketURL({ protocol: 'http:', host: 'h:8080' }, ok('/ws')), 'ws://h:8080/ws');
  assert.equal(await socketURL({ protocol: 'https:', host: 'x.org' }, ok('/ws')), 'wss://x.org/ws');
  assert.equal(await socketURL({ protocol: 'https:', host: 'x.org' }, ok('wss://api.x.org/prod')), 'wss://api.x.org/prod');
  assert.equal(await socketURL({ protocol: 'http:', host: 'h' }, async () => { throw new Error('offline'); }), 'ws://h/ws');
});
