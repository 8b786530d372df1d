// Package rules is the game-independent API of madang: every game (checkers, draughts,
// the star-board games and backgammon) is a Game that makes immutable States, and a
// registry maps game ids ("checkers", "draughts", "chinese-checkers", "diamond-kr",
// "diamond", "backgammon") to games.
//
// The server, the browser (WebAssembly) and the CLI all ask the same State whether a move
// is legal. Draw offers, resignations, rooms and clocks live outside this package: they are
// decisions of people, not of the rules.
//
// A game is played like this:
//
//	g, _ := rules.Lookup("checkers")
//	s, _ := g.New(nil)              // the start position, seat 0 to move
//	m, _ := s.ParseMove("11-15")    // text is matched against the legal moves
//	s, _ = s.Play(m)                // a new State; the old one is unchanged
//	if o := s.Outcome(); o.Over() {
//		fmt.Println(o.Winner, o.Reason)
//	}
//
// Dice games (backgammon) have a dice phase: while Phase() is PhaseRoll the caller passes
// dice to Roll (the server rolls with crypto/rand, tests and the AI pass dice in); the rules
// never roll. A game record is one list of texts in which a roll is written as its dice
// ("5-3", see Dice.String) and a move as its move text; Replay enters each text as a roll or
// a move by the state's phase:
//
//	"3-1"           the opening roll (see below)
//	"8/5 6/5"       the first move, with 3 and 1
//	"6-4"           the other seat's roll
//	"24/18 13/9"    its move
//
// The opening roll: a dice game starts in PhaseRoll with ToMove seat 0 and the state's
// Dicer.Opening true. Each seat throws one die; the two single dice are entered as one Dice
// value, seat 0's die first: Roll(Dice{seat 0's die, seat 1's die}). Equal dice are a tie:
// the next state is again the opening roll (still PhaseRoll, seat 0), and the tie stays in
// the record. Otherwise the seat with the higher die acts first with both dice as its roll
// (seed 003: "큰 눈이 나온 쪽이 먼저 하고, 그 두 눈으로 바로 첫 수를 둡니다").
//
// A roll that leaves no legal play ends the turn inside Roll: the next state is the
// opponent's PhaseRoll. Passes by choice do not exist in dice games.
//
// Games without dice never enter PhaseRoll. In the star games a seat that cannot move must
// pass: Moves() is then exactly one move whose text is PassText, and it is never legal
// while another move exists; when every seat passes in a row the game is drawn (AllPassed,
// seed 000).
//
// This package and the game packages under it are free of I/O and keep to the standard
// library so that they compile small to WebAssembly (no fmt, no encoding/json, no reflect).
package rules

import (
	"errors"
	"strconv"
)

// Seat is a player's place at the table: 0 moves first, then 1 (and 2 in three-player
// diamond). NoSeat means nobody (no winner, nobody to move).
type Seat int8

// NoSeat is the absence of a seat.
const NoSeat Seat = -1

// Options are a game's creation options by name, e.g. {"players": 3} for diamond or
// {"pieces": 10} for diamond-kr. A nil map means every option at its default.
type Options map[string]int

// Game makes and decodes States for one game id.
type Game interface {
	// ID is the registry key ("checkers", "draughts", ...).
	ID() string
	// Validate checks options and returns them completed with defaults; the error names the
	// bad option and the allowed values.
	Validate(opts Options) (Options, error)
	// New returns the start position for validated or nil options.
	New(opts Options) (State, error)
	// Decode reads a position in the game's own encoding (PDN FEN for checkers and
	// draughts, a gnubg Position ID for backgammon, the game's text elsewhere). The state
	// has no history: its ply is 0 and repetition counts start there.
	Decode(opts Options, position string) (State, error)
}

// Move is one legal action of a State: a game's own value, comparable with == (no slices,
// maps or funcs inside, also not behind an interface), and one value per distinct move: two
// moves of a State are the same move exactly when they compare equal, and Moves() never lists
// one move twice. ParseMove(m.String()) gives m back. Package rules/rulestest checks all of
// this for a game.
type Move interface {
	// String is the move's canonical text in the game's notation (the wire and the records).
	String() string
}

// Phase tells what a State waits for.
type Phase uint8

const (
	// PhaseMove: the seat to act chooses one of Moves().
	PhaseMove Phase = iota
	// PhaseRoll: the seat to act must roll dice first (backgammon); call Roll.
	PhaseRoll
	// PhaseOver: the game has ended; see Outcome.
	PhaseOver
)

// Dice are two dice of a roll, each 1..6. In the opening roll (see the package doc) they are
// the single dice of seat 0 and seat 1, in that order.
type Dice [2]int8

// String is the dice's text: the two values joined by a hyphen, in their order ("5-3").
func (d Dice) String() string {
	return strconv.Itoa(int(d[0])) + "-" + strconv.Itoa(int(d[1]))
}

// Double reports whether both dice show the same value (in the opening roll: a tie).
func (d Dice) Double() bool { return d[0] == d[1] }

// Valid reports whether both dice are within 1..6.
func (d Dice) Valid() bool { return d[0] >= 1 && d[0] <= 6 && d[1] >= 1 && d[1] <= 6 }

// ParseDice reads dice text, the inverse of Dice.String: exactly "A-B" with A and B digits
// 1..6. Errors are a *MoveError wrapping ErrNotation.
func ParseDice(text string) (Dice, error) {
	if len(text) != 3 || text[1] != '-' || text[0] < '1' || text[0] > '6' || text[2] < '1' || text[2] > '6' {
		return Dice{}, &MoveError{Text: text, Err: ErrNotation, Detail: "dice are written A-B with A and B in 1..6"}
	}
	return Dice{int8(text[0] - '0'), int8(text[2] - '0')}, nil
}

// PassText is the move text of a forced pass in the star games (see the package doc).
const PassText = "pass"

// Dicer is implemented by the states of dice games.
type Dicer interface {
	// Dice are the dice the seat to act plays with in PhaseMove; false when no dice are
	// rolled (PhaseRoll, PhaseOver).
	Dice() (Dice, bool)
	// Opening reports whether the state waits for the opening roll (see the package doc).
	Opening() bool
}

// DiceOf gives the dice of a state of a dice game in PhaseMove; false for any other state.
func DiceOf(s State) (Dice, bool) {
	if d, ok := s.(Dicer); ok {
		return d.Dice()
	}
	return Dice{}, false
}

// IsOpening reports whether s waits for the opening roll of a dice game.
func IsOpening(s State) bool {
	d, ok := s.(Dicer)
	return ok && s.Phase() == PhaseRoll && d.Opening()
}

// State is one moment of a game. It is immutable from the outside: Play and Roll return a
// new State and leave the receiver unchanged, so states may be shared between goroutines.
type State interface {
	// Game is the game this state belongs to.
	Game() Game
	// Options are the game's validated options.
	Options() Options
	// Seats is the number of players (2 or 3).
	Seats() int
	// ToMove is the seat to act; NoSeat once the game is over.
	ToMove() Seat
	// Phase tells whether the state waits for a move, a roll or nothing.
	Phase() Phase
	// Ply counts the plies (moves by one seat) played since the state the game started from;
	// rolls are not plies.
	Ply() int
	// Moves lists every legal move in a deterministic order; nil unless Phase is PhaseMove.
	Moves() []Move
	// Play returns the state after m. Errors: ErrIllegal when m is not among Moves(),
	// ErrOver when the game has ended, ErrPhase when dice must be rolled first.
	Play(m Move) (State, error)
	// ParseMove matches move text against the legal moves (see the game's notation).
	// Errors wrap ErrNotation (unreadable text), ErrIllegal (no legal move matches) or
	// ErrAmbiguous (several match; the *MoveError lists them).
	ParseMove(text string) (Move, error)
	// Roll enters dice in PhaseRoll. Errors: ErrPhase, ErrNotation for dice out of 1..6.
	Roll(d Dice) (State, error)
	// Outcome is who won and why, or Ongoing.
	Outcome() Outcome
	// Counters are the automatic-draw (or move-limit) counters in force, each with the
	// plies left before it ends the game; nil when none is running.
	Counters() []Counter
	// Encode writes the position (not the history) in the game's own encoding, the inverse
	// of Game.Decode.
	Encode() string
}

// Counter is one automatic-draw rule in force and how many plies remain before it draws
// the game (0 means the game is drawn by it).
type Counter struct {
	Rule      Reason
	PliesLeft int
}

// Errors shared by every game. Game packages wrap them (errors.Is works) with details.
var (
	ErrIllegal   = errors.New("illegal move")
	ErrAmbiguous = errors.New("ambiguous move")
	ErrNotation  = errors.New("bad notation")
	ErrOver      = errors.New("game over")
	ErrPhase     = errors.New("wrong phase")
	ErrOptions   = errors.New("bad options")
	ErrUnknown   = errors.New("unknown game")
)

// MoveError is the error of ParseMove and Play for one piece of move text.
type MoveError struct {
	Text       string   // the text as given
	Err        error    // ErrNotation, ErrIllegal or ErrAmbiguous
	Detail     string   // why, in English, for logs and CLI reports
	Candidates []string // the legal moves that matched, for ErrAmbiguous
}

func (e *MoveError) Error() string {
	s := e.Err.Error() + " " + strconv.Quote(e.Text)
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	for i, c := range e.Candidates {
		if i == 0 {
			s += " (candidates: "
		} else {
			s += ", "
		}
		s += c
		if i == len(e.Candidates)-1 {
			s += ")"
		}
	}
	return s
}

func (e *MoveError) Unwrap() error { return e.Err }

// RouteParser is implemented by states whose move text may also name the route a piece
// takes (the star games' landing path, seed 004: "where two routes branch either may be
// chosen, and the record shows the route played"). ParseRoute reads text as ParseMove does
// and also returns the canonical text to record: the route as written when the text names
// one, else the move's own text.
type RouteParser interface {
	ParseRoute(text string) (Move, string, error)
}

// ParseRoute reads text as s's move and gives the text to record: the state's route text
// (RouteParser) when it has one, else the move's canonical text. Errors are ParseMove's.
func ParseRoute(s State, text string) (Move, string, error) {
	if r, ok := s.(RouteParser); ok {
		return r.ParseRoute(text)
	}
	m, err := s.ParseMove(text)
	if err != nil {
		return nil, "", err
	}
	return m, m.String(), nil
}

var (
	registry = map[string]Game{}
	// ids are the registry's keys in sorted order, kept so by Register (a sort call here
	// would link a generic sort of strings, ~5 KB brotli, into every WebAssembly module).
	ids []string
)

// Register adds a game to the registry; game packages call it from init. It panics on a
// duplicate id, which is a programming error, never input.
func Register(g Game) {
	if _, dup := registry[g.ID()]; dup {
		panic("rules: game registered twice: " + g.ID())
	}
	registry[g.ID()] = g
	i := len(ids)
	for i > 0 && ids[i-1] > g.ID() {
		i--
	}
	ids = append(ids, "")
	copy(ids[i+1:], ids[i:])
	ids[i] = g.ID()
}

// Lookup finds a registered game by id.
func Lookup(id string) (Game, bool) {
	g, ok := registry[id]
	return g, ok
}

// IDs lists the registered game ids in sorted order.
func IDs() []string {
	return append([]string(nil), ids...)
}

// Replay plays texts from s in order with PlayText: dice text ("5-3") where the state is in
// PhaseRoll, move text otherwise. On failure it returns the last good state, the index of
// the failing text and the error.
func Replay(s State, texts []string) (State, int, error) {
	for i, t := range texts {
		next, err := PlayText(s, t)
		if err != nil {
			return s, i, err
		}
		s = next
	}
	return s, len(texts), nil
}

// PlayText enters one text of a record: in PhaseRoll it is read as dice (ParseDice) and
// rolled, otherwise read as a move (ParseMove) and played. Errors are those of ParseDice,
// Roll, ParseMove and Play.
func PlayText(s State, text string) (State, error) {
	if s.Phase() == PhaseRoll {
		d, err := ParseDice(text)
		if err != nil {
			return nil, err
		}
		return s.Roll(d)
	}
	m, err := s.ParseMove(text)
	if err != nil {
		return nil, err
	}
	return s.Play(m)
}
