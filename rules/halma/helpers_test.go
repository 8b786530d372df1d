package halma

import (
	"slices"
	"testing"
)

// decode reads a hand-built position or fails the test.
func decode(t testing.TB, r *Rules, players, pieces int, text string) Position {
	t.Helper()
	p, err := r.Decode(players, pieces, text)
	if err != nil {
		t.Fatalf("decode %q: %v", text, err)
	}
	return p
}

// hole is the hole named s or a test failure.
func hole(t testing.TB, s string) Hole {
	t.Helper()
	h, ok := ParseHole(s)
	if !ok {
		t.Fatalf("no hole %q", s)
	}
	return h
}

// destinations lists the holes the piece on from may move to, in hole order.
func destinations(t testing.TB, p Position, from string) []string {
	t.Helper()
	f := hole(t, from)
	var l MoveList
	p.Generate(&l)
	var hs []Hole
	for _, m := range l.Slice() {
		if m.From == f {
			hs = append(hs, m.To)
		}
	}
	slices.Sort(hs)
	out := []string{}
	for _, h := range hs {
		out = append(out, h.String())
	}
	return out
}

func sortedNames(names ...string) []string {
	hs := make([]Hole, len(names))
	for i, n := range names {
		h, ok := ParseHole(n)
		if !ok {
			panic("bad hole name " + n)
		}
		hs[i] = h
	}
	slices.Sort(hs)
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.String()
	}
	return out
}

// wantDests checks the destinations of the piece on from.
func wantDests(t *testing.T, p Position, from string, want ...string) {
	t.Helper()
	got := destinations(t, p, from)
	if w := sortedNames(want...); !slices.Equal(got, w) {
		t.Errorf("%s: destinations of %s = %v, want %v", p.Encode(), from, got, w)
	}
}

// play applies move text (any accepted form) or fails the test.
func play(t testing.TB, p Position, text string) Position {
	t.Helper()
	m, err := p.ParseMove(text)
	if err != nil {
		t.Fatalf("%s: move %q: %v", p.Encode(), text, err)
	}
	q := p.Apply(m)
	if why := q.check(); why != "" {
		t.Fatalf("after %s: %s", text, why)
	}
	return q
}
