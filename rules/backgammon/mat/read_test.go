package mat

import (
	"errors"
	"strings"
	"testing"

	"madang/rules"
)

// A Studio game (hits marked, "bar/", "/off", repeats, Cannot Move) and a Galaxy game (25/,
// /0, single steps, bare rolls), shortened from the shared records' layout.
const studio = `; [Site "Backgammon Studio"]
; [Player 1 "Magic"]
; [Player 2 "Lasse"]

5 point match


 Game 1
 Magic : 0                              Lasse : 0
  1) 32: 24/21 13/11                    41: 24/23 8/4*
  2) 41: bar/21* 21/20                  43: bar/21 24/21
  3) 53: 8/3 6/3                        63: 23/14*
  4) 44: bar/21 24/20 13/9(2)            Doubles => 2
  5)  Drops                             Wins 1 point

 Game 2
 Magic : 0                              Lasse : 1
  1)                                    43: 13/10 13/9
  2) 66: Cannot Move                    54: 13/8 13/9
`

const galaxy = `; [Site "BackgammonGalaxy"]
; [Match ID "10013413"]

1 point match

 Game 1
 lasse : 0                       mglough : 0
  1)                             51: 24/23 13/8
  2) 21: 13/11 24/23             22: 6/4 6/4 13/11 13/11
  3) 55: 6/1 6/1 23/18 18/13     44: 25/21 11/7 11/7 8/4
  4) 42: 8/4 6/4                 21: 25/23 8/7
  5) 66:                         54: 23/18 18/14
 24) 43: 21/18 18/14              24)  Losses 1 point                                               Wins 1 point and the match
`

func TestReadStudio(t *testing.T) {
	m, err := Read(strings.NewReader(studio))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := m.Tag("Player 2"); v != "Lasse" || m.Length != 5 || len(m.Games) != 2 {
		t.Fatalf("tags %v length %d games %d", m.Tags, m.Length, len(m.Games))
	}
	g := &m.Games[0]
	if g.Players != [2]string{"Magic", "Lasse"} || g.Winner != 1 || g.Points != 1 {
		t.Fatalf("game 1: players %q winner %d points %d", g.Players, g.Winner, g.Points)
	}
	want := []Action{
		{Seat: 0, Kind: Roll, Dice: rules.Dice{3, 2}, Play: "24/21 13/11"},
		{Seat: 1, Kind: Roll, Dice: rules.Dice{4, 1}, Play: "24/23 8/4*"},
	}
	for i, w := range want {
		a := g.Actions[i]
		a.Line = 0
		if a != w {
			t.Fatalf("action %d: %+v, want %+v", i, a, w)
		}
	}
	if a := g.Actions[7]; a.Kind != Double || a.Seat != 1 || a.Points != 2 {
		t.Fatalf("the double: %+v", a)
	}
	if a := g.Actions[8]; a.Kind != Drop || a.Seat != 0 {
		t.Fatalf("the drop: %+v", a)
	}
	g2 := &m.Games[1]
	if g2.Score != [2]int{0, 1} || g2.Actions[0].Seat != 1 || g2.Actions[1].Play != "" || g2.Actions[1].Dice != (rules.Dice{6, 6}) {
		t.Fatalf("game 2: %+v", g2)
	}
	r := Replay(g, m.Length)
	if len(r.Problems) > 0 {
		t.Fatal(r.Problems)
	}
	// Game 2 is cut down: its 66 does have plays, and the replay says so.
	if r2 := Replay(g2, m.Length); len(r2.Problems) != 1 || r2.Problems[0].Action != 1 {
		t.Fatalf("game 2: %v", r2.Problems)
	}
	if r.Plays != 7 || r.Log[0] != "3-2" || r.Log[1] != "24/21 13/11" || r.Log[3] != "24/23 8/4*" {
		t.Fatalf("log %q, %d plays", r.Log, r.Plays)
	}
}

func TestReadGalaxy(t *testing.T) {
	m, err := Read(strings.NewReader(galaxy))
	if err != nil {
		t.Fatal(err)
	}
	g := &m.Games[0]
	if g.Winner != 1 || g.Points != 1 {
		t.Fatalf("winner %d points %d", g.Winner, g.Points)
	}
	last := g.Actions[len(g.Actions)-2]
	if last.Kind != Loss || last.Seat != 0 {
		t.Fatalf("the repeated row number: %+v", last)
	}
	r := Replay(g, m.Length)
	// The record is cut down: its bare 66 (a roll with no play) does have plays here.
	if len(r.Problems) != 1 || r.Problems[0].Action != 7 || r.Plays != 7 {
		t.Fatalf("problems %v plays %d", r.Problems, r.Plays)
	}
	if r.Log[0] != "1-5" {
		t.Fatalf("opening roll %q: seat 1 won it with 5 against 1", r.Log[0])
	}
}

func TestReadErrors(t *testing.T) {
	for _, text := range []string{
		"hello\n",
		" Game 1\n 1) 32: 24/21 13/11  41: 24/23  53: 8/3 6/3\n",
		" Game 1\n 1) Doubles => x\n",
		" Game x\n",
		" Game 1\n 1) 32: 24/21 Wins 1 point\n 2) Wins 1 point\n",
		"x point match\n",
	} {
		_, err := Read(strings.NewReader(text))
		var e *Error
		if !errors.As(err, &e) || e.Line < 1 {
			t.Errorf("Read(%q): %v, want an *Error with a line", text, err)
		}
	}
	// Replay reports a play that is not legal and a roll out of turn, never panics.
	m, err := Read(strings.NewReader(" Game 1\n  1) 31: 24/19\n  2) 31: 8/5 6/5\n"))
	if err != nil {
		t.Fatal(err)
	}
	if r := Replay(&m.Games[0], 0); len(r.Problems) != 1 || !errors.Is(r.Problems[0].Err, rules.ErrIllegal) {
		t.Fatalf("illegal play: %v", r.Problems)
	}
}

// TestEnded: a game with its "Wins N point" line has ended; one without it (the site's
// export of a game in play, or a file cut off) has not, and replays as far as it goes with
// no problem (the page continues such a game from its record).
func TestEnded(t *testing.T) {
	const inPlay = ` 3 point match

 Game 1
 a : 0                       b : 0
  1)                             51: 24/23 13/8
  2) 21: 13/11 24/23             22: 6/4 6/4 13/11 13/11
`
	for _, c := range []struct {
		text  string
		ended bool
	}{{inPlay, false}, {inPlay + "  3)                             Wins 1 point\n", true}} {
		m, err := Read(strings.NewReader(c.text))
		if err != nil {
			t.Fatal(err)
		}
		g := &m.Games[0]
		if g.Ended() != c.ended {
			t.Errorf("%q: Ended %v, want %v", c.text, g.Ended(), c.ended)
		}
		if r := Replay(g, m.Length); !c.ended && (len(r.Problems) != 0 || r.Plays != 3) {
			t.Errorf("a game in play: problems %v, %d plays, want none and 3", r.Problems, r.Plays)
		}
	}
}
