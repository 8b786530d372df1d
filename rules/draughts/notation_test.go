package draughts

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"testing"

	"madang/rules"
)

// The layout's shift directions agree with the board's geometry: every diagonal neighbour
// computed from (row, column) is the bit at offset -half-1, -half, +half or +half+1, and
// no offset leads from a square to a square that is not its neighbour.
func TestLayoutNeighbours(t *testing.T) {
	for _, r := range []*Rules{&English, &International} {
		for s := Square(1); int(s) <= r.Squares(); s++ {
			row, col := r.coords(s)
			b := int(r.bitOf[s])
			for _, d := range r.dirs {
				t2 := b + d
				var got Square
				if t2 >= 0 && t2 < 64 {
					got = r.sqOf[t2]
				}
				dr := 1
				if d < 0 {
					dr = -1
				}
				// The neighbour in this direction, if on the board.
				var want Square
				for _, dc := range []int{-1, 1} {
					nr, nc := row+dr, col+dc
					if nr < 0 || nc < 0 || nr >= r.Size || nc >= r.Size {
						continue
					}
					cand := Square(nr*r.half + nc/2 + 1)
					if cand == got {
						want = cand
					}
				}
				if got != want {
					t.Errorf("%s: square %d offset %d reaches %d, not a neighbour", r.ID, s, d, got)
				}
			}
			// Each square has as many neighbours through the offsets as on the board.
			n := 0
			for _, d := range r.dirs {
				if t2 := b + d; t2 >= 0 && t2 < 64 && r.sqOf[t2] != 0 {
					n++
				}
			}
			want := 0
			for _, dr := range []int{-1, 1} {
				for _, dc := range []int{-1, 1} {
					if nr, nc := row+dr, col+dc; nr >= 0 && nc >= 0 && nr < r.Size && nc < r.Size {
						want++
					}
				}
			}
			if n != want {
				t.Errorf("%s: square %d has %d neighbours by offset, %d on the board", r.ID, s, n, want)
			}
		}
	}
}

// Seed 001 "칸의 이름": a1 at the first mover's lower left, files from the left, ranks
// from the first mover's side. In checkers Black (first) has 1-12, so its lower left is
// square 4 and 11-15 reads c3-d4 (the page's own example); in draughts White (first) has
// 31-50, so 46 is a1 and 5 is j10 (the main diagonal a1-j10 of seed 001).
func TestAlgebraicNames(t *testing.T) {
	cases := []struct {
		r    *Rules
		sq   Square
		name string
	}{
		{&English, 4, "a1"}, {&English, 1, "g1"}, {&English, 11, "c3"}, {&English, 15, "d4"},
		{&English, 29, "h8"}, {&English, 32, "b8"},
		{&International, 46, "a1"}, {&International, 5, "j10"}, {&International, 1, "b10"},
		{&International, 50, "i1"}, {&International, 23, "f6"},
	}
	for _, c := range cases {
		if got := c.r.Name(c.sq); got != c.name {
			t.Errorf("%s square %d: %q, want %q", c.r.ID, c.sq, got, c.name)
		}
	}
	s, _ := English.Game().New(nil)
	m, err := s.ParseMove("c3-d4")
	if err != nil || m.String() != "11-15" {
		t.Errorf("c3-d4 in the checkers start: %v, %v; want 11-15", m, err)
	}
	diag := []Square{46, 41, 37, 32, 28, 23, 19, 14, 10, 5}
	var want uint64
	for _, sq := range diag {
		want |= International.Bit(sq)
	}
	if International.MainDiagonal() != want {
		t.Errorf("main diagonal %b, want squares %v", International.MainDiagonal(), diag)
	}
}

func TestFENRead(t *testing.T) {
	start := International.Start()
	for _, fen := range []string{"W:W31-50:B1-20", "W:B1-20:W31-50", "W:W31-50:B1-20.", "W:W31,32,33,34,35,36-50:B1-20"} {
		p, err := ParseFEN(&International, fen)
		if err != nil || p != start {
			t.Errorf("%q: %v, want the start position", fen, err)
		}
	}
	p, err := ParseFEN(&International, "W:WK31-50:BK1-20")
	if err != nil || p.CountKings(0) != 20 || p.CountKings(1) != 20 || p.CountMen(0)+p.CountMen(1) != 0 {
		t.Errorf("all kings: %v %v", p.FEN(), err)
	}
	p, err = ParseFEN(&English, "W:W21,22:B1,K5")
	if err != nil || p.Side() != 1 || p.CountMen(1) != 2 || p.CountMen(0) != 1 || p.CountKings(0) != 1 {
		t.Errorf("W:W21,22:B1,K5 in checkers: %v %v (White is seat 1)", p.FEN(), err)
	}
	if got := p.FEN(); got != "W:W21,22:B1,K5" {
		t.Errorf("FEN %q, want W:W21,22:B1,K5", got)
	}
}

// A '?' side to move (PDN 3.0 FEN grammar; wiegerw/pdn games/syntax/fen.pdn has
// "?:W29,13,11:B22,4,2") is read as unknown by ReadFEN, and the caller chooses the side;
// ParseFEN and Game.Decode, which need a side, refuse it with ErrSideUnknown.
func TestFENUnknownSide(t *testing.T) {
	const fen = "?:W29,13,11:B22,4,2"
	p, known, err := ReadFEN(&English, fen)
	if err != nil || known {
		t.Fatalf("ReadFEN %q: known %v, %v; want an unknown side and no error", fen, known, err)
	}
	// Checkers: Black is seat 0, White seat 1.
	for seat, side := range []string{"B", "W"} {
		want, err := ParseFEN(&English, side+fen[1:])
		if err != nil {
			t.Fatal(err)
		}
		got := p.WithSide(rules.Seat(seat))
		if got != want || got.Side() != rules.Seat(seat) || got.Hash() != want.Hash() {
			t.Errorf("WithSide(%d): %s, want %s", seat, got.FEN(), want.FEN())
		}
	}
	if q, known, err := ReadFEN(&International, "W:W31-50:B1-20"); err != nil || !known || q != International.Start() {
		t.Errorf("ReadFEN of a known side: %v %v %v", q, known, err)
	}
	_, err = ParseFEN(&English, fen)
	var fe *FENError
	if !errors.As(err, &fe) || !fe.SideUnknown || !errors.Is(err, ErrSideUnknown) || !errors.Is(err, rules.ErrNotation) {
		t.Errorf("ParseFEN %q: %v, want a FENError wrapping ErrSideUnknown and ErrNotation", fen, err)
	}
	if _, err := English.Game().Decode(nil, fen); !errors.Is(err, ErrSideUnknown) {
		t.Errorf("Decode %q: %v, want ErrSideUnknown", fen, err)
	}
	// '?' is a side to move only: elsewhere, and with other faults, it stays a plain error.
	for _, bad := range []string{"??:W29:B22", "W:?29:B22", "?:W29:B29", "?:W33:B1", "?"} {
		_, _, err := ReadFEN(&English, bad)
		if !errors.As(err, &fe) || fe.SideUnknown || errors.Is(err, ErrSideUnknown) {
			t.Errorf("ReadFEN %q: %v, want a plain FEN error", bad, err)
		}
	}
}

func TestFENErrors(t *testing.T) {
	bad := []struct {
		r   *Rules
		fen string
	}{
		{&International, ""},
		{&International, "W"},
		{&International, "X:W31:B1"},
		{&International, "W:W31:B1:W32"},
		{&International, "W:W31:B1:X"},
		{&International, " W:W31:B1"},
		{&International, "W:W31, 32:B1"},
		{&International, "W:W0:B1"},
		{&International, "W:W51:B1"},
		{&International, "W:W31-:B1"},
		{&International, "W:W40-35:B1"},
		{&International, "W:W31,,32:B1"},
		{&International, "W:W31:B31"},
		{&International, "W:W3:B40"},  // a white man on White's far row
		{&International, "W:W40:B48"}, // a black man on Black's far row
		{&English, "B:W1:B12"},        // checkers: White is crowned on 1-4
		{&English, "B:W21:B30"},       // Black is crowned on 29-32
		{&English, "B:W33:B1"},
		{&International, "W:WKK31:B1"},
		{&International, "W:W1x:B2"},
	}
	for _, c := range bad {
		_, err := ParseFEN(c.r, c.fen)
		var fe *FENError
		if !errors.As(err, &fe) || !errors.Is(err, rules.ErrNotation) {
			t.Errorf("%s %q: %v, want a FENError wrapping ErrNotation", c.r.ID, c.fen, err)
		}
	}
}

// randomPositions plays deterministic random games and returns every position met.
func randomPositions(r *Rules, games, plies int) []Position {
	rng := rand.New(rand.NewPCG(1, uint64(r.Size)))
	var out []Position
	var l MoveList
	for g := 0; g < games; g++ {
		p := r.Start()
		for i := 0; i < plies; i++ {
			out = append(out, p)
			p.Generate(&l)
			if l.N == 0 {
				break
			}
			p = p.Apply(l.Moves[rng.IntN(l.N)])
		}
	}
	return out
}

func TestFENRoundTrip(t *testing.T) {
	for _, r := range []*Rules{&English, &International} {
		for _, p := range randomPositions(r, 20, 150) {
			q, err := ParseFEN(r, p.FEN())
			if err != nil || q != p {
				t.Fatalf("%s: %s read back as %s (%v)", r.ID, p.FEN(), q.FEN(), err)
			}
			if p.Hash() != p.computeHash() {
				t.Fatalf("%s: incremental hash differs from a fresh one at %s", r.ID, p.FEN())
			}
		}
	}
}

func TestMoveTextRoundTrip(t *testing.T) {
	for _, r := range []*Rules{&English, &International} {
		captures := 0
		for _, p := range randomPositions(r, 20, 150) {
			var l MoveList
			p.Generate(&l)
			for _, m := range l.Slice() {
				for _, txt := range []string{p.MoveText(m), p.AlgebraicText(m)} {
					got, err := p.ParseMove(txt)
					if err != nil || got != m {
						t.Fatalf("%s %s: %q read back as %v (%v)", r.ID, p.FEN(), txt, got, err)
					}
				}
				if m.IsCapture() {
					captures++
					if path := p.Path(m); len(path) != m.NumCaptured() || path[len(path)-1] != p.To(m) {
						t.Fatalf("%s %s: path %v of %s", r.ID, p.FEN(), path, p.MoveText(m))
					}
				}
			}
		}
		if captures == 0 {
			t.Errorf("%s: the random games met no capture", r.ID)
		}
	}
}

func TestParseMove(t *testing.T) {
	cases := []struct {
		r    *Rules
		fen  string
		text string
		want string // canonical text, or "" for an error
		err  error
	}{
		{&English, "B:W21-32:B1-12", "11-15", "11-15", nil},
		{&English, "B:W21-32:B1-12", "11x15", "11-15", nil}, // records write x for a step
		{&English, "B:W21-32:B1-12", "c3-d4", "11-15", nil},
		{&English, "B:W21-32:B1-12", "c3×d4", "11-15", nil},
		{&English, "B:W21-32:B1-12", "11-16", "11-16", nil},
		{&English, "B:W21-32:B1-12", " 11-16\n", "11-16", nil},
		{&English, "B:W21-32:B1-12", "11 -16", "", rules.ErrNotation},
		{&English, "B:W21-32:B1-12", "11-18", "", rules.ErrIllegal},
		{&English, "B:W21-32:B1-12", "11", "", rules.ErrNotation},
		{&English, "B:W21-32:B1-12", "11--15", "", rules.ErrNotation},
		{&English, "B:W21-32:B1-12", "a2-b3", "", rules.ErrNotation}, // a light square
		{&English, "B:W21-32:B1-12", "33-37", "", rules.ErrNotation},
		{&English, "B:W21-32:B1-12", "", "", rules.ErrNotation},
		{&English, "W:W31:B26,27,17", "31x13", "31x22x13", nil},
		{&English, "W:W31:B26,27,17", "31-13", "31x22x13", nil},
		{&English, "W:W31:B26,27,17", "31x22x13", "31x22x13", nil},
		{&English, "W:W31:B26,27,17", "31x24x13", "", rules.ErrIllegal},
		{&English, "W:W31:B26,27,17", "31-22", "", rules.ErrIllegal}, // stops mid-capture
		{&International, "W:WK4:B13,20,32,37", "4x15", "", rules.ErrAmbiguous},
		{&International, "W:W15:B8,19,20", "15x2", "15x24x13x2", nil},
		{&International, "W:WK46:B23", "46x14", "46x14", nil},
		{&International, "W:WK46:B23", "a1xh8", "46x14", nil},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.r, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(c.text)
		if c.err != nil {
			var me *rules.MoveError
			if !errors.Is(err, c.err) || !errors.As(err, &me) {
				t.Errorf("%s %q: %v, want %v", c.fen, c.text, err, c.err)
			}
			continue
		}
		if err != nil || p.MoveText(m) != c.want {
			t.Errorf("%s %q: %v (%v), want %s", c.fen, c.text, p.MoveText(m), err, c.want)
		}
	}
}

// The generic API: registry, options, encode/decode, ply, outcome at the start.
func TestGames(t *testing.T) {
	for _, c := range []struct {
		id    string
		start string
		moves int
	}{{"checkers", "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", 7},
		{"draughts", "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20", 9}} {
		g, ok := rules.Lookup(c.id)
		if !ok {
			t.Fatalf("%s not registered", c.id)
		}
		if _, err := g.Validate(rules.Options{"pieces": 10}); !errors.Is(err, rules.ErrOptions) {
			t.Errorf("%s accepts an unknown option: %v", c.id, err)
		}
		s, err := g.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		if s.Counters() != nil {
			t.Errorf("%s start: counters %v running, want none", c.id, s.Counters())
		}
		if s.Encode() != c.start || s.ToMove() != 0 || s.Ply() != 0 || len(s.Moves()) != c.moves || s.Outcome().Over() {
			t.Errorf("%s start: %s, to move %d, %d moves", c.id, s.Encode(), s.ToMove(), len(s.Moves()))
		}
		s2, err := s.Play(s.Moves()[0])
		if err != nil || s2.Ply() != 1 || s2.ToMove() != 1 || s.Ply() != 0 {
			t.Errorf("%s: play changed the old state or failed: %v", c.id, err)
		}
		d, err := g.Decode(nil, s2.Encode())
		if err != nil || d.Encode() != s2.Encode() {
			t.Errorf("%s: decode(encode) %v", c.id, err)
		}
		if _, err := g.Decode(nil, "nonsense"); !errors.Is(err, rules.ErrNotation) {
			t.Errorf("%s: decoding nonsense: %v", c.id, err)
		}
	}
}

// Apply never changes its receiver, and Perft leaves the position as it found it.
func TestApplyIsCopyMake(t *testing.T) {
	for _, r := range []*Rules{&English, &International} {
		p := r.Start()
		before := p
		Perft(p, 4)
		if p != before {
			t.Errorf("%s: perft changed the position", r.ID)
		}
		for _, q := range randomPositions(r, 3, 100) {
			var l MoveList
			q.Generate(&l)
			keep := q
			for _, m := range l.Slice() {
				n := q.Apply(m)
				if q != keep {
					t.Fatalf("%s: Apply changed its receiver", r.ID)
				}
				if n.Side() == q.Side() || bits.OnesCount64(n.Pieces(q.Side()^1)) != bits.OnesCount64(q.Pieces(q.Side()^1))-m.NumCaptured() {
					t.Fatalf("%s: %s after %s: %s", r.ID, q.FEN(), q.MoveText(m), n.FEN())
				}
			}
		}
	}
}

func FuzzFEN(f *testing.F) {
	for _, s := range []string{"W:W31-50:B1-20", "B:W21-32:B1-12", "W:WK46:B23", "B:WK1,K2,14,16,31,37,42:BK49", "W:W:B", "W:B1-", ""} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, fen string, intl bool) {
		r := &English
		if intl {
			r = &International
		}
		p, err := ParseFEN(r, fen)
		if err != nil {
			return
		}
		q, err := ParseFEN(r, p.FEN())
		if err != nil || q != p {
			t.Fatalf("%q: %s does not read back (%v)", fen, p.FEN(), err)
		}
		agreeWithReference(t, p)
		var l MoveList
		p.Generate(&l)
		for _, m := range l.Slice() {
			got, err := p.ParseMove(p.MoveText(m))
			if err != nil || got != m {
				t.Fatalf("%s: %s does not read back (%v)", p.FEN(), p.MoveText(m), err)
			}
			p.Apply(m)
		}
		NewState(p)
	})
}

func FuzzMoveText(f *testing.F) {
	positions := []Position{English.Start(), International.Start()}
	for _, c := range []struct {
		r   *Rules
		fen string
	}{{&International, "W:WK4:B13,20,32,37"}, {&International, "W:WK2:B7,8,17,18"}, {&English, "W:W31:B26,27,17"}, {&International, "W:W15:B8,19,20"}} {
		p, _ := ParseFEN(c.r, c.fen)
		positions = append(positions, p)
	}
	for _, s := range []string{"11-15", "c3-d4", "4x15", "2x11x22x13x2", "31x22x13", "15x24x13x2", "a1xh8", "x", "-", "99-1", "j10×a1"} {
		for i := range positions {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		p := positions[int(which)%len(positions)]
		m, err := p.ParseMove(text)
		if err != nil {
			var me *rules.MoveError
			if !errors.As(err, &me) {
				t.Fatalf("%q: error %v is not a *rules.MoveError", text, err)
			}
			return
		}
		var l MoveList
		p.Generate(&l)
		legal := false
		for _, x := range l.Slice() {
			legal = legal || x == m
		}
		if !legal {
			t.Fatalf("%q gave a move that is not legal", text)
		}
		if got, err := p.ParseMove(p.MoveText(m)); err != nil || got != m {
			t.Fatalf("%q: canonical %s does not read back", text, p.MoveText(m))
		}
	})
}

// Every dark square has file/rank coordinates on a dark square of the first mover's view
// (a1 dark, seed 001 "칸의 이름"), and FromAlgebraic gives it back; light squares give 0.
func TestAlgebraicRoundTrip(t *testing.T) {
	for _, r := range []*Rules{&English, &International} {
		for sq := Square(1); int(sq) <= r.Squares(); sq++ {
			f, k := r.Algebraic(sq)
			if (f+k)%2 != 0 || r.FromAlgebraic(f, k) != sq {
				t.Errorf("%s square %d: (%d,%d) back %d", r.ID, sq, f, k, r.FromAlgebraic(f, k))
			}
			if r.FromAlgebraic(f^1, k) != 0 {
				t.Errorf("%s: light square (%d,%d) names square %d", r.ID, f^1, k, r.FromAlgebraic(f^1, k))
			}
		}
		if r.FromAlgebraic(r.Size, 0) != 0 || r.FromAlgebraic(-1, 0) != 0 {
			t.Errorf("%s: off-board coordinates name a square", r.ID)
		}
	}
}
