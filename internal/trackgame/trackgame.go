// Package trackgame is a tiny race game registered as "track" for tests of the room
// service, the stores' users and the local stack: it needs no real game engine, has 2 or 3
// seats, a reversible move and irreversible ones, and ends quickly.
//
// Each seat has a counter on a track of Length holes (option "length", 4..40, default 8).
// A move is "+1" or "+2" (advance; irreversible) or "wait" (changes nothing but the turn).
// The first counter to reach the end wins (reason camp-filled). After MaxPlies plies the
// game is drawn (reason move-limit). Option "players" is 2 (default) or 3.
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

// MaxPlies is the move limit after which the game is drawn.
const MaxPlies = 60

func init() { rules.Register(Game{}) }

// Game is the track game.
type Game struct{}

// ID implements rules.Game.
func (Game) ID() string { return ID }

// Validate implements rules.Game: players 2|3, length 4..40.
func (Game) Validate(opts rules.Options) (rules.Options, error) {
	out := rules.Options{"players": 2, "length": 8}
	for k, v := range opts {
		switch k {
		case "players":
			if v != 2 && v != 3 {
				return nil, errors.Join(rules.ErrOptions, errors.New("players must be 2 or 3"))
			}
		case "length":
			if v < 4 || v > 40 {
				return nil, errors.Join(rules.ErrOptions, errors.New("length must be 4..40"))
			}
		default:
			return nil, errors.Join(rules.ErrOptions, errors.New("unknown option "+k))
		}
		out[k] = v
	}
	return out, nil
}

// New implements rules.Game.
func (g Game) New(opts rules.Options) (rules.State, error) {
	o, err := g.Validate(opts)
	if err != nil {
		return nil, err
	}
	return &State{opts: o, n: o["players"], length: o["length"]}, nil
}

// Decode implements rules.Game for "p0,p1[,p2]:toMove".
func (g Game) Decode(opts rules.Options, position string) (rules.State, error) {
	s0, err := g.New(opts)
	if err != nil {
		return nil, err
	}
	s := *s0.(*State)
	ps, tm, ok := strings.Cut(position, ":")
	if !ok {
		return nil, rules.ErrNotation
	}
	parts := strings.Split(ps, ",")
	if len(parts) != s.n {
		return nil, rules.ErrNotation
	}
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || v > s.length {
			return nil, rules.ErrNotation
		}
		s.pos[i] = v
	}
	t, err := strconv.Atoi(tm)
	if err != nil || t < 0 || t >= s.n {
		return nil, rules.ErrNotation
	}
	s.turn = t
	return &s, nil
}

// Move is one move of the track game.
type Move string

func (m Move) String() string { return string(m) }

// State is a track position.
type State struct {
	opts   rules.Options
	n      int
	length int
	pos    [3]int
	turn   int
	ply    int
	winner int // seat+1, 0 none
	drawn  bool
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
	if s.over() {
		return rules.PhaseOver
	}
	return rules.PhaseMove
}

func (s *State) Moves() []rules.Move {
	if s.over() {
		return nil
	}
	return []rules.Move{Move("+1"), Move("+2"), Move("wait")}
}

func (s *State) Play(m rules.Move) (rules.State, error) {
	if s.over() {
		return nil, rules.ErrOver
	}
	mv, ok := m.(Move)
	if !ok {
		return nil, rules.ErrIllegal
	}
	n := *s
	switch mv {
	case "+1":
		n.pos[s.turn]++
	case "+2":
		n.pos[s.turn] += 2
	case "wait":
	default:
		return nil, rules.ErrIllegal
	}
	if n.pos[s.turn] >= s.length {
		n.pos[s.turn] = s.length
		n.winner = s.turn + 1
	}
	n.ply++
	n.turn = (s.turn + 1) % s.n
	if n.winner == 0 && n.ply >= MaxPlies {
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
	if text != "+1" && text != "+2" && text != "wait" {
		return nil, &rules.MoveError{Text: text, Err: rules.ErrNotation}
	}
	return nil, &rules.MoveError{Text: text, Err: rules.ErrIllegal}
}

func (s *State) Roll(rules.Dice) (rules.State, error) { return nil, rules.ErrPhase }

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
	return []rules.Counter{{Rule: rules.MoveLimit, PliesLeft: MaxPlies - s.ply}}
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
	return b.String()
}

// GoalDistance is how far seat's counter is from the end of the track (the room service's
// three-player resign rule asks it).
func (s *State) GoalDistance(seat rules.Seat) int { return s.length - s.pos[seat] }
