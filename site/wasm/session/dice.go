package session

import (
	"errors"

	"madang/rules"
)

// ErrDice is the error for dice text that is not two dice 1..6 joined by "-".
var ErrDice = errors.Join(rules.ErrNotation, errors.New("session: dice are written like 5-3"))

// diceText writes a roll as the move log does (issue 9, DESIGN "a roll is logged as text
// (5-3)"): the two dice in the order rolled, joined by "-". It becomes rules.Dice.String
// once package rules offers it.
func diceText(d rules.Dice) string {
	return string([]byte{byte('0' + d[0]), '-', byte('0' + d[1])})
}

// parseDice reads diceText's form. Errors: ErrDice (wraps rules.ErrNotation). It becomes
// rules.ParseDice once package rules offers it.
func parseDice(text string) (rules.Dice, error) {
	if len(text) != 3 || text[1] != '-' || text[0] < '1' || text[0] > '6' || text[2] < '1' || text[2] > '6' {
		return rules.Dice{}, ErrDice
	}
	return rules.Dice{int8(text[0] - '0'), int8(text[2] - '0')}, nil
}
