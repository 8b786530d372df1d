package room

import (
	"errors"
	"io"

	"madang/rules"
)

// maxDieDraws bounds the bytes read for one die: a reader that keeps giving bytes over 251
// (a broken one; crypto/rand does so with probability (4/256)^64) fails instead of spinning.
const maxDieDraws = 64

// errDice is a reader that gave no usable byte for a die.
var errDice = errors.New("room: no usable random byte for a die")

// drawDice draws two dice from r, one byte per attempt: a byte b < 252 gives b%6+1, and
// bytes 252..255 are drawn again, so every face has probability exactly 1/6 (no modulo
// bias: 252 = 6*42).
func drawDice(r io.Reader) (rules.Dice, error) {
	var d rules.Dice
	var b [1]byte
	for i := range d {
		for k := 0; ; k++ {
			if k == maxDieDraws {
				return d, errDice
			}
			if _, err := io.ReadFull(r, b[:]); err != nil {
				return d, err
			}
			if b[0] < 252 {
				d[i] = int8(b[0]%6) + 1
				break
			}
		}
	}
	return d, nil
}

// maxOpeningRolls bounds the opening rolls of one start (a tie has probability 1/6).
const maxOpeningRolls = 64
