package session

import (
	"strconv"
	"strings"

	"madang/internal/trackgame"
	"madang/rules"
)

// diceGame is a test-only dice race for the session core ("dicerace"): two seats; each
// turn the seat rolls, then moves its counter by the first die ("a") or the second ("b");
// the first to 20 wins; the first roll of the game counts as its opening roll (rules.Dicer). A double six has no legal play, so Roll ends the turn ("a roll with
// no legal play ends the turn inside Roll"). Its resignation gives the opponent 2
// points, so tests can see that the session asks the state (ResignOutcome).
type diceGame struct{}

const diceID = "dicerace"

func init() { rules.Register(diceGame{}) }

func (diceGame) ID() string { return diceID }
func (diceGame) Validate(o rules.Options) (rules.Options, error) {
	if len(o) > 0 {
		return nil, rules.ErrOptions
	}
	return rules.Options{}, nil
}
func (diceGame) New(rules.Options) (rules.State, error) { return &diceState{}, nil }
func (diceGame) Decode(_ rules.Options, p string) (rules.State, error) {
	a, b, ok := strings.Cut(p, ",")
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return nil, rules.ErrNotation
	}
	return &diceState{pos: [2]int{x, y}}, nil
}

type diceMove byte

func (m diceMove) String() string { return string(rune(m)) }

type diceState struct {
	pos    [2]int
	turn   int
	dice   rules.Dice // zero: roll due
	rolled bool
	ply    int
}

func (s *diceState) Game() rules.Game       { return diceGame{} }
func (s *diceState) Options() rules.Options { return rules.Options{} }
func (s *diceState) Seats() int             { return 2 }
func (s *diceState) Ply() int               { return s.ply }
func (s *diceState) over() bool             { return s.pos[0] >= 20 || s.pos[1] >= 20 }
func (s *diceState) ToMove() rules.Seat {
	if s.over() {
		return rules.NoSeat
	}
	return rules.Seat(s.turn)
}
func (s *diceState) Phase() rules.Phase {
	switch {
	case s.over():
		return rules.PhaseOver
	case !s.rolled:
		return rules.PhaseRoll
	}
	return rules.PhaseMove
}
func (s *diceState) Moves() []rules.Move {
	if s.Phase() != rules.PhaseMove {
		return nil
	}
	return []rules.Move{diceMove('a'), diceMove('b')}
}
func (s *diceState) Play(m rules.Move) (rules.State, error) {
	if s.Phase() != rules.PhaseMove {
		return nil, rules.ErrPhase
	}
	n := *s
	switch m {
	case diceMove('a'):
		n.pos[s.turn] += int(s.dice[0])
	case diceMove('b'):
		n.pos[s.turn] += int(s.dice[1])
	default:
		return nil, rules.ErrIllegal
	}
	n.turn, n.rolled, n.dice, n.ply = 1-s.turn, false, rules.Dice{}, s.ply+1
	return &n, nil
}
func (s *diceState) ParseMove(t string) (rules.Move, error) {
	for _, m := range s.Moves() {
		if m.String() == t {
			return m, nil
		}
	}
	return nil, &rules.MoveError{Text: t, Err: rules.ErrIllegal}
}
func (s *diceState) Roll(d rules.Dice) (rules.State, error) {
	if s.Phase() != rules.PhaseRoll {
		return nil, rules.ErrPhase
	}
	if d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6 {
		return nil, rules.ErrNotation
	}
	n := *s
	if d == (rules.Dice{6, 6}) { // no legal play: the turn passes
		n.turn = 1 - s.turn
		return &n, nil
	}
	n.dice, n.rolled = d, true
	return &n, nil
}
func (s *diceState) Outcome() rules.Outcome {
	for i, p := range s.pos {
		if p >= 20 {
			return rules.WinFor(rules.Seat(i), rules.CampFilled)
		}
	}
	return rules.OngoingOutcome
}
func (s *diceState) Counters() []rules.Counter { return nil }
func (s *diceState) Encode() string {
	return strconv.Itoa(s.pos[0]) + "," + strconv.Itoa(s.pos[1])
}
func (s *diceState) Dice() (rules.Dice, bool) { return s.dice, s.rolled && !s.over() }
func (s *diceState) Opening() bool {
	return s.ply == 0 && !s.rolled && !s.over()
}
func (s *diceState) ResignOutcome(seat rules.Seat) rules.Outcome {
	o := rules.WinFor(1-seat, rules.Resign)
	o.Points = 2
	return o
}

// testFamily is a view family for the track game and the dice race: no draw offers; each
// move map carries "label", the history keeps it, and the position adds "pos".
type testFamily struct{}

func (testFamily) Games() []string { return []string{trackgame.ID, diceID} }
func (testFamily) Moves(_ rules.State, ms []rules.Move) []map[string]any {
	out := make([]map[string]any, len(ms))
	for i, m := range ms {
		out[i] = map[string]any{"label": "<" + m.String() + ">"}
	}
	return out
}
func (testFamily) Position(st rules.State, _ []map[string]any, v map[string]any) {
	v["pos"] = st.Encode()
}
func (testFamily) HistoryFields() []string { return []string{"label"} }
