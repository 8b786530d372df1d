package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"madang/rules"
)

// diceGame ("dice-race", registered by this test only) is a race with dice: each turn the
// seat to act rolls, then moves its counter by one die ("+5") or the other; the first to
// 20 wins. It exercises the CLI's roll phase without a real dice game.
type diceGame struct{}

func init() { rules.Register(diceGame{}) }

func (diceGame) ID() string { return "dice-race" }
func (diceGame) Validate(o rules.Options) (rules.Options, error) {
	if len(o) > 0 {
		return nil, rules.ErrOptions
	}
	return rules.Options{}, nil
}
func (g diceGame) New(rules.Options) (rules.State, error) { return diceState{}, nil }
func (g diceGame) Decode(_ rules.Options, p string) (rules.State, error) {
	a, b, ok := strings.Cut(p, ",")
	x, e1 := strconv.Atoi(a)
	y, e2 := strconv.Atoi(b)
	if !ok || e1 != nil || e2 != nil {
		return nil, rules.ErrNotation
	}
	return diceState{pos: [2]int{x, y}}, nil
}

type diceMove int

func (m diceMove) String() string { return "+" + strconv.Itoa(int(m)) }

type diceState struct {
	pos   [2]int
	turn  int
	ply   int
	dice  rules.Dice
	moved bool // dice rolled, waiting for the move
}

func (s diceState) Game() rules.Game       { return diceGame{} }
func (s diceState) Options() rules.Options { return rules.Options{} }
func (s diceState) Seats() int             { return 2 }
func (s diceState) Ply() int               { return s.ply }
func (s diceState) winner() int {
	for i, p := range s.pos {
		if p >= 20 {
			return i
		}
	}
	return -1
}
func (s diceState) ToMove() rules.Seat {
	if s.winner() >= 0 {
		return rules.NoSeat
	}
	return rules.Seat(s.turn)
}
func (s diceState) Phase() rules.Phase {
	switch {
	case s.winner() >= 0:
		return rules.PhaseOver
	case s.moved:
		return rules.PhaseMove
	}
	return rules.PhaseRoll
}
func (s diceState) Moves() []rules.Move {
	if s.Phase() != rules.PhaseMove {
		return nil
	}
	if s.dice[0] == s.dice[1] {
		return []rules.Move{diceMove(s.dice[0])}
	}
	return []rules.Move{diceMove(s.dice[0]), diceMove(s.dice[1])}
}
func (s diceState) Play(m rules.Move) (rules.State, error) {
	for _, x := range s.Moves() {
		if x == m {
			s.pos[s.turn] += int(m.(diceMove))
			s.turn, s.moved = 1-s.turn, false
			s.ply++
			return s, nil
		}
	}
	return nil, rules.ErrIllegal
}
func (s diceState) ParseMove(t string) (rules.Move, error) {
	for _, x := range s.Moves() {
		if x.String() == t {
			return x, nil
		}
	}
	return nil, rules.ErrIllegal
}
func (s diceState) Roll(d rules.Dice) (rules.State, error) {
	if s.Phase() != rules.PhaseRoll {
		return nil, rules.ErrPhase
	}
	s.dice, s.moved = d, true
	return s, nil
}
func (s diceState) Outcome() rules.Outcome {
	if w := s.winner(); w >= 0 {
		return rules.WinFor(rules.Seat(w), rules.CampFilled)
	}
	return rules.OngoingOutcome
}
func (s diceState) Counters() []rules.Counter { return nil }
func (s diceState) Encode() string {
	return strconv.Itoa(s.pos[0]) + "," + strconv.Itoa(s.pos[1])
}

// moves --dice rolls first; a roll position without --dice is refused; perft refuses a
// position that waits for a roll.
func TestDiceMoves(t *testing.T) {
	code, out, errs := run(t, "moves", "--game", "dice-race", "--dice", "5-3")
	if code != 0 || out != "+5\n+3\n" {
		t.Errorf("--dice 5-3: exit %d, %q, %q", code, out, errs)
	}
	if code, _, errs := run(t, "moves", "--game", "dice-race"); code != 2 || !strings.Contains(errs, "give --dice") {
		t.Errorf("no dice: exit %d, %q", code, errs)
	}
	if code, _, errs := run(t, "moves", "--game", "dice-race", "--dice", "7-1"); code != 2 || errs == "" {
		t.Errorf("bad dice: exit %d, %q", code, errs)
	}
	if code, _, errs := run(t, "perft", "--game", "dice-race", "--depth", "1"); code != 2 || !strings.Contains(errs, "give --dice") {
		t.Errorf("perft at a roll: exit %d, %q", code, errs)
	}
}

// perft --dice rolls first; the rolls inside the tree expand over the 21 rolls: after
// either move of 5-3 the opponent has 6 doubles with one move and 15 others with two,
// 36 leaves, so depth 2 is 72.
func TestDicePerft(t *testing.T) {
	for depth, want := range map[string]string{"1": "2\n", "2": "72\n"} {
		code, out, errs := run(t, "perft", "--game", "dice-race", "--dice", "5-3", "--depth", depth)
		if code != 0 || out != want {
			t.Errorf("depth %s: exit %d, %q, %q; want %q", depth, code, out, errs, want)
		}
	}
	code, out, _ := run(t, "perft", "--game", "dice-race", "--dice", "5-3", "--depth", "2", "--divide")
	if code != 0 || out != "+3 36\n+5 36\n72\n" {
		t.Errorf("divide: exit %d, %q", code, out)
	}
}

// selfplay rolls the dice itself, from the seed: the same seed plays the same games, and
// another seed other ones.
var elapsed = regexp.MustCompile(`[0-9.]+(ns|µs|ms|s), `)

func TestSelfplaySeededDice(t *testing.T) {
	play := func(seed string) string {
		code, out, errs := run(t, "selfplay", "--game", "dice-race", "--a", "random", "--b", "random",
			"--games", "4", "--seed", seed)
		if code != 0 {
			t.Fatalf("seed %s: exit %d: %s", seed, code, errs)
		}
		r, games := lastReport(t, out)
		if r.Games != 4 || r.Wins[0]+r.Wins[1] != 4 || r.Draws != 0 {
			t.Fatalf("seed %s: summary %+v", seed, r)
		}
		// Each game line without its duration.
		return elapsed.ReplaceAllString(strings.Join(games, "\n"), "")
	}
	a, b := play("11"), play("11")
	if a != b {
		t.Errorf("seed 11 twice:\n%s\n--\n%s", a, b)
	}
	if c := play("12"); c == a {
		t.Errorf("seeds 11 and 12 play the same games:\n%s", a)
	}
}
