package halma

import (
	"testing"

	"madang/rules"
	"madang/rules/rulestest"
)

// The shared conformance suite (rules/rulestest) on the three games and their options.
func TestConformance(t *testing.T) {
	playouts, texts := 1, 250
	if testing.Short() {
		playouts, texts = 1, 80
	}
	for _, c := range []struct {
		r    *Rules
		opts rules.Options
	}{
		{&ChineseCheckers, nil},
		{&DiamondKR, rules.Options{"pieces": 10}},
		{&DiamondKR, rules.Options{"pieces": 15}},
		{&Diamond, rules.Options{"players": 2}},
		{&Diamond, rules.Options{"players": 3}},
	} {
		rulestest.Run(t, c.r.Game(), rulestest.Config{Options: c.opts, Seed: 7, Playouts: playouts, MaxTexts: texts})
	}
}

// The star states are rules.Resigner and rules.GoalDistancer.
var (
	_ rules.Resigner      = (*State)(nil)
	_ rules.GoalDistancer = (*State)(nil)
)
