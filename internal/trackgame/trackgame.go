// Package trackgame is a tiny race game registered as "track" for tests of the room
// service, the generic rules API, the stores' users and the local stack: it needs no real
// game engine, has 2 or 3 seats, a reversible move and irreversible ones, ends quickly, and
// has a dice variant that behaves like backgammon's turn structure.
//
// Each seat has a counter on a track of Length holes (option "length", 4..1000, default 8).
// A move is "+1" or "+2" (advance; irreversible) or "wait" (changes nothing but the turn).
// The first counter to reach the end wins (reason camp-filled). After "limit" plies
// (option, 10..100000, default MaxPlies) the game is drawn (reason move-limit). Option
// "players" is 2 (default) or 3.
//
// Option "dice": 1 (two players only) makes it a dice game (see package rules on dice):
//   - every turn is a roll then one move "+N" with N one of the two dice values, and the
//     counter must land on the end exactly (no overshooting), so "wait" does not exist;
//   - a roll with no legal move ends the turn inside Roll: the next state is the other
//     seat's roll;
//   - the game starts with the opening roll: Dice{seat 0's die, seat 1's die}; a tie
//     (equal dice) rolls again; otherwise the seat with the higher die moves with both
//     dice;
//   - resigning before one's counter has left the start loses 2 points (like a gammon),
//     otherwise 1.
//
// Positions are "p0,p1[,p2]:toMove", and with dice ":roll", ":opening" or the dice ("5-3")
// appended for the phase.
//
// Importing the package registers the game; only tests import it.
package trackgame

import (
	"errors"
	"strconv"
	"strings"

	"madang/rules"
)

// ID is the game id in the rules registry.
const ID = "track"

// MaxPlies is the default move limit after which the game is drawn.
const MaxPlies = 60

func init() { rules.Register(Game{}) }

// Game is the track game.
type Game struct{}

// ID implements rules.Game.
func (Game) ID() string { return ID }

// Validate implements rules.Game: players 2|3, length 4..1000, limit 10..100000, dice 0|1
// (dice needs two players).
func (Game) Validate(opts rules.Options) (rules.Options, error) {
	out := rules.Options{"players": 2, "length": 8, "limit": MaxPlies, "dice": 0}
	for k, v := range opts {
		switch k {
		case "players":
			if v != 2 && v != 3 {
				return nil, errors.Join(rules.ErrOptions, errors.New("players must be 2 or 3"))
			}
		case "length":
			if v < 4 || v > 1000 {
				return nil, errors.Join(rules.ErrOptions, errors.New("length must be 4..1000"))
			}
		case "limit":
			if v < 10 || v > 100000 {
				return nil, errors.Join(rules.ErrOptions, errors.New("limit must be 10..100000"))
			}
		case "dice":
			if v != 0 && v != 1 {
				return nil, errors.Join(rules.ErrOptions, errors.New("dice must be 0 or 1"))
			}
		default:
			return nil, errors.Join(rules.ErrOptions, errors.New("unknown option "+k))
		}
		out[k] = v
	}
	if out["dice"] == 1 && out["players"] != 2 {
		return nil, errors.Join(rules.ErrOptions, errors.New("dice needs 2 players"))
	}
	return out, nil
}

// New implements rules.Game.
func (g Game) New(opts rules.Options) (rules.State, error) {
	o, err := g.Validate(opts)
	if err != nil {
		return nil, err
	}
	s := &State{opts: o, n: o["players"], length: o["length"], limit: o["limit"], dice: o["dice"] == 1}
	if s.dice {
		s.roll, s.opening = true, true
	}
	return s, nil
}

// Decode implements rules.Game for "p0,p1[,p2]:toMove[:phase]".
func (g Game) Decode(opts rules.Options, position string) (rules.State, error) {
	s0, err := g.New(opts)
	if err != nil {
		return nil, err
	}
	s := *s0.(*State)
	parts := strings.Split(position, ":")
	if (s.dice && len(parts) != 3) || (!s.dice && len(parts) != 2) {
		return nil, rules.ErrNotation
	}
	ps := strings.Split(parts[0], ",")
	if len(ps) != s.n {
		return nil, rules.ErrNotation
	}
	for i, p := range ps {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || v > s.length {
			return nil, rules.ErrNotation
		}
		s.pos[i] = v
		if v == s.length {
			if s.winner != 0 {
				return nil, rules.ErrNotation
			}
			s.winner = i + 1
		}
	}
	t, err := strconv.Atoi(parts[1])
	if err != nil || t < 0 || t >= s.n {
		return nil, rules.ErrNotation
	}
	s.turn = t
	if s.dice {
		s.roll, s.opening = false, false
		switch parts[2] {
		case "roll":
			s.roll = true
		case "opening":
			s.roll, s.opening = true, true
		default:
			d, err := rules.ParseDice(parts[2])
			if err != nil {
				return nil, rules.ErrNotation
			}
			s.d = d
			if s.winner == 0 && len(s.Moves()) == 0 {
				return nil, rules.ErrNotation // a roll without a move ends the turn: no such state
			}
		}
	}
	return &s, nil
}

// Move is one move of the track game.
type Move string

func (m Move) String() string { return string(m) }

// State is a track position.
type State struct {
	opts    rules.Options
	n       int
	length  int
	limit   int
	dice    bool // the dice variant
	pos     [3]int
	turn    int
	ply     int
	winner  int // seat+1, 0 none
	drawn   bool
	roll    bool       // dice: waiting for a roll
	opening bool       // dice: waiting for the opening roll
	d       rules.Dice // dice: the roll being played (PhaseMove)
}

func (s *State) Game() rules.Game       { return Game{} }
func (s *State) Options() rules.Options { return s.opts }
func (s *State) Seats() int             { return s.n }
func (s *State) Ply() int               { return s.ply }

func (s *State) ToMove() rules.Seat {
	if s.over() {
		return rules.NoSeat
	}
	return rules.Seat(s.turn)
}

func (s *State) over() bool { return s.winner != 0 || s.drawn }

func (s *State) Phase() rules.Phase {
	switch {
	case s.over():
		return rules.PhaseOver
	case s.roll:
		return rules.PhaseRoll
	}
	return rules.PhaseMove
}

// Dice implements rules.Dicer.
func (s *State) Dice() (rules.Dice, bool) {
	if !s.dice || s.Phase() != rules.PhaseMove {
		return rules.Dice{}, false
	}
	return s.d, true
}

// Opening implements rules.Dicer.
func (s *State) Opening() bool { return s.dice && s.opening && !s.over() }

func (s *State) Moves() []rules.Move {
	if s.Phase() != rules.PhaseMove {
		return nil
	}
	if !s.dice {
		return []rules.Move{Move("+1"), Move("+2"), Move("wait")}
	}
	lo, hi := min(s.d[0], s.d[1]), max(s.d[0], s.d[1])
	var out []rules.Move
	for _, v := range []int8{lo, hi} {
		if s.pos[s.turn]+int(v) <= s.length && (len(out) == 0 || v != lo) {
			out = append(out, Move("+"+strconv.Itoa(int(v))))
		}
	}
	return out
}

func (s *State) Play(m rules.Move) (rules.State, error) {
	switch s.Phase() {
	case rules.PhaseOver:
		return nil, rules.ErrOver
	case rules.PhaseRoll:
		return nil, rules.ErrPhase
	}
	mv, ok := m.(Move)
	if !ok {
		return nil, rules.ErrIllegal
	}
	legal := false
	for _, l := range s.Moves() {
		legal = legal || l == mv
	}
	if !legal {
		return nil, rules.ErrIllegal
	}
	n := *s
	switch {
	case mv == "wait":
	default:
		step, _ := strconv.Atoi(string(mv[1:]))
		n.pos[s.turn] += step
	}
	if n.pos[s.turn] >= s.length {
		n.pos[s.turn] = s.length
		n.winner = s.turn + 1
	}
	n.ply++
	n.turn = (s.turn + 1) % s.n
	if s.dice {
		n.roll, n.d = true, rules.Dice{}
	}
	if n.winner == 0 && n.ply >= s.limit {
		n.drawn = true
	}
	return &n, nil
}

func (s *State) ParseMove(text string) (rules.Move, error) {
	for _, m := range s.Moves() {
		if m.String() == text {
			return m, nil
		}
	}
	if s.dice {
		if len(text) != 2 || text[0] != '+' || text[1] < '1' || text[1] > '6' {
			return nil, &rules.MoveError{Text: text, Err: rules.ErrNotation}
		}
	} else if text != "+1" && text != "+2" && text != "wait" {
		return nil, &rules.MoveError{Text: text, Err: rules.ErrNotation}
	}
	return nil, &rules.MoveError{Text: text, Err: rules.ErrIllegal}
}

// Roll implements rules.State for the dice variant (see the package doc).
func (s *State) Roll(d rules.Dice) (rules.State, error) {
	if s.Phase() != rules.PhaseRoll {
		return nil, rules.ErrPhase
	}
	if !d.Valid() {
		return nil, &rules.MoveError{Text: d.String(), Err: rules.ErrNotation, Detail: "dice are 1..6"}
	}
	n := *s
	if s.opening {
		if d.Double() {
			return &n, nil // a tie: roll again
		}
		n.opening = false
		n.turn = 0
		if d[1] > d[0] {
			n.turn = 1
		}
	}
	n.roll, n.d = false, d
	if len(n.Moves()) == 0 { // no legal move: the turn ends inside Roll
		n.roll, n.d = true, rules.Dice{}
		n.turn = (n.turn + 1) % n.n
	}
	return &n, nil
}

func (s *State) Outcome() rules.Outcome {
	switch {
	case s.winner != 0:
		return rules.WinFor(rules.Seat(s.winner-1), rules.CampFilled)
	case s.drawn:
		return rules.DrawBy(rules.MoveLimit)
	}
	return rules.OngoingOutcome
}

func (s *State) Counters() []rules.Counter {
	return []rules.Counter{{Rule: rules.MoveLimit, PliesLeft: s.limit - s.ply}}
}

func (s *State) Encode() string {
	var b strings.Builder
	for i := 0; i < s.n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(s.pos[i]))
	}
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(s.turn))
	if s.dice {
		switch {
		case s.opening && s.roll:
			b.WriteString(":opening")
		case s.roll:
			b.WriteString(":roll")
		default:
			b.WriteString(":" + s.d.String())
		}
	}
	return b.String()
}

// GoalDistance is how far seat's counter is from the end of the track (rules.GoalDistancer).
func (s *State) GoalDistance(seat rules.Seat) int { return s.length - s.pos[seat] }

// ResignOutcome implements rules.Resigner: of the other seats the one nearest the end wins
// (rules.NearestGoalWins, as three-player diamond); in the dice variant a resigner whose
// counter has not left the start loses 2 points.
func (s *State) ResignOutcome(seat rules.Seat) rules.Outcome {
	o := rules.WinFor(rules.NearestGoalWins(s, seat), rules.Resign)
	if s.dice && s.pos[seat] == 0 {
		o.Points = 2
	}
	return o
}
