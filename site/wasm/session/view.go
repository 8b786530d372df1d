package session

import (
	"madang/rules"
	"madang/rules/draughts"
)

// View is the whole picture the page draws, as plain values (map[string]any, []any, int,
// string, bool) that syscall/js converts without reflection:
//
//	game      "checkers" | "draughts"
//	size      8 | 10
//	ply       plies played
//	toMove    seat to move (0 moves first), -1 when over
//	board     []any of int, index = PDN square (0 unused): 0 empty, 1/2 man/king of seat 0,
//	          3/4 man/king of seat 1
//	squares   []any of {sq, x, y, name}: each dark square's column and row (0-based, first
//	          mover's view) and algebraic name
//	moves     []any of move maps {i, text, alg, from, to, path, paths, captured, capture}:
//	          path is the canonical landing path from the first square, paths every path the
//	          move may be entered along (a flying king's landing choices, a ring's two ways)
//	capture   true when the legal moves are captures (capture compulsory)
//	last      the last move's map, or nil
//	history   []any of {text, alg, offer}
//	outcome   {status: "ongoing"|"win"|"draw", winner, reason}
//	counters  []any of {rule, pliesLeft}
//	count     {men0, kings0, men1, kings1}
//	offer     a draw offer awaits the side to move
//	canOffer  the side to move may attach a draw offer
//	fen       the position in PDN FEN
func (s *Session) View() map[string]any {
	if s.game == nil {
		return map[string]any{"game": ""}
	}
	st := s.cur()
	b := s.board(st)
	boardV := make([]any, len(b))
	men0, kings0, men1, kings1 := 0, 0, 0, 0
	for i, p := range b {
		boardV[i] = int(p)
		switch p {
		case Man0:
			men0++
		case King0:
			kings0++
		case Man1:
			men1++
		case King1:
			kings1++
		}
	}
	squares := make([]any, 0, len(b)-1)
	for sq := 1; sq < len(b); sq++ {
		x, y := s.r.Algebraic(draughts.Square(sq))
		squares = append(squares, map[string]any{"sq": sq, "x": x, "y": y, "name": s.r.Name(draughts.Square(sq))})
	}
	out := s.Outcome()
	var infos []moveInfo
	if !out.Over() {
		for _, m := range st.Moves() {
			infos = append(infos, s.describe(st, m))
		}
	}
	s.algebraic(infos)
	moves := make([]any, len(infos))
	capture := false
	for i, in := range infos {
		mv := infoMap(in)
		mv["i"] = i
		moves[i] = mv
		capture = capture || in.capture
	}
	hist := make([]any, len(s.hist))
	var last any
	for i, h := range s.hist {
		hist[i] = map[string]any{"text": h.text, "alg": h.info.alg, "offer": h.offer, "seat": h.mover}
		if i == len(s.hist)-1 {
			lm := infoMap(h.info)
			lm["seat"] = h.mover
			last = lm
		}
	}
	counters := []any{}
	if !out.Over() {
		for _, c := range st.Counters() {
			counters = append(counters, map[string]any{"rule": c.Rule.String(), "pliesLeft": c.PliesLeft})
		}
	}
	status := "ongoing"
	switch out.Status {
	case rules.Win:
		status = "win"
	case rules.Draw:
		status = "draw"
	}
	return map[string]any{
		"game":     s.game.ID(),
		"size":     s.r.Size,
		"ply":      len(s.hist),
		"toMove":   s.ToMove(),
		"board":    boardV,
		"squares":  squares,
		"moves":    moves,
		"capture":  capture,
		"last":     last,
		"history":  hist,
		"outcome":  map[string]any{"status": status, "winner": int(out.Winner), "reason": out.Reason.String()},
		"counters": counters,
		"count":    map[string]any{"men0": men0, "kings0": kings0, "men1": men1, "kings1": kings1},
		"offer":    s.PendingOffer(),
		"canOffer": s.CanOffer(),
		"fen":      st.Encode(),
	}
}

func ints(v []int) []any {
	out := make([]any, len(v))
	for i, x := range v {
		out[i] = x
	}
	return out
}

func infoMap(in moveInfo) map[string]any {
	return map[string]any{
		"text": in.text, "alg": in.alg, "from": in.from, "to": in.to,
		"path": ints(in.path), "paths": pathsAny(in.paths), "captured": ints(in.captured), "capture": in.capture,
	}
}

func pathsAny(ps [][]int) []any {
	out := make([]any, len(ps))
	for i, p := range ps {
		out[i] = ints(p)
	}
	return out
}
