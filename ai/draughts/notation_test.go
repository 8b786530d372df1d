package draughts

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"madang/rules"
	rd "madang/rules/draughts"
)

func TestStartMatchesFEN(t *testing.T) {
	for _, c := range []struct {
		v   *Variant
		fen string
	}{{Checkers, "B:W21-32:B1-12"}, {Draughts, "W:W31-50:B1-20"}} {
		want, _ := c.v.ParseFEN(c.fen)
		if got := c.v.Start(); got != want {
			t.Errorf("%s start = %s, want %s", c.v.ID, got.FEN(), c.fen)
		}
	}
}

// Exact legal-move sets from shared/cases/draughts.md, written as from-to (or, where the
// cases file distinguishes captured sets, in Hub form).
func TestLegalSets(t *testing.T) {
	cases := []struct {
		v    *Variant
		fen  string
		want string
	}{
		{Draughts, "W:W35:B30,K40", "35x24 35x44"},
		{Draughts, "W:WK46:B23", "46x10 46x14 46x19 46x5"},
		{Draughts, "W:W15:B8,19,20", "15x2"},
		{Draughts, "W:WK47:B9,12,33", "47x17 47x21 47x26"},
		{Draughts, "B:W27,28,38,39,42:BK25", "25x33"},
		{Draughts, "W:WK41,49:B9,10,12,19,38", "41x43"},
		{Draughts, "W:W48:B24,K31,34,K42,43", "48x19"},
		{Draughts, "W:W26:B12,K21,31,32", "26x28 26x8"},
		{Draughts, "W:W15:B9,10", "15x13"},
		{Draughts, "W:WK2:B7,8,17,18", "2x2x7x8x17x18"},
		{Draughts, "W:WK4:B13,20,32,37", "4x15x13x20x32 4x15x13x20x37"},
		{Draughts, "B:WK1,K2,14,16,31,37,42:BK49", "49-21 49-27 49-32 49-35 49-38 49-40 49-43 49-44"},
		{Draughts, "W:WK2,25:B14,15,16", "2-11 2-13 2-19 2-24 2-30 2-35 2-7 2-8 25-20"},
		{Checkers, "B:W21-32:B1-12", "10-14 10-15 11-15 11-16 12-16 9-13 9-14"},
		{Checkers, "W:W31:B26,27,17", "31x13 31x24"},
		{Checkers, "B:W26,27:B22", "22x31"},
		{Checkers, "B:W26,27:BK22", "22x24"},
	}
	for _, c := range cases {
		p, err := c.v.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		var l rd.MoveList
		p.Generate(&l)
		var got []string
		for _, m := range l.Slice() {
			s := c.v.ShortMove(m) // Hub form where the case lists the captured set
			if slices.Contains(strings.Fields(c.want), c.v.HubMove(m)) {
				s = c.v.HubMove(m)
			}
			got = append(got, s)
		}
		slices.Sort(got)
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s %s: moves %q, want %q", c.v.ID, c.fen, g, c.want)
		}
	}
}

// Crowning: in checkers 22x31 crowns and ends the move; in draughts a man passing the last
// row goes on as a man (FMJD art. 4.15) and one ending there is crowned.
func TestCrowning(t *testing.T) {
	p, _ := Checkers.ParseFEN("B:W26,27:B22")
	m, err := Checkers.ParseMove(&p, "22x31")
	if err != nil {
		t.Fatal(err)
	}
	q := p.Apply(m)
	if got := q.FEN(); got != "W:W27:BK31" {
		t.Errorf("after 22x31: %s", got)
	}
	p, _ = Draughts.ParseFEN("W:W15:B9,10")
	m, _ = Draughts.ParseMove(&p, "15x13")
	q = p.Apply(m)
	if got := q.FEN(); got != "B:W13:B" {
		t.Errorf("after 15x13: %s", got)
	}
	p, _ = Draughts.ParseFEN("W:W7:B")
	m, _ = Draughts.ParseMove(&p, "7-1")
	q = p.Apply(m)
	if got := q.FEN(); got != "B:WK1:B" {
		t.Errorf("after 7-1: %s", got)
	}
}

func TestNotationRoundTrips(t *testing.T) {
	p, _ := Draughts.ParseFEN("W:WK4:B13,20,32,37")
	for _, text := range []string{"4x15x13x20x32", "4x15x13x20x37"} {
		m, err := Draughts.ParseMove(&p, text)
		if err != nil || Draughts.HubMove(m) != text {
			t.Errorf("ParseMove(%s) = %s, %v", text, Draughts.HubMove(m), err)
		}
	}
	if _, err := Draughts.ParseMove(&p, "4x15"); err == nil {
		t.Error("4x15 is ambiguous here and must be refused")
	}
	for _, bad := range []string{"", "4", "4-99", "a-b", "47-42"} {
		if _, err := Draughts.ParseMove(&p, bad); err == nil {
			t.Errorf("ParseMove(%q) accepted", bad)
		}
	}
	// PDN landing-square paths.
	c, _ := Checkers.ParseFEN("W:W31:B26,27,17")
	if m, err := Checkers.ParseMove(&c, "31x22x13"); err != nil || Checkers.ShortMove(m) != "31x13" {
		t.Errorf("31x22x13 = %v %v", m, err)
	}
	start := Draughts.Start()
	hub := Draughts.Hub(&start)
	if hub != "W"+strings.Repeat("b", 20)+strings.Repeat("e", 10)+strings.Repeat("w", 20) {
		t.Errorf("hub start %s", hub)
	}
	back, err := Draughts.ParseHub(hub)
	if err != nil || back != start {
		t.Errorf("ParseHub round trip: %v", err)
	}
	for _, bad := range []string{"", "X" + strings.Repeat("e", 50), "W" + strings.Repeat("z", 50), "Weee"} {
		if _, err := Draughts.ParseHub(bad); err == nil {
			t.Errorf("ParseHub(%q) accepted", bad)
		}
	}
	for _, bad := range []string{"", "Q:W1", "W:W0", "W:W51", "W:W1,1", "W:X5", "W:W3-1"} {
		if _, err := Draughts.ParseFEN(bad); err == nil {
			t.Errorf("ParseFEN(%q) accepted", bad)
		}
	}
}

// Notation errors are one line that names the fault once and still match both
// ErrNotation and rules.ErrNotation (the Hub engine prints them as one protocol line).
func TestNotationErrorOneLine(t *testing.T) {
	p := Draughts.Start()
	_, e1 := Draughts.ParseHub("garbage")
	_, e3 := Draughts.ParseFEN("W:W99")
	_, e4 := Draughts.ParseMove(&p, "32-23")
	_, e5 := Draughts.ParseHub("X" + strings.Repeat("e", 50))
	for _, err := range []error{e1, e3, e4, e5} {
		if err == nil {
			t.Fatal("bad text accepted")
		}
		msg := err.Error()
		if strings.Contains(msg, "\n") || strings.Count(msg, "bad notation") != 1 {
			t.Errorf("error %q: want one line naming bad notation once", msg)
		}
		if !errors.Is(err, ErrNotation) || !errors.Is(err, rules.ErrNotation) {
			t.Errorf("error %q does not match ErrNotation and rules.ErrNotation", msg)
		}
	}
	if want := `draughts: bad notation: Hub position needs 51 characters: "garbage"`; e1 == nil || e1.Error() != want {
		t.Errorf("ParseHub(garbage) = %v, want %q", e1, want)
	}
}
