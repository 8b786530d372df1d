// Package halmaview is the session view of the star-board family (chinese-checkers,
// diamond-kr, diamond; seeds 004, 002 and 000): the 121 holes with their names and places
// on the star, the pieces of every seat with its king, the camps (start, target, closed),
// the arrived counts, and every legal move with its fewest-jump landing path, all from
// package rules/halma (Path, Arrived, GoalDistance, the camps of Rules.SeatCamps).
//
// # Holes and names
//
// A hole is its index h (0..120, rules/halma's Hole): row by row from seat 0's start apex
// (row 1, hole 0) to its target apex (row 17, hole 120), left to right as seat 0 sees the
// board. Its name "row.pos" (단·번) is the move text's (DESIGN.md: counted from seat 0's
// start apex); names[seat] is the name from that seat's own side (seed 000: "단은 내 출발
// 진영의 꼭짓점이 1단"), read on the board turned so the seat's start camp is at the bottom.
//
// Places: x is the column in half hole spacings (neighbours in a row differ by 2; the
// vertical axis through both apexes is 0), y the row offset from the centre row 9 (upward
// positive, -8..8); on a board with hole spacing 1 the hole sits at (x/2, y·√3/2), seat 0's
// start camp at the bottom. A seat's turn is its start camp k: turning the board k sixths
// of a circle counter-clockwise (seen from above) brings that camp to the bottom.
//
// Camps are numbered clockwise from the bottom as seen from above: 0 bottom, 1 lower left,
// 2 upper left, 3 top, 4 upper right, 5 lower right; the target of camp k is camp k+3 mod 6.
// Chinese-checkers and diamond-kr seat 0 (red) at camp 0 and seat 1 (blue) at camp 3;
// diamond seats red, yellow, green at camps 0, 2, 4 (rules/halma Rules.SeatCamps).
//
// # The view's fields
//
// Beside the session's fields (package session, View), Position adds
//
//	holes     []any of 121 {h, name, row, pos, x, y, camp, border, names}: camp is the
//	          10-hole camp triangle (0..5) the hole lies in, -1 in the central hexagon;
//	          border: one of the hexagon's border holes that a 15-hole camp takes (camp -1);
//	          names: []any of the hole's name from each seat's side (index = seat)
//	board     []any of 121 ints (index = hole): the seat whose piece stands there, -1 empty
//	pieces    the number of pieces a seat (10 or 15)
//	seatInfo  []any, one per seat: {seat, camp, target, turn, startApex, targetApex, pieces,
//	          king, arrived, size, targetHoles, others, full, needKing, goalDistance,
//	          closed}: camp and target are camp numbers; turn = camp (see Places);
//	          startApex and targetApex holes (targetApex is the ◎ of seed 000); pieces the
//	          seat's holes in hole order; king its king's hole, -1 when the game has no
//	          kings; arrived/size its pieces in the target camp and the camp's size (seed
//	          002's "3/10"); targetHoles the target camp's holes; others the other seats'
//	          pieces in it (seed 004: a parked piece blocks the strict win); full every
//	          target hole is occupied; needKing full but the king is off the ◎ (diamond,
//	          seed 000's hint '왕을 ◎로'); goalDistance the sum of its pieces' distances to
//	          the target apex (the three-player resign rule, seed 000); closed the camps it
//	          may not land in but on their border holes (diamond; [] otherwise)
//	camps     []any of 6 {camp, apex, holes, start, target, closedTo, closed}: holes the
//	          camp's holes for the game's piece count; start/target the seat starting in it
//	          or heading for it, -1 for none; closedTo the seats it is closed to; closed: it
//	          is closed to every seat (two-player diamond's unused green camps)
//	pass      the only legal move is the pass (the page shows '패스하기')
//
// and each legal move's map (Moves) holds
//
//	from, to  holes, -1 for the pass
//	pass      the move is the pass
//	path      []any of holes from from to to: the landing path with the fewest jumps
//	          (rules/halma State.Path; [from, to] for a step, [] for the pass)
//	pathText  the path as move text ("3.1-5.1-5.3"), which play also accepts
//	jumps     the number of jumps (0 for a step or the pass)
//	king      the moving piece is the king
//	gain      rows gained from the mover's own side (negative when it goes back)
//
// History entries carry from, to, pass, path, pathText, jumps and king. A move played by a
// full landing path text ("3.1-5.1-5.3-7.3", any legal route, not only the fewest-jump one)
// is logged with that text, and its entry's path, pathText and jumps are the route played
// (session.Routes). A move refused because it would complete another seat's win (diamond-kr,
// diamond) fails with the code "hands-win" (rules/halma ErrGift) instead of illegal-move.
package view

import (
	"slices"

	"madang/rules"
	rh "madang/rules/halma"
	"madang/site/wasm/session"
)

// Family is the star-board family's session.Family. Its games have no draw offers.
type Family struct{}

var (
	_ session.Family = Family{}
	_ session.Routes = Family{}
)

// Games implements session.Family.
func (Family) Games() []string {
	return []string{rh.ChineseCheckers.ID, rh.DiamondKR.ID, rh.Diamond.ID}
}

// HistoryFields implements session.Family: history entries carry each move's holes and
// path, so the page can draw the last moves (seed 000: the last two with three players).
func (Family) HistoryFields() []string {
	return []string{"from", "to", "pass", "path", "pathText", "jumps", "king"}
}

// Moves implements session.Family; see the package doc for the map of a move.
func (Family) Moves(st rules.State, ms []rules.Move) []map[string]any {
	out := make([]map[string]any, len(ms))
	hs, ok := rh.AsState(st)
	for i, m := range ms {
		hm, isStar := m.(rh.Move)
		if !ok || !isStar {
			out[i] = map[string]any{}
			continue
		}
		out[i] = describe(hs, hm)
	}
	return out
}

// describe is how move m of s looks on the board.
func describe(s *rh.State, m rh.Move) map[string]any {
	if m == rh.Pass {
		return map[string]any{
			"from": -1, "to": -1, "pass": true, "path": []any{}, "pathText": "",
			"jumps": 0, "king": false, "gain": 0,
		}
	}
	p := s.Position()
	path := s.Path(m)
	jumps := len(path) - 1
	if jumps == 1 && rh.Distance(m.From, m.To) == 1 {
		jumps = 0
	}
	holes := make([]any, len(path))
	for i, h := range path {
		holes[i] = int(h)
	}
	camp := campOfSeat(p.Rules(), p.Side())
	_, isKing, _ := p.At(m.From)
	return map[string]any{
		"from": int(m.From), "to": int(m.To), "pass": false,
		"path": holes, "pathText": rh.PathText(path), "jumps": jumps, "king": isKing,
		"gain": geom.rowFrom[camp][m.To] - geom.rowFrom[camp][m.From],
	}
}

// Route implements session.Routes: a move played along a route other than its fewest-jump
// path (a full landing path text, seed 004: "where two routes branch either may be chosen")
// shows that route as its path, pathText and jumps.
func (Family) Route(st rules.State, m rules.Move, route string, view map[string]any) {
	hs, ok := rh.AsState(st)
	if !ok {
		return
	}
	path := hs.Route(route)
	if len(path) < 2 {
		return
	}
	holes := make([]any, len(path))
	for i, h := range path {
		holes[i] = int(h)
	}
	view["path"] = holes
	view["pathText"] = rh.PathText(path)
	view["jumps"] = len(path) - 1
}

// campOfSeat is seat's start camp in r.
func campOfSeat(r *rh.Rules, seat rules.Seat) int {
	if seat < 0 || int(seat) >= len(r.SeatCamps) {
		return 0
	}
	return r.SeatCamps[seat]
}

// Position implements session.Family; see the package doc for the fields.
func (Family) Position(st rules.State, moves []map[string]any, v map[string]any) {
	hs, ok := rh.AsState(st)
	if !ok {
		return
	}
	p := hs.Position()
	r := p.Rules()
	seats := p.Seats()
	pieces := p.PiecesPerSeat()

	board := make([]any, rh.NumHoles)
	for h := rh.Hole(0); h < rh.NumHoles; h++ {
		board[h] = -1
		if seat, _, ok := p.At(h); ok {
			board[h] = int(seat)
		}
	}

	holes := make([]any, rh.NumHoles)
	for h := rh.Hole(0); h < rh.NumHoles; h++ {
		names := make([]any, seats)
		for s := 0; s < seats; s++ {
			names[s] = geom.nameFrom[r.SeatCamps[s]][h]
		}
		holes[h] = map[string]any{
			"h": int(h), "name": h.String(), "row": h.Row(), "pos": h.Pos(),
			"x": geom.x2[h], "y": geom.y[h], "camp": geom.camp[h], "border": geom.border[h],
			"names": names,
		}
	}

	// closedTo[k] lists the seats camp k is closed to (seed 000: every camp but the seat's
	// start and target, except its border holes).
	var closedTo [6][]int
	startOf, targetOf := [6]int{-1, -1, -1, -1, -1, -1}, [6]int{-1, -1, -1, -1, -1, -1}
	for s := 0; s < seats; s++ {
		k := r.SeatCamps[s]
		startOf[k], targetOf[(k+3)%6] = s, s
		if r.ClosedCamps {
			for c := 0; c < 6; c++ {
				if c != k && c != (k+3)%6 {
					closedTo[c] = append(closedTo[c], s)
				}
			}
		}
	}

	seatInfo := make([]any, seats)
	for s := 0; s < seats; s++ {
		seat := rules.Seat(s)
		k := r.SeatCamps[s]
		t := (k + 3) % 6
		target := rh.CampHoles(t, pieces)
		full, others := true, 0
		for _, h := range target {
			who, _, ok := p.At(h)
			if !ok {
				full = false
			} else if who != seat {
				others++
			}
		}
		king := -1
		if r.King {
			king = int(p.King(seat))
		}
		closed := []any{}
		for c := 0; c < 6; c++ {
			if slices.Contains(closedTo[c], s) {
				closed = append(closed, c)
			}
		}
		arrived, size := hs.Arrived(seat)
		seatInfo[s] = map[string]any{
			"seat": s, "camp": k, "target": t, "turn": k,
			"startApex": int(rh.Apex(k)), "targetApex": int(rh.Apex(t)),
			"pieces": holeList(p.Pieces(seat)), "king": king,
			"arrived": arrived, "size": size, "targetHoles": holeList(target),
			"others": others, "full": full, "needKing": r.King && full && king != int(rh.Apex(t)),
			"goalDistance": hs.GoalDistance(seat), "closed": closed,
		}
	}

	camps := make([]any, 6)
	for c := 0; c < 6; c++ {
		to := make([]any, len(closedTo[c]))
		for i, s := range closedTo[c] {
			to[i] = s
		}
		camps[c] = map[string]any{
			"camp": c, "apex": int(rh.Apex(c)), "holes": holeList(rh.CampHoles(c, pieces)),
			"start": startOf[c], "target": targetOf[c], "closedTo": to,
			"closed": r.ClosedCamps && len(closedTo[c]) == seats,
		}
	}

	v["holes"] = holes
	v["board"] = board
	v["pieces"] = pieces
	v["seatInfo"] = seatInfo
	v["camps"] = camps
	v["pass"] = len(moves) == 1 && moves[0]["pass"] == true
}

func holeList(hs []rh.Hole) []any {
	out := make([]any, len(hs))
	for i, h := range hs {
		out[i] = int(h)
	}
	return out
}
