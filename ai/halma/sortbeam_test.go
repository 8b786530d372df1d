package halma

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// sortBeam orders as slices.SortStableFunc by score, highest first, did: equal scores keep
// their order.
func TestSortBeam(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 70 {
		nodes := make([]beamNode, n)
		for i := range nodes {
			nodes[i] = beamNode{parent: int32(i), score: rng.IntN(8) - 4}
		}
		want := slices.Clone(nodes)
		slices.SortStableFunc(want, func(a, b beamNode) int { return b.score - a.score })
		sortBeam(nodes)
		if !slices.Equal(nodes, want) {
			t.Fatalf("%d nodes: %v, want %v", n, nodes, want)
		}
	}
}
