package draughts

import (
	"math/bits"
	"strconv"

	"madang/rules"
)

func init() {
	rules.Register(game{&English})
	rules.Register(game{&International})
}

// game implements rules.Game for one ruleset.
type game struct{ r *Rules }

func (g game) ID() string { return g.r.ID }

// Validate accepts no options: checkers and draughts have none.
func (g game) Validate(opts rules.Options) (rules.Options, error) {
	for k := range opts {
		return nil, optionError{game: g.r.ID, option: k}
	}
	return rules.Options{}, nil
}

// optionError is an unknown option; it wraps rules.ErrOptions.
type optionError struct{ game, option string }

func (e optionError) Error() string {
	return rules.ErrOptions.Error() + ": " + e.game + " has no option " + strconv.Quote(e.option)
}

func (e optionError) Unwrap() error { return rules.ErrOptions }

func (g game) New(opts rules.Options) (rules.State, error) {
	if _, err := g.Validate(opts); err != nil {
		return nil, err
	}
	return NewState(g.r.Start()), nil
}

// Decode reads a PDN FEN position (see ParseFEN); the state has no history.
func (g game) Decode(opts rules.Options, position string) (rules.State, error) {
	if _, err := g.Validate(opts); err != nil {
		return nil, err
	}
	p, err := ParseFEN(g.r, position)
	if err != nil {
		return nil, err
	}
	return NewState(p), nil
}

// Game returns the rules.Game of a ruleset (the one registered under r.ID).
func (r *Rules) Game() rules.Game { return game{r} }

// TextMove is the rules.Move of the generic API: a Move with its canonical PDN text. Two
// TextMoves of one state compare equal exactly when their Moves do.
type TextMove struct {
	Move Move
	Text string
}

// String is the canonical PDN text ("11-15", "15x24x31").
func (m TextMove) String() string { return m.Text }

// State is a position with the history the draw rules need. It implements rules.State and
// is immutable: Play returns a new *State.
type State struct {
	pos      Position
	ply      int
	quiet    int        // plies since the last man move or capture
	hist     []Position // positions since the last man move or capture, the current last
	endRule  rules.Reason
	endLimit int // ply at which endRule draws
	moves    []TextMove
	outcome  rules.Outcome
}

// NewState makes a State from a position with no history: ply 0, repetition and draw
// counts start here (an endgame configuration already on the board starts its count).
func NewState(p Position) *State {
	s := &State{pos: p, hist: []Position{p}}
	s.updateEndgame(rules.ReasonNone, 0)
	s.finish()
	return s
}

// Position is the state's position.
func (s *State) Position() Position { return s.pos }

// History is the positions since the last man move or capture, oldest first, the current
// one last: the only ones that can repeat. The slice must not be modified.
func (s *State) History() []Position { return s.hist }

// QuietPlies is the number of plies since the last man move or capture.
func (s *State) QuietPlies() int { return s.quiet }

// Rules is the state's ruleset.
func (s *State) Rules() *Rules { return s.pos.Rules() }

func (s *State) Game() rules.Game       { return game{s.pos.Rules()} }
func (s *State) Options() rules.Options { return rules.Options{} }
func (s *State) Seats() int             { return 2 }
func (s *State) Ply() int               { return s.ply }
func (s *State) Outcome() rules.Outcome { return s.outcome }
func (s *State) Encode() string         { return s.pos.FEN() }
func (s *State) Roll(rules.Dice) (rules.State, error) {
	return nil, rules.ErrPhase
}

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

// Moves lists the legal moves as TextMoves, sorted by start square, end square and text;
// nil once the game is over.
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
func (s *State) LegalMoves() []TextMove {
	if s.outcome.Over() {
		return nil
	}
	return append([]TextMove(nil), s.moves...)
}

// Play plays a TextMove of this state (PlayMove takes a Move). Errors: rules.ErrOver, or a
// *rules.MoveError wrapping rules.ErrIllegal.
func (s *State) Play(m rules.Move) (rules.State, error) {
	var mv Move
	switch v := m.(type) {
	case TextMove:
		mv = v.Move
	case *TextMove:
		if v == nil {
			return nil, &rules.MoveError{Err: rules.ErrIllegal, Detail: "nil move"}
		}
		mv = v.Move
	default:
		text := ""
		if m != nil {
			text = m.String()
		}
		return nil, &rules.MoveError{Text: text, Err: rules.ErrIllegal, Detail: "not a draughts move"}
	}
	n, err := s.PlayMove(mv)
	if err != nil {
		return nil, err
	}
	return n, nil
}

// PlayMove is Play for a Move of this state.
func (s *State) PlayMove(m Move) (*State, error) {
	if s.outcome.Over() {
		return nil, rules.ErrOver
	}
	legal := false
	for _, l := range s.moves {
		if l.Move == m {
			legal = true
			break
		}
	}
	if !legal {
		return nil, &rules.MoveError{Text: s.pos.MoveText(m), Err: rules.ErrIllegal, Detail: "not a legal move in this position"}
	}
	n := &State{pos: s.pos.Apply(m), ply: s.ply + 1}
	if m.ManMoveOrCapture() {
		n.quiet = 0
		n.hist = []Position{n.pos}
	} else {
		n.quiet = s.quiet + 1
		n.hist = make([]Position, len(s.hist)+1)
		copy(n.hist, s.hist)
		n.hist[len(s.hist)] = n.pos
	}
	n.updateEndgame(s.endRule, s.endLimit)
	n.finish()
	return n, nil
}

// ParseMove matches text against the legal moves (see Position.ParseMove).
func (s *State) ParseMove(text string) (rules.Move, error) {
	if s.outcome.Over() {
		return nil, &rules.MoveError{Text: text, Err: rules.ErrIllegal, Detail: "the game is over"}
	}
	m, err := s.pos.ParseMove(text)
	if err != nil {
		return nil, err
	}
	return TextMove{Move: m, Text: s.pos.MoveText(m)}, nil
}

// Counters lists the automatic draws in force with the plies left: the quiet-move count
// (forty-move / twenty-five-move) once a ply without a man move or capture has been played,
// and the endgame count (sixteen-move / five-move) while its configuration stands.
func (s *State) Counters() []rules.Counter {
	r := s.pos.Rules()
	var out []rules.Counter
	if s.endRule != rules.ReasonNone {
		out = append(out, rules.Counter{Rule: s.endRule, PliesLeft: max(0, s.endLimit-s.ply)})
	}
	if s.quiet > 0 {
		out = append(out, rules.Counter{Rule: r.QuietReason, PliesLeft: max(0, r.QuietPlies-s.quiet)})
	}
	return out
}

// endgameClass classifies p for the FMJD endgame counts: SixteenMove for 3 pieces with at
// least one king against a lone king, FiveMove for 1 or 2 pieces with at least one king
// against a lone king, else ReasonNone; diag reports seed 001's main-diagonal clause (a
// 3-1 whose lone king stands on the main diagonal with no opposing piece on it).
func endgameClass(p Position) (class rules.Reason, diag bool) {
	r := p.Rules()
	for lone := 0; lone < 2; lone++ {
		if p.men[lone] != 0 || bits.OnesCount64(p.kings[lone]) != 1 {
			continue
		}
		strong := lone ^ 1
		n := bits.OnesCount64(p.men[strong] | p.kings[strong])
		if p.kings[strong] == 0 {
			continue
		}
		switch n {
		case 1, 2:
			return rules.FiveMove, false
		case 3:
			d := p.kings[lone]&r.diag != 0 && (p.men[strong]|p.kings[strong])&r.diag == 0
			return rules.SixteenMove, d
		}
	}
	return rules.ReasonNone, false
}

// updateEndgame carries the endgame count from the previous state (rule prev, deadline
// limit) to s (seed 001's reading of FMJD art. 6.2-6.3). A deadline once set is never
// extended while one side is a lone king: a 3-1 that passes through a configuration
// outside the two rules (two men against the king) keeps its first deadline for later.
func (s *State) updateEndgame(prev rules.Reason, limit int) {
	r := s.pos.Rules()
	if !r.EndgameCounts {
		return
	}
	class, diag := endgameClass(s.pos)
	start := func(plies int) int {
		if limit != 0 {
			return min(limit, s.ply+plies)
		}
		return s.ply + plies
	}
	switch class {
	case rules.ReasonNone:
		s.endRule, s.endLimit = rules.ReasonNone, 0
		if limit != 0 && loneKing(s.pos) {
			s.endLimit = limit // remembered, not running
		}
		return
	case rules.SixteenMove:
		if prev == rules.ReasonNone {
			prev, limit = rules.SixteenMove, start(r.SixteenPlies)
		}
		if diag && prev == rules.SixteenMove {
			prev, limit = rules.FiveMove, min(limit, s.ply+r.FivePlies)
		}
	case rules.FiveMove:
		if prev != rules.FiveMove {
			prev, limit = rules.FiveMove, start(r.FivePlies)
		}
	}
	s.endRule, s.endLimit = prev, limit
}

// sortMoves sorts ms by from square, then to square, then text. An insertion sort: the
// generator lists moves nearly in that order already (layout bits ascend with the square
// numbers), and slices.SortFunc would link a generic sort (~3 KB brotli) into the draughts
// WebAssembly module.
func sortMoves(r *Rules, ms []TextMove) {
	before := func(a, b *TextMove) bool {
		af, bf := r.sqOf[a.Move.from], r.sqOf[b.Move.from]
		if af != bf {
			return af < bf
		}
		if at, bt := r.sqOf[a.Move.to], r.sqOf[b.Move.to]; at != bt {
			return at < bt
		}
		return a.Text < b.Text
	}
	for i := 1; i < len(ms); i++ {
		m := ms[i]
		j := i
		for ; j > 0 && before(&m, &ms[j-1]); j-- {
			ms[j] = ms[j-1]
		}
		ms[j] = m
	}
}

// loneKing reports whether one side has a single king and nothing else.
func loneKing(p Position) bool {
	for s := 0; s < 2; s++ {
		if p.men[s] == 0 && bits.OnesCount64(p.kings[s]) == 1 {
			return true
		}
	}
	return false
}

// finish generates the legal moves and decides the outcome: no legal move loses (even on
// a counter's last ply), then threefold repetition, then the counters.
func (s *State) finish() {
	var l MoveList
	s.pos.Generate(&l)
	s.moves = make([]TextMove, l.N)
	for i, m := range l.Slice() {
		s.moves[i] = TextMove{Move: m, Text: s.pos.MoveText(m)}
	}
	r := s.pos.Rules()
	sortMoves(r, s.moves)
	me := s.pos.Side()
	switch {
	case len(s.moves) == 0:
		s.outcome = rules.WinFor(1-me, rules.NoMoves)
	case s.repetitions() >= 3:
		s.outcome = rules.DrawBy(rules.Threefold)
	case s.endRule != rules.ReasonNone && s.ply >= s.endLimit:
		s.outcome = rules.DrawBy(s.endRule)
	case s.quiet >= r.QuietPlies:
		s.outcome = rules.DrawBy(r.QuietReason)
	default:
		s.outcome = rules.OngoingOutcome
	}
}

// repetitions counts how often the current position (with the side to move) has stood on
// the board since the last man move or capture, this time included.
func (s *State) repetitions() int {
	n := 0
	for _, p := range s.hist {
		if p == s.pos {
			n++
		}
	}
	return n
}

// Notate wraps a Move of p as the rules.Move of the generic API (its canonical text).
func (p Position) Notate(m Move) TextMove { return TextMove{Move: m, Text: p.MoveText(m)} }

// AsState gives the concrete *State behind a rules.State of checkers or draughts.
func AsState(s rules.State) (*State, bool) {
	st, ok := s.(*State)
	return st, ok && st != nil
}

// AsMove gives the Move behind a rules.Move of checkers or draughts (a TextMove).
func AsMove(m rules.Move) (Move, bool) {
	switch v := m.(type) {
	case TextMove:
		return v.Move, true
	case *TextMove:
		if v != nil {
			return v.Move, true
		}
	}
	return Move{}, false
}

// ReopensDrawOffers is the draw-reset predicate of checkers and draughts for a match
// (match.Rules.DrawReset, seed 001): whether m, a move of before, moves a man or captures
// (Move.ManMoveOrCapture), so that a seat whose draw offer was declined may offer again. A
// move of another game reopens them, as a match without the predicate does.
func ReopensDrawOffers(_ rules.State, m rules.Move) bool {
	dm, ok := AsMove(m)
	return !ok || dm.ManMoveOrCapture()
}
