// Online play through the room service (functions/room/PROTOCOL.md): one WebSocket, the
// seat token kept in localStorage per room, automatic resume after a reload or a lost
// connection. The page shows only what the server's snapshots say; the engine worker only
// replays the server's moves to draw them and to list the legal moves with their paths.
import { SIDES, RULESET } from './text.js';

const $ = (id) => document.getElementById(id);
const tokenKey = (room) => `madang.room.${room}`;
export const NOT_FOUND = '방을 찾을 수 없습니다. 시간이 지나 방이 사라졌거나 주소가 잘못되었습니다.';

export class Online {
  constructor(app, ui) {
    this.app = app;
    this.ui = ui;
    this.room = null;
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
    this.tick = setInterval(() => this.renderSeats(), 1000);
    $('copy-link').onclick = () => this.copy();
    $('share-link').onclick = () => navigator.share && navigator.share({ title: document.title, url: $('room-link').value }).catch(() => {});
    $('share-link').hidden = !navigator.share;
    $('takeover').onclick = () => this.send({ action: 'takeover', room: this.room, token: this.token });
    $('rematch').onclick = () => this.send({ action: 'rematch', room: this.room, token: this.token });
    $('join-button').onclick = () => {
      $('join-button').disabled = true;
      this.peeking = false;
      this.send({ action: 'join', room: this.room });
    };
  }

  async connect() {
    let url = '/ws';
    try {
      const r = await fetch('/config.json', { cache: 'no-store' });
      if (r.ok) url = (await r.json()).ws || url;
    } catch { /* keep the default */ }
    if (url.startsWith('/')) url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${url}`;
    return new Promise((resolve) => {
      const ws = new WebSocket(url);
      this.ws = ws;
      ws.onopen = () => {
        this.retry = 0;
        $('online-status').textContent = '';
        resolve();
        if (this.room && this.token) this.send({ action: 'resume', room: this.room, token: this.token }, true);
        else if (this.room && this.watching) this.send({ action: 'join', room: this.room }, true);
        else if (this.room && this.peeking) this.send({ action: 'peek', room: this.room }, true);
        for (const m of this.queue.splice(0)) ws.send(JSON.stringify(m));
        clearInterval(this.pinger);
        this.pinger = setInterval(() => this.send({ action: 'ping' }), 240_000);
      };
      ws.onmessage = (e) => this.receive(e.data);
      ws.onclose = () => {
        clearInterval(this.pinger);
        if (this.closed) return;
        $('online-status').textContent = '연결이 끊겼습니다. 다시 연결하는 중…';
        const wait = Math.min(8000, 500 * 2 ** this.retry++);
        setTimeout(() => !this.closed && this.connect(), wait);
        resolve();
      };
    });
  }

  send(msg, now = false) {
    msg.id = this.nextId++;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
    else if (!now) this.queue.push(msg);
  }

  close() {
    this.closed = true;
    clearInterval(this.tick);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
  }

  /** Creates a room for game; the creator takes seat 0 and moves first. */
  async create(game) {
    this.game = game;
    this.ui.showPhase('game');
    $('online-status').textContent = '방을 만드는 중…';
    await this.connect();
    this.send({ action: 'create', game, options: {} });
  }

  /** Opens a room from its link: resume with a stored token, else look at the room first
   * (peek) and offer '참가하기' for a free seat or '관전하기' for a full one. */
  async open(room) {
    this.room = room;
    this.token = localStorage.getItem(tokenKey(room));
    if (this.token) {
      this.ui.showPhase('game');
      $('online-status').textContent = '방에 다시 들어가는 중…';
      await this.connect();
    } else {
      this.invite();
      await this.connect();
    }
  }

  /** The join panel while the room is being looked at. */
  invite() {
    this.peeking = true;
    this.ui.showPhase('join');
    $('join-title').textContent = '친구의 초대';
    $('join-text').textContent = '방 정보를 확인하는 중…';
    $('join-button').hidden = true;
    // sent now when connected (a refused token); else the socket's onopen sends it
    this.send({ action: 'peek', room: this.room }, true);
  }

  /** The join panel from a peeked snapshot: the ruleset, and a seat or only watching. */
  renderInvite(s) {
    const free = s.status === 'waiting' ? s.seats.findIndex((x) => x.kind === 'empty') : -1;
    this.previewSeat = free; // the board is shown from the seat a join would take
    const game = RULESET[s.game] || s.game;
    const b = $('join-button');
    if (free >= 0) {
      $('join-title').textContent = '친구의 초대';
      $('join-text').textContent = `친구가 만든 ${game} 방입니다. 참가하면 바로 시작하고, 나는 ${SIDES[s.game][free]}을 잡습니다.`;
      b.textContent = '참가하기';
    } else {
      $('join-title').textContent = '관전하기';
      $('join-text').textContent = s.status === 'over'
        ? `게임이 끝난 ${game} 방입니다. 빈자리가 없어 관전만 할 수 있습니다.`
        : `이미 두 사람이 두고 있는 ${game} 방입니다. 빈자리가 없어 관전만 할 수 있습니다.`;
      b.textContent = '관전하기';
    }
    b.hidden = false;
    b.disabled = false;
  }

  receive(data) {
    let m;
    try { m = JSON.parse(data); } catch { return; }
    if (m.type === 'joined') {
      const first = this.room == null;
      this.room = m.room;
      this.seat = m.seat;
      if (m.token) {
        this.token = m.token;
        localStorage.setItem(tokenKey(m.room), m.token);
      }
      this.peeking = false;
      this.previewSeat = -1;
      this.joinedOnce = true;
      if (m.seat < 0) this.watching = true;
      $('online-title').textContent = m.seat < 0 ? '관전 중' : '친구와 대전';
      const url = `${location.origin}/${this.game || document.body.dataset.game}/?room=${m.room}`;
      if (first || !location.search.includes(m.room)) history.replaceState(null, '', `/${this.game || document.body.dataset.game}/?room=${m.room}`);
      $('room-link').value = url;
      this.ui.showPhase('game');
    } else if (m.type === 'state') {
      this.onState(m.room);
    } else if (m.type === 'error') {
      if (m.code === 'bad-token' || (m.code === 'room-not-found' && this.token)) {
        localStorage.removeItem(tokenKey(this.room));
      }
      if (m.code === 'room-not-found' && !this.joinedOnce) {
        // a wrong or expired link: say so and go back to the menu to start a new game
        this.ui.roomNotFound();
        return;
      }
      if (m.code === 'room-not-found') $('online-status').textContent = NOT_FOUND;
      if (m.code === 'bad-token') { this.token = null; this.invite(); return; }
      this.ui.say(m.message || '요청을 처리하지 못했습니다.');
    }
  }

  async onState(snap) {
    if (!snap || snap.version < this.version) return;
    this.version = snap.version;
    this.snap = snap;
    if (this.peeking) this.renderInvite(snap);
    if (this.game !== snap.game && this.ui.setRuleset) this.ui.setRuleset(snap.game);
    this.game = snap.game;
    this.clockSkew = snap.serverTime ? snap.serverTime - Date.now() : 0;
    const a = await this.app.engine.ask('load', { game: snap.game, moves: snap.moves || [] });
    if (snap !== this.snap) return;
    let v = a.ok ? a.view : null;
    if (!v || v.fen !== snap.position) {
      const b = await this.app.engine.ask('load', { game: snap.game, fen: snap.position, moves: [] });
      if (!b.ok || snap !== this.snap) return;
      v = b.view;
    }
    // the server decides the turn, the result and the draw offers
    const playing = snap.status === 'playing';
    v.toMove = playing ? snap.toMove : -1;
    if (!playing) v.moves = [];
    if (snap.result) {
      const w = snap.result.winner;
      v.outcome = { status: w == null || w < 0 ? 'draw' : 'win', winner: w == null ? -1 : w, reason: snap.result.reason };
    }
    v.offer = playing && !!snap.drawOffer && snap.drawOffer.seat !== this.seat && this.seat >= 0;
    v.canOffer = playing && this.seat >= 0 && !!(snap.seats[this.seat] && snap.seats[this.seat].mayOfferDraw) && snap.policy && snap.policy.drawOffers;
    $('room-link-box').hidden = !(snap.status === 'waiting' && this.seat === 0);
    $('rematch').hidden = !(snap.status === 'over' && this.seat >= 0);
    const voted = (snap.rematch || []).includes(this.seat);
    $('rematch').disabled = voted;
    if (snap.status === 'over' && this.seat >= 0) {
      $('online-status').textContent = voted ? '상대가 ‘한 판 더’를 누르기를 기다리는 중입니다.'
        : (snap.rematch || []).length ? '상대가 한 판 더 하자고 합니다.' : '';
    } else if (snap.status === 'playing') {
      $('online-status').textContent = '';
    }
    this.ui.setView(v);
    this.renderSeats();
  }

  canMove(v) {
    return !!this.snap && this.snap.status === 'playing' && this.seat >= 0 && v.toMove === this.seat;
  }

  move(m, offer) {
    this.send({ action: 'move', room: this.room, token: this.token, ply: this.snap.ply, move: m.text, offerDraw: !!offer });
  }

  acceptDraw() { this.send({ action: 'acceptDraw', room: this.room, token: this.token }); }

  resign() { this.send({ action: 'resign', room: this.room, token: this.token }); }

  turnText() {
    const s = this.snap;
    if (!s) return this.peeking ? '방 정보를 확인하는 중…' : '방에 연결하는 중…';
    if (this.peeking && s.status === 'waiting') return '참가하면 게임이 시작됩니다.';
    if (this.peeking && s.status === 'playing') return `미리 보기 — ${SIDES[s.game][s.toMove]} 차례입니다.`;
    if (s.status === 'waiting') return this.seat === 0 ? '친구가 참가하기를 기다리는 중입니다.' : '다른 사람이 참가하기를 기다리는 중입니다.';
    if (this.seat < 0 && s.status === 'playing') return `관전 중 — ${SIDES[s.game][s.toMove]} 차례입니다.`;
    return null;
  }

  renderSeats() {
    const s = this.snap;
    const ul = $('seats');
    if (!s) return;
    const now = Date.now() + this.clockSkew;
    ul.textContent = '';
    let canTake = false;
    s.seats.forEach((seat, i) => {
      const li = document.createElement('li');
      let who = i === this.seat ? '나' : '상대';
      if (this.seat < 0) who = `${i + 1}번 자리`;
      let st;
      if (seat.kind === 'empty') st = '비어 있음';
      else if (seat.kind === 'ai' || seat.ai) st = 'AI가 두는 중';
      else if (seat.connected) st = '연결됨';
      else {
        const left = seat.awaySince != null ? seat.awaySince + s.policy.takeoverAfterMs - now : 0;
        if (left > 0) st = `연결 끊김 · ${Math.floor(left / 60000)}:${String(Math.floor((left % 60000) / 1000)).padStart(2, '0')} 뒤 AI로 교체 가능`;
        else st = '연결 끊김';
        if (left <= 0 && i !== this.seat && this.seat >= 0 && s.status === 'playing' && s.policy.takeoverAfterMs > 0) canTake = true;
      }
      li.textContent = `${SIDES[s.game][i]} · ${who}: ${st}`;
      li.className = seat.connected ? 'on' : 'off';
      ul.appendChild(li);
    });
    if (s.spectators) {
      const li = document.createElement('li');
      li.textContent = `관전 ${s.spectators}명`;
      ul.appendChild(li);
    }
    $('takeover').hidden = !canTake;
  }

  async copy() {
    const url = $('room-link').value;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      $('room-link').select();
      document.execCommand && document.execCommand('copy');
    }
    this.ui.say('주소를 복사했습니다.');
  }
}
