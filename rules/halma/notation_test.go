package halma

import (
	"errors"
	"testing"

	"madang/rules"
)

func TestEncodeStart(t *testing.T) {
	for _, c := range []struct {
		r               *Rules
		players, pieces int
		want            string
	}{
		{&ChineseCheckers, 2, 10, "0 1.1,2.1,2.2,3.1,3.2,3.3,4.1,4.2,4.3,4.4/14.1,14.2,14.3,14.4,15.1,15.2,15.3,16.1,16.2,17.1 0 0"},
		{&DiamondKR, 2, 15, "0 1.1,2.1,2.2,3.1,3.2,3.3,4.1,4.2,4.3,4.4,5.5,5.6,5.7,5.8,5.9/13.5,13.6,13.7,13.8,13.9,14.1,14.2,14.3,14.4,15.1,15.2,15.3,16.1,16.2,17.1 0 0"},
		// Yellow's camp 2 is the upper left: apex 13.1, rows 10-13 from the left edge, and
		// its border 9.1, 10.2, 11.3, 12.4, 13.5; green's camp 4 the upper right.
		{&Diamond, 3, 15, "0 K1.1,2.1,2.2,3.1,3.2,3.3,4.1,4.2,4.3,4.4,5.5,5.6,5.7,5.8,5.9/9.1,10.1,10.2,11.1,11.2,11.3,12.1,12.2,12.3,12.4,K13.1,13.2,13.3,13.4,13.5/9.9,10.9,10.10,11.9,11.10,11.11,12.9,12.10,12.11,12.12,13.9,13.10,13.11,13.12,K13.13 0 0"},
	} {
		p, _ := c.r.Start(c.players, c.pieces)
		if got := p.Encode(); got != c.want {
			t.Errorf("%s start:\n got %s\nwant %s", c.r.ID, got, c.want)
		}
		q, err := c.r.Decode(c.players, c.pieces, c.want)
		if err != nil || q != p {
			t.Errorf("%s: decode: %v", c.r.ID, err)
		}
	}
}

// The target of camp k is camp k+3 (AloysHF/childhood #80: a rotated target is a bug).
func TestTargetsOpposite(t *testing.T) {
	for i := range configs {
		c := &configs[i]
		for s := 0; s < c.seats; s++ {
			k := c.rules.SeatCamps[s]
			if c.apex[s] != Apex((k+3)%6) || c.startApex[s] != Apex(k) {
				t.Errorf("%s seat %d: target apex %v, start apex %v", c.rules.ID, s, c.apex[s], c.startApex[s])
			}
			if Distance(c.apex[s], c.startApex[s]) != 16 {
				t.Errorf("%s seat %d: target apex not opposite", c.rules.ID, s)
			}
		}
	}
	// Seed 000: red bottom to top, yellow upper left to lower right, green upper right to
	// lower left.
	p, _ := Diamond.Start(3, 15)
	c := p.config()
	for s, want := range []string{"17.1", "5.13", "5.1"} {
		if c.apex[s].String() != want {
			t.Errorf("seat %d target apex %v, want %s", s, c.apex[s], want)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, text := range []string{
		"",
		"0 9.5/9.6 0",       // 3 fields
		"2 9.5/9.6 0 0",     // side out of range
		"0 9.5 0 0",         // one list for two seats
		"0 9.5/9.6/9.7 0 0", // three lists
		"0 9.5/9.5 0 0",     // two on one hole
		"0 9.5,9.5/9.6 0 0", // twice in a list
		"0 /9.6 0 0",        // empty list
		"0 18.1/9.6 0 0",    // no row 18
		"0 1.2/9.6 0 0",     // row 1 has one hole
		"0 9.0/9.6 0 0",     // no position 0
		"0 K9.5/9.6 0 0",    // no kings in chinese-checkers
		"0 9.5/9.6 -1 0",    // plies
		"0 9.5/9.6 401 0",   // beyond the limit
		"0 9.5/9.6 0 3",     // passes
		"0 9.5/9.6 x 0",     // not a number
		"0 9.5,9.6,9.7,9.8,9.9,10.1,10.2,10.3,10.4,10.5,10.6/1.1 0 0", // 11 pieces
		"0 9,5/9.6 0 0",
		"0 +9.5/9.6 0 0",
		"0 9.5./9.6 0 0",
	} {
		if _, err := ChineseCheckers.Decode(2, 10, text); !errors.Is(err, rules.ErrNotation) {
			t.Errorf("%q: %v, want a notation error", text, err)
		}
	}
	for _, text := range []string{"0 K9.5,K9.6/K1.1 0 0"} {
		if _, err := Diamond.Decode(2, 15, text); !errors.Is(err, rules.ErrNotation) {
			t.Errorf("diamond %q: %v", text, err)
		}
	}
	if _, err := Diamond.Decode(4, 15, "0 9.5/9.6 0 0"); !errors.Is(err, rules.ErrOptions) {
		t.Errorf("4 players: %v", err)
	}
}

func TestParseMoveErrors(t *testing.T) {
	p, _ := ChineseCheckers.Start(2, 10)
	for text, want := range map[string]error{
		"":            rules.ErrNotation,
		"3.1":         rules.ErrNotation,
		"3.1-":        rules.ErrNotation,
		"3.1-5.x":     rules.ErrNotation,
		"3.1--5.5":    rules.ErrNotation,
		"3.1-18.1":    rules.ErrNotation,
		"pas":         rules.ErrNotation,
		"14.1-13.5":   rules.ErrIllegal, // blue's piece
		"9.5-9.6":     rules.ErrIllegal, // no piece
		"4.1-6.4":     rules.ErrIllegal, // two holes away
		"3.1-5.5-5.7": rules.ErrIllegal, // 5.5-5.7 has nothing between
		"3.1-3.1":     rules.ErrIllegal,
		"pass":        rules.ErrIllegal,
		"3.1-5.5":     nil,
		" 3.1-5.5 ":   nil,
		"4.1-5.5":     nil,
	} {
		_, err := p.ParseMove(text)
		if (want == nil) != (err == nil) || (want != nil && !errors.Is(err, want)) {
			t.Errorf("%q: %v, want %v", text, err, want)
		}
	}
	var me *rules.MoveError
	if _, err := p.ParseMove("4.1-6.4"); !errors.As(err, &me) || me.Text != "4.1-6.4" {
		t.Errorf("error %v is not a *rules.MoveError for the text", err)
	}
}

func TestMoveText(t *testing.T) {
	m := Move{HoleAt(3, 1), HoleAt(5, 5)}
	if m.String() != "3.1-5.5" || Pass.String() != "pass" {
		t.Errorf("%v %v", m, Pass)
	}
	for h := Hole(0); h < NumHoles; h++ {
		if g, ok := ParseHole(h.String()); !ok || g != h {
			t.Errorf("hole %d: %q", h, h.String())
		}
	}
	if NoHole.String() != "-" {
		t.Error(NoHole.String())
	}
}

func FuzzDecode(f *testing.F) {
	for i := range configs {
		p, _ := configs[i].rules.Start(configs[i].seats, configs[i].pieces)
		f.Add(uint8(i), p.Encode())
	}
	f.Add(uint8(4), "0 5.1/13.13/5.13 0 0")
	f.Add(uint8(0), "1 K9.5/9.6 12 1")
	f.Fuzz(func(t *testing.T, ci uint8, text string) {
		c := &configs[int(ci)%len(configs)]
		p, err := c.rules.Decode(c.seats, c.pieces, text)
		if err != nil {
			return
		}
		if why := p.check(); why != "" {
			t.Fatalf("%q: %s", text, why)
		}
		q, err := c.rules.Decode(c.seats, c.pieces, p.Encode())
		if err != nil || q != p {
			t.Fatalf("%q: round trip %q: %v", text, p.Encode(), err)
		}
		var l MoveList
		p.Generate(&l)
		_ = p.Outcome()
	})
}

func FuzzParseMove(f *testing.F) {
	positions := []Position{}
	for i := range configs {
		p, _ := configs[i].rules.Start(configs[i].seats, configs[i].pieces)
		positions = append(positions, p)
	}
	loop, _ := ChineseCheckers.Decode(2, 10, "0 9.5/9.4,9.6,10.6,10.7 0 0")
	king, _ := Diamond.Decode(2, 15, "0 K9.2,9.3/9.4,9.6 0 0")
	positions = append(positions, loop, king)
	for _, s := range []string{"3.1-5.5", "pass", "9.5-9.7-11.7-9.5-9.3", "9.2-9.5-9.7", "1.1-2.1", "4.4-5.9-", "17.1"} {
		f.Add(uint8(0), s)
	}
	f.Fuzz(func(t *testing.T, pi uint8, text string) {
		p := positions[int(pi)%len(positions)]
		m, err := p.ParseMove(text)
		if err != nil {
			if !errors.Is(err, rules.ErrNotation) && !errors.Is(err, rules.ErrIllegal) {
				t.Fatalf("%q: %v", text, err)
			}
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("%q read as %v, not legal", text, m)
		}
		if n, err := p.ParseMove(m.String()); err != nil || n != m {
			t.Fatalf("%q: canonical %q read as %v, %v", text, m.String(), n, err)
		}
	})
}
