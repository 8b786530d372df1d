// Package session is the browser's game session for checkers and draughts: it holds the
// start position and the moves played, answers every rules question of the page through
// the generic rules API (legal moves with their text in both notations and their paths,
// outcome, draw counters), undoes by replaying, keeps the draw offers of seed 001 and asks
// the AI engine for moves and draw decisions. Views are plain maps and slices of strings,
// ints and bools, so the WebAssembly glue hands them to JavaScript without encoding/json.
package session

import (
	"context"
	"errors"
	"strings"

	"madang/ai"
	"madang/rules"
	"madang/rules/draughts"
)

// Errors of a session; the page shows its own Korean text for each.
var (
	ErrGame     = errors.New("session: not a checkers or draughts game")
	ErrNoGame   = errors.New("session: no game started")
	ErrOver     = errors.New("session: the game has ended")
	ErrNoOffer  = errors.New("session: no draw offer to accept")
	ErrOffer    = errors.New("session: this side may not offer a draw now")
	ErrBadIndex = errors.New("session: no legal move with that index")
)

// played is one ply of the history.
type played struct {
	text     string
	offer    bool // a draw offer rides on this move
	info     moveInfo
	mover    int
	resetter bool // a man moved or a piece was taken (ends a refused offer's ban)
}

// moveInfo is how a move looks on the board.
type moveInfo struct {
	text     string // PDN text, the wire notation ("11-15", "15x24x31")
	alg      string // algebraic text for people ("c3-d4", "c3×e5")
	from, to int
	path     []int   // every square the piece stands on, from first to last (canonical)
	paths    [][]int // every landing path of the move, each from the first square; canonical first
	captured []int   // squares of the pieces taken
	capture  bool
}

// Session is one game in the browser. The zero value has no game; call Start.
type Session struct {
	game     rules.Game
	r        *draughts.Rules
	startFEN string
	start    rules.State
	states   []rules.State // states[i] is the position after i plies
	hist     []played
	ended    *rules.Outcome // resignation or agreement, decided outside the rules
}

// Start begins a game of gameID ("checkers" or "draughts") from its start position, or
// from fen (PDN FEN) when non-empty, with no moves played.
func (s *Session) Start(gameID, fen string) error {
	r, ok := draughts.ByID(gameID)
	if !ok {
		return ErrGame
	}
	g, ok := rules.Lookup(gameID)
	if !ok {
		return rules.ErrUnknown
	}
	var st rules.State
	var err error
	if fen == "" {
		st, err = g.New(nil)
	} else {
		st, err = g.Decode(nil, fen)
	}
	if err != nil {
		return err
	}
	*s = Session{game: g, r: r, startFEN: fen, start: st, states: []rules.State{st}}
	return nil
}

// Load starts gameID from fen (or the start) and replays the move texts, as the online page
// does with the server's snapshot. On a bad move the session keeps the good prefix and
// returns the error.
func (s *Session) Load(gameID, fen string, moves []string) error {
	if err := s.Start(gameID, fen); err != nil {
		return err
	}
	for _, t := range moves {
		m, err := s.cur().ParseMove(t)
		if err != nil {
			return err
		}
		if err := s.play(m, false); err != nil {
			return err
		}
	}
	return nil
}

func (s *Session) cur() rules.State { return s.states[len(s.states)-1] }

// Outcome is the game's result: a resignation or agreed draw when one ended it, else the
// rules' outcome of the current position.
func (s *Session) Outcome() rules.Outcome {
	if s.ended != nil {
		return *s.ended
	}
	if s.game == nil {
		return rules.OngoingOutcome
	}
	return s.cur().Outcome()
}

// ToMove is the seat to move, or -1 when the game is over.
func (s *Session) ToMove() int {
	if s.game == nil || s.Outcome().Over() {
		return -1
	}
	return int(s.cur().ToMove())
}

// Play plays the legal move with index i in the order of Moves (the view's "moves"), with a
// draw offer riding on it when offer is set. Errors: ErrNoGame, ErrOver, ErrBadIndex,
// ErrOffer.
func (s *Session) Play(i int, offer bool) error {
	if s.game == nil {
		return ErrNoGame
	}
	if s.Outcome().Over() {
		return ErrOver
	}
	ms := s.cur().Moves()
	if i < 0 || i >= len(ms) {
		return ErrBadIndex
	}
	return s.play(ms[i], offer)
}

// PlayText plays a move given as PDN text (see rules.State.ParseMove).
func (s *Session) PlayText(text string, offer bool) error {
	if s.game == nil {
		return ErrNoGame
	}
	if s.Outcome().Over() {
		return ErrOver
	}
	m, err := s.cur().ParseMove(text)
	if err != nil {
		return err
	}
	return s.play(m, offer)
}

func (s *Session) play(m rules.Move, offer bool) error {
	mover := int(s.cur().ToMove())
	if offer && !s.CanOffer() {
		return ErrOffer
	}
	info := s.describe(s.cur(), m)
	// name the move the way the legal list named it (full path only when needed)
	var same []moveInfo
	for _, o := range s.cur().Moves() {
		if o != m {
			if oi := s.describe(s.cur(), o); oi.from == info.from && oi.to == info.to {
				same = append(same, oi)
			}
		}
	}
	same = append(same, info)
	s.algebraic(same)
	info = same[len(same)-1]
	next, err := s.cur().Play(m)
	if err != nil {
		return err
	}
	dm, _ := draughts.AsMove(m)
	resetter := dm.IsCapture() || !dm.IsKingMove() // a man moved or a piece was taken
	s.states = append(s.states, next)
	s.hist = append(s.hist, played{text: info.text, offer: offer, info: info, mover: mover, resetter: resetter})
	return nil
}

// Undo takes back plies moves (at least one, at most all) by replaying the rest from the
// start, and clears a resignation or agreement.
func (s *Session) Undo(plies int) error {
	if s.game == nil {
		return ErrNoGame
	}
	if plies > len(s.hist) {
		plies = len(s.hist)
	}
	keep := s.hist[:len(s.hist)-plies]
	texts := make([]string, len(keep))
	offers := make([]bool, len(keep))
	for i, h := range keep {
		texts[i], offers[i] = h.text, h.offer
	}
	fen := s.startFEN
	if err := s.Load(s.game.ID(), fen, texts); err != nil {
		return err
	}
	for i := range s.hist {
		s.hist[i].offer = offers[i]
	}
	return nil
}

// UndoTo takes back at least one ply and then more until seat is to move again (vs the AI:
// back to before your own last move). It stops at the start position.
func (s *Session) UndoTo(seat int) error {
	if s.game == nil {
		return ErrNoGame
	}
	n := 1
	for n < len(s.hist) && int(s.states[len(s.hist)-n].ToMove()) != seat {
		n++
	}
	return s.Undo(n)
}

// Resign ends the game as a loss for seat.
func (s *Session) Resign(seat int) error {
	if s.game == nil {
		return ErrNoGame
	}
	if s.Outcome().Over() {
		return ErrOver
	}
	o := rules.WinFor(rules.Seat(1-seat), rules.Resign)
	s.ended = &o
	return nil
}

// PendingOffer reports whether the last move carried a draw offer the side to move may
// accept (seed 001: the offer rides on a move and lasts for the opponent's turn).
func (s *Session) PendingOffer() bool {
	return len(s.hist) > 0 && s.hist[len(s.hist)-1].offer && !s.Outcome().Over()
}

// AcceptDraw accepts the pending offer: the game is drawn by agreement.
func (s *Session) AcceptDraw() error {
	if !s.PendingOffer() {
		return ErrNoOffer
	}
	o := rules.DrawBy(rules.Agreement)
	s.ended = &o
	return nil
}

// CanOffer reports whether the side to move may attach a draw offer to its next move.
// Seed 001: after an offer is refused (the opponent moved on without accepting), that side
// may not offer again until a man has moved or a piece has been taken by either side, and
// the move carrying the new offer does not count, so one move without an offer must come
// between. This page counts only moves after the refusing move itself.
func (s *Session) CanOffer() bool {
	if s.game == nil || s.Outcome().Over() {
		return false
	}
	seat := int(s.cur().ToMove())
	n := len(s.hist)
	for i := n - 1; i >= 0; i-- {
		h := s.hist[i]
		if h.mover == seat && h.offer {
			if i+1 >= n { // not answered yet: cannot happen on our own turn
				return false
			}
			for k := i + 2; k < n; k++ {
				if s.hist[k].resetter {
					return true
				}
			}
			return false
		}
	}
	return true
}

// AIChoice is the AI's decision for the side to move.
type AIChoice struct {
	Index  int    // index into the legal moves
	Text   string // PDN text of the move
	Offer  bool   // the AI offers a draw with this move
	Accept bool   // the AI accepts the pending offer instead of moving
}

// AIMove asks the game's engine for the side to move at a level ("beginner",
// "intermediate", "advanced") with a seed, without playing it. Errors: ErrNoGame, ErrOver,
// ai.ErrBadLevel, ai.ErrNoEngine, ai.ErrNoMove.
func (s *Session) AIMove(level string, seed int64) (AIChoice, error) {
	if s.game == nil {
		return AIChoice{}, ErrNoGame
	}
	if s.Outcome().Over() {
		return AIChoice{}, ErrOver
	}
	lv, err := ai.ParseLevel(level)
	if err != nil {
		return AIChoice{}, err
	}
	e, err := ai.For(s.game.ID())
	if err != nil {
		return AIChoice{}, err
	}
	st := s.cur()
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

// board is st's pieces as piece codes (st is always a draughts state: Start checks the id).
func (s *Session) board(st rules.State) board {
	ds, ok := draughts.AsState(st)
	if !ok {
		return make(board, s.r.Squares()+1)
	}
	return boardOf(s.r, ds.Position())
}

// describe says how move m of st looks: its squares, landing paths and captures, from the
// draughts package's Paths and CapturedSquares (rules/draughts, "for the UI").
func (s *Session) describe(st rules.State, m rules.Move) moveInfo {
	info := moveInfo{text: m.String()}
	ds, ok1 := draughts.AsState(st)
	dm, ok2 := draughts.AsMove(m)
	if !ok1 || !ok2 {
		return info
	}
	pos := ds.Position()
	info.from, info.to = int(pos.From(dm)), int(pos.To(dm))
	info.capture = dm.IsCapture()
	for _, p := range pos.Paths(dm) {
		path := []int{info.from}
		for _, sq := range p {
			path = append(path, int(sq))
		}
		info.paths = append(info.paths, path)
	}
	if len(info.paths) > 0 {
		info.path = info.paths[0]
	}
	for _, sq := range pos.CapturedSquares(dm) {
		info.captured = append(info.captured, int(sq))
	}
	return info
}

// algebraic writes the texts of a list of moves in algebraic names: "c3-d4", "c3×e5", and
// every landing ("c3×e5×g7") when another move shares the same first and last squares.
func (s *Session) algebraic(infos []moveInfo) {
	for i := range infos {
		a := &infos[i]
		if a.from == 0 {
			a.alg = a.text
			continue
		}
		sep := "-"
		if a.capture {
			sep = "×"
		}
		full := false
		for j := range infos {
			if j != i && infos[j].from == a.from && infos[j].to == a.to {
				full = true
			}
		}
		sqs := []int{a.from, a.to}
		if full {
			sqs = a.path
		}
		parts := make([]string, len(sqs))
		for k, sq := range sqs {
			parts[k] = s.r.Name(draughts.Square(sq))
		}
		a.alg = strings.Join(parts, sep)
	}
}
