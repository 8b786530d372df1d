package halma

import (
	"testing"
	"time"
)

func TestPerftProbe(t *testing.T) {
	for _, c := range []struct {
		r          *Rules
		pl, pi, dp int
	}{{&ChineseCheckers, 2, 10, 5}, {&DiamondKR, 2, 10, 5}, {&DiamondKR, 2, 15, 5}, {&Diamond, 2, 15, 5}, {&Diamond, 3, 15, 5}} {
		p, _ := c.r.Start(c.pl, c.pi)
		for d := 1; d <= c.dp; d++ {
			t0 := time.Now()
			n := p.Perft(d)
			t.Logf("%s %d %d depth %d: %d (%v)", c.r.ID, c.pl, c.pi, d, n, time.Since(t0))
		}
	}
}
