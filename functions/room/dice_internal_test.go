package room

import (
	"bytes"
	"errors"
	"testing"

	"madang/rules"
)

// Every byte below 252 gives each face equally often (42 times); bytes 252..255 are drawn
// again; a reader that never gives a usable byte fails instead of spinning.
func TestDrawDiceUnbiased(t *testing.T) {
	var all []byte
	for b := 0; b < 256; b++ {
		all = append(all, byte(b))
	}
	r := bytes.NewReader(all)
	var count [7]int
	for {
		d, err := drawDice(r)
		if err != nil {
			break
		}
		count[d[0]]++
		count[d[1]]++
	}
	for face := 1; face <= 6; face++ {
		if count[face] != 42 {
			t.Fatalf("face counts %v, want 42 each", count[1:])
		}
	}
	if _, err := drawDice(bytes.NewReader(bytes.Repeat([]byte{255}, 200))); !errors.Is(err, errDice) {
		t.Fatalf("a reader of 255s: %v", err)
	}
	d, err := drawDice(bytes.NewReader([]byte{252, 255, 5, 6}))
	if err != nil || d != (rules.Dice{6, 1}) {
		t.Fatalf("252 255 5 6 -> %v %v, want 6-1", d, err)
	}
}
