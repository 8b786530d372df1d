// Package session is the browser's game session, the same for every game: it holds the
// start position, the options and the match (rules/match, the model the room shares: the
// log of texts played, moves and dice rolls, the draw offers of seed 001 for the families
// that allow them, resignations as the rules decide them, the outcome), answers every rules
// question of the page through the generic rules API, undoes by replaying the log, rolls
// dice locally from a seeded source, and asks the AI engine for moves and draw decisions. A Family (one per game family, e.g. package draughtsview) adds
// how positions and moves look. Views are plain maps and slices of strings, ints and bools,
// so the WebAssembly glue hands them to JavaScript without encoding/json.
package session

import (
	"context"
	"errors"
	"math/rand/v2"

	"madang/ai"
	"madang/rules"
	"madang/rules/match"
)

// Errors of a session; the page shows its own Korean text for each. A session also returns
// the match's errors (rules/match: ErrOver, ErrNoOffer, ErrOffer, ErrSeat).
var (
	ErrGame     = errors.New("session: not a game of this module")
	ErrNoGame   = errors.New("session: no game started")
	ErrBadIndex = errors.New("session: no legal move with that index")
	ErrPlies    = errors.New("session: plies to undo must not be negative")
	ErrNoRoll   = errors.New("session: the game does not wait for a roll")
)

// Session is one game in the browser for one family. Create it with New; then Start.
type Session struct {
	fam      Family
	rules    match.Rules // draw offers when the family has them (DrawOffers)
	game     rules.Game
	opts     rules.Options
	position string       // the start position as given ("" for the game's start)
	m        *match.Match // the log, offers and outcome; nil before Start
	// views[i] is the family's picture of log entry i's move as the legal list showed it;
	// nil for a roll.
	views []map[string]any
	seed  uint64     // the seed of Roll's dice
	dice  *rand.Rand // Roll's source, at the pair for the next roll of the log
}

// New returns a session without a game for the games of fam.
func New(fam Family) *Session {
	s := &Session{fam: fam}
	if o, ok := fam.(DrawOffers); ok {
		s.rules = match.Rules{DrawOffers: true, DrawReset: o.ResetsOffer}
	}
	return s
}

// Start begins a game of gameID (one of the family's games) with opts (nil: defaults) from
// its start position, or from position in the game's own encoding when non-empty, with
// nothing played. seed seeds the local dice of Roll. Errors: ErrGame, rules.ErrUnknown,
// the game's option and position errors (rules.ErrOptions, rules.ErrNotation).
func (s *Session) Start(gameID, position string, opts rules.Options, seed uint64) error {
	if !s.ours(gameID) {
		return ErrGame
	}
	g, ok := rules.Lookup(gameID)
	if !ok {
		return rules.ErrUnknown
	}
	o, err := g.Validate(opts)
	if err != nil {
		return err
	}
	var st rules.State
	if position == "" {
		st, err = g.New(o)
	} else {
		st, err = g.Decode(o, position)
	}
	if err != nil {
		return err
	}
	s.game, s.opts, s.position = g, o, position
	s.restart(st)
	s.seed = seed
	s.rewindDice(0)
	return nil
}

// rewindDice sets Roll's source to where it stands after rolls rolls: the k-th roll of a
// game is the k-th pair of its seed's stream whatever was taken back before, so taking a
// move back never draws new dice (against the AI, its roll after the same move is the same).
func (s *Session) rewindDice(rolls int) {
	s.dice = rand.New(rand.NewPCG(s.seed, 0x6d6164616e67)) // "madang"
	for i := 0; i < 2*rolls; i++ {
		s.dice.IntN(6)
	}
}

// restart empties the log: the match begins again from st.
func (s *Session) restart(st rules.State) {
	s.m = match.New(st, s.rules)
	s.views = nil
}

func (s *Session) ours(gameID string) bool {
	for _, id := range s.fam.Games() {
		if id == gameID {
			return true
		}
	}
	return false
}

// Load starts gameID as Start does and replays the log texts (moves and rolls), as the
// online page does with the server's snapshot and a saved game is resumed; the next Roll
// gives the pair of seed's stream for that many rolls (rewindDice), as if the game had been
// played here. On a bad text the session keeps the good prefix and returns the error.
func (s *Session) Load(gameID, position string, opts rules.Options, seed uint64, texts []string) error {
	if err := s.Start(gameID, position, opts, seed); err != nil {
		return err
	}
	return s.replay(texts, nil)
}

// rolls is how many rolls the log holds.
func (s *Session) rolls() int {
	n := 0
	for i := 0; i < s.m.Len(); i++ {
		if s.m.Entry(i).Roll {
			n++
		}
	}
	return n
}

// replay plays texts from the current state; offers[i], when given, rides on texts[i].
// Roll's source then stands at the pair for the log's next roll (rewindDice), so a game
// taken back or resumed rolls on as it would have.
func (s *Session) replay(texts []string, offers []bool) error {
	defer func() { s.rewindDice(s.rolls()) }()
	for i, t := range texts {
		if s.cur().Phase() == rules.PhaseRoll {
			d, err := rules.ParseDice(t)
			if err != nil {
				return err
			}
			if err := s.roll(d); err != nil {
				return err
			}
			continue
		}
		m, route, err := rules.ParseRoute(s.cur(), t)
		if err != nil {
			return err
		}
		offer := offers != nil && offers[i]
		if err := s.play(m, route, offer); err != nil {
			return err
		}
	}
	return nil
}

func (s *Session) cur() rules.State { return s.m.State() }

// State is the current position (nil before a game starts), for ops of a family's own.
func (s *Session) State() rules.State {
	if s.m == nil {
		return nil
	}
	return s.cur()
}

// Outcome is the game's result: a resignation or agreed draw when one ended it, else the
// rules' outcome of the current state (match.Match.Outcome).
func (s *Session) Outcome() rules.Outcome {
	if s.game == nil {
		return rules.OngoingOutcome
	}
	return s.m.Outcome()
}

// ToMove is the seat to act (move or roll), or -1 when the game is over.
func (s *Session) ToMove() int {
	if s.game == nil || s.Outcome().Over() {
		return -1
	}
	return int(s.cur().ToMove())
}

// Phase is what the game waits for: rules.PhaseOver once it has ended (also by resignation
// or agreement), else the state's phase.
func (s *Session) Phase() rules.Phase {
	if s.game == nil || s.Outcome().Over() {
		return rules.PhaseOver
	}
	return s.cur().Phase()
}

// ready checks that a game runs and waits for an action.
func (s *Session) ready() error {
	if s.game == nil {
		return ErrNoGame
	}
	if s.Outcome().Over() {
		return match.ErrOver
	}
	return nil
}

// Play plays the legal move with index i in the order of the view's "moves", with a draw
// offer riding on it when offer is set. Errors: ErrNoGame, match.ErrOver, ErrBadIndex, match.ErrOffer,
// rules.ErrPhase while dice must be rolled.
func (s *Session) Play(i int, offer bool) error {
	if err := s.ready(); err != nil {
		return err
	}
	if s.cur().Phase() != rules.PhaseMove {
		return rules.ErrPhase
	}
	ms := s.cur().Moves()
	if i < 0 || i >= len(ms) {
		return ErrBadIndex
	}
	return s.play(ms[i], ms[i].String(), offer)
}

// PlayText plays a move given as text in the game's notation (rules.State.ParseMove). A
// text naming a route (rules.ParseRoute: a star game's full landing path) is logged as
// that route, and the history shows it (Routes).
func (s *Session) PlayText(text string, offer bool) error {
	if err := s.ready(); err != nil {
		return err
	}
	m, route, err := rules.ParseRoute(s.cur(), text)
	if err != nil {
		return err
	}
	return s.play(m, route, offer)
}

// play plays m, logged as route (the move's canonical text or the route it took).
func (s *Session) play(m rules.Move, route string, offer bool) error {
	st := s.cur()
	if offer && !s.CanOffer() {
		return match.ErrOffer
	}
	ms := st.Moves()
	k := -1
	for i, o := range ms {
		if o == m {
			k = i
			break
		}
	}
	if k < 0 {
		return rules.ErrIllegal
	}
	view := s.fam.Moves(st, ms)[k]
	view["text"] = route
	if r, ok := s.fam.(Routes); ok && route != m.String() {
		r.Route(st, m, route, view)
	}
	if err := s.m.Play(m, route, offer); err != nil {
		return err
	}
	s.views = append(s.views, view)
	return nil
}

// Roll rolls two dice from the session's seeded source (each 1..6, uniform) for the seat
// to act and enters them. Errors: ErrNoGame, match.ErrOver, ErrNoRoll when the state does not
// wait for a roll. It returns the dice.
func (s *Session) Roll() (rules.Dice, error) {
	if err := s.ready(); err != nil {
		return rules.Dice{}, err
	}
	if s.cur().Phase() != rules.PhaseRoll {
		return rules.Dice{}, ErrNoRoll
	}
	d := rules.Dice{int8(1 + s.dice.IntN(6)), int8(1 + s.dice.IntN(6))}
	return d, s.roll(d)
}

func (s *Session) roll(d rules.Dice) error {
	if err := s.m.Roll(d); err != nil {
		return err
	}
	s.views = append(s.views, nil)
	return nil
}

// Undo takes back plies log entries (moves and rolls; all when plies exceeds the log) by
// replaying the rest from the start, and clears a resignation or agreement; the next Roll
// gives the dice the taken-back roll had (rewindDice). Errors:
// ErrNoGame, ErrPlies.
func (s *Session) Undo(plies int) error {
	if s.game == nil {
		return ErrNoGame
	}
	if plies < 0 {
		return ErrPlies
	}
	n := s.m.Len()
	if plies > n {
		plies = n
	}
	texts := make([]string, n-plies)
	offers := make([]bool, n-plies)
	for i := range texts {
		e := s.m.Entry(i)
		texts[i], offers[i] = e.Text, e.Offer
	}
	s.restart(s.m.Start())
	return s.replay(texts, offers)
}

// UndoTo takes back at least one move and then more until seat is to move again with its
// dice, if any, still rolled (vs the AI: back to before your own last move). It stops at the
// start. Errors: ErrNoGame.
func (s *Session) UndoTo(seat int) error {
	if s.game == nil {
		return ErrNoGame
	}
	n, moved, total := 0, false, s.m.Len()
	for n < total {
		n++
		// Entry k holds the seat to act before it, and a move entry was played in PhaseMove.
		e := s.m.Entry(total - n)
		moved = moved || !e.Roll
		if moved && int(e.Seat) == seat && !e.Roll {
			break
		}
	}
	return s.Undo(n)
}

// Resign ends the game as a loss for seat, with the outcome the rules give
// (match.Match.Resign: rules.ResignOutcome, the state's own rule, else the next seat wins
// one point), as the room decides it. Errors: ErrNoGame, match.ErrOver, match.ErrSeat.
func (s *Session) Resign(seat int) error {
	if err := s.ready(); err != nil {
		return err
	}
	return s.m.Resign(seat, rules.ReasonNone)
}

// PendingOffer reports whether the last move carried a draw offer the side to move may
// accept (seed 001: the offer rides on a move and lasts for the opponent's turn;
// match.Match.OfferFor).
func (s *Session) PendingOffer() bool {
	return s.game != nil && s.m.OfferFor(int(s.cur().ToMove()))
}

// AcceptDraw accepts the pending offer for the side to move, as a person or the AI
// (AIChoice.Accept): the game is drawn by agreement (match.Match.AcceptDraw). Errors:
// match.ErrNoOffer.
func (s *Session) AcceptDraw() error {
	if !s.PendingOffer() {
		return match.ErrNoOffer
	}
	return s.m.AcceptDraw(int(s.cur().ToMove()))
}

// CanOffer reports whether the side to move may attach a draw offer to its next move
// (match.Match.MayOffer). Seed 001: after an offer is refused (the opponent moved on
// without accepting), that side may not offer again until a man has moved or a piece has
// been taken by either side, and the move carrying the new offer does not count, so one
// move without an offer must come between. This page counts only moves after the refusing
// move itself. Always false for a family without DrawOffers.
func (s *Session) CanOffer() bool {
	return s.Phase() == rules.PhaseMove && s.m.MayOffer(int(s.cur().ToMove()))
}

// AIChoice is the AI's decision for the side to move.
type AIChoice struct {
	Index  int    // index into the legal moves
	Text   string // canonical text of the move
	Offer  bool   // the AI offers a draw with this move
	Accept bool   // the AI accepts the pending offer instead of moving
}

// AIMove asks the game's engine for the side to move at a level ("beginner",
// "intermediate", "advanced") with a seed, without playing it. Errors: ErrNoGame, match.ErrOver,
// rules.ErrPhase while dice must be rolled (call Roll), ai.ErrBadLevel, ai.ErrNoEngine,
// ai.ErrNoMove.
func (s *Session) AIMove(level string, seed int64) (AIChoice, error) {
	if err := s.ready(); err != nil {
		return AIChoice{}, err
	}
	st := s.cur()
	if st.Phase() != rules.PhaseMove {
		return AIChoice{}, rules.ErrPhase
	}
	lv, err := ai.ParseLevel(level)
	if err != nil {
		return AIChoice{}, err
	}
	e, err := ai.For(s.game.ID())
	if err != nil {
		return AIChoice{}, err
	}
	if s.PendingOffer() && e.AcceptDraw(st) {
		return AIChoice{Index: -1, Accept: true}, nil
	}
	r, err := e.Choose(context.Background(), ai.Request{State: st, Level: lv, Seed: seed})
	if err != nil {
		return AIChoice{}, err
	}
	for i, m := range st.Moves() {
		if m == r.Move {
			return AIChoice{Index: i, Text: m.String(), Offer: s.CanOffer() && e.OfferDraw(st)}, nil
		}
	}
	return AIChoice{}, ai.ErrNoMove
}
