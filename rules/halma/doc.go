// Package halma implements the star-board games of the Sternhalma family with one engine
// and three rulesets as values of Rules:
//
//   - ChineseCheckers ("chinese-checkers", seed 004): 2 players, 10 pieces, opposite camps;
//     a win needs all 10 target holes holding the winner's own pieces.
//   - DiamondKR ("diamond-kr", seed 002): 2 players, option "pieces" 10 or 15; a win needs the
//     target camp full with at least one own piece; a move that completes the opponent's win
//     without completing the mover's own is illegal (Sturtevant 2019).
//   - Diamond ("diamond", seed 000, Hanayama rules): 2 or 3 players (option "players"), 15
//     pieces each with one king; other colours' camps are closed but for their five border
//     holes; the king jumps runs of pieces; a win needs the 15 target holes occupied and the
//     king on the target apex; a move that makes another seat's win true is illegal.
//
// Common to all three: a move is a step to an adjacent empty hole or a chain of
// jumps, never both; a chain may stop at any landing hole and never ends where it started;
// jumped pieces stay. A seat with no legal move passes (the move "pass"); everyone passing
// in a row draws ("all-passed"); a move limit draws (200 moves a seat in chinese-checkers and
// diamond-kr, 400 in diamond; a pass counts as a move).
//
// # Fast API (for search)
//
// Position is a small comparable value (one 128-bit set per seat, the kings, counters), so
// it can be a map key and be copied freely.
//
//	p, _ := halma.Diamond.Start(3, 15)     // or halma.Diamond.Decode(3, 15, text)
//	var l halma.MoveList                   // caller-owned; keep one per ply
//	p.Generate(&l)                         // legal moves only (pass when there is none)
//	for _, m := range l.Slice() {
//		q := p.Apply(m)                    // copy-make: p is unchanged
//		_ = q.Outcome()                    // win for the last mover, all-passed, move-limit
//	}
//
// Generate and Apply do not allocate. Perft counts leaves (a pass is a move). Hash keys a
// position for transposition tables; Wins, Arrived and GoalDistance read the goal; Encode
// and Rules.Decode write and read the position text ("0 K1.1,2.1/17.1 0 0": side to move,
// each seat's holes with the king marked, plies played, passes in a row).
//
// # Generic API (server, browser, tools)
//
// *State implements rules.State; Move implements rules.Move (its text needs no position:
// holes have fixed names). State.Path gives the landing path of a move with the fewest
// jumps; State.Arrived the per-seat "3/10" counts; State.GoalDistance and
// State.ResignOutcome the three-player resign rule of seed 000.
package halma
