package ai

// MaxPly is the deepest ply a search may reach; killers are kept for plies below it.
const MaxPly = 128

// Killers remembers, per ply, the two latest quiet moves that caused a beta cut-off.
// Moves are the engine's compact codes (0: none).
type Killers [MaxPly][2]uint32

// Add records a cut-off move at ply.
func (k *Killers) Add(ply int, m uint32) {
	if ply < 0 || ply >= MaxPly || k[ply][0] == m {
		return
	}
	k[ply][1] = k[ply][0]
	k[ply][0] = m
}

// Rank is 2 for the first killer of ply, 1 for the second, 0 otherwise.
func (k *Killers) Rank(ply int, m uint32) int {
	if ply < 0 || ply >= MaxPly || m == 0 {
		return 0
	}
	switch m {
	case k[ply][0]:
		return 2
	case k[ply][1]:
		return 1
	}
	return 0
}

// History scores quiet moves by how often they cut off, weighted by depth squared,
// indexed by a small engine-chosen index (e.g. from*64+to).
type History struct {
	v []int32
}

// NewHistory makes a history table for indexes 0..n-1.
func NewHistory(n int) *History { return &History{v: make([]int32, n)} }

// Add credits index i with a cut-off at depth d; all entries are halved when one grows
// large, so old knowledge fades.
func (h *History) Add(i, d int) {
	if i < 0 || i >= len(h.v) {
		return
	}
	h.v[i] += int32(d * d)
	if h.v[i] > 1<<24 {
		for j := range h.v {
			h.v[j] /= 2
		}
	}
}

// Score is the credit of index i.
func (h *History) Score(i int) int32 {
	if i < 0 || i >= len(h.v) {
		return 0
	}
	return h.v[i]
}

// Clear forgets everything.
func (h *History) Clear() { clear(h.v) }
