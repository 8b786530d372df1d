package draughts

import (
	"context"
	"sort"
	"strings"

	"madang/ai"
	rd "madang/rules/draughts"
)

// Book is an opening book (issue 18 item 4): for each position of the first few plies,
// the moves the engine's own searches rate within a margin of the best. The advanced level
// plays a book move (a seeded choice among them) while the game is in the book.
type Book struct {
	moves map[uint64][]rd.Move // by position hash
	lines []string             // the file's lines, sorted
}

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
			sort.SliceStable(all, func(i, j int) bool { return all[i].sc > all[j].sc })
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
	sort.Strings(b.lines)
	return b
}

// Marshal writes the book as text: one line per position, its PDN FEN then its book
// moves in PDN, best first; lines sorted.
func (b *Book) Marshal() []byte {
	return []byte(strings.Join(b.lines, "\n") + "\n")
}

// ParseBook reads a book of Marshal's format for v. Blank lines and lines starting with
// '#' are skipped. Errors wrap ErrNotation (a bad FEN, an illegal move, a line without
// moves).
func (v *Variant) ParseBook(data []byte) (*Book, error) {
	b := &Book{moves: map[uint64][]rd.Move{}}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 2 {
			return nil, notationErr("book line needs a position and a move", line)
		}
		p, err := v.ParseFEN(f[0])
		if err != nil {
			return nil, err
		}
		var ms []rd.Move
		for _, t := range f[1:] {
			m, err := v.ParseMove(&p, t)
			if err != nil {
				return nil, err
			}
			ms = append(ms, m)
		}
		b.moves[p.Hash()] = ms
		b.lines = append(b.lines, line)
	}
	return b, nil
}

// Moves are the book moves of p (nil when p is not in the book).
func (b *Book) Moves(p *rd.Position) []rd.Move {
	if b == nil {
		return nil
	}
	return b.moves[p.Hash()]
}

// Len is the number of positions in the book.
func (b *Book) Len() int {
	if b == nil {
		return 0
	}
	return len(b.moves)
}

// Book is the opening book the advanced level plays from (nil: none).
func (v *Variant) Book() *Book { return v.book }
