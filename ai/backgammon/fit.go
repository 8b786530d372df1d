package backgammon

import (
	"math"
	"math/rand/v2"

	bg "madang/rules/backgammon"
)

// A Sample is a position with its target chances: Board after seat 0's play (seat 1
// rolls next) and the chances for seat 0, indexed by Win .. LoseBackgammon.
type Sample struct {
	Board  bg.Board
	Target [Outputs]float32
}

// Fit fits n to samples by stochastic gradient descent on the cross-entropy of each output
// (a sigmoid read as a probability), one sample at a time, epochs passes in an order
// shuffled by a PCG seeded with seed, so a run is reproducible. The rate starts at alpha
// and falls linearly to alpha·last over the passes (last 0.1: a tenth). progress, when not nil, is called after
// every pass with its mean cross-entropy a sample and output.
func Fit(n *Net, samples []Sample, epochs int, seed uint64, alpha, last float32, progress func(epoch int, loss float64)) {
	rng := rand.New(rand.NewPCG(seed, 0xf17))
	order := make([]int32, len(samples))
	for i := range order {
		order[i] = int32(i)
	}
	hid := make([]float32, n.Hidden)
	var in input
	for e := 0; e < epochs; e++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		rate := alpha
		if epochs > 1 {
			rate = alpha * (1 - (1-last)*float32(e)/float32(epochs-1))
		}
		loss := 0.0
		for _, i := range order {
			s := &samples[i]
			encode(&s.Board, 0, &in)
			loss += n.step(&in, &s.Target, rate, hid)
		}
		if progress != nil {
			progress(e+1, loss/float64(len(samples)*Outputs))
		}
	}
}

// step moves n's outputs for in towards target by one gradient step of the cross-entropy
// and returns the cross-entropy before the step (summed over the outputs).
func (n *Net) step(in *input, target *[Outputs]float32, alpha float32, hid []float32) float64 {
	var out [Outputs]float32
	n.forward(in, hid, &out)
	var dOut [Outputs]float32
	loss := 0.0
	for o := range out {
		dOut[o] = target[o] - out[o]
		p := min(max(float64(out[o]), 1e-7), 1-1e-7)
		t := float64(target[o])
		loss -= t*math.Log(p) + (1-t)*math.Log(1-p)
	}
	for h := 0; h < n.Hidden; h++ {
		back := float32(0)
		for o := 0; o < Outputs; o++ {
			w := &n.W2[o*n.Hidden+h]
			back += dOut[o] * *w
			*w += alpha * dOut[o] * hid[h]
		}
		dh := alpha * back * hid[h] * (1 - hid[h])
		if dh == 0 {
			continue
		}
		row := n.W1[h*Inputs : (h+1)*Inputs]
		for k := 0; k < in.n; k++ {
			row[in.idx[k]] += dh * in.val[k]
		}
		n.B1[h] += dh
	}
	for o := range dOut {
		n.B2[o] += alpha * dOut[o]
	}
	return loss
}
