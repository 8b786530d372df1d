package backgammon

import (
	"errors"
	"math/rand/v2"
	"testing"

	"madang/rules"
)

func TestRegistered(t *testing.T) {
	g, ok := rules.Lookup("backgammon")
	if !ok || g.ID() != "backgammon" {
		t.Fatal("backgammon not registered")
	}
	if _, err := g.New(rules.Options{"cube": 1}); !errors.Is(err, rules.ErrOptions) {
		t.Fatalf("an option: %v, want ErrOptions", err)
	}
}

// Seed 003, "첫 굴림과 차례": one die each, the higher moves first with both, a tie rolls again.
func TestOpeningRoll(t *testing.T) {
	s := NewState()
	if s.Phase() != rules.PhaseRoll || s.ToMove() != 0 || !s.Opening() || s.Moves() != nil {
		t.Fatalf("start: phase %d to move %d opening %v", s.Phase(), s.ToMove(), s.Opening())
	}
	tie, err := s.RollDice(rules.Dice{4, 4})
	if err != nil || !tie.Opening() || tie.Phase() != rules.PhaseRoll || tie.Ply() != 0 {
		t.Fatalf("tie: %v opening %v phase %d", err, tie.Opening(), tie.Phase())
	}
	a, _ := s.RollDice(rules.Dice{3, 1})
	if a.Phase() != rules.PhaseMove || a.ToMove() != 0 || dice(a) != (rules.Dice{3, 1}) || len(a.Moves()) != 16 {
		t.Fatalf("3 against 1: to move %d dice %v, %d plays", a.ToMove(), dice(a), len(a.Moves()))
	}
	b, _ := s.RollDice(rules.Dice{1, 3})
	if b.ToMove() != 1 || dice(b) != (rules.Dice{3, 1}) || len(b.Moves()) != 16 {
		t.Fatalf("1 against 3: to move %d dice %v", b.ToMove(), dice(b))
	}
	m, err := b.ParseMove("8/5 6/5")
	if err != nil {
		t.Fatal(err)
	}
	c, err := b.Play(m)
	if err != nil || c.Phase() != rules.PhaseRoll || c.ToMove() != 0 || c.Ply() != 1 {
		t.Fatalf("after 8/5 6/5: %v, phase %d to move %d ply %d", err, c.Phase(), c.ToMove(), c.Ply())
	}
	if got := c.(*State).Board()[1]; got[8] != 2 || got[6] != 4 || got[5] != 2 {
		t.Fatalf("seat 1's row after 8/5 6/5: %v", got)
	}
	for _, d := range []rules.Dice{{0, 1}, {7, 2}, {3, -1}} {
		if _, err := s.Roll(d); !errors.Is(err, rules.ErrNotation) {
			t.Fatalf("Roll(%v): %v, want ErrNotation", d, err)
		}
	}
}

func TestPhases(t *testing.T) {
	s := NewState()
	if _, err := s.Play(Move{}); !errors.Is(err, rules.ErrPhase) {
		t.Fatalf("play before rolling: %v", err)
	}
	if _, err := s.ParseMove("24/18"); !errors.Is(err, rules.ErrPhase) {
		t.Fatalf("parse before rolling: %v", err)
	}
	a, _ := s.RollDice(rules.Dice{6, 5})
	if _, err := a.Roll(rules.Dice{1, 2}); !errors.Is(err, rules.ErrPhase) {
		t.Fatalf("roll twice: %v", err)
	}
	if _, err := a.ParseMove("24/18 24/18"); !errors.Is(err, rules.ErrIllegal) {
		t.Fatalf("6-6 play with 6-5: %v", err)
	}
	if _, err := a.ParseMove("24/x"); !errors.Is(err, rules.ErrNotation) {
		t.Fatalf("bad text: %v", err)
	}
	other, _ := Plays(&Start, 0, rules.Dice{1, 2})[0], 0
	if _, err := a.Play(other); !errors.Is(err, rules.ErrIllegal) {
		t.Fatalf("a 2-1 play with 6-5: %v", err)
	}
	if _, err := a.Play(nil); !errors.Is(err, rules.ErrIllegal) {
		t.Fatalf("nil move: %v", err)
	}
}

// A roll with no legal play ends the turn inside Roll (closed board from the cases file).
func TestNoPlayPasses(t *testing.T) {
	s, err := Decode("27YBADjgc/ADQA")
	if err != nil {
		t.Fatal(err)
	}
	n, err := s.RollDice(rules.Dice{6, 5})
	if err != nil || n.Phase() != rules.PhaseRoll || n.ToMove() != 1 || n.Ply() != 0 || n.Board() != s.Board() {
		t.Fatalf("closed board 6-5: %v phase %d to move %d ply %d", err, n.Phase(), n.ToMove(), n.Ply())
	}
	// The same through the Match ID: dice that cannot be played pass the turn.
	enc := PositionID(&s.board, 0) + ":" + MatchID(MatchInfo{CubeOwner: 3, State: Playing, Dice: rules.Dice{6, 5}})
	d, err := Decode(enc)
	if err != nil || d.Phase() != rules.PhaseRoll || d.ToMove() != 1 {
		t.Fatalf("Decode(%s): %v phase %d to move %d", enc, err, d.Phase(), d.ToMove())
	}
}

func TestParseMoveForms(t *testing.T) {
	// Seat 0 on roll with 6-5 at the start: the same play in every spelling.
	s, _ := NewState().RollDice(rules.Dice{6, 5})
	want, err := s.ParseText("24/13")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"24/18 18/13", "24/18/13", "24/18, 18/13", "18/13 24/18", "24/13"} {
		m, err := s.ParseText(text)
		if err != nil || m != want {
			t.Errorf("%q: %v %v, want %v", text, m, err, want)
		}
	}
	// Bar and off in both spellings; a hit marked or not (Galaxy writes no marks).
	s2, _ := Decode("22YAAD7gc+gDQA:" + MatchID(MatchInfo{CubeOwner: 3, State: Playing, Dice: rules.Dice{6, 5}}))
	for _, text := range []string{"bar/20 13/7", "25/20 13/7", "bar/20 13/7"} {
		if m, err := s2.ParseText(text); err != nil || m.String() != "bar/20 13/7" {
			t.Errorf("%q: %v %v", text, m, err)
		}
	}
	bo, _ := Decode("sP8PAAD/zwgAAA:" + MatchID(MatchInfo{CubeOwner: 3, State: Playing, Dice: rules.Dice{5, 4}}))
	for _, text := range []string{"6/1 3/off", "6/1 3/0", "3/off 6/1", "6/1 3/OFF"} {
		if m, err := bo.ParseText(text); err != nil || m.String() != "6/1 3/off" {
			t.Errorf("%q: %v %v", text, m, err)
		}
	}
	// 24/13 when 24/18 would hit a blot and 24/19 would not: the text without a mark is
	// the quiet route, 24/18*/13 the hitting one.
	var b Board
	b[0] = Row{24: 2, 6: 13}
	b[1] = Row{7: 1, 20: 14} // seat 1's 7-point is seat 0's 18-point
	hs, _ := NewPosition(b, 0)
	r, _ := hs.RollDice(rules.Dice{6, 5})
	quiet, err := r.ParseText("24/13")
	if err != nil || quiet.String() != "24/13" {
		t.Fatalf("24/13: %v %v", quiet, err)
	}
	hit, err := r.ParseText("24/18*/13")
	if err != nil || hit.String() != "24/18*/13" || hit == quiet {
		t.Fatalf("24/18*/13: %v %v", hit, err)
	}
	if m, err := r.ParseText("24/18 18/13"); err != nil || m != hit {
		t.Fatalf("24/18 18/13 lands on the blot, so it hits: %v %v", m, err)
	}
}

// randomState plays random plays from the opening.
func randomState(rng *rand.Rand, turns int) *State {
	s := NewState()
	for i := 0; i < turns && s.Phase() != rules.PhaseOver; i++ {
		n, err := s.RollDice(rules.Dice{int8(rng.IntN(6) + 1), int8(rng.IntN(6) + 1)})
		if err != nil {
			panic(err)
		}
		s = n
		if s.Phase() == rules.PhaseMove {
			ms := s.LegalMoves()
			if s, err = s.PlayMove(ms[rng.IntN(len(ms))]); err != nil {
				panic(err)
			}
		}
	}
	return s
}

// Every play's text reads back as the same play, Encode and Decode round-trip, and every
// game played at random ends with 15 checkers off for the winner.
func TestRoundTrips(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ended := 0
	for game := 0; game < 40; game++ {
		s := NewState()
		for s.Phase() != rules.PhaseOver {
			checkEncode(t, s)
			n, _ := s.RollDice(rules.Dice{int8(rng.IntN(6) + 1), int8(rng.IntN(6) + 1)})
			s = n
			if s.Phase() != rules.PhaseMove {
				continue
			}
			checkEncode(t, s)
			ms := s.LegalMoves()
			for _, m := range ms {
				back, err := s.ParseText(m.String())
				if err != nil || back != m {
					t.Fatalf("%s dice %v: %q reads back as %v, %v", s.Encode(), dice(s), m, back, err)
				}
			}
			s, _ = s.PlayMove(ms[rng.IntN(len(ms))])
		}
		checkEncode(t, s)
		o := s.Outcome()
		if s.board[o.Winner][Off] != Checkers || o.Points < 1 || o.Points > 3 {
			t.Fatalf("game over %+v with board %v", o, s.board)
		}
		ended++
	}
	if ended != 40 {
		t.Fatalf("%d games ended", ended)
	}
}

func checkEncode(t *testing.T, s *State) {
	t.Helper()
	enc := s.Encode()
	d, err := Decode(enc)
	if err != nil {
		t.Fatalf("Decode(%s): %v", enc, err)
	}
	if d.Encode() != enc || d.board != s.board || d.Phase() != s.Phase() || d.ToMove() != s.ToMove() || d.Opening() != s.Opening() || d.Outcome() != s.Outcome() {
		t.Fatalf("Decode(Encode()) of %s gives %s", enc, d.Encode())
	}
	if s.Phase() == rules.PhaseMove && len(d.plays) != len(s.plays) {
		t.Fatalf("%s: %d plays after decoding, %d before", enc, len(d.plays), len(s.plays))
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, text := range []string{
		"", "4HPwATDgc/ABMA:", "4HPwATDgc/ABM", "4HPwATDgc/ABMA:cAkAAAAAAAA", "!!!!!!!!!!!!!!",
		"//////////////", // far too many checkers
		"4HPwATDgc/ABMA:cAkAAAAAAAD/",
	} {
		if _, err := Decode(text); !errors.Is(err, rules.ErrNotation) {
			t.Errorf("Decode(%q): %v, want ErrNotation", text, err)
		}
	}
	if s, err := Decode("4HPwATDgc/ABMA"); err != nil || s.ToMove() != 0 || s.Phase() != rules.PhaseRoll || s.Opening() {
		t.Fatalf("bare Position ID: %v", err)
	}
	if s, err := Decode("4HPwATDgc/ABMA:cAkAAAAAAAAA"); err != nil || s.ToMove() != 1 || s.Phase() != rules.PhaseRoll {
		t.Fatalf("gnubg's Match ID with player 1 on roll: %v", err)
	}
	if s, err := Decode("4HPwATDgc/ABMA:cAkXAAAAAAAA"); err != nil || s.ToMove() != 1 || dice(s) != (rules.Dice{6, 5}) || len(s.Moves()) == 0 {
		t.Fatalf("gnubg's Match ID with 6 and 5 rolled: %v", err)
	}
}

func dice(s *State) rules.Dice {
	d, _ := s.Dice()
	return d
}
