package backgammon

import (
	"strconv"

	"madang/rules"
)

// Seam: the rules package is getting Dice.String and rules.ParseDice (branch rules); until
// they land these private equivalents write and read dice as "5-3".

// diceText writes dice as "5-3".
func diceText(d rules.Dice) string {
	return strconv.Itoa(int(d[0])) + "-" + strconv.Itoa(int(d[1]))
}
