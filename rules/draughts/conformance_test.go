package draughts_test

import (
	"testing"

	"madang/rules/draughts"
	"madang/rules/rulestest"
)

// The generic API's promises (rules.Move, rules.State) hold for checkers and draughts.
func TestConformance(t *testing.T) {
	rulestest.Run(t, draughts.English.Game(), rulestest.Config{Seed: 1, Playouts: 12})
	rulestest.Run(t, draughts.International.Game(), rulestest.Config{Seed: 2, Playouts: 6})
}
