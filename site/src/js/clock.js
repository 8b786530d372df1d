// Game clocks of online rooms (functions/room/PROTOCOL.md, "Clocks"): the time
// control offered on the menu before a room is made, its description for the join card and
// the share line, and each seat's clock on the page (over the board and in the button
// board), counted down from the server's snapshot. The server keeps the time; the page
// never sends one: it only counts down what the last snapshot said, by its own elapsed time
// since that snapshot arrived (performance.now), not by its clock's time of day.

const $ = (id) => document.getElementById(id);

/** The Korean texts of the clocks. */
export const CLOCK = {
  choiceLabel: '시간 제한',
  none: '없음',
  custom: '직접 정하기',
  customBase: '기본 시간',
  customMin: '분',
  customSec: '초',
  customInc: '한 수마다 더하는 시간(초)',
  customDelay: '한 수마다 주는 유예(초)',
  badCustom: '시간 제한은 1초에서 3시간, 더하는 시간은 60초, 유예는 300초까지 정할 수 있습니다.',
  clocksLabel: '남은 시간',
  noClock: '시간 제한 없음',
  inDelay: (s) => `유예 ${s}초`,
  lowMe: '내 남은 시간이 얼마 남지 않았습니다.',
  low: (who) => `${who}의 남은 시간이 얼마 남지 않았습니다.`,
  ai: 'AI',
  leftAfter: (clk) => `남은 시간 ${clk}`,
};

/** A duration in Korean words: '5분', '30초', '1분 30초', '3시간', '1시간 30분', '0.5초' (a
 * custom control may have a part of a second; to the tenth). */
export function words(ms) {
  const t = Math.round(ms / 100);
  const h = Math.floor(t / 36000);
  const m = Math.floor((t % 36000) / 600);
  const r = (t % 600) / 10;
  return [h && `${h}시간`, m && `${m}분`, (r || (!h && !m)) && `${r}초`].filter(Boolean).join(' ');
}

/** A time control in Korean ('5분, 한 수마다 3초 추가', '한 수마다 유예 30초 + 예비 3분'), or
 * '없음'. The delay is called 유예 as on the custom form and the running clock. */
export function describe(tc) {
  if (!tc) return CLOCK.none;
  const parts = [];
  if (tc.delayMs) parts.push(`한 수마다 유예 ${words(tc.delayMs)} + 예비 ${words(tc.baseMs)}`);
  else parts.push(words(tc.baseMs));
  if (tc.incrementMs) parts.push(`한 수마다 ${words(tc.incrementMs)} 추가`);
  return parts.join(', ');
}

/* global MADANG_CLOCKS */

/** The presets a game offers, as its descriptor declares them (games/<family>, the room's
 * Clocks; site/build.mjs puts the manifest's in place of MADANG_CLOCKS): Fischer controls for
 * checkers and draughts, a delay per move with a reserve for the star games and backgammon. */
export function presets(game) {
  return MADANG_CLOCKS[game] || [];
}

/** m:ss of a remaining time, rounded up (0:00 only once it has run out); under 10 s with
 * tenths. */
export function show(ms) {
  if (ms <= 0) return '0:00';
  if (ms <= 9900) return `0:0${(Math.ceil(ms / 100) / 10).toFixed(1)}`;
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The low-time threshold of a control: 30 s, or a fifth of a shorter base. */
export function lowMs(tc) {
  return Math.min(30000, tc.baseMs / 5);
}

/** The time-control choice on the menu, before '친구와 대전': none (the default), the game's
 * presets, or a custom control. */
export class ClockChoice {
  /** @param {() => string} game the game on screen */
  constructor(game) {
    this.game = game;
    const online = document.querySelector('[data-mode="online"]');
    if (!online || $('clock-choice')) return;
    const box = document.createElement('div');
    box.className = 'clock-choice';
    box.innerHTML = `<label>${CLOCK.choiceLabel} <select id="clock-choice"></select></label>
      <div id="clock-custom" class="clock-custom" hidden>
        <label>${CLOCK.customBase} <input id="clock-base-min" type="number" min="0" max="180" value="5" inputmode="numeric">${CLOCK.customMin}</label>
        <label><input id="clock-base-sec" type="number" min="0" max="59" value="0" inputmode="numeric">${CLOCK.customSec}</label>
        <label>${CLOCK.customInc} <input id="clock-inc" type="number" min="0" max="60" value="0" inputmode="numeric"></label>
        <label>${CLOCK.customDelay} <input id="clock-delay" type="number" min="0" max="300" value="0" inputmode="numeric"></label>
      </div>`;
    online.before(box);
    this.select = $('clock-choice');
    this.select.addEventListener('change', () => { $('clock-custom').hidden = this.select.value !== 'custom'; });
    this.fill();
    // the presets follow the game chosen on the menu (checkers or draughts, the star games)
    document.addEventListener('change', (e) => { if (e.target && e.target.name && e.target !== this.select && !e.target.closest('.clock-custom')) this.fill(); });
  }

  fill() {
    const keep = this.select.value;
    this.list = presets(this.game());
    this.select.textContent = '';
    const add = (value, text) => {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = text;
      this.select.appendChild(o);
    };
    add('none', CLOCK.none);
    this.list.forEach((tc, i) => add(String(i), describe(tc)));
    add('custom', CLOCK.custom);
    this.select.value = [...this.select.options].some((o) => o.value === keep) ? keep : 'none';
  }

  /** The chosen control ({baseMs, incrementMs, delayMs}), null for none; throws with a
   * Korean message when the custom fields are out of range. */
  value() {
    if (!this.select) return null;
    const v = this.select.value;
    if (v === 'none') return null;
    if (v !== 'custom') return { ...this.list[Number(v)] };
    // each field as typed (2.5분 is 2분 30초, not 3분; an empty field is 0); a negative field
    // is refused, not made up for by another (-1분 90초 was taken as 30초)
    const n = (id) => Number($(id).value) || 0;
    const fields = ['clock-base-min', 'clock-base-sec', 'clock-inc', 'clock-delay'].map(n);
    const ms = (x) => Math.round(x * 1000);
    const tc = {
      baseMs: ms(fields[0] * 60 + fields[1]),
      incrementMs: ms(fields[2]),
      delayMs: ms(fields[3]),
    };
    if (fields.some((x) => x < 0) || tc.baseMs < 1000 || tc.baseMs > 3 * 3600000 || tc.incrementMs > 60000 || tc.delayMs > 300000) {
      throw new Error(CLOCK.badCustom);
    }
    return tc;
  }
}

/** Each seat's clock on the page, from the room's snapshots: a bar under the board's turn
 * line and another at the top of the button board, one entry per seat with a clock. */
export class Clocks {
  /**
   * @param {object} o
   * @param {() => number} o.seat this page's seat (-1 watching)
   * @param {(game: string, seat: number) => string} o.colour a seat's colour name
   * @param {() => void} o.flagged called once when the running clock shows zero (the page
   *   pings the room so the server decides the flag at once)
   */
  constructor(o) {
    this.o = o;
    this.snap = null;
    this.at = 0;
    this.bars = [];
    const turn = $('turn');
    if (turn) this.bars.push(this.bar('clocks-board', (b) => turn.after(b)));
    const title = $('panel-title'); // the button board's heading (every family's page)
    if (title) this.bars.push(this.bar('clocks-panel', (b) => title.after(b)));
    this.announced = new Set();
    this.pinged = -1;
    this.timer = setInterval(() => this.render(), 200);
  }

  bar(id, place) {
    let b = $(id);
    if (!b) {
      b = document.createElement('ol');
      b.id = id;
      b.className = 'clocks';
      b.setAttribute('aria-label', CLOCK.clocksLabel);
      b.hidden = true;
      place(b);
    }
    return b;
  }

  /** A new snapshot: noted with the page's monotonic time of its arrival. A still one (a
   * room link's preview before 관전하기 or 참가하기: one peek, no later snapshots) shows the
   * times as of the peek and does not count down, which would soon show a turn that has
   * passed. */
  update(snap, still = false) {
    this.snap = snap;
    this.still = still;
    this.at = performance.now();
    this.render();
  }

  /** ms since the snapshot arrived that count against the running seat (none when still). */
  elapsed() {
    return this.still ? 0 : performance.now() - this.at;
  }

  /** Seat i's remaining ms now (null: no clock), counting down the running seat after
   * its unused delay. */
  remaining(i) {
    const c = this.snap && this.snap.clock;
    if (!c || c.remainingMs[i] == null) return null;
    const left = c.remainingMs[i];
    if (i !== c.running || this.snap.status !== 'playing') return left;
    const spent = this.elapsed() - c.delayLeftMs;
    return Math.max(0, left - Math.max(0, spent));
  }

  /** The running seat's delay left now, in ms (0 when none). */
  delayLeft() {
    const c = this.snap && this.snap.clock;
    if (!c || c.running < 0 || this.snap.status !== 'playing') return 0;
    return Math.max(0, c.delayLeftMs - this.elapsed());
  }

  render() {
    const s = this.snap;
    const c = s && s.clock;
    for (const b of this.bars) b.hidden = !c;
    if (!c) return;
    const me = this.o.seat();
    const rows = s.seats.map((seat, i) => {
      const left = this.remaining(i);
      const running = s.status === 'playing' && i === c.running;
      const low = left != null && left <= lowMs(c.control) && s.status !== 'waiting';
      const name = this.o.colour(s.game, i);
      let text = left == null ? `${name} ${seat.kind === 'ai' ? CLOCK.ai : '–'}` : `${name} ${show(left)}`;
      if (running && this.delayLeft() > 0) text += ` (${CLOCK.inDelay(Math.ceil(this.delayLeft() / 1000))})`;
      if (low && running) this.announce(s, i, me, name);
      if (running && left === 0 && !this.still && this.pinged !== s.version) {
        this.pinged = s.version;
        this.o.flagged();
      }
      return { text, running, low, mine: i === me, i };
    });
    for (const b of this.bars) {
      while (b.children.length > rows.length) b.lastChild.remove();
      rows.forEach((r, k) => {
        let li = b.children[k];
        if (!li) {
          li = document.createElement('li');
          b.appendChild(li);
        }
        if (li.textContent !== r.text) li.textContent = r.text;
        li.dataset.seat = String(r.i);
        li.classList.toggle('running', r.running);
        li.classList.toggle('low', r.low);
        li.classList.toggle('mine', r.mine);
        if (r.running) li.setAttribute('aria-current', 'true');
        else li.removeAttribute('aria-current');
      });
    }
  }

  /** Says once per seat and game that its time runs low (the polite live region), for the
   * page's own seat, or every seat to a spectator. */
  announce(s, i, me, name) {
    const key = `${s.gameNo}:${i}`;
    if (this.announced.has(key) || (me >= 0 && i !== me)) return;
    this.announced.add(key);
    const live = $('live');
    if (live) live.textContent = i === me ? CLOCK.lowMe : CLOCK.low(name);
  }

  close() {
    clearInterval(this.timer);
    for (const b of this.bars) b.hidden = true;
  }
}

/** h:mm:ss of ms, as PGN's %clk writes a clock (rounded down to the second). */
export function hms(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** What a record of an online game keeps of its clock: the tags (PDN/PGN's
 * TimeControl "BASE+INC" in seconds, and TimeDelay in seconds when the control has a delay)
 * and a comment after each entry of the room's log ("[%clk 0:04:51]", '' where no person's
 * clock moved). comments is left out unless the record has exactly the log's n entries. */
export function recordClock(snap, n) {
  const c = snap && snap.clock;
  if (!c) return null;
  const tc = c.control;
  const tags = [['TimeControl', `${Math.round(tc.baseMs / 1000)}+${Math.round(tc.incrementMs / 1000)}`]];
  if (tc.delayMs) tags.push(['TimeDelay', String(Math.round(tc.delayMs / 1000))]);
  const marks = c.marks || [];
  const comments = marks.length === n ? marks.map((m) => (m == null ? '' : `[%clk ${hms(m)}]`)) : undefined;
  return { tags, comments };
}

/** The clock of a record's move comment ("[%clk 0:04:51]" → "0:04:51"), '' when none. */
export function clkOf(comment) {
  const m = /\[%clk\s+([0-9:.]+)\]/.exec(comment || '');
  return m ? m[1] : '';
}
