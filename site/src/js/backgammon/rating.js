// The win/loss rating of seed 003 ("레이팅에는 승패만 반영됩니다"), kept per device in
// localStorage: one Elo figure for each AI level and one for online games, from wins and
// losses only (a gammon counts as one win like a single), with the wins and losses behind it.
//
// Elo's system (A. Elo, The Rating of Chessplayers, 1978; the logistic form FIDE uses):
// the expected score against an opponent rated Ro is E = 1 / (1 + 10^((Ro - R) / 400)),
// and after a game R += K·(S - E) with S = 1 for a win, 0 for a loss. Every figure starts
// at 1500 with K = 32. The opponent's rating is fixed per category, since an AI level does
// not change and an online opponent's figure lives on their own device: 초급 1300, 중급
// 1500, 고급 1700, online 1500.
export const START = 1500;
export const K = 32;
export const OPPONENT = { beginner: 1300, intermediate: 1500, advanced: 1700, online: 1500 };
const KEY = 'madang.rating.backgammon';
const KEEP = 50; // games remembered as counted, so a redrawn end is not counted twice

/** The Elo expected score of a player rated r against ro. */
export const expected = (r, ro) => 1 / (1 + 10 ** ((ro - r) / 400));

/** The rating after one game: r against ro, won or lost. */
export const update = (r, ro, won) => r + K * ((won ? 1 : 0) - expected(r, ro));

export class Rating {
  constructor(storage = globalThis.localStorage) {
    this.storage = storage;
  }

  /** {cats: {category: {r, wins, losses}}, counted: [game ids]} */
  read() {
    try {
      const d = JSON.parse(this.storage.getItem(KEY) || 'null');
      if (d && typeof d === 'object' && d.cats) return { cats: d.cats, counted: Array.isArray(d.counted) ? d.counted : [] };
    } catch { /* none or unreadable: start afresh */ }
    return { cats: {}, counted: [] };
  }

  /** One category's figures: {r (rounded), wins, losses}. */
  get(cat) {
    const c = this.read().cats[cat];
    return c ? { r: Math.round(c.r), wins: c.wins, losses: c.losses } : { r: START, wins: 0, losses: 0 };
  }

  /** Counts the game id (once) in category cat ('beginner' | 'intermediate' | 'advanced' |
   * 'online') as won or lost; false when it was counted already or cat is unknown. */
  record(cat, id, won) {
    if (!(cat in OPPONENT)) return false;
    const d = this.read();
    if (d.counted.includes(id)) return false;
    const c = d.cats[cat] || { r: START, wins: 0, losses: 0 };
    c.r = update(c.r, OPPONENT[cat], won);
    if (won) c.wins++;
    else c.losses++;
    d.cats[cat] = c;
    d.counted = [...d.counted, id].slice(-KEEP);
    try { this.storage.setItem(KEY, JSON.stringify(d)); } catch { /* storage denied */ }
    return true;
  }
}
