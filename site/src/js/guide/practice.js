// Seed 004's practice on small star-board patches (the chinese-checkers guide's practice part), mounted from the
// chinese-checkers guide (site/src/guide/chinese-checkers.html) on every element with
// data-practice="worked" | "line" | "stone" | "entry". Self-contained: the moves are the star
// board's (seed 004: a step to an empty neighbour, or a chain of jumps over one adjacent piece
// of any colour to the empty hole just behind, stopping on any landing, never ending where it
// started; jumped pieces stay), on a patch of the same triangular lattice.
//
// Points use doubled coordinates: (x, y) with x + y even; the six neighbours are (x ± 2, y)
// and (x ± 1, y ± 1); y grows towards the target apex. A position is a Set of point keys.
// The "stone" and "entry" tasks are one-army races: solve() gives, by breadth-first search
// from the goal (moves are reversible), the fewest moves to the goal from every position, so a
// move is right exactly when it keeps the fewest total.

/** The six directions in doubled coordinates. */
export const DIRS = [[2, 0], [-2, 0], [1, 1], [-1, 1], [1, -1], [-1, -1]];

export const key = (x, y) => `${x},${y}`;
export const unkey = (k) => k.split(',').map(Number);

/** A board: its points (keys) in a fixed order, each with its index. */
export function board(rows) {
  const points = [];
  for (const [y, xs] of rows) for (const x of xs) points.push(key(x, y));
  return { points, index: new Map(points.map((p, i) => [p, i])) };
}

/** The landing points of the piece on from: steps to empty neighbours, then every landing of
 * a jump chain (breadth first), never from itself. occupied holds every piece (from included). */
export function destinations(b, occupied, from) {
  const [fx, fy] = unkey(from);
  const on = (k) => b.index.has(k);
  const busy = (k) => k !== from && occupied.has(k);
  const steps = [];
  for (const [dx, dy] of DIRS) {
    const n = key(fx + dx, fy + dy);
    if (on(n) && !busy(n)) steps.push(n);
  }
  const jumps = [];
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length) {
    const [x, y] = unkey(queue.shift());
    for (const [dx, dy] of DIRS) {
      const over = key(x + dx, y + dy);
      const land = key(x + 2 * dx, y + 2 * dy);
      if (on(over) && busy(over) && on(land) && !busy(land) && !seen.has(land)) {
        seen.add(land);
        jumps.push(land);
        queue.push(land);
      }
    }
  }
  return { steps, jumps };
}

/** Fewest moves to the goal (a Set of keys) from every position of as many pieces:
 * breadth first from the goal over positions as bit masks of the board's points (at most 24
 * points); a move reversed is a move, so the distance from the goal is the distance to it.
 * Returns { distance(pos) } (undefined for a position that cannot reach the goal). */
export function solve(b, goal) {
  const n = b.points.length;
  if (n > 24) throw new Error('practice: a race board has at most 24 points');
  // per point and direction: the neighbour and the point behind it (-1 off the board)
  const near = [];
  const far = [];
  for (const k of b.points) {
    const [x, y] = unkey(k);
    near.push(DIRS.map(([dx, dy]) => b.index.get(key(x + dx, y + dy)) ?? -1));
    far.push(DIRS.map(([dx, dy]) => b.index.get(key(x + 2 * dx, y + 2 * dy)) ?? -1));
  }
  const mask = (pos) => { let m = 0; for (const q of pos) m |= 1 << b.index.get(q); return m; };
  const dist = new Int8Array(1 << n).fill(-1);
  const g = mask(goal);
  dist[g] = 0;
  let frontier = [g];
  const queue = [];
  for (let d = 1; frontier.length; d++) {
    const next = [];
    for (const m of frontier) {
      for (let p = 0; p < n; p++) {
        if (!(m & (1 << p))) continue;
        const occ = m & ~(1 << p);
        const add = (t) => {
          const s = occ | (1 << t);
          if (dist[s] < 0) { dist[s] = d; next.push(s); }
        };
        for (let dir = 0; dir < 6; dir++) {
          const t = near[p][dir];
          if (t >= 0 && !(occ & (1 << t))) add(t);
        }
        let seen = 1 << p;
        queue.length = 0;
        queue.push(p);
        while (queue.length) {
          const c = queue.pop();
          for (let dir = 0; dir < 6; dir++) {
            const o = near[c][dir];
            const l = far[c][dir];
            if (o >= 0 && l >= 0 && (occ & (1 << o)) && !(occ & (1 << l)) && !(seen & (1 << l))) {
              seen |= 1 << l;
              queue.push(l);
              add(l);
            }
          }
        }
      }
    }
    frontier = next;
  }
  return { distance: (pos) => (dist[mask(pos)] < 0 ? undefined : dist[mask(pos)]) };
}

/** Task "line": my piece on the line's first point, pieces on the others as the player set
 * them. Right when the piece can make exactly two jumps along the line and a third is stopped
 * by an occupied landing. Returns { ok, why } (why: Korean, for the player). */
export function checkLine(line, occupied) {
  const has = (i) => occupied.has(line[i]);
  if (!has(1)) return { ok: false, why: '첫 번째 뛰기가 안 됩니다. 내 말 바로 옆(1번 점)에 넘을 말이 있어야 합니다.' };
  if (has(2)) return { ok: false, why: '첫 번째 뛰기의 착지점(2번 점)이 막혀 있습니다. 넘은 바로 뒤는 비어 있어야 합니다.' };
  if (!has(3)) return { ok: false, why: '두 번째 뛰기가 안 됩니다. 2번 점에서 넘을 말(3번 점)이 필요합니다.' };
  if (has(4)) return { ok: false, why: '두 번째 뛰기의 착지점(4번 점)이 막혀 있습니다.' };
  if (!has(5)) return { ok: false, why: '세 번째 뛰기를 막은 것이 아니라 넘을 말이 없을 뿐입니다. 5번 점에 말을 두고, 그 뒤의 착지점을 막아 보세요.' };
  if (!has(6)) return { ok: false, why: '아직 세 번째 뛰기가 됩니다. 6번 점이 비어 있으니 막아야 합니다.' };
  return { ok: true, why: '맞습니다. 1번과 3번 말을 넘어 두 번 뛰고, 5번 말 뒤의 6번 점이 막혀 세 번째 뛰기는 안 됩니다.' };
}

// ---- the tasks ---------------------------------------------------------------------------

const range = (a, b) => { const r = []; for (let x = a; x <= b; x += 2) r.push(x); return r; };

/** The patch of the two race tasks: a target triangle of 6 holes (rows 0-2 from the apex
 * down) over a widening field, 22 points in all; y counts from the bottom, the apex on top. */
const RACE_ROWS = [[6, [0]], [5, [-1, 1]], [4, range(-2, 2)], [3, range(-3, 3)], [2, range(-4, 4)], [1, range(-3, 3)], [0, range(-2, 2)]];

export const TASKS = {
  worked: {
    title: '풀어 보기: A에서 E까지',
    text: 'A(빨강)의 말을 한 수에 E까지 옮겨 보세요. B와 D의 말이 어떻게 되는지도 보세요.',
    rows: [[0, range(-4, 4)]],
    names: ['A', 'B', 'C', 'D', 'E'],
    mine: [key(-4, 0)],
    others: [key(-2, 0), key(2, 0)],
    goal: key(4, 0),
  },
  line: {
    title: '연습 1: 두 번 뛰고 막히는 줄',
    text: '0번 점이 내 말입니다. 1~8번 점을 눌러 말을 놓거나 치워서, 내 말이 이 줄을 따라 꼭 두 번 뛰고 세 번째 뛰기는 착지점이 막혀 못 가는 모양을 만든 뒤 ‘확인’을 누르세요.',
    rows: [[0, range(-8, 8)]],
    names: ['0', '1', '2', '3', '4', '5', '6', '7', '8'],
    mine: [key(-8, 0)],
    others: [],
  },
  stone: {
    title: '연습 2: 디딤돌이냐, 선두냐',
    text: '빨강 말 세 개를 맨 위 꼭짓점 세 자리(위의 두 줄)로 옮기려 합니다. 세 말이 모두 들어가는 데 드는 수가 가장 적어지도록 첫 수를 두세요.',
    rows: RACE_ROWS,
    mine: [key(-2, 0), key(0, 0), key(2, 0)],
    goal: [key(0, 6), key(-1, 5), key(1, 5)],
    firstOnly: true,
  },
  entry: {
    title: '연습 3: 마지막 세 말의 입장 순서',
    text: '빨강 말 세 개는 이미 목표 진영 입구에 있고, 세 개가 남았습니다. 가장 적은 수로 여섯 자리를 모두 채워 보세요. 최단 수순에서 벗어나는 수는 되돌립니다.',
    rows: RACE_ROWS,
    mine: [key(-2, 4), key(0, 4), key(2, 4), key(-1, 3), key(1, 1), key(-3, 1)],
    goal: [key(0, 6), key(-1, 5), key(1, 5), key(-2, 4), key(0, 4), key(2, 4)],
  },
};

// ---- the DOM -----------------------------------------------------------------------------

const el = (tag, attrs = {}, text = '') => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
};

/** Mounts task id on node: the board as buttons (one per point, named for a screen reader),
 * a status line (live region) and the task's buttons. */
export function mount(node, id) {
  const t = TASKS[id];
  if (!t) return;
  const b = board(t.rows);
  // the race tasks' table is built on the first tap (about a second on a slow phone), not
  // while the page loads
  let table = null;
  const solver = Array.isArray(t.goal) ? { distance: (pos) => (table ||= solve(b, new Set(t.goal))).distance(pos) } : null;
  const goalSet = new Set(Array.isArray(t.goal) ? t.goal : []);
  let mine;
  let others;
  let selected = null;
  let moves = 0;
  let optimum = 0;
  let done = false;

  node.replaceChildren();
  node.classList.add('practice');
  const h = el('h4', {}, t.title);
  const p = el('p', {}, t.text);
  const field = el('div', { class: 'practice-board', role: 'group', 'aria-label': `${t.title} 판` });
  const status = el('p', { class: 'practice-status', 'aria-live': 'polite' });
  const row = el('div', { class: 'practice-actions' });
  const reset = el('button', { type: 'button' }, '처음부터');
  row.append(reset);
  let check = null;
  if (id === 'line') {
    check = el('button', { type: 'button', class: 'accent' }, '확인');
    row.append(check);
  }
  node.append(h, p, field, row, status);

  const xs = b.points.map((k) => unkey(k)[0]);
  const ys = b.points.map((k) => unkey(k)[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const w = maxX - minX + 2;
  const hgt = (maxY - minY + 1) * 1.732 + 0.3;
  field.style.aspectRatio = `${w} / ${hgt}`;
  const buttons = new Map();
  b.points.forEach((k, i) => {
    const [x, y] = unkey(k);
    const btn = el('button', { type: 'button', class: 'pt', 'data-point': k });
    btn.style.left = `${((x - minX + 1) / w) * 100}%`;
    btn.style.top = `${(((maxY - y) * 1.732 + 0.15 + 0.866) / hgt) * 100}%`;
    btn.dataset.name = t.names ? t.names[i] : '';
    btn.addEventListener('click', () => tap(k));
    field.append(btn);
    buttons.set(k, btn);
  });

  const say = (text, kind = '') => { status.textContent = text; status.dataset.kind = kind; };
  const pointName = (k) => {
    const i = b.index.get(k);
    if (t.names) return `${t.names[i]} 점`;
    const [x, y] = unkey(k);
    const rowXs = b.points.map(unkey).filter(([, yy]) => yy === y).map(([xx]) => xx).sort((a1, a2) => a1 - a2);
    return `위에서 ${maxY - y + 1}번째 줄 ${rowXs.indexOf(x) + 1}번`;
  };

  function draw() {
    const dest = selected ? destinations(b, new Set([...mine, ...others]), selected) : { steps: [], jumps: [] };
    const reach = new Set([...dest.steps, ...dest.jumps]);
    for (const [k, btn] of buttons) {
      const who = mine.has(k) ? 'mine' : others.has(k) ? 'other' : 'empty';
      btn.dataset.who = who;
      btn.classList.toggle('goal', goalSet.has(k) || k === t.goal);
      btn.classList.toggle('sel', k === selected);
      btn.classList.toggle('reach', reach.has(k));
      const label = who === 'mine' ? '빨강 말' : who === 'other' ? '다른 말' : '빈 점';
      btn.setAttribute('aria-label', `${pointName(k)}, ${label}${goalSet.has(k) || k === t.goal ? ', 목표' : ''}${reach.has(k) ? ', 갈 수 있음' : ''}${k === selected ? ', 고름' : ''}`);
      btn.textContent = btn.dataset.name;
    }
  }

  function start() {
    mine = new Set(t.mine);
    others = new Set(t.others || []);
    selected = null;
    moves = 0;
    done = false;
    optimum = solver && table ? solver.distance(mine) : 0;
    if (id === 'stone' || id === 'entry') say(table ? `가장 적은 수는 ${optimum}수입니다. 말을 고르세요.` : '빨강 말을 고르세요.');
    else if (id === 'line') say('점을 눌러 말을 놓거나 치우세요.');
    else say('A의 말을 고르세요.');
    draw();
  }

  function moveTo(to) {
    const from = selected;
    const dest = destinations(b, new Set([...mine, ...others]), from);
    const jumped = dest.jumps.includes(to);
    mine.delete(from);
    mine.add(to);
    selected = null;
    moves++;
    if (id === 'worked') {
      if (to === t.goal) {
        done = true;
        say('맞습니다. B를 넘어 C, D를 넘어 E까지 두 번 뛴 한 수입니다. B와 D의 말은 그대로 남아 있습니다.', 'ok');
      } else {
        say(`${pointName(to)}에서 멈췄습니다. E까지 한 수로 갈 수 있습니다. 다시 해 보세요.`, 'no');
        mine = new Set(t.mine);
      }
      draw();
      return;
    }
    const left = solver.distance(mine);
    if (moves + left > optimum) {
      // refused: the move is taken back
      mine.delete(to);
      mine.add(from);
      moves--;
      say(`그 수 뒤로는 ${left}수가 더 걸려 모두 ${moves + 1 + left}수가 됩니다. 가장 적은 수는 ${optimum}수입니다. 다른 수를 찾아보세요.`, 'no');
    } else if (id === 'stone') {
      done = true;
      say(`맞습니다. 이 수 뒤로 ${left}수면 세 말이 모두 들어가 모두 ${optimum}수입니다.${jumped ? '' : ' 한 칸 이동이 뒤의 말들에 디딤돌을 놓았습니다.'}`, 'ok');
    } else if (left === 0) {
      done = true;
      say(`맞습니다. ${optimum}수 만에 여섯 자리를 모두 채웠습니다. 어느 말을 어떤 순서로 들이느냐에 따라 필요한 수가 달라집니다.`, 'ok');
    } else {
      say(`좋습니다. ${moves}수째, 남은 가장 적은 수는 ${left}수입니다.`);
    }
    draw();
  }

  function tap(k) {
    if (done) return;
    if (solver && !table) optimum = solver.distance(new Set(t.mine));
    if (id === 'line') {
      if (k === t.mine[0]) { say('0번 점은 내 말 자리입니다.'); return; }
      if (others.has(k)) others.delete(k); else others.add(k);
      say(`${pointName(k)}: ${others.has(k) ? '말을 놓았습니다' : '말을 치웠습니다'}.`);
      draw();
      return;
    }
    if (mine.has(k)) {
      selected = selected === k ? null : k;
      say(selected ? `${pointName(k)}의 말을 골랐습니다. 갈 곳을 누르세요.` : '고르기를 취소했습니다.');
      draw();
      return;
    }
    if (!selected) { say(others.has(k) ? '빨강 말만 움직일 수 있습니다.' : '먼저 빨강 말을 고르세요.', 'no'); return; }
    const dest = destinations(b, new Set([...mine, ...others]), selected);
    if (![...dest.steps, ...dest.jumps].includes(k)) {
      say('그곳으로는 갈 수 없습니다. 옆의 빈 점이나, 붙은 말을 넘어 닿는 빈 점만 됩니다.', 'no');
      return;
    }
    moveTo(k);
  }

  reset.addEventListener('click', start);
  if (check) {
    check.addEventListener('click', () => {
      const r = checkLine(b.points, others);
      say(r.why, r.ok ? 'ok' : 'no');
    });
  }
  start();
}

if (typeof document !== 'undefined') {
  for (const node of document.querySelectorAll('[data-practice]')) mount(node, node.dataset.practice);
}
