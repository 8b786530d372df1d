// Package draughts is the engine of checkers (English/American, WCDF) and international
// draughts (FMJD): iterative-deepening PVS with a transposition table and an evaluation
// for each ruleset, searching the positions and moves of rules/draughts directly (its
// bitboards, allocation-free move lists, copy-make Apply and incremental Zobrist keys).
// It plays the generic rules.State through the ai.Engine interface and speaks square
// numbers and Hub positions for the `madang engine` command.
package draughts

import (
	"errors"
	"strconv"
	"strings"

	"madang/rules"
	rd "madang/rules/draughts"
)

// Variant is a ruleset of rules/draughts with the engine's tables for it.
type Variant struct {
	ID          string    // the rules registry id: "checkers" or "draughts"
	R           *rd.Rules // the ruleset
	Size        int       // board side: 8 or 10
	FlyingKings bool      // international draughts (FMJD art. 3.9)
	DrawPlies   int       // WCDF 1.32.1 forty moves each / FMJD art. 6.1 twenty-five moves each, in plies
	ev          *evalTables
	pt          *patternTables
	lw          *Weights // the tables the variant evaluates with; nil: the hand-made evaluation
	trained     *Weights // the shipped tables (used or not)
	book        *Book    // the advanced level's opening book; nil: none
	learned     bool     // evaluates with its shipped weights once they are loaded
	// mix is the learned score's share of the evaluation in 1/MixUnit (the rest is the
	// hand-made evaluation's); MixUnit: the learned score alone.
	mix int
}

// newVariant makes the variant of r with its shipped weights and book (nil in the browser's
// build: the worker hands them over later, LoadWeights and LoadBook); learned says whether
// it evaluates with the weights (else they are only loaded, for Trained), mix is the
// learned score's share of that evaluation in 1/MixUnit (WithMix).
func newVariant(r *rd.Rules, shipped, book []byte, learned bool, mix int) *Variant {
	v := &Variant{ID: r.ID, R: r, Size: r.Size, FlyingKings: r.FlyingKings, DrawPlies: r.QuietPlies, learned: learned, mix: mix}
	v.ev = newEvalTables(v)
	v.pt = newPatternTables(v)
	// A file that does not load leaves the hand-made evaluation, or no book (the shipped
	// files' tests fail then; the browser's build has none until the worker loads them).
	_ = v.LoadWeights(shipped)
	_ = v.LoadBook(book)
	return v
}

// LoadWeights gives v its shipped learned weights from the bytes of a weights file
// (weights/<id>.bin, Marshal's format): v keeps them as Trained and, when it evaluates with
// the learned evaluation (checkers), evaluates with them from now on. The native build
// calls it with the embedded file; the browser's worker fetches the file and hands it over
// (site/wasm/jsapi, op "data"). Not safe while a search of v runs. Errors: ErrWeights (as
// UnmarshalWeights), and v is left as it was.
func (v *Variant) LoadWeights(data []byte) error {
	w, err := v.UnmarshalWeights(data)
	if err != nil {
		return err
	}
	v.trained = w
	if v.learned {
		v.lw = w
	}
	return nil
}

// LoadBook gives v the opening book of the advanced level from the bytes of a book file
// (book/<id>.txt, ParseBook's format); a book without positions means none. As
// LoadWeights, the native build calls it with the embedded file and the browser's worker
// with the fetched one; not safe while v plays. Errors wrap ErrNotation (as ParseBook), and
// v is left as it was.
func (v *Variant) LoadBook(data []byte) error {
	b, err := v.ParseBook(data)
	if err != nil {
		return err
	}
	if b.Len() == 0 {
		b = nil
	}
	v.book = b
	return nil
}

// Checkers is English/American checkers as WCDF rules it (seed 001).
var Checkers = newVariant(&rd.English, shippedCheckers, bookCheckers, true, MixUnit)

// Draughts is international draughts as FMJD rules it (seed 001).
//
// It evaluates with seven eighths of the learned score and an eighth of the hand-made
// evaluation (DraughtsMix). The weights are the second generation (train.Defaults): 24,000
// self-play games played with the first generation's weights (themselves fitted to 24,000
// games of the hand-made evaluation). At 100 ms a move they beat the first generation
// 42-21-37 (both at three quarters learned); at seven eighths they solve 66 of TestProblems'
// 72 composed problems at the CI node budget (the floor 66; 65 at a half or three
// quarters). Figures in docs/measurements.md.
var Draughts = newVariant(&rd.International, shippedDraughts, bookDraughts, true, DraughtsMix)

// DraughtsMix is draughts' blend of its learned and hand-made evaluation (Mix): seven
// eighths learned, one eighth hand-made.
const DraughtsMix = MixUnit * 7 / 8

// VariantByID finds a variant by its rules id.
func VariantByID(id string) (*Variant, bool) {
	switch id {
	case "checkers":
		return Checkers, true
	case "draughts":
		return Draughts, true
	}
	return nil, false
}

// Squares is the number of playable squares (32 or 50).
func (v *Variant) Squares() int { return v.R.Squares() }

// Start is the initial position.
func (v *Variant) Start() rd.Position { return v.R.Start() }

// ErrNotation is the error of every text reader of this package; it also matches
// rules.ErrNotation.
var ErrNotation = errors.New("draughts: bad notation")

// notationError is one line, "draughts: bad notation: <detail>", that matches both
// ErrNotation and rules.ErrNotation (and whatever the detail error wraps).
type notationError struct {
	detail string
	err    error // the reader's own error, or nil
}

func (e *notationError) Error() string { return ErrNotation.Error() + ": " + e.detail }

func (e *notationError) Unwrap() []error {
	out := []error{ErrNotation, rules.ErrNotation}
	if e.err != nil {
		out = append(out, e.err)
	}
	return out
}

// notationErr quotes text after what, its first 80 characters and "…" when longer: an
// error about a long text (a line of a megabyte from a GUI) does not echo it whole.
func notationErr(what, text string) error {
	q := strconv.Quote(text)
	if r := []rune(text); len(r) > 80 {
		q = strconv.Quote(string(r[:80])) + "…"
	}
	return &notationError{detail: what + ": " + q}
}

// wrapNotation turns another reader's error into a notationError, without repeating
// "bad notation" when its text starts with it.
func wrapNotation(err error) error {
	return &notationError{detail: strings.TrimPrefix(err.Error(), rules.ErrNotation.Error()+": "), err: err}
}

// ParseFEN reads a PDN FEN such as "W:W21,22:B1,K5" or "B:W31-50:B1-20" (rules/draughts
// ParseFEN; surrounding spaces and quotes are tolerated). Errors wrap ErrNotation.
func (v *Variant) ParseFEN(s string) (rd.Position, error) {
	p, err := rd.ParseFEN(v.R, strings.TrimSpace(strings.Trim(strings.TrimSpace(s), "\"")))
	if err != nil {
		return p, wrapNotation(err)
	}
	return p, nil
}

// colour is the PDN colour letter of a seat ('W' or 'B').
func (v *Variant) colour(seat rules.Seat) byte {
	if seat == 0 {
		return v.R.FirstColour
	}
	return 'W' + 'B' - v.R.FirstColour
}

// ParseHub reads a Hub position: the side letter then one character per square in PDN
// order, 'w' 'b' men, 'W' 'B' kings, 'e' empty (Hub protocol version 2, "pos").
func (v *Variant) ParseHub(s string) (rd.Position, error) {
	n := v.Squares()
	if len(s) != n+1 {
		return rd.Position{}, notationErr("Hub position needs "+strconv.Itoa(n+1)+" characters", s)
	}
	var side string
	switch s[0] {
	case 'W', 'w':
		side = "W"
	case 'B', 'b':
		side = "B"
	default:
		return rd.Position{}, notationErr("Hub position side must be W or B", s)
	}
	var w, b []string
	for i := 1; i <= n; i++ {
		sq := strconv.Itoa(i)
		switch s[i] {
		case 'w':
			w = append(w, sq)
		case 'b':
			b = append(b, sq)
		case 'W':
			w = append(w, "K"+sq)
		case 'B':
			b = append(b, "K"+sq)
		case 'e', '.', '-':
		default:
			return rd.Position{}, notationErr("Hub position square must be one of wbWBe", s)
		}
	}
	p, err := rd.ParseFEN(v.R, side+":W"+strings.Join(w, ",")+":B"+strings.Join(b, ","))
	if err != nil {
		return p, wrapNotation(err)
	}
	return p, nil
}

// Hub writes p as a Hub position string.
func (v *Variant) Hub(p *rd.Position) string {
	n := v.Squares()
	b := make([]byte, n+1)
	b[0] = v.colour(p.Side())
	for i := 1; i <= n; i++ {
		seat, king, ok := p.Piece(rd.Square(i))
		switch {
		case !ok:
			b[i] = 'e'
		case king:
			b[i] = v.colour(seat)
		default:
			b[i] = v.colour(seat) + 'a' - 'A'
		}
	}
	return string(b)
}

// square is the PDN number of a layout bit.
func (v *Variant) square(bit int) int { return int(v.R.SquareAt(bit)) }

// HubMove writes m as the Hub protocol does: "32-28", or for a capture from x to x each
// captured square, ascending ("28x19x23").
func (v *Variant) HubMove(m rd.Move) string {
	if !m.IsCapture() {
		return v.ShortMove(m)
	}
	s := strconv.Itoa(v.square(m.FromBit())) + "x" + strconv.Itoa(v.square(m.ToBit()))
	// Layout bits ascend with the square numbers.
	for b := m.Captured(); b != 0; b &= b - 1 {
		s += "x" + strconv.Itoa(v.square(lowBit(b)))
	}
	return s
}

// ShortMove writes m in PDN short form: "32-28" or "28x19" (from and to only).
func (v *Variant) ShortMove(m rd.Move) string {
	sep := "-"
	if m.IsCapture() {
		sep = "x"
	}
	return strconv.Itoa(v.square(m.FromBit())) + sep + strconv.Itoa(v.square(m.ToBit()))
}

// squaresOf splits move text into its square numbers and tells whether it was written as
// a capture.
func (v *Variant) squaresOf(text string) ([]rd.Square, bool, error) {
	text = strings.TrimSpace(text)
	capture := strings.ContainsAny(text, "x:×")
	f := strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == 'x' || r == ':' || r == '×' })
	if len(f) < 2 {
		return nil, false, notationErr("move needs at least two squares", text)
	}
	sq := make([]rd.Square, len(f))
	for i, s := range f {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > v.Squares() {
			return nil, false, notationErr("move square out of 1.."+strconv.Itoa(v.Squares()), text)
		}
		sq[i] = rd.Square(n)
	}
	return sq, capture, nil
}

// ParseMove matches move text against the legal moves of p. It accepts "32-28", captures
// as from and to only ("28x19", when that is unambiguous), with every landing square
// ("15x24x31", PDN), or in Hub form with the captured squares ("28x19x23").
// Errors wrap ErrNotation, also for an illegal or ambiguous move.
func (v *Variant) ParseMove(p *rd.Position, text string) (rd.Move, error) {
	sq, capture, err := v.squaresOf(text)
	if err != nil {
		return rd.Move{}, err
	}
	var l rd.MoveList
	p.Generate(&l)
	from, to := v.R.Bit(sq[0]), v.R.Bit(sq[len(sq)-1])
	var hubCaptured uint64
	for _, s := range sq[2:] {
		hubCaptured |= v.R.Bit(s)
	}
	var found []rd.Move
	for _, m := range l.Slice() {
		if m.IsCapture() != capture || 1<<m.FromBit() != from {
			continue
		}
		switch {
		case len(sq) == 2 && 1<<m.ToBit() == to:
			found = append(found, m)
		case len(sq) > 2 && 1<<m.ToBit() == v.R.Bit(sq[1]) && m.Captured() == hubCaptured:
			found = append(found, m)
		case len(sq) > 2 && capture && 1<<m.ToBit() == to && hasPath(p.Paths(m), sq[1:]):
			found = append(found, m)
		}
	}
	switch len(found) {
	case 0:
		return rd.Move{}, notationErr("no legal move matches", text)
	case 1:
		return found[0], nil
	}
	for _, m := range found[1:] {
		if m != found[0] {
			return rd.Move{}, notationErr("ambiguous move", text)
		}
	}
	return found[0], nil
}

func hasPath(paths [][]rd.Square, want []rd.Square) bool {
	for _, p := range paths {
		if len(p) == len(want) {
			same := true
			for i := range p {
				same = same && p[i] == want[i]
			}
			if same {
				return true
			}
		}
	}
	return false
}
