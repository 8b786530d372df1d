package backgammon

import (
	"bytes"
	"math/rand/v2"
	"testing"

	bg "madang/rules/backgammon"
)

func TestShippedNetLoads(t *testing.T) {
	if Shipped == nil {
		t.Fatal("net.bin does not load")
	}
	if !bytes.Equal(Shipped.Marshal(), shippedNet) {
		t.Fatal("net.bin does not marshal back to itself")
	}
	// The start position after a neutral play is about even; a won race is a win.
	p := Shipped.Probabilities(&bg.Start, 0)
	if p[0] < 0.3 || p[0] > 0.7 {
		t.Fatalf("start position: %v", p)
	}
	var race bg.Board
	race[0] = bg.Row{1: 1, bg.Off: 14}
	race[1] = bg.Row{24: 15}
	if p := Shipped.Probabilities(&race, 0); p[0] < 0.95 || p[1] < 0.5 {
		t.Fatalf("one checker left against fifteen on the 24-point: %v", p)
	}
}

func TestUnmarshalNetErrors(t *testing.T) {
	for _, data := range [][]byte{nil, []byte("BGN1"), []byte("XXXX\x01\x00\x00\x00"), []byte("BGN1\x00\x00\x00\x00"), shippedNet[:len(shippedNet)-1]} {
		if _, err := UnmarshalNet(data); err == nil {
			t.Errorf("UnmarshalNet(%d bytes) accepted", len(data))
		}
	}
}

// Training is reproducible: the same seed gives the same weights, and it learns (the
// outputs move).
func TestTrainIsReproducible(t *testing.T) {
	a := NewNet(8, rand.New(rand.NewPCG(3, 1)))
	b := NewNet(8, rand.New(rand.NewPCG(3, 1)))
	before := a.Marshal()
	Train(a, 3, 7, 0.1, nil)
	Train(b, 3, 7, 0.1, nil)
	if !bytes.Equal(a.Marshal(), b.Marshal()) {
		t.Fatal("two runs with one seed differ")
	}
	if bytes.Equal(a.Marshal(), before) {
		t.Fatal("training changed nothing")
	}
}
