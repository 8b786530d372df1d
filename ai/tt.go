package ai

// Bound tells how a stored score relates to the true value of a position.
type Bound uint8

const (
	BoundNone  Bound = iota
	BoundLower       // the score is a lower bound (the search failed high)
	BoundUpper       // the score is an upper bound (the search failed low)
	BoundExact
)

// Entry is one transposition-table slot. Move is the engine's own compact move code
// (0: none).
type Entry struct {
	Key   uint64
	Move  uint32
	Score int16
	Depth int8
	Bound Bound
}

// TT is a transposition table indexed by Zobrist keys: a power-of-two array of entries,
// always-replace except that a deeper entry of the same key is kept. Not safe for
// concurrent use.
type TT struct {
	e    []Entry
	mask uint64
}

// NewTT makes a table of about sizeMB megabytes (at least 1024 entries).
func NewTT(sizeMB int) *TT {
	n := uint64(1024)
	for n*2*16 <= uint64(sizeMB)<<20 {
		n *= 2
	}
	return &TT{e: make([]Entry, n), mask: n - 1}
}

// Probe returns the entry stored for key, if any.
func (t *TT) Probe(key uint64) (Entry, bool) {
	e := t.e[key&t.mask]
	return e, e.Key == key && e.Bound != BoundNone
}

// Store records a search result for key.
func (t *TT) Store(key uint64, move uint32, score int, depth int, b Bound) {
	slot := &t.e[key&t.mask]
	if slot.Key == key && int(slot.Depth) > depth && b != BoundExact {
		return
	}
	if move == 0 && slot.Key == key {
		move = slot.Move
	}
	if depth > 127 {
		depth = 127
	}
	if depth < -128 {
		depth = -128
	}
	*slot = Entry{Key: key, Move: move, Score: int16(score), Depth: int8(depth), Bound: b}
}

// Clear empties the table (a new game).
func (t *TT) Clear() { clear(t.e) }

// ScoreToTT converts a search score at ply (plies from the root) into the score to store:
// a win or loss (|score| > winBound) is made relative to the stored position, so that the
// same entry met at another ply still gives the distance to the end from there.
func ScoreToTT(score, ply, winBound int) int {
	switch {
	case score > winBound:
		return score + ply
	case score < -winBound:
		return score - ply
	}
	return score
}

// ScoreFromTT is the inverse of ScoreToTT: a stored score read at ply.
func ScoreFromTT(score, ply, winBound int) int {
	switch {
	case score > winBound:
		return score - ply
	case score < -winBound:
		return score + ply
	}
	return score
}
