package draughts

import (
	"errors"
	"slices"
	"sort"
	"strings"
	"testing"

	"madang/rules"
)

// moveKey names a move by its squares for comparison with the cases file: "35x24" (from,
// to) for plain moves and captures alike, and with the captured squares in braces when
// withCaptured is set: "4x15{13,20,32}".
func moveKey(p Position, m Move, withCaptured bool) string {
	r := p.Rules()
	sep := "-"
	if m.IsCapture() {
		sep = "x"
	}
	k := itoa(int(p.From(m))) + sep + itoa(int(p.To(m)))
	if withCaptured && m.IsCapture() {
		var sqs []string
		for sq := Square(1); int(sq) <= r.Squares(); sq++ {
			if m.Captured()&r.Bit(sq) != 0 {
				sqs = append(sqs, itoa(int(sq)))
			}
		}
		k += "{" + strings.Join(sqs, ",") + "}"
	}
	return k
}

func legalKeys(t *testing.T, p Position, withCaptured bool) []string {
	t.Helper()
	var l MoveList
	p.Generate(&l)
	var keys []string
	for _, m := range l.Slice() {
		keys = append(keys, moveKey(p, m, withCaptured))
	}
	sort.Strings(keys)
	return keys
}

// The exact legal-move sets of shared/cases/draughts.md ("Exact legal-move sets"), with
// the FMJD article or WCDF rule each illustrates. Each legal move appears once.
func TestRulebook(t *testing.T) {
	cases := []struct {
		name    string
		r       *Rules
		fen     string
		want    []string
		withCap bool
	}{
		{"men capture backwards [FMJD 4.2]", &International, "W:W35:B30,K40", []string{"35x24", "35x44"}, false},
		{"flying king chooses its landing [FMJD 4.3]", &International, "W:WK46:B23", []string{"46x19", "46x14", "46x10", "46x5"}, false},
		{"man multi-capture [FMJD 4.5]", &International, "W:W15:B8,19,20", []string{"15x2"}, false},
		{"king goes on capturing, free landing only after the last piece [FMJD 4.6]", &International, "W:WK47:B9,12,33", []string{"47x17", "47x21", "47x26"}, false},
		{"captured pieces leave after the move, none jumped twice [FMJD 4.8]", &International, "B:W27,28,38,39,42:BK25", []string{"25x33"}, false},
		{"multiple jumps [FMJD 4.8]", &International, "W:WK41,49:B9,10,12,19,38", []string{"41x43"}, false},
		{"majority by piece count, a king counts one [FMJD 4.13]", &International, "W:W48:B24,K31,34,K42,43", []string{"48x19"}, false},
		{"kings are worth no more than men [FMJD 4.14]", &International, "W:W26:B12,K21,31,32", []string{"26x8", "26x28"}, false},
		{"passing the last row mid-capture does not promote [FMJD 4.15]", &International, "W:W15:B9,10", []string{"15x13"}, false},
		{"king windmill: two paths, one move", &International, "W:WK2:B7,8,17,18", []string{"2x2{7,8,17,18}"}, true},
		{"same from/to, different captured sets", &International, "W:WK4:B13,20,32,37", []string{"4x15{13,20,32}", "4x15{13,20,37}"}, true},
		{"a king never moves to its own square", &International, "B:WK1,K2,14,16,31,37,42:BK49",
			[]string{"49-21", "49-27", "49-32", "49-35", "49-38", "49-40", "49-43", "49-44"}, false},
		{"legal only in its own position", &International, "W:WK2,25:B14,15,16",
			[]string{"25-20", "2-7", "2-8", "2-11", "2-13", "2-19", "2-24", "2-30", "2-35"}, false},
		{"checkers start", &English, "B:W21-32:B1-12",
			[]string{"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}, false},
		{"capture compulsory, free choice, no majority [WCDF]", &English, "W:W31:B26,27,17", []string{"31x24", "31x13"}, false},
		{"crowning ends the move [WCDF]", &English, "B:W26,27:B22", []string{"22x31"}, false},
		{"the same with a king [WCDF]", &English, "B:W26,27:BK22", []string{"22x24"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParseFEN(c.r, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			want := slices.Clone(c.want)
			sort.Strings(want)
			if got := legalKeys(t, p, c.withCap); !slices.Equal(got, want) {
				t.Errorf("legal moves %v, want exactly %v", got, want)
			}
		})
	}
}

// Case "passing the last row mid-capture does not promote": 15x13 ends a man.
func TestNoPromotionMidCapture(t *testing.T) {
	p, _ := ParseFEN(&International, "W:W15:B9,10")
	m, err := p.ParseMove("15x13")
	if err != nil {
		t.Fatal(err)
	}
	q := p.Apply(m)
	if q.FEN() != "B:W13:B" {
		t.Errorf("after 15x13: %s, want a white man on 13 and no black pieces", q.FEN())
	}
}

// Case "crowning ends the move" (checkers): 22x31 crowns and stops.
func TestCrowningEndsMove(t *testing.T) {
	p, _ := ParseFEN(&English, "B:W26,27:B22")
	m, err := p.ParseMove("22x31")
	if err != nil {
		t.Fatal(err)
	}
	if !m.Promotes() {
		t.Error("22x31 does not crown")
	}
	if got := p.Apply(m).FEN(); got != "W:W27:BK31" {
		t.Errorf("after 22x31: %s, want W:W27:BK31", got)
	}
}

// Case "same from/to, different captured sets": two moves whose texts differ, and the
// from-to text alone is ambiguous.
func TestSameFromToTwoMoves(t *testing.T) {
	s, err := International.Game().Decode(nil, "W:WK4:B13,20,32,37")
	if err != nil {
		t.Fatal(err)
	}
	ms := s.Moves()
	if len(ms) != 2 || ms[0].String() == ms[1].String() {
		t.Fatalf("moves %v: want two with different texts", ms)
	}
	_, err = s.ParseMove("4x15")
	var me *rules.MoveError
	if !errors.Is(err, rules.ErrAmbiguous) || !errors.As(err, &me) || len(me.Candidates) != 2 {
		t.Fatalf("4x15: %v, want ErrAmbiguous naming two candidates", err)
	}
	if me.Candidates[0] >= me.Candidates[1] {
		t.Errorf("candidates %q, want them in sorted order", me.Candidates)
	}
	for _, m := range ms {
		got, err := s.ParseMove(m.String())
		if err != nil || got != m {
			t.Errorf("ParseMove(%q) = %v, %v; want the move itself", m.String(), got, err)
		}
	}
}

// Case "a move is legal only in the position it was generated for": after 25-20, "25-20"
// again is refused.
func TestMoveOnlyInItsPosition(t *testing.T) {
	s, err := International.Game().Decode(nil, "W:WK2,25:B14,15,16")
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.ParseMove("25-20")
	if err != nil {
		t.Fatal(err)
	}
	s2, err := s.Play(m)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s2.ParseMove("25-20"); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("25-20 again: %v, want ErrIllegal", err)
	}
	if _, err := s2.Play(m); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("playing the old move again: %v, want ErrIllegal", err)
	}
}

// The windmill is one move whose canonical text returns to its start square.
func TestWindmillText(t *testing.T) {
	s, _ := International.Game().Decode(nil, "W:WK2:B7,8,17,18")
	ms := s.Moves()
	if len(ms) != 1 {
		t.Fatalf("moves %v, want one", ms)
	}
	txt := ms[0].String()
	if !strings.HasPrefix(txt, "2x") || !strings.HasSuffix(txt, "x2") || strings.Count(txt, "x") != 4 {
		t.Errorf("windmill text %q, want 2x..x2 with four landings", txt)
	}
	after, err := s.Play(ms[0])
	if err != nil {
		t.Fatal(err)
	}
	if got := after.Encode(); got != "B:WK2:B" {
		t.Errorf("after the windmill %s, want B:WK2:B", got)
	}
	if o := after.Outcome(); o.Status != rules.Win || o.Winner != 0 || o.Reason != rules.NoMoves {
		t.Errorf("outcome %+v, want a white win by no-moves", o)
	}
}

// Case "king windmill: two paths, one move": the one move has both paths, and it takes
// 7, 8, 17 and 18.
func TestWindmillPaths(t *testing.T) {
	p, _ := ParseFEN(&International, "W:WK2:B7,8,17,18")
	var l MoveList
	p.Generate(&l)
	if l.N != 1 {
		t.Fatalf("%d moves, want 1", l.N)
	}
	m := l.Moves[0]
	if got := p.CapturedSquares(m); !slices.Equal(got, []Square{7, 8, 17, 18}) {
		t.Errorf("captured %v, want [7 8 17 18]", got)
	}
	paths := p.Paths(m)
	if len(paths) != 2 || !slices.Equal(paths[0], p.Path(m)) {
		t.Fatalf("paths %v, want two with the canonical one first", paths)
	}
	for _, path := range paths {
		txt := "2"
		for _, sq := range path {
			txt += "x" + itoa(int(sq))
		}
		if got, err := p.ParseMove(txt); err != nil || got != m {
			t.Errorf("%s: %v", txt, err)
		}
	}
}
