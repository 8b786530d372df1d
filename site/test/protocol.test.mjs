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
    on: { connection: rec('connection'), joined: rec('joined'), state: rec('state'), notFound: rec('notFound'), error: rec('error'), replaced: rec('replaced'), pending: rec('pending'), settled: rec('settled') },
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
  // the resume's answer (carrying its id) resyncs the room: only then does the seat act
  const resume = ws.sent[0].id;
  ws.frame({ type: 'joined', id: resume, room: 'room1', seat: 1 });
  ws.frame({ type: 'state', id: resume, room: snap({ ply: 7, version: 9, phase: 'roll', dice: null }) });
  assert.equal(c.link, 'ready');
  ws.sent.length = 0;
  c.move('11-15', true);
  // a move waits for its answer before the seat acts again (here: the state carrying its id)
  ws.frame({ type: 'state', id: ws.sent.at(-1).id, room: snap({ ply: 7, version: 10, phase: 'roll', dice: null }) });
  c.roll();
  ws.frame({ type: 'state', id: ws.sent.at(-1).id, room: snap({ ply: 7, version: 11, phase: 'roll', dice: null }) });
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
  assert.equal(c.canMove(0), false); // no socket: the link is not ready
  c.link = 'ready'; // as after a resync
  assert.equal(c.canMove(0), true);
  assert.equal(c.canMove(1), false);
  assert.equal(c.phase(), 'move'); // no dice: moving while playing
});

test('a lost socket reconnects by itself and resumes the seat with its token; nothing is queued meanwhile', async () => {
  const { c, events } = client({ [tokenKey('room1')]: 'tok1' });
  c.open('room1');
  const ws = await lastSocket();
  ws.open();
  assert.deepEqual(ws.sent.map(strip), [{ action: 'resume', room: 'room1', token: 'tok1' }]);
  ws.frame({ type: 'joined', id: ws.sent[0].id, room: 'room1', seat: 1 });
  ws.frame({ type: 'state', id: ws.sent[0].id, room: snap({ toMove: 1 }) });
  assert.equal(c.canMove(1), true);
  ws.close();
  assert.deepEqual(events.filter((e) => e[0] === 'connection').map((e) => e[1]), ['open', 'syncing', 'ready', 'lost']);
  assert.equal(c.canMove(1), false);
  // an action while away is refused at once ('offline'), never sent later
  assert.equal(c.acceptDraw(), false);
  assert.equal(c.move('9-13'), false);
  assert.deepEqual(events.filter((e) => e[0] === 'error').map((e) => e[1].code), ['offline', 'offline']);
  await new Promise((r) => setTimeout(r, backoff(0) + 50));
  const ws2 = FakeWS.all.at(-1);
  assert.notEqual(ws2, ws);
  ws2.open();
  assert.deepEqual(ws2.sent.map(strip), [{ action: 'resume', room: 'room1', token: 'tok1' }]);
  // open again but not yet resynced: still no acting
  assert.equal(c.link, 'syncing');
  assert.equal(c.canMove(1), false);
  ws2.frame({ type: 'state', id: ws2.sent[0].id, room: snap({ toMove: 1, version: 2 }) });
  assert.equal(c.link, 'ready');
  assert.equal(c.canMove(1), true);
  c.close();
  assert.equal(FakeWS.all.at(-1), ws2); // closed for good: no reconnect
});

/** A seated client (seat 0, checkers at ply 4, its turn) on a ready socket; returns {c, ws, events}. */
async function seated(over = {}) {
  const { c, events } = client({ [tokenKey('room1')]: 'tok0' });
  c.open('room1');
  const ws = await lastSocket();
  ws.open();
  const id = ws.sent[0].id;
  ws.frame({ type: 'joined', id, room: 'room1', seat: 0 });
  ws.frame({ type: 'state', id, room: snap({ ply: 4, version: 10, moves: ['a', 'b', 'c', 'd'], ...over }) });
  ws.sent.length = 0;
  return { c, ws, events };
}

/** Loses the socket, waits for the reconnect, opens it; returns the new socket. */
async function reconnect(ws) {
  ws.close();
  await new Promise((r) => setTimeout(r, backoff(0) + 50));
  const ws2 = FakeWS.all.at(-1);
  assert.notEqual(ws2, ws);
  ws2.open();
  return ws2;
}

const sentMoves = (ws) => ws.sent.filter((m) => m.action === 'move').map(strip);
const settledOf = (events) => events.filter((e) => e[0] === 'settled').map((e) => [e[2], e[3]]);

test('a move is pending until its answer; the seat cannot move twice meanwhile', async () => {
  const { c, ws, events } = await seated();
  assert.equal(c.move('11-15', false, '11-15'), true);
  assert.equal(c.canMove(0), false);
  assert.equal(c.move('9-13'), false); // refused: the first one waits
  assert.deepEqual(events.filter((e) => e[0] === 'error').map((e) => e[1].code), ['pending']);
  assert.equal(sentMoves(ws).length, 1);
  // a state without its id (a spectator came) does not settle it
  ws.frame({ type: 'state', room: snap({ ply: 4, version: 11, moves: ['a', 'b', 'c', 'd'], spectators: 1 }) });
  assert.ok(c.pending);
  ws.frame({ type: 'state', id: ws.sent[0].id, room: snap({ ply: 5, version: 12, toMove: 1, moves: ['a', 'b', 'c', 'd', '11-15'] }) });
  assert.equal(c.pending, null);
  assert.deepEqual(settledOf(events), [['delivered', '']]);
  c.close();
});

test('a move lost with its socket and not played: sent once more after the resync, then acknowledged', async () => {
  const { c, ws, events } = await seated();
  c.move('11-15', true);
  const ws2 = await reconnect(ws);
  assert.equal(c.pending.lost, true);
  assert.deepEqual(ws2.sent.map(strip), [{ action: 'resume', room: 'room1', token: 'tok0' }]); // nothing before the resync
  ws2.frame({ type: 'joined', id: ws2.sent[0].id, room: 'room1', seat: 0 });
  ws2.frame({ type: 'state', id: ws2.sent[0].id, room: snap({ ply: 4, version: 13, moves: ['a', 'b', 'c', 'd'] }) });
  assert.deepEqual(sentMoves(ws2), [{ action: 'move', room: 'room1', token: 'tok0', ply: 4, move: '11-15', offerDraw: true }]);
  assert.equal(c.canMove(0), false); // still pending
  ws2.frame({ type: 'state', id: ws2.sent.at(-1).id, room: snap({ ply: 5, version: 14, toMove: 1, moves: ['a', 'b', 'c', 'd', '11-15'] }) });
  assert.deepEqual(settledOf(events), [['delivered', '']]);
  assert.equal(events.find((e) => e[0] === 'settled')[1].lost, true);
  assert.equal(sentMoves(ws2).length, 1);
  c.close();
});

test('a move the server played before the socket was lost: delivered, never sent again', async () => {
  const { c, ws, events } = await seated();
  c.move('11-15');
  const ws2 = await reconnect(ws);
  // the resync shows it played, and the opponent answered already
  ws2.frame({ type: 'state', id: ws2.sent[0].id, room: snap({ ply: 6, version: 15, moves: ['a', 'b', 'c', 'd', '11-15', '22-18'] }) });
  assert.deepEqual(settledOf(events), [['delivered', '']]);
  assert.deepEqual(sentMoves(ws2), []);
  assert.equal(c.canMove(0), true);
  c.close();
});

test('a lost move the room no longer waits for: refused (over, changed), never sent; a server refusal is reported once', async () => {
  // the opponent resigned while the socket was down
  let t = await seated();
  t.c.move('11-15');
  let ws2 = await reconnect(t.ws);
  ws2.frame({ type: 'state', id: ws2.sent[0].id, room: snap({ ply: 4, version: 15, status: 'over', toMove: -1, moves: ['a', 'b', 'c', 'd'] }) });
  assert.deepEqual(settledOf(t.events), [['refused', 'over']]);
  assert.deepEqual(sentMoves(ws2), []);
  t.c.close();

  // the record moved on by another move at that ply (spelled differently?): the server decides
  t = await seated();
  t.c.move('11-15');
  ws2 = await reconnect(t.ws);
  ws2.frame({ type: 'state', id: ws2.sent[0].id, room: snap({ ply: 5, version: 15, toMove: 1, moves: ['a', 'b', 'c', 'd', '9-13'] }) });
  assert.equal(sentMoves(ws2).length, 1);
  ws2.frame({ type: 'error', id: ws2.sent.at(-1).id, code: 'stale-ply', message: '...' });
  ws2.frame({ type: 'state', id: ws2.sent.at(-1).id, room: snap({ ply: 5, version: 15, toMove: 1, moves: ['a', 'b', 'c', 'd', '9-13'] }) });
  assert.deepEqual(settledOf(t.events), [['refused', 'stale-ply']]);
  // the page says it from the settled event: no second, bare error event
  assert.deepEqual(t.events.filter((e) => e[0] === 'error'), []);
  t.c.close();

  // the token no longer proves the seat (taken over by the AI while away)
  t = await seated();
  t.c.move('11-15');
  ws2 = await reconnect(t.ws);
  ws2.frame({ type: 'error', id: ws2.sent[0].id, code: 'bad-token', message: '...' });
  assert.deepEqual(settledOf(t.events), [['refused', 'bad-token']]);
  assert.deepEqual(sentMoves(ws2), []);
  t.c.close();
});

test('a roll lost with its socket: found in the record, or rolled once more', async () => {
  const bg = { game: 'backgammon', phase: 'roll' };
  let t = await seated(bg);
  t.c.roll();
  let ws2 = await reconnect(t.ws);
  ws2.frame({ type: 'state', id: ws2.sent[0].id, room: snap({ ...bg, phase: 'move', ply: 5, version: 15, moves: ['a', 'b', 'c', 'd', '6-1'] }) });
  assert.deepEqual(settledOf(t.events), [['delivered', '']]);
  assert.deepEqual(ws2.sent.filter((m) => m.action === 'roll'), []);
  t.c.close();

  t = await seated(bg);
  t.c.roll();
  ws2 = await reconnect(t.ws);
  ws2.frame({ type: 'state', id: ws2.sent[0].id, room: snap({ ...bg, ply: 4, version: 15, moves: ['a', 'b', 'c', 'd'] }) });
  assert.deepEqual(ws2.sent.filter((m) => m.action === 'roll').map(strip), [{ action: 'roll', room: 'room1', token: 'tok0', ply: 4 }]);
  t.c.close();
});

test('an answer that never comes: the socket is closed and the move settled through the resync', async () => {
  const { c, events } = client({ [tokenKey('room1')]: 'tok0' });
  c.ackMs = 60;
  c.open('room1');
  const ws = await lastSocket();
  ws.open();
  ws.frame({ type: 'state', id: ws.sent[0].id, room: snap({ ply: 4, version: 10, moves: ['a', 'b', 'c', 'd'] }) });
  c.move('11-15');
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(ws.readyState, 3); // taken for dead
  assert.equal(c.link, 'lost');
  assert.equal(c.pending.lost, true);
  assert.deepEqual(events.filter((e) => e[0] === 'connection').map((e) => e[1]).slice(-1), ['lost']);
  c.close();
});

test('the device going offline drops the socket at once and waits for online', async () => {
  const target = new EventTarget();
  target.navigator = { onLine: true };
  const c = new RoomClient({ url: () => 'ws://test/ws', WebSocket: FakeWS, storage: memoryStorage({ [tokenKey('room1')]: 't' }), events: target });
  clients.push(c);
  c.open('room1');
  const ws = await lastSocket();
  ws.open();
  target.navigator.onLine = false;
  target.dispatchEvent(new Event('offline'));
  assert.equal(c.link, 'lost');
  await new Promise((r) => setTimeout(r, backoff(0) + 50));
  assert.equal(FakeWS.all.at(-1), ws); // no attempt while offline
  target.navigator.onLine = true;
  target.dispatchEvent(new Event('online'));
  const ws2 = await lastSocket();
  assert.notEqual(ws2, ws); // at once, not after the backoff
  c.close();
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
  const resumeA = FakeWS.all.at(-1).sent[0];
  assert.equal(resumeA.action, 'resume');
  FakeWS.all.at(-1).frame({ type: 'error', id: resumeA.id, code: 'room-not-found', message: '...' });
  assert.deepEqual(a.events.filter((e) => e[0] === 'notFound').length, 1);
  assert.equal(a.storage.getItem(tokenKey('gone')), null);
  a.c.close();

  const b = client({ [tokenKey('r3')]: 'stale' });
  b.c.open('r3');
  (await lastSocket()).open();
  FakeWS.all.at(-1).frame({ type: 'error', id: FakeWS.all.at(-1).sent[0].id, code: 'bad-token', message: '...' });
  assert.equal(b.c.token, null);
  assert.equal(b.storage.getItem(tokenKey('r3')), null);
  assert.deepEqual(b.events.filter((e) => e[0] === 'error').map((e) => e[1].code), ['bad-token']);
  assert.equal(b.events.filter((e) => e[0] === 'notFound').length, 0);
  b.c.close();
});

test('room-not-found and bad-token answering no request of this page leave the seat and its token alone', async () => {
  const warn = console.warn;
  console.warn = () => {};
  try {
    const { c, events, storage } = client({ [tokenKey('r4')]: 'tok4' });
    c.open('r4');
    const ws = await lastSocket();
    ws.open();
    const resume = ws.sent[0];
    ws.frame({ type: 'joined', id: resume.id, room: 'r4', seat: 1 });
    ws.frame({ type: 'state', id: resume.id, room: snap({ id: 'r4' }) });
    assert.equal(c.ready(), true);
    // what another sender's frames on this socket are answered with: no id, an id this page
    // never used, or an id of this page's already answered request
    for (const id of [undefined, 999, resume.id]) {
      for (const code of ['room-not-found', 'bad-token']) ws.frame({ type: 'error', id, code, message: '...' });
    }
    assert.equal(storage.getItem(tokenKey('r4')), 'tok4');
    assert.equal(c.token, 'tok4');
    assert.deepEqual(events.filter((e) => e[0] === 'error' || e[0] === 'notFound'), []);
    // the page's own request for its room refused: the token goes
    const id = c.resign();
    ws.frame({ type: 'error', id, code: 'bad-token', message: '...' });
    assert.equal(storage.getItem(tokenKey('r4')), null);
    assert.equal(c.token, null);
    assert.deepEqual(events.filter((e) => e[0] === 'error').map((e) => e[1].code), ['bad-token']);
  } finally {
    console.warn = warn;
  }
});

test('replaced: the client stops for good, neither reconnecting nor acting, until a reload', async () => {
  const { c, events } = client({ [tokenKey('r5')]: 'tok5' });
  c.open('r5');
  const ws = await lastSocket();
  ws.open();
  ws.frame({ type: 'joined', id: ws.sent[0].id, room: 'r5', seat: 0 });
  ws.frame({ type: 'state', id: ws.sent[0].id, room: snap({ id: 'r5', status: 'waiting' }) });
  assert.equal(c.ready(), true);
  const sockets = FakeWS.all.length;
  ws.frame({ type: 'error', code: 'replaced', message: '...' });
  assert.deepEqual(events.filter((e) => e[0] === 'replaced').length, 1);
  assert.deepEqual(events.filter((e) => e[0] === 'error'), []);
  assert.equal(c.link, 'replaced');
  assert.equal(c.ready(), false);
  assert.equal(ws.readyState, 3);
  await new Promise((r) => setTimeout(r, backoff(0) + 50));
  assert.equal(FakeWS.all.length, sockets); // no reconnect (a resume would push out another tab)
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

// The heartbeat that finds a seat whose socket closed without a $disconnect: a ping naming
// the room only while the game is playing and no state has come for ROOM_PING_MS (a game in
// play sends none: each ping is a message and a Lambda run), else a plain keep-alive.
test('ping names the room only when a playing room has been silent for a minute', async () => {
  let now = 1_000_000;
  const c = new RoomClient({ url: () => 'ws://test/ws', WebSocket: FakeWS, storage: memoryStorage(), now: () => now, on: {} });
  clients.push(c);
  const done = c.create('checkers');
  const ws = await lastSocket();
  ws.open();
  await done;
  ws.frame({ type: 'joined', room: 'room1', seat: 0, token: 'tok0' });
  ws.frame({ type: 'state', room: snap() });
  const pings = () => ws.sent.filter((m) => m.action === 'ping').map(strip);
  now += 30_000; // a state came 30 s ago: the room is alive
  c.pingTick();
  assert.deepEqual(pings(), []);
  now += 30_000; // a minute without a state
  c.pingTick();
  assert.deepEqual(pings(), [{ action: 'ping', room: 'room1' }]);
  ws.frame({ type: 'state', room: snap({ version: 2, ply: 1, toMove: 1, moves: ['11-15'] }) });
  now += 60_000;
  c.pingTick();
  assert.equal(pings().length, 2, 'a minute after the last state: the next ping naming the room');
  // a finished game: only the keep-alive, every PING_MS
  ws.frame({ type: 'state', room: snap({ version: 3, status: 'over', ply: 1, toMove: 1, moves: ['11-15'] }) });
  for (let i = 0; i < 4; i++) { now += 60_000; c.pingTick(); }
  assert.deepEqual(pings().slice(2), [{ action: 'ping' }]);
});
