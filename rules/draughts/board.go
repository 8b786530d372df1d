// Package draughts implements checkers (English/American rules as the WCDF plays them) and
// international draughts (FMJD rules) with one engine: a ruleset is a value of Rules, and
// the two games are the values English ("checkers") and International ("draughts"), both
// registered with the rules registry.
//
// The rules follow seed 001 (the checkers/draughts page), which reads WCDF and FMJD rules;
// the cases file shared/cases/draughts.md fixes the move identity: a move is (from, to, set
// of captured pieces), and two capture paths with the same three are one move.
//
// # Fast API (for search)
//
// Position is a comparable value (bitboards by seat, side to move, Zobrist key; no slices
// or maps), so it can be a map key and be copied freely. Seat 0 moves first (Black in
// checkers, White in draughts).
//
//	p := draughts.International.Start()      // or draughts.ParseFEN(&draughts.English, fen)
//	var l draughts.MoveList                  // caller-owned, 8 KiB; keep one per ply
//	p.Generate(&l)                           // legal moves only: captures are compulsory,
//	                                         // majority capture filtered, duplicates dropped
//	for _, m := range l.Slice() {            // l.Moves[:l.N]
//		q := p.Apply(m)                      // copy-make: p is unchanged
//		_ = q.Hash()                         // incremental Zobrist key (includes side to move)
//		_ = m.IsCapture()                    // also NumCaptured, Captured (bitboard), Promotes,
//		                                     // IsKingMove, FromBit, ToBit
//	}
//	// l.N == 0: the side to move has lost (no legal move, seed 001; rules.NoMoves).
//
// Bitboards (Men, Kings, Pieces, Empty, Rules.Bit, Rules.PromotionRow, MainDiagonal) use a
// layout with one ghost bit after every second row: bit = (square-1) + row/2, so the four
// diagonal neighbours are at offsets ±half, ±(half+1) (half = 4 or 5). Rules.SquareAt maps
// a bit back to the PDN square, Rules.Row gives a square's row from a seat's own side.
// CountMen and CountKings count a seat's pieces. HasCapture (a capture is compulsory now)
// and CanCapture(seat) (a capture is threatened) test with shifts only, for a quiescence
// search. Generate and Apply do not allocate; CountMoves counts the legal moves without
// listing plain ones, and Perft counts leaves with it (bulk counting at the last ply).
// Rules.Place builds a position from bitboards (endgame tables). Draw rules are not in Position: search code detects repetition with Hash
// and reads the counters from the State it started from (State.QuietPlies, Counters,
// History).
//
// # Generic API (server, browser, tools)
//
// *State implements rules.State: NewState(p) starts from a position with no history,
// State.Position and State.History give the search its root, State.PlayMove plays a Move,
// Position.Notate (or TextMove{m, p.MoveText(m)}) makes the rules.Move to return, AsMove
// and AsState unwrap the generic values. Move text: Position.MoveText (PDN, canonical),
// Position.AlgebraicText (c3-d4 for the UI), Position.ParseMove, Position.Path.
package draughts

import "madang/rules"

// Square is a playable (dark) square in PDN numbering: 1..32 on the 8x8 board, 1..50 on
// the 10x10 board. 0 is no square.
//
// The numbering runs row by row from the top of the usual diagram, left to right, the first
// square of each even row (counting from 0 at the top) one column in from the left edge:
//
//	checkers (8x8), Black (seat 0) on 1-12 at the top, moving down:
//	   .  1  .  2  .  3  .  4        algebraic, from Black's side:  4 = a1, 1 = g1
//	   5  .  6  .  7  .  8  .                                       11 = c3, 15 = d4
//	   .  9  . 10  . 11  . 12
//	  13  . 14  . 15  . 16  .
//	   . 17  . 18  . 19  . 20
//	  21  . 22  . 23  . 24  .
//	   . 25  . 26  . 27  . 28
//	  29  . 30  . 31  . 32  .        White (seat 1) on 21-32
//
//	draughts (10x10), Black (seat 1) on 1-20 at the top, White (seat 0) on 31-50 at the
//	bottom, moving up; algebraic from White's side: 46 = a1, 50 = i1, 5 = j10, 1 = b10.
//	   .  1  .  2  .  3  .  4  .  5
//	   6  .  7  .  8  .  9  . 10  .
//	   ...
//	  46  . 47  . 48  . 49  . 50  .
type Square int8

// Rules is one ruleset. The two values English and International are the only ones the
// package supports; their derived tables are filled in init.
type Rules struct {
	// ID is the registry id: "checkers" or "draughts".
	ID string
	// Size is the number of squares along a side: 8 (checkers) or 10 (international draughts), seed 001.
	Size int
	// FirstColour is the PDN FEN colour letter of seat 0, who moves first: 'B' in
	// checkers (seed 001: black moves first), 'W' in draughts (seed 001, FMJD: white first).
	FirstColour byte
	// FlyingKings: a king moves any number of empty squares along a diagonal and captures
	// a distant piece, landing on any empty square after it (seed 001; FMJD art. 4.3). False: a
	// king steps and jumps one square (seed 001, WCDF).
	FlyingKings bool
	// MenCaptureBackward: men capture backwards as well as forwards (FMJD art. 4.2). False:
	// men capture forwards only (seed 001, WCDF).
	MenCaptureBackward bool
	// MajorityCapture: of the capture sequences the one taking most pieces must be played,
	// a king counting as one (FMJD art. 4.13, 4.14). False: free choice (seed 001, WCDF).
	MajorityCapture bool
	// PromotionEndsMove: a man reaching the far row during a capture is crowned and the
	// move ends there (seed 001, WCDF). False: a man passing the far row mid-capture goes on
	// as a man and is crowned only if the move ends there (FMJD art. 4.15).
	PromotionEndsMove bool
	// QuietPlies is the automatic draw after this many plies without a man move and
	// without a capture: 80 in checkers (forty moves each, seed 001 / WCDF), 50 in draughts
	// (twenty-five moves each of kings only, seed 001 / FMJD art. 6.1).
	QuietPlies int
	// QuietReason is the outcome reason of that draw.
	QuietReason rules.Reason
	// EndgameCounts enables the 16-move and 5-move endgame draws (FMJD art. 6.2, 6.3) in
	// seed 001's reading: 3 pieces incl. a king against a lone king draw after 16 moves each;
	// 2 kings, king and man, or a king against a lone king after 5 moves each; a lone king
	// on the main diagonal with no opposing piece on it switches the 16 to 5 moves; a 3-1
	// becoming 2-1 starts the 5 then; never beyond the first deadline.
	EndgameCounts bool
	// SixteenPlies and FivePlies are those endgame limits in plies (32 and 10).
	SixteenPlies, FivePlies int

	variant  uint8
	half     int // squares per row
	n        int // squares
	mask     uint64
	topSeat  uint8     // the seat whose men start on squares 1..; it moves towards higher bits
	promo    [2]uint64 // far row per seat
	start    [2]uint64 // start position men per seat
	diag     uint64    // main diagonal a1..(seat 0's view)
	bitOf    [51]int8
	sqOf     [64]Square
	dirs     [4]int    // up-left, up-right, down-left, down-right in layout bits
	forward  [2][2]int // the two forward directions of each seat's men
	captureD [2][]int  // directions men of each seat capture in
}

// English is checkers as seed 001 describes it (WCDF English/American rules): 8x8, men
// move and capture forwards, kings step one square, capture compulsory with free choice,
// crowning ends the move, draws by threefold repetition and forty moves each.
var English = Rules{
	ID:                 "checkers",
	Size:               8,
	FirstColour:        'B',
	FlyingKings:        false,
	MenCaptureBackward: false,
	MajorityCapture:    false,
	PromotionEndsMove:  true,
	QuietPlies:         80,
	QuietReason:        rules.FortyMove,
	EndgameCounts:      false,
}

// International is international draughts as seed 001 describes it (FMJD rules): 10x10,
// flying kings, men capture backwards, majority capture, promotion only at the end of a
// move, draws by threefold repetition, 25 moves each of kings only, and the 16- and
// 5-move endgame counts.
var International = Rules{
	ID:                 "draughts",
	Size:               10,
	FirstColour:        'W',
	FlyingKings:        true,
	MenCaptureBackward: true,
	MajorityCapture:    true,
	PromotionEndsMove:  false,
	QuietPlies:         50,
	QuietReason:        rules.TwentyFiveMove,
	EndgameCounts:      true,
	SixteenPlies:       32,
	FivePlies:          10,
}

var variants = [2]*Rules{&English, &International}

func init() {
	English.setup(0)
	International.setup(1)
}

// Layout: square s (0-based, row r = s/half) lives on bit s + r/2, so that every second
// row is followed by one unused "ghost" bit. Then the four diagonal neighbours of every
// square are at bit offsets -half-1, -half, +half, +half+1, and every step off the board
// lands on a ghost bit or outside 0..63 (8x8: bits 0..34, ghosts 8, 17, 26; 10x10: bits
// 0..53, ghosts 10, 21, 32, 43).
func (r *Rules) setup(v uint8) {
	r.variant = v
	r.half = r.Size / 2
	r.n = r.Size * r.Size / 2
	r.topSeat = r.topSeatFor()
	top := r.topSeat
	startRows := r.Size/2 - 1
	for s := 1; s <= r.n; s++ {
		i := s - 1
		row := i / r.half
		b := i + row/2
		r.bitOf[s] = int8(b)
		r.sqOf[b] = Square(s)
		r.mask |= 1 << uint(b)
		if row == 0 {
			r.promo[1-top] |= 1 << uint(b)
		}
		if row == r.Size-1 {
			r.promo[top] |= 1 << uint(b)
		}
		if row < startRows {
			r.start[top] |= 1 << uint(b)
		}
		if row >= r.Size-startRows {
			r.start[1-top] |= 1 << uint(b)
		}
		file, rank := r.Algebraic(Square(s))
		if file == rank {
			r.diag |= 1 << uint(b)
		}
	}
	h := r.half
	r.dirs = [4]int{-h - 1, -h, h, h + 1}
	r.forward[top] = [2]int{h, h + 1}
	r.forward[1-top] = [2]int{-h - 1, -h}
	for seat := 0; seat < 2; seat++ {
		if r.MenCaptureBackward {
			r.captureD[seat] = r.dirs[:]
		} else {
			r.captureD[seat] = r.forward[seat][:]
		}
	}
}

// topSeatFor: checkers' first mover (Black) starts on 1-12 at the top; in draughts the
// first mover (White) starts on 31-50 at the bottom, so Black (seat 1) is on top.
func (r *Rules) topSeatFor() uint8 {
	if r.FirstColour == 'B' {
		return 0
	}
	return 1
}

// Squares is the number of playable squares: 32 or 50.
func (r *Rules) Squares() int { return r.n }

// Valid reports whether sq is a square of this board.
func (r *Rules) Valid(sq Square) bool { return sq >= 1 && int(sq) <= r.n }

// Bit is the bitboard of one square (0 for a square off this board). Bitboards of a
// Position use this layout: bits in square order with a ghost bit after every second row.
func (r *Rules) Bit(sq Square) uint64 {
	if !r.Valid(sq) {
		return 0
	}
	return 1 << uint(r.bitOf[sq])
}

// SquareAt is the square on layout bit b (0..63), or 0 for a ghost or unused bit.
func (r *Rules) SquareAt(b int) Square {
	if b < 0 || b >= 64 {
		return 0
	}
	return r.sqOf[b]
}

// Board is the bitboard of every playable square.
func (r *Rules) Board() uint64 { return r.mask }

// PromotionRow is the bitboard of the far row where the men of seat are crowned.
func (r *Rules) PromotionRow(seat rules.Seat) uint64 { return r.promo[seat&1] }

// MainDiagonal is the bitboard of the long diagonal a1..h8 (j10) seen from seat 0
// (draughts: 46, 41, 37, 32, 28, 23, 19, 14, 10, 5).
func (r *Rules) MainDiagonal() uint64 { return r.diag }

// Row is the row of sq counted from seat's own side: 0 is its back row, Size-1 the row
// where its men are crowned. It returns -1 for a square off the board.
func (r *Rules) Row(sq Square, seat rules.Seat) int {
	if !r.Valid(sq) {
		return -1
	}
	row := (int(sq) - 1) / r.half // from the top of the diagram
	if uint8(seat&1) == r.topSeat {
		return row
	}
	return r.Size - 1 - row
}

// coords gives the diagram row (0 at the top) and column (0 at the left) of sq.
func (r *Rules) coords(sq Square) (row, col int) {
	i := int(sq) - 1
	row = i / r.half
	p := i % r.half
	if row%2 == 0 {
		return row, 2*p + 1
	}
	return row, 2 * p
}

// Algebraic gives the file (0 = a) and rank (0 = 1) of sq seen from seat 0's side (seed
// 001 "칸의 이름": a1 at the first mover's lower left).
func (r *Rules) Algebraic(sq Square) (file, rank int) {
	row, col := r.coords(sq)
	if r.topSeatFor() == 0 {
		return r.Size - 1 - col, row
	}
	return col, r.Size - 1 - row
}

// FromAlgebraic is the inverse of Algebraic; 0 for a light or off-board square.
func (r *Rules) FromAlgebraic(file, rank int) Square {
	if file < 0 || rank < 0 || file >= r.Size || rank >= r.Size {
		return 0
	}
	var row, col int
	if r.topSeatFor() == 0 {
		row, col = rank, r.Size-1-file
	} else {
		row, col = r.Size-1-rank, file
	}
	if (row+col)%2 == 0 {
		return 0 // a light square
	}
	return Square(row*r.half + col/2 + 1)
}

// Name is the algebraic name of sq seen from seat 0 ("c3"), or "" for a square off the
// board.
func (r *Rules) Name(sq Square) string {
	if !r.Valid(sq) {
		return ""
	}
	f, k := r.Algebraic(sq)
	return string(rune('a'+f)) + itoa(k+1)
}

// rulesFor returns the ruleset of a variant index.
func rulesFor(v uint8) *Rules { return variants[v&1] }

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	neg := i < 0
	if neg {
		i = -i
	}
	var b [20]byte
	n := len(b)
	for i > 0 {
		n--
		b[n] = byte('0' + i%10)
		i /= 10
	}
	if neg {
		n--
		b[n] = '-'
	}
	return string(b[n:])
}

// ByID finds a ruleset by its game id ("checkers" or "draughts").
func ByID(id string) (*Rules, bool) {
	for _, r := range variants {
		if r.ID == id {
			return r, true
		}
	}
	return nil, false
}
