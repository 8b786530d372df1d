package ai

import (
	"hash/fnv"
	"math/rand/v2"
)

// NewRand returns the deterministic generator of one request: a PCG seeded with the seed
// and a hash of the position text, so one game seed gives different but repeatable draws
// in different positions.
func NewRand(seed int64, position string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(position))
	return rand.New(rand.NewPCG(uint64(seed), h.Sum64()))
}
