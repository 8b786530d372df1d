package halma

import (
	"slices"
	"strconv"
	"strings"

	"madang/rules"
)

func init() {
	for _, r := range rulesets {
		rules.Register(game{r})
	}
}

// game implements rules.Game for one ruleset.
type game struct{ r *Rules }

func (g game) ID() string { return g.r.ID }

// Game returns the rules.Game of a ruleset (the one registered under r.ID).
func (r *Rules) Game() rules.Game { return game{r} }

// optionsError is a bad option; it wraps rules.ErrOptions.
type optionsError struct{ msg string }

func (e *optionsError) Error() string { return rules.ErrOptions.Error() + ": " + e.msg }
func (e *optionsError) Unwrap() error { return rules.ErrOptions }

func allowedList(vals []int) string {
	s := ""
	for i, v := range vals {
		if i > 0 {
			s += " or "
		}
		s += strconv.Itoa(v)
	}
	return s
}

// optionError explains why opts are not allowed for r.
func optionError(r *Rules, opts rules.Options) error {
	for k, v := range opts {
		switch k {
		case "players":
			if !slices.Contains(r.Players, v) {
				return &optionsError{r.ID + ": players must be " + allowedList(r.Players)}
			}
		case "pieces":
			if !slices.Contains(r.Pieces, v) {
				return &optionsError{r.ID + ": pieces must be " + allowedList(r.Pieces)}
			}
		default:
			return &optionsError{r.ID + " has no option " + strconv.Quote(k)}
		}
	}
	return nil
}

// Validate accepts "players" (chinese-checkers and diamond-kr: 2; diamond: 2 or 3, default
// 2) and "pieces" (diamond-kr: 10 or 15, default 10; chinese-checkers 10; diamond 15) and
// returns both, completed with the defaults.
func (g game) Validate(opts rules.Options) (rules.Options, error) {
	if err := optionError(g.r, opts); err != nil {
		return nil, err
	}
	out := rules.Options{"players": g.r.Players[0], "pieces": g.r.Pieces[0]}
	for k, v := range opts {
		out[k] = v
	}
	return out, nil
}

func (g game) New(opts rules.Options) (rules.State, error) {
	o, err := g.Validate(opts)
	if err != nil {
		return nil, err
	}
	p, _ := g.r.Start(o["players"], o["pieces"])
	return NewState(p), nil
}

// Decode reads Position.Encode's text (see Rules.Decode); the state has no history.
func (g game) Decode(opts rules.Options, position string) (rules.State, error) {
	o, err := g.Validate(opts)
	if err != nil {
		return nil, err
	}
	p, err := g.r.Decode(o["players"], o["pieces"], position)
	if err != nil {
		return nil, err
	}
	return NewState(p), nil
}

// State is a Position with its legal moves and outcome; it implements rules.State and is
// immutable: Play returns a new *State.
type State struct {
	pos     Position
	ply     int
	moves   []Move // legal, sorted by from then to; nil once over
	outcome rules.Outcome
}

// NewState makes a State from a position with no history (ply 0).
func NewState(p Position) *State {
	s := &State{pos: p}
	s.finish()
	return s
}

func (s *State) finish() {
	s.outcome = s.pos.Outcome()
	if s.outcome.Over() {
		return
	}
	var l MoveList
	s.pos.Generate(&l)
	s.moves = slices.Clone(l.Slice())
	sortMoves(s.moves)
}

// moveBefore orders moves by from then to hole.
func moveBefore(a, b Move) bool { return a.From < b.From || a.From == b.From && a.To < b.To }

// sortMoves sorts ms by from then to (moveBefore). An insertion sort: the generator lists
// the moves by ascending from hole already, so each move moves only within its piece's
// few moves; and slices.SortFunc would link a generic sort of Moves (~4 KB brotli) into
// the star games' WebAssembly module.
func sortMoves(ms []Move) {
	for i := 1; i < len(ms); i++ {
		m := ms[i]
		j := i
		for ; j > 0 && moveBefore(m, ms[j-1]); j-- {
			ms[j] = ms[j-1]
		}
		ms[j] = m
	}
}

// legal tells whether m is one of the state's moves (binary search: they are sorted).
func (s *State) legal(m Move) bool {
	lo, hi := 0, len(s.moves)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if moveBefore(s.moves[mid], m) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo < len(s.moves) && s.moves[lo] == m
}

// Position is the state's position.
func (s *State) Position() Position { return s.pos }

// Rules is the state's ruleset.
func (s *State) Rules() *Rules { return s.pos.Rules() }

func (s *State) Game() rules.Game       { return game{s.pos.Rules()} }
func (s *State) Options() rules.Options { return s.pos.config().options() }
func (s *State) Seats() int             { return s.pos.Seats() }
func (s *State) Ply() int               { return s.ply }
func (s *State) Outcome() rules.Outcome { return s.outcome }
func (s *State) Encode() string         { return s.pos.Encode() }

// Roll is not used by the star games: rules.ErrPhase.
func (s *State) Roll(rules.Dice) (rules.State, error) { return nil, rules.ErrPhase }

func (s *State) ToMove() rules.Seat {
	if s.outcome.Over() {
		return rules.NoSeat
	}
	return s.pos.Side()
}

func (s *State) Phase() rules.Phase {
	if s.outcome.Over() {
		return rules.PhaseOver
	}
	return rules.PhaseMove
}

// Moves lists the legal moves sorted by start hole then end hole (hole order is row then
// position); exactly [pass] when the side to move has no other move; nil once over.
func (s *State) Moves() []rules.Move {
	if s.outcome.Over() {
		return nil
	}
	out := make([]rules.Move, len(s.moves))
	for i, m := range s.moves {
		out[i] = m
	}
	return out
}

// LegalMoves is Moves with the concrete type.
func (s *State) LegalMoves() []Move {
	if s.outcome.Over() {
		return nil
	}
	return slices.Clone(s.moves)
}

// Play plays a Move of this state. Errors: rules.ErrOver, or a *rules.MoveError wrapping
// rules.ErrIllegal.
func (s *State) Play(m rules.Move) (rules.State, error) {
	var mv Move
	switch v := m.(type) {
	case Move:
		mv = v
	case *Move:
		if v == nil {
			return nil, moveError("", rules.ErrIllegal, "nil move")
		}
		mv = *v
	default:
		text := ""
		if m != nil {
			text = m.String()
		}
		return nil, moveError(text, rules.ErrIllegal, "not a star-board move")
	}
	n, err := s.PlayMove(mv)
	if err != nil {
		return nil, err
	}
	return n, nil
}

// PlayMove is Play for a Move.
func (s *State) PlayMove(m Move) (*State, error) {
	if s.outcome.Over() {
		return nil, rules.ErrOver
	}
	if !s.legal(m) {
		return nil, moveError(m.String(), rules.ErrIllegal, "not a legal move in this position")
	}
	n := &State{pos: s.pos.Apply(m), ply: s.ply + 1}
	n.finish()
	return n, nil
}

// ParseMove reads move text (see Position.ParseMove).
func (s *State) ParseMove(text string) (rules.Move, error) {
	if s.outcome.Over() {
		return nil, moveError(text, rules.ErrIllegal, "the game is over")
	}
	m, err := s.pos.ParseMove(text)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// ParseRoute reads move text as ParseMove does and also gives the route as written
// (Position.ParseRoute); it implements rules.RouteParser.
func (s *State) ParseRoute(text string) (rules.Move, string, error) {
	if s.outcome.Over() {
		return nil, "", moveError(text, rules.ErrIllegal, "the game is over")
	}
	m, route, err := s.pos.ParseRoute(text)
	if err != nil {
		return nil, "", err
	}
	return m, route, nil
}

// Route is the landing path a route text of a legal move names: the holes of a full path
// ("3.1-5.1-5.3"), else the fewest-jump path (Path). Nil when text is not a legal move.
func (s *State) Route(text string) []Hole {
	m, route, err := s.ParseRoute(text)
	if err != nil {
		return nil
	}
	mv := m.(Move)
	if route == mv.String() {
		return s.Path(mv)
	}
	parts := strings.Split(route, "-")
	path := make([]Hole, len(parts))
	for i, t := range parts {
		path[i], _ = ParseHole(t)
	}
	return path
}

// Path is the landing path of a legal move with the fewest jumps (Position.Path).
func (s *State) Path(m Move) []Hole {
	if s.outcome.Over() || m == Pass {
		return nil
	}
	if !s.legal(m) {
		return nil
	}
	return s.pos.path(m) // legal: one of the state's moves
}

// Counters is the move limit: the plies left before the game is drawn (move-limit).
func (s *State) Counters() []rules.Counter {
	return []rules.Counter{{Rule: rules.MoveLimit, PliesLeft: max(0, s.pos.MoveLimit()-s.pos.Plies())}}
}

// Arrived is seat's pieces in its target camp and the camp's size (Position.Arrived).
func (s *State) Arrived(seat rules.Seat) (n, size int) { return s.pos.Arrived(seat) }

// GoalDistance is the sum of seat's piece distances to its target apex (seed 000).
func (s *State) GoalDistance(seat rules.Seat) int { return s.pos.GoalDistance(seat) }

// ResignOutcome is the outcome when seat resigns (seed 000, "기권"; rules.Resigner): with
// two seats the other wins; with three, of the two others the one nearest its goal
// (GoalDistance) wins, a tie going to the first after the resigner in turn order
// (rules.NearestGoalWins). Reason rules.Resign.
func (s *State) ResignOutcome(seat rules.Seat) rules.Outcome {
	return rules.WinFor(rules.NearestGoalWins(s, seat), rules.Resign)
}

// AsState gives the concrete *State behind a rules.State of a star game.
func AsState(s rules.State) (*State, bool) {
	st, ok := s.(*State)
	return st, ok && st != nil
}
