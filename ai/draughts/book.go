package draughts

import (
	"strings"

	rd "madang/rules/draughts"
)

// Book is an opening book: for each position of the first few plies,
// the moves the engine's own searches rate within a margin of the best. The advanced level
// plays a book move (a seeded choice among them) while the game is in the book.
type Book struct {
	moves map[uint64][]rd.Move // by position hash
	lines []string             // the file's lines, sorted
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
