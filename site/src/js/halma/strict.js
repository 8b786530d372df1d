// The strict win of Chinese checkers (seed 004: a seat wins only when all ten holes of its
// target camp hold its own pieces; an opponent's piece left there keeps the game going).

/**
 * The seat a player may think has won but has not: its target camp is full, mostly of its
 * own pieces (at least half), and an opponent's piece still sits there. At the start every
 * target camp is full of the opponent's pieces, which is no such case.
 * @param {Array<{seat: number, arrived: number, others: number, size: number, full: boolean}>} seatInfo
 *   the view's seatInfo (site/wasm/halma/view)
 * @returns {object|undefined} that seat's entry, or undefined
 */
export function strictBlocked(seatInfo) {
  return (seatInfo || []).find((x) => x.full && x.others > 0 && x.arrived * 2 >= x.size);
}
