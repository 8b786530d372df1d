//go:build !js

package draughts

// The makers of the learned evaluation's weights and of the opening book: tools of the
// command line (madang train-eval, madang book) and tests, left out of the WebAssembly
// module (the page's size), which only reads the shipped files.

import (
	"context"
	"math"
	"slices"
	"strings"

	"madang/ai"
	rd "madang/rules/draughts"
)

// BookConfig is how BuildBook grows a book.
type BookConfig struct {
	Plies  int // positions up to this many plies from the start get book moves
	Depth  int // plies of search for each move's score
	Margin int // centi-men: moves this close to the best are kept
	Max    int // at most this many moves per position
}

// DefaultBook is the configuration of the shipped books.
var DefaultBook = BookConfig{Plies: 6, Depth: 10, Margin: 10, Max: 2}

// BuildBook grows a book from the start position of v: every legal move of a position is
// scored by a depth-cfg.Depth search of v (its own evaluation) of the position after it;
// the best and those within cfg.Margin of it (at most cfg.Max) are kept and their
// positions expanded in turn, to cfg.Plies plies. Deterministic. progress (may be nil) is
// called after each position with the number done.
func (v *Variant) BuildBook(cfg BookConfig, progress func(done int)) *Book {
	s := NewSearcher(v, 16)
	b := &Book{moves: map[uint64][]rd.Move{}}
	frontier := []rd.Position{v.Start()}
	done := 0
	var l rd.MoveList
	for ply := 0; ply < cfg.Plies; ply++ {
		var next []rd.Position
		for _, p := range frontier {
			if _, seen := b.moves[p.Hash()]; seen {
				continue
			}
			p.Generate(&l)
			type scored struct {
				m  rd.Move
				sc int
			}
			var all []scored
			for _, m := range l.Slice() {
				q := p.Apply(m)
				s.Clear()
				res := s.Search(q, Limits{Depth: cfg.Depth - 1}, ai.NewControl(context.Background(), ai.Budget{}))
				all = append(all, scored{m, -res.Score})
			}
			slices.SortStableFunc(all, func(a, b scored) int { return b.sc - a.sc })
			var keep []rd.Move
			for _, x := range all {
				if len(keep) < cfg.Max && x.sc >= all[0].sc-cfg.Margin {
					keep = append(keep, x.m)
					next = append(next, p.Apply(x.m))
				}
			}
			b.moves[p.Hash()] = keep
			texts := make([]string, len(keep))
			for i, m := range keep {
				texts[i] = p.MoveText(m)
			}
			b.lines = append(b.lines, p.FEN()+" "+strings.Join(texts, " "))
			done++
			if progress != nil {
				progress(done)
			}
		}
		frontier = next
	}
	slices.Sort(b.lines)
	return b
}

// Marshal writes the book as text: one line per position, its PDN FEN then its book
// moves in PDN, best first; lines sorted.
func (b *Book) Marshal() []byte {
	return []byte(strings.Join(b.lines, "\n") + "\n")
}

// Marshal writes w: the magic "MDEVAL2\n" (one phase) or "MDEVAL3\n", the variant id's
// length (1 byte) and text, the table count (1 byte), after MDEVAL3 the phase count (1
// byte), then Phases*Tables*6561 pattern weights as int8 in 1/128 logit and NumScalars (11)
// scalar weights as little-endian int16 in 1/2048 logit.
func (w *Weights) Marshal() []byte {
	out := []byte(weightsMagic)
	if w.Phases != 1 {
		out = []byte(weightsMagic3)
	}
	out = append(out, byte(len(w.Variant)))
	out = append(out, w.Variant...)
	out = append(out, byte(w.Tables))
	if w.Phases != 1 {
		out = append(out, byte(w.Phases))
	}
	for _, x := range w.Pattern {
		out = append(out, byte(int8(x/(weightUnit/patternUnit))))
	}
	for _, x := range w.Scalar {
		out = append(out, byte(uint16(x)), byte(uint16(x)>>8))
	}
	return out
}

// NewWeights makes weights for v from logit values (a trainer's floats):
// pattern[(ph*T+t)*6561+i] for phase ph (one or two phases: the length tells) and table t
// (T = tables: v.PatternTables() or v.WindowTables()) and scalar[k], rounded to the file's
// fixed point (patterns 1/128 logit clamped to int8, scalars 1/2048 logit clamped to
// int16). Errors: ErrWeights for another table count, wrong lengths or a man worth nothing.
func (v *Variant) NewWeights(pattern []float64, scalar []float64, tables int) (*Weights, error) {
	if tables < 1 {
		return nil, ErrWeights
	}
	phases := len(pattern) / (tables * Patterns)
	if phases < 1 || phases > 2 || len(pattern) != phases*tables*Patterns || len(scalar) != NumScalars {
		return nil, ErrWeights
	}
	q := func(x float64, unit, lim float64) int16 {
		y := min(max(math.Round(x*unit), -lim-1), lim)
		return int16(y)
	}
	w := &Weights{Variant: v.ID, Tables: tables, Phases: phases, Pattern: make([]int16, len(pattern))}
	if err := w.setTables(v); err != nil {
		return nil, err
	}
	for i, x := range pattern {
		w.Pattern[i] = q(x, patternUnit, 127) * (weightUnit / patternUnit)
	}
	for i, x := range scalar {
		w.Scalar[i] = q(x, weightUnit, 32767)
	}
	if err := w.setScale(); err != nil {
		return nil, err
	}
	return w, nil
}
