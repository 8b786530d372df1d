package backgammon

import (
	"strconv"
	"strings"

	"madang/rules"
)

// ID is the registry id of backgammon.
const ID = "backgammon"

func init() { rules.Register(Game) }

// Game is backgammon's rules.Game.
var Game rules.Game = game{}

type game struct{}

func (game) ID() string { return ID }

// Validate accepts no options: backgammon has none.
func (game) Validate(opts rules.Options) (rules.Options, error) {
	for k := range opts {
		return nil, optionError(k)
	}
	return rules.Options{}, nil
}

type optionError string

func (e optionError) Error() string {
	return rules.ErrOptions.Error() + ": backgammon has no option " + strconv.Quote(string(e))
}
func (e optionError) Unwrap() error { return rules.ErrOptions }

// New is the start position waiting for the opening roll.
func (g game) New(opts rules.Options) (rules.State, error) {
	if _, err := g.Validate(opts); err != nil {
		return nil, err
	}
	return NewState(), nil
}

// Decode reads "PositionID:MatchID" (gnubg's own pair, as State.Encode writes it) or a bare
// Position ID (then seat 0 is on roll and has not rolled). From the Match ID it takes the
// player on roll, the dice and the game state; cube, match length and score are ignored
// (the game has no cube). Game state 0 ("no game started") is the opening roll. Dice with
// no legal play pass the turn, as Roll does. A board on which a seat has borne off all 15
// checkers is a finished game. Errors wrap rules.ErrNotation.
func (g game) Decode(opts rules.Options, position string) (rules.State, error) {
	if _, err := g.Validate(opts); err != nil {
		return nil, err
	}
	return Decode(position)
}

// Decode is Game.Decode with the concrete type.
func Decode(position string) (*State, error) {
	pos, mid, hasMatch := strings.Cut(strings.TrimSpace(position), ":")
	info := MatchInfo{State: Playing}
	if hasMatch {
		var err error
		if info, err = ParseMatchID(mid); err != nil {
			return nil, err
		}
	}
	b, err := ParsePositionID(pos, info.OnRoll)
	if err != nil {
		return nil, err
	}
	done := [2]bool{b[0][Off] == Checkers, b[1][Off] == Checkers}
	if done[0] && done[1] {
		return nil, notation("both seats have borne off every checker")
	}
	if done[0] || done[1] {
		w := rules.Seat(0)
		if done[1] {
			w = 1
		}
		return finished(b, w, 0), nil
	}
	switch info.State {
	case NoGame:
		return &State{board: b, phase: rules.PhaseRoll, opening: true, outcome: rules.OngoingOutcome}, nil
	case Playing:
	case GameOver:
		return nil, notation("the Match ID says the game is over but neither seat has borne off every checker")
	default:
		return nil, notation("a game ended by resignation or a dropped cube has no position to play")
	}
	s := &State{board: b, turn: info.OnRoll, phase: rules.PhaseRoll, outcome: rules.OngoingOutcome}
	switch {
	case info.Dice == rules.Dice{}:
		return s, nil
	case info.Dice[0] == 0 || info.Dice[1] == 0:
		return nil, notation("the Match ID has only one die")
	}
	return s.startTurn(info.OnRoll, info.Dice, 0), nil
}

// State is a backgammon game at one moment: the board, the seat to act, the phase and the
// dice. It implements rules.State and is immutable.
//
// The game starts in PhaseRoll with the opening roll (seed 003, "첫 굴림과 차례"): Roll
// takes one die per seat, Dice{seat 0's die, seat 1's die}; a tie rolls again (the state
// stays in the opening), otherwise the seat with the higher die moves first using both dice.
// ToMove is seat 0 during the opening roll. Afterwards each turn is a roll (Roll) and a play
// (Play); a roll with no legal play ends the turn inside Roll. Ply counts the plays made
// (rolls are not plies, so a turn that a roll with no play ended adds none).
type State struct {
	board   Board
	turn    rules.Seat
	phase   rules.Phase
	opening bool
	dice    rules.Dice
	ply     int
	plays   []Move
	outcome rules.Outcome
}

// NewState is the start position waiting for the opening roll.
func NewState() *State {
	return &State{board: Start, phase: rules.PhaseRoll, opening: true, outcome: rules.OngoingOutcome}
}

// NewPosition is a state with seat onRoll to roll on board b (validated).
func NewPosition(b Board, onRoll rules.Seat) (*State, error) {
	if err := b.Validate(); err != nil {
		return nil, err
	}
	if onRoll != 0 && onRoll != 1 {
		return nil, notation("seat " + strconv.Itoa(int(onRoll)) + " does not exist")
	}
	return &State{board: b, turn: onRoll, phase: rules.PhaseRoll, outcome: rules.OngoingOutcome}, nil
}

func finished(b Board, winner rules.Seat, ply int) *State {
	reason, points := Result(&b[1-winner])
	o := rules.WinFor(winner, reason)
	o.Points = points
	return &State{board: b, turn: winner, phase: rules.PhaseOver, ply: ply, outcome: o}
}

func (s *State) Game() rules.Game       { return Game }
func (s *State) Options() rules.Options { return rules.Options{} }
func (s *State) Seats() int             { return 2 }
func (s *State) Ply() int               { return s.ply }
func (s *State) Phase() rules.Phase     { return s.phase }
func (s *State) Outcome() rules.Outcome { return s.outcome }
func (s *State) Counters() []rules.Counter {
	return nil
}

// Board is the position.
func (s *State) Board() Board { return s.board }

// Opening reports whether the state waits for the opening roll (rules.Dicer).
func (s *State) Opening() bool { return s.opening }

// Dice are the dice of the play to make in PhaseMove; false in the other phases
// (rules.Dicer).
func (s *State) Dice() (rules.Dice, bool) { return s.dice, s.phase == rules.PhaseMove }

// Pips are the pip counts of seats 0 and 1.
func (s *State) Pips() [2]int { return s.board.Pips() }

// ToMove is the seat to roll or play (seat 0 during the opening roll); NoSeat once over.
func (s *State) ToMove() rules.Seat {
	if s.phase == rules.PhaseOver {
		return rules.NoSeat
	}
	return s.turn
}

// Moves lists the legal plays (see Plays) as rules.Moves; nil unless in PhaseMove.
func (s *State) Moves() []rules.Move {
	if s.phase != rules.PhaseMove {
		return nil
	}
	out := make([]rules.Move, len(s.plays))
	for i, m := range s.plays {
		out[i] = m
	}
	return out
}

// LegalMoves is Moves with the concrete type; the slice is the caller's.
func (s *State) LegalMoves() []Move {
	if s.phase != rules.PhaseMove {
		return nil
	}
	return append([]Move(nil), s.plays...)
}

// Roll enters dice. In the opening roll d holds one die per seat (d[0] seat 0's); a tie
// returns a state still waiting for the opening roll. Otherwise d are the dice of the seat
// to move; when they allow no play the turn passes and the state waits for the other
// seat's roll. Errors: rules.ErrPhase outside PhaseRoll (also once the game is over), an
// error wrapping rules.ErrNotation for a die outside 1..6.
func (s *State) Roll(d rules.Dice) (rules.State, error) {
	n, err := s.RollDice(d)
	if err != nil {
		return nil, err
	}
	return n, nil
}

// RollDice is Roll with the concrete type.
func (s *State) RollDice(d rules.Dice) (*State, error) {
	if s.phase != rules.PhaseRoll {
		return nil, rules.ErrPhase
	}
	if !d.Valid() {
		return nil, notation("dice must be 1 to 6")
	}
	if s.opening {
		if d.Double() {
			n := *s
			return &n, nil
		}
		if d[0] > d[1] {
			return s.startTurn(0, d, s.ply), nil
		}
		return s.startTurn(1, rules.Dice{d[1], d[0]}, s.ply), nil
	}
	return s.startTurn(s.turn, d, s.ply), nil
}

// startTurn gives seat the dice: PhaseMove with its plays, or the other seat's roll when
// there is none.
func (s *State) startTurn(seat rules.Seat, d rules.Dice, ply int) *State {
	plays := Plays(&s.board, seat, d)
	if len(plays) == 0 {
		return &State{board: s.board, turn: 1 - seat, phase: rules.PhaseRoll, ply: ply, outcome: rules.OngoingOutcome}
	}
	return &State{board: s.board, turn: seat, phase: rules.PhaseMove, dice: d, ply: ply, plays: plays, outcome: rules.OngoingOutcome}
}

// Play plays a Move of this state (any Move with the Key of one of its plays). Errors:
// rules.ErrOver, rules.ErrPhase while dice must be rolled, a *rules.MoveError wrapping
// rules.ErrIllegal for anything else.
func (s *State) Play(m rules.Move) (rules.State, error) {
	var mv Move
	switch v := m.(type) {
	case Move:
		mv = v
	case *Move:
		if v == nil {
			return nil, &rules.MoveError{Err: rules.ErrIllegal, Detail: "nil move"}
		}
		mv = *v
	default:
		text := ""
		if m != nil {
			text = m.String()
		}
		return nil, &rules.MoveError{Text: text, Err: rules.ErrIllegal, Detail: "not a backgammon move"}
	}
	n, err := s.PlayMove(mv)
	if err != nil {
		return nil, err
	}
	return n, nil
}

// PlayMove is Play with the concrete types.
func (s *State) PlayMove(m Move) (*State, error) {
	switch s.phase {
	case rules.PhaseOver:
		return nil, rules.ErrOver
	case rules.PhaseRoll:
		return nil, rules.ErrPhase
	}
	for i := range s.plays {
		if s.plays[i].key != m.key {
			continue
		}
		b := s.board
		apply(&b, s.turn, &s.plays[i])
		if b[s.turn][Off] == Checkers {
			return finished(b, s.turn, s.ply+1), nil
		}
		return &State{board: b, turn: 1 - s.turn, phase: rules.PhaseRoll, ply: s.ply + 1, outcome: rules.OngoingOutcome}, nil
	}
	return nil, &rules.MoveError{Text: m.String(), Err: rules.ErrIllegal, Detail: "not a legal play for " + s.dice.String()}
}

// ParseMove matches gnubg-style text ("24/18 13/11", "bar/22*", "6/off", "13/7(2)",
// "25/21", "6/0", "24/18*/13") against the legal plays: the text names the checkers'
// routes; a play matches when it moves the same checkers from and to the same points,
// hits wherever the text marks "*" or lands on an opposing blot, and hits nowhere the text
// does not pass; of several, the ones hitting least. Errors: rules.ErrOver, rules.ErrPhase,
// or a *rules.MoveError wrapping ErrNotation, ErrIllegal or ErrAmbiguous.
func (s *State) ParseMove(text string) (rules.Move, error) {
	m, err := s.ParseText(text)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// ParseText is ParseMove with the concrete type.
func (s *State) ParseText(text string) (Move, error) {
	switch s.phase {
	case rules.PhaseOver:
		return Move{}, rules.ErrOver
	case rules.PhaseRoll:
		return Move{}, rules.ErrPhase
	}
	found, err := match(&s.board[s.turn], &s.board[1-s.turn], s.plays, text)
	if err != nil {
		return Move{}, &rules.MoveError{Text: text, Err: rules.ErrNotation, Detail: err.Error()}
	}
	switch len(found) {
	case 0:
		return Move{}, &rules.MoveError{Text: text, Err: rules.ErrIllegal, Detail: "no legal play for " + s.dice.String() + " matches"}
	case 1:
		return found[0], nil
	}
	e := &rules.MoveError{Text: text, Err: rules.ErrAmbiguous, Detail: "several plays match"}
	for _, m := range found {
		e.Candidates = append(e.Candidates, m.String())
	}
	return Move{}, e
}

// Encode is "PositionID:MatchID" as gnubg writes them: the Position ID from the view of the
// seat to act, and a money-game Match ID with a centred cube of 1 holding that seat as on
// roll, the dice in PhaseMove (the higher first, as gnubg writes them) and the game state
// (0 during the opening roll, 2 once over; then the winner is the player on roll).
func (s *State) Encode() string {
	info := MatchInfo{CubeOwner: 3, OnRoll: s.turn, Turn: s.turn, State: Playing}
	switch {
	case s.opening:
		info.State = NoGame
	case s.phase == rules.PhaseOver:
		info.State = GameOver
	case s.phase == rules.PhaseMove:
		info.Dice = rules.Dice{max(s.dice[0], s.dice[1]), min(s.dice[0], s.dice[1])}
	}
	return PositionID(&s.board, s.turn) + ":" + MatchID(info)
}
