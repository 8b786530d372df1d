package backgammon

import (
	"math/rand/v2"

	"madang/rules"
	bg "madang/rules/backgammon"
)

// Train improves n by temporal-difference learning, TD(0), over games of self-play: both
// sides play the play the net values most; after every turn the estimate of the position
// the previous turn left (from its player's view) moves towards the estimate of the new
// one seen from the other side (Flip), and the last
// position towards the game's result. alpha is the learning rate; dice come from a PCG
// seeded with seed, so a run is reproducible. progress, when not nil, is called after
// every game.
func Train(n *Net, games int, seed uint64, alpha float32, progress func(game int)) {
	rng := rand.New(rand.NewPCG(seed, 0x7d))
	hid := make([]float32, n.Hidden)
	var cand, prev input
	for g := 0; g < games; g++ {
		b := bg.Start
		var d rules.Dice
		for d[0] == d[1] {
			d = rules.Dice{int8(rng.IntN(6) + 1), int8(rng.IntN(6) + 1)}
		}
		seat := rules.Seat(rng.IntN(2))
		hasPrev := false
		for {
			if plays := bg.Plays(&b, seat, d); len(plays) > 0 {
				best, bestEq := plays[0], -1e9
				var out [Outputs]float32
				for _, m := range plays {
					a := b.After(seat, m)
					var eq float64
					if r, ok := final(&a, seat); ok {
						eq = equity(r) + 10
					} else {
						encode(&a, seat, &cand)
						n.forward(&cand, hid, &out)
						eq = equity(out)
					}
					if eq > bestEq {
						best, bestEq = m, eq
					}
				}
				b = b.After(seat, best)
			}
			r, over := final(&b, 1-seat)
			if hasPrev {
				var target [Outputs]float32
				if over {
					target = r
				} else {
					var cur input
					encode(&b, seat, &cur)
					var out [Outputs]float32
					n.forward(&cur, hid, &out)
					target = Flip(out)
				}
				n.learn(&prev, target, alpha, hid)
			}
			if over {
				break
			}
			encode(&b, seat, &prev)
			hasPrev = true
			seat = 1 - seat
			d = rules.Dice{int8(rng.IntN(6) + 1), int8(rng.IntN(6) + 1)}
		}
		if progress != nil {
			progress(g + 1)
		}
	}
}

// learn moves the outputs for in towards target by one gradient step of the squared error.
func (n *Net) learn(in *input, target [Outputs]float32, alpha float32, hid []float32) {
	var out [Outputs]float32
	n.forward(in, hid, &out)
	var dOut [Outputs]float32
	for o := range out {
		dOut[o] = (target[o] - out[o]) * out[o] * (1 - out[o])
	}
	for h := 0; h < n.Hidden; h++ {
		back := float32(0)
		for o := 0; o < Outputs; o++ {
			w := &n.W2[o*n.Hidden+h]
			back += dOut[o] * *w
			*w += alpha * dOut[o] * hid[h]
		}
		dh := back * hid[h] * (1 - hid[h])
		if dh == 0 {
			continue
		}
		row := n.W1[h*Inputs : (h+1)*Inputs]
		for k := 0; k < in.n; k++ {
			row[in.idx[k]] += alpha * dh * in.val[k]
		}
		n.B1[h] += alpha * dh
	}
	for o := range dOut {
		n.B2[o] += alpha * dOut[o]
	}
}
