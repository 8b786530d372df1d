// Package draughtsview is the session view of the draughts family (checkers and
// international draughts): the board as piece codes on PDN squares, each dark square's
// place and algebraic name, and every legal move with its squares, landing paths, captured
// pieces and algebraic text (seed 001), all from package rules/draughts ("for the UI":
// Paths, CapturedSquares, Name, Algebraic). It also gives the draw-offer rule of seed 001.
package view

import (
	"strings"

	ad "madang/ai/draughts"
	"madang/rules"
	"madang/rules/draughts"
	"madang/site/wasm/session"
)

// Piece codes of the board view: what stands on one dark square.
const (
	Empty = 0
	Man0  = 1 // a man of seat 0 (checkers: Black; draughts: White)
	King0 = 2
	Man1  = 3 // a man of seat 1
	King1 = 4
)

// Family is the draughts family's session.Family and session.DrawOffers.
type Family struct{}

var (
	_ session.Family      = Family{}
	_ session.DrawOffers  = Family{}
	_ session.EngineFiles = Family{}
)

// LoadEngineFile implements session.EngineFiles: kind "weights" is the learned evaluation's
// weights (ai/draughts/weights/<game>.bin; checkers evaluates with them, draughts keeps them
// unused as the native build does), "book" the advanced level's opening book
// (ai/draughts/book/<game>.txt). The WebAssembly build embeds neither: until the worker
// hands them over the engine plays with the hand-made evaluation and no book. Errors:
// session.ErrNoFile for another kind or game, ai/draughts.ErrWeights or ErrNotation for a
// bad file.
func (Family) LoadEngineFile(gameID, kind string, data []byte) error {
	v, ok := ad.VariantByID(gameID)
	if !ok {
		return session.ErrNoFile
	}
	switch kind {
	case "weights":
		return v.LoadWeights(data)
	case "book":
		return v.LoadBook(data)
	}
	return session.ErrNoFile
}

// Games implements session.Family.
func (Family) Games() []string { return []string{"checkers", "draughts"} }

// HistoryFields implements session.Family: history entries carry the algebraic text.
func (Family) HistoryFields() []string { return []string{"alg"} }

// ResetsOffer implements session.DrawOffers with the rules' predicate: a man moved or a
// piece was taken (seed 001, draughts.ReopensDrawOffers), as the room asks it.
func (Family) ResetsOffer(st rules.State, m rules.Move) bool {
	return draughts.ReopensDrawOffers(st, m)
}

// moveInfo is how a move looks on the board.
type moveInfo struct {
	alg      string // algebraic text for people ("c3-d4", "c3×e5")
	from, to int
	path     []int   // every square the piece stands on, from first to last (canonical)
	paths    [][]int // every landing path of the move, each from the first square; canonical first
	captured []int   // squares of the pieces taken
	capture  bool
}

// Moves implements session.Family. Each map is
//
//	{alg, from, to, path, paths, captured, capture}
//
// path is the canonical landing path from the first square, paths every path the move may
// be entered along (a flying king's landing choices, a windmill's two ways round); alg is
// "c3-d4" or "c3×e5", with every landing ("c3×e5×g7") when another legal move shares the
// first and last squares.
func (Family) Moves(st rules.State, ms []rules.Move) []map[string]any {
	ds, ok := draughts.AsState(st)
	out := make([]map[string]any, len(ms))
	if !ok {
		for i := range out {
			out[i] = map[string]any{}
		}
		return out
	}
	infos := make([]moveInfo, len(ms))
	for i, m := range ms {
		infos[i] = describe(ds.Position(), m)
	}
	algebraic(ds.Rules(), infos)
	for i, in := range infos {
		out[i] = map[string]any{
			"alg": in.alg, "from": in.from, "to": in.to,
			"path": ints(in.path), "paths": pathsAny(in.paths), "captured": ints(in.captured), "capture": in.capture,
		}
	}
	return out
}

// Position implements session.Family, adding
//
//	size      8 | 10
//	board     []any of int, index = PDN square (0 unused): Empty, Man0, King0, Man1, King1
//	squares   []any of {sq, x, y, name}: each dark square's column and row (0-based, first
//	          mover's view) and algebraic name
//	capture   true when the legal moves are captures (capture compulsory)
//	most      under the majority rule (Rules.MajorityCapture: international draughts, FMJD
//	          art. 4.13), the pieces each legal capture takes, the most there is (every
//	          shorter capture is illegal, which the page says when a tap asks for one); 0
//	          without captures or without the rule
//	count     {men0, kings0, men1, kings1}
func (Family) Position(st rules.State, moves []map[string]any, v map[string]any) {
	ds, ok := draughts.AsState(st)
	if !ok {
		return
	}
	r := ds.Rules()
	p := ds.Position()
	n := r.Squares()
	board := make([]any, n+1)
	board[0] = Empty
	count := map[string]int{}
	for sq := 1; sq <= n; sq++ {
		code := Empty
		if seat, king, ok := p.Piece(draughts.Square(sq)); ok {
			switch {
			case seat == 0 && king:
				code = King0
			case seat == 0:
				code = Man0
			case king:
				code = King1
			default:
				code = Man1
			}
		}
		board[sq] = code
		count[codeName[code]]++
	}
	squares := make([]any, 0, n)
	for sq := 1; sq <= n; sq++ {
		x, y := r.Algebraic(draughts.Square(sq))
		squares = append(squares, map[string]any{"sq": sq, "x": x, "y": y, "name": r.Name(draughts.Square(sq))})
	}
	capture := false
	most := 0
	for _, m := range moves {
		capture = capture || m["capture"] == true
		if c, ok := m["captured"].([]any); ok && r.MajorityCapture {
			most = max(most, len(c))
		}
	}
	v["size"] = r.Size
	v["board"] = board
	v["squares"] = squares
	v["capture"] = capture
	v["most"] = most
	v["count"] = map[string]any{"men0": count["men0"], "kings0": count["kings0"], "men1": count["men1"], "kings1": count["kings1"]}
}

var codeName = [...]string{Empty: "", Man0: "men0", King0: "kings0", Man1: "men1", King1: "kings1"}

// describe says how move m of p looks: its squares, landing paths and captures, from the
// draughts package's Paths and CapturedSquares.
func describe(p draughts.Position, m rules.Move) moveInfo {
	info := moveInfo{alg: m.String()}
	dm, ok := draughts.AsMove(m)
	if !ok {
		return info
	}
	info.from, info.to = int(p.From(dm)), int(p.To(dm))
	info.capture = dm.IsCapture()
	for _, lp := range p.Paths(dm) {
		path := []int{info.from}
		for _, sq := range lp {
			path = append(path, int(sq))
		}
		info.paths = append(info.paths, path)
	}
	if len(info.paths) > 0 {
		info.path = info.paths[0]
	}
	for _, sq := range p.CapturedSquares(dm) {
		info.captured = append(info.captured, int(sq))
	}
	return info
}

// algebraic writes the algebraic names of a list of moves: "c3-d4", "c3×e5", and every
// landing ("c3×e5×g7") when another move shares the same first and last squares.
func algebraic(r *draughts.Rules, infos []moveInfo) {
	for i := range infos {
		a := &infos[i]
		if a.from == 0 {
			continue
		}
		sep := "-"
		if a.capture {
			sep = "×"
		}
		full := false
		for j := range infos {
			if j != i && infos[j].from == a.from && infos[j].to == a.to {
				full = true
			}
		}
		sqs := []int{a.from, a.to}
		if full {
			sqs = a.path
		}
		parts := make([]string, len(sqs))
		for k, sq := range sqs {
			parts[k] = r.Name(draughts.Square(sq))
		}
		a.alg = strings.Join(parts, sep)
	}
}

func ints(v []int) []any {
	out := make([]any, len(v))
	for i, x := range v {
		out[i] = x
	}
	return out
}

func pathsAny(ps [][]int) []any {
	out := make([]any, len(ps))
	for i, p := range ps {
		out[i] = ints(p)
	}
	return out
}
