package draughts

import (
	"testing"

	rd "madang/rules/draughts"
)

// Text readers never panic: every input gives a position or move, or an error.
func FuzzNotation(f *testing.F) {
	for _, s := range []string{"W:W31-50:B1-20", "B:WK4:B13,20,32,37.", "W:W7,26,28:B8,14", "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
		"32-28", "28x19x23", "15x24x31", "4x15", "W:", ":", "W:WK", "W:W1-", "x", "1-2-3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, v := range []*Variant{Checkers, Draughts} {
			p, err := v.ParseFEN(s)
			if err == nil {
				q, err := v.ParseFEN(p.FEN())
				if err != nil || q != p {
					t.Fatalf("%s: FEN %q does not round-trip: %v", v.ID, s, err)
				}
			}
			if p, err := v.ParseHub(s); err == nil && v.Hub(&p) == "" {
				t.Fatalf("%s: empty Hub text for %q", v.ID, s)
			}
			start := v.Start()
			if m, err := v.ParseMove(&start, s); err == nil {
				var l rd.MoveList
				start.Generate(&l)
				found := false
				for _, x := range l.Slice() {
					found = found || x == m
				}
				if !found {
					t.Fatalf("%s: ParseMove(%q) returned a move that is not legal", v.ID, s)
				}
			}
		}
	})
}
