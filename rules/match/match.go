// Package match is the game-independent part of one match, shared by the room
// (functions/room) and the browser's session (site/wasm/session): the log of moves and dice
// rolls with who entered each, draw offers riding on a move and the ban after a declined
// one (seed 001), accepting a draw, resigning (rules.ResignOutcome, seeds 000 and 001), the
// outcome, and the names of statuses and phases on the wire. The game's own rules stay in
// its rules.State; a Match only keeps what happens around them. No I/O.
package match

import (
	"errors"

	"madang/rules"
)

// Errors of a match. Rules errors (rules.ErrIllegal, rules.ErrPhase, parse errors) come back
// unchanged from the state.
var (
	ErrOver    = errors.New("match: the game has ended")
	ErrOffer   = errors.New("match: this seat may not offer a draw now")
	ErrNoOffer = errors.New("match: no draw offer for this seat to accept")
	ErrSeat    = errors.New("match: no such seat")
)

// Rules are a game's match rules beside its game rules.
type Rules struct {
	// DrawOffers: a seat may attach a draw offer to a move; the next seat accepts it on its
	// turn or declines it by moving (seed 001, "무승부를 제안할 때는").
	DrawOffers bool
	// DrawReset reports whether m, a legal move of before, lifts the ban a declined offer
	// brings (seed 001, checkers and draughts: a man moved or a piece was taken; the
	// family's rules package gives the predicate). Nil means every move lifts it.
	DrawReset func(before rules.State, m rules.Move) bool
}

// Entry is one item of the log: a move or a dice roll.
type Entry struct {
	// Text is the move's canonical text or the route it took (rules.ParseRoute), or the
	// dice as "5-3" (rules.Dice.String).
	Text string
	// Seat is the seat to act before the entry (for the opening roll of a dice game, the
	// seat the state names; see Opening).
	Seat rules.Seat
	// Roll: the entry is a dice roll, not a move.
	Roll bool
	// Opening: the opening roll of a dice game (rules.IsOpening), which no seat makes.
	Opening bool
	// Offer: a draw offer rode on this move. Entries restored by Resume carry none.
	Offer bool
}

// Actor is the seat that made the entry, -1 for the opening roll (the room's server makes
// it).
func (e Entry) Actor() int {
	if e.Opening {
		return -1
	}
	return int(e.Seat)
}

// Offer is a standing draw offer: the seat that made it and the log length after the move
// it rode on.
type Offer struct {
	Seat int
	Ply  int
}

// Ban is a seat's ban on offering after its offer was declined (seed 001, "거절당한 뒤에는
// 다음에 어느 쪽이든 일반 말이 움직이거나 말이 따먹힐 때까지 같은 쪽은 제안할 수 없습니다"):
// On until a draw-reset move (Rules.DrawReset) of either seat at a log index of at least
// After, the index after the declining move. The declining move does not lift it; the
// banned seat's own next move may, but cannot itself carry an offer, so a move without an
// offer comes between ("다시 제안할 수 있는 것은 제안이 없는 수를 사이에 둔 뒤").
type Ban struct {
	On    bool
	After int
}

// Match is one game's log, offers and outcome from a start state. The zero value is not
// usable: make one with New or Resume. A Match is not safe for concurrent use; Clone
// gives an independent copy.
type Match struct {
	rules Rules
	start rules.State
	state rules.State
	prev  rules.State // the state before the last entry; nil when unknown (Resume of none)
	log   []Entry
	offer *Offer
	bans  []Ban          // one per seat
	ended *rules.Outcome // decided outside the rules: resignation, agreement, a room's ruling
}

// New starts a match from start with nothing played.
func New(start rules.State, r Rules) *Match {
	return &Match{rules: r, start: start, state: start, bans: make([]Ban, start.Seats())}
}

// Start is the state the match began from.
func (m *Match) Start() rules.State { return m.start }

// State is the current state.
func (m *Match) State() rules.State { return m.state }

// Prev is the state before the last log entry, nil before the first one.
func (m *Match) Prev() rules.State { return m.prev }

// Len is the number of log entries (moves and rolls): the ply.
func (m *Match) Len() int { return len(m.log) }

// Entry is log entry i (0 <= i < Len()).
func (m *Match) Entry(i int) Entry { return m.log[i] }

// Texts are the log's texts in order, in a new slice.
func (m *Match) Texts() []string {
	out := make([]string, len(m.log))
	for i, e := range m.log {
		out[i] = e.Text
	}
	return out
}

// Outcome is the match's result: the outcome decided outside the rules when there is one
// (resignation, agreement, End), else the rules' outcome of the current state.
func (m *Match) Outcome() rules.Outcome {
	if m.ended != nil {
		return *m.ended
	}
	return m.state.Outcome()
}

// Over reports whether the match has ended.
//
// Over, enter and End stay out of line: inlined at each caller they made every
// WebAssembly module about 0.4 KB (brotli) larger, against its 620,000-byte budget.
//
//go:noinline
func (m *Match) Over() bool { return m.Outcome().Over() }

// Play plays mv, a move of the current state, for the seat to move, logged as text (its
// canonical text or the route it took), with a draw offer riding on it when offer is set.
// The move declines a standing offer of another seat, which bans that seat's offers until
// a later draw-reset move; a draw-reset move lifts the bans it may lift (seed 001). Errors:
// ErrOver, ErrOffer (nothing changes), and the state's Play errors (rules.ErrIllegal,
// rules.ErrPhase).
func (m *Match) Play(mv rules.Move, text string, offer bool) error {
	if m.Over() {
		return ErrOver
	}
	before := m.state
	seat := int(before.ToMove())
	if offer && !m.MayOffer(seat) {
		return ErrOffer
	}
	next, err := before.Play(mv)
	if err != nil {
		return err
	}
	k := len(m.log)
	m.enter(Entry{Text: text, Seat: before.ToMove(), Offer: offer}, next)
	if m.rules.DrawOffers && (m.rules.DrawReset == nil || m.rules.DrawReset(before, mv)) {
		for j := range m.bans {
			if m.bans[j].On && k >= m.bans[j].After {
				m.bans[j] = Ban{}
			}
		}
	}
	if o := m.offer; o != nil && o.Seat != seat && o.Seat < len(m.bans) {
		m.bans[o.Seat] = Ban{On: true, After: k + 1}
	}
	m.offer = nil
	if offer {
		m.offer = &Offer{Seat: seat, Ply: k + 1}
	}
	if next.Outcome().Over() {
		m.offer = nil
	}
	return nil
}

// Roll enters dice in the state's roll phase as a log entry ("5-3"). Errors: ErrOver, the
// state's Roll errors (rules.ErrPhase, bad dice).
func (m *Match) Roll(d rules.Dice) error {
	if m.Over() {
		return ErrOver
	}
	st := m.state
	next, err := st.Roll(d)
	if err != nil {
		return err
	}
	m.enter(Entry{Text: d.String(), Seat: st.ToMove(), Roll: true, Opening: rules.IsOpening(st)}, next)
	if next.Outcome().Over() {
		m.offer = nil
	}
	return nil
}

// PlayText enters one text of a log: dice text ("5-3") when the state waits for a roll,
// else a move (rules.ParseRoute, logged as the route it names) with a draw offer riding on
// it when offer is set. Errors: those of Roll and Play, and the parse errors.
func (m *Match) PlayText(text string, offer bool) error {
	if m.state.Phase() == rules.PhaseRoll {
		d, err := rules.ParseDice(text)
		if err != nil {
			return err
		}
		return m.Roll(d)
	}
	mv, route, err := rules.ParseRoute(m.state, text)
	if err != nil {
		return err
	}
	return m.Play(mv, route, offer)
}

// enter appends e, whose result is next (out of line: see Over).
//
//go:noinline
func (m *Match) enter(e Entry, next rules.State) {
	m.log = append(m.log, e)
	m.prev, m.state = m.state, next
}

// MayOffer reports whether seat may attach a draw offer to its next move: the game allows
// offers, the match goes on, and the seat's offer was not declined since the last
// draw-reset move that may lift the ban (seed 001).
func (m *Match) MayOffer(seat int) bool {
	return m.rules.DrawOffers && !m.Over() && seat >= 0 && seat < len(m.bans) && !m.bans[seat].On
}

// PendingOffer is the standing draw offer, if any: it rode on the last move and no move
// has answered it yet (a roll leaves it standing).
func (m *Match) PendingOffer() (Offer, bool) {
	if m.offer == nil {
		return Offer{}, false
	}
	return *m.offer, true
}

// OfferFor reports whether seat, to act now, may accept a standing offer of another seat.
func (m *Match) OfferFor(seat int) bool {
	return m.offer != nil && m.offer.Seat != seat && !m.Over() && int(m.state.ToMove()) == seat
}

// AcceptDraw accepts the standing offer for seat: the match is drawn by agreement (seed
// 001). A person and the AI accept through it alike. Errors: ErrOver, ErrNoOffer when seat
// is not to act or no offer of another seat stands.
func (m *Match) AcceptDraw(seat int) error {
	if m.Over() {
		return ErrOver
	}
	if !m.OfferFor(seat) {
		return ErrNoOffer
	}
	m.End(rules.DrawBy(rules.Agreement))
	return nil
}

// Resign ends the match with seat resigning: the outcome rules.ResignOutcome gives (the
// state's own rule, such as three-player diamond's nearest-goal winner of seed 000; else
// the next seat wins one point), its reason replaced by why when why is not
// rules.ReasonNone (a room that rules on a seat leaving says rules.Abandoned). Errors:
// ErrOver, ErrSeat.
func (m *Match) Resign(seat int, why rules.Reason) error {
	if m.Over() {
		return ErrOver
	}
	if seat < 0 || seat >= m.state.Seats() {
		return ErrSeat
	}
	o := rules.ResignOutcome(m.state, rules.Seat(seat))
	if why != rules.ReasonNone {
		o.Reason = why
	}
	m.End(o)
	return nil
}

// End ends the match with an outcome decided outside the rules (a resignation, an
// agreement, a room's ruling): Outcome reports it from now on, and no offer stands.
// An outcome that is not over is ignored. (Out of line: see Over.)
//
//go:noinline
func (m *Match) End(o rules.Outcome) {
	if !o.Over() {
		return
	}
	m.ended = &o
	m.offer = nil
}

// Ban is seat's ban on offering (the zero Ban for a seat out of range).
func (m *Match) Ban(seat int) Ban {
	if seat < 0 || seat >= len(m.bans) {
		return Ban{}
	}
	return m.bans[seat]
}

// Offers are the standing offer and each seat's ban, as a store keeps them (Resume takes
// them back). bans is a new slice.
func (m *Match) Offers() (offer *Offer, bans []Ban) {
	if m.offer != nil {
		o := *m.offer
		offer = &o
	}
	return offer, append([]Ban(nil), m.bans...)
}

// SetOffers sets the standing offer (nil: none) and the seats' bans (missing seats have
// none) as a store kept them, such as a room whose stored seats changed hands since (a seat
// given to another occupant starts without a ban). It does not check them against the log.
func (m *Match) SetOffers(offer *Offer, bans []Ban) {
	m.offer = nil
	if offer != nil {
		o := *offer
		m.offer = &o
	}
	clear(m.bans)
	copy(m.bans, bans)
}

// Resume rebuilds a match from start by entering texts (rules.PlayText's reading: dice in
// a roll phase, else a move or route), then sets what the log's texts do not hold: the
// standing offer, the seats' bans (missing seats have none) and the outcome decided
// outside the rules (nil: none), as a room stores them. On a bad text it returns the error
// and the index of the text. Resume does not check offer and bans against the log.
func Resume(start rules.State, r Rules, texts []string, offer *Offer, bans []Ban, ended *rules.Outcome) (*Match, int, error) {
	m := New(start, r)
	m.log = make([]Entry, 0, len(texts))
	for i, t := range texts {
		if err := m.resumeText(t); err != nil {
			return nil, i, err
		}
	}
	m.SetOffers(offer, bans)
	if ended != nil {
		m.End(*ended)
	}
	return m, len(texts), nil
}

// resumeText enters one text as rules.PlayText reads it (a stored log was checked when it
// was written), keeping the text as stored.
func (m *Match) resumeText(text string) error {
	st := m.state
	e := Entry{Text: text, Seat: st.ToMove()}
	if st.Phase() == rules.PhaseRoll {
		e.Roll, e.Opening = true, rules.IsOpening(st)
	}
	next, err := rules.PlayText(st, text)
	if err != nil {
		return err
	}
	m.enter(e, next)
	return nil
}

// Clone is an independent copy: entering into either changes nothing of the other.
func (m *Match) Clone() *Match {
	c := *m
	c.log = m.log[:len(m.log):len(m.log)] // entries are values; an append copies
	c.bans = append([]Ban(nil), m.bans...)
	if m.offer != nil {
		o := *m.offer
		c.offer = &o
	}
	if m.ended != nil {
		o := *m.ended
		c.ended = &o
	}
	return &c
}
