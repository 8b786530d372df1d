package draughts

import (
	"context"
	"testing"
	"time"

	"madang/ai"
)

// A timed search goes on until its budget is spent, not only while 60%
// is left: on a clock that moves 1 ms at each look (every 1024 nodes), a 400 ms search of
// the draughts start ends with all 400 ms used.
func TestSearchUsesWholeTime(t *testing.T) {
	now := time.Unix(0, 0)
	clock := func() time.Time {
		now = now.Add(time.Millisecond)
		return now
	}
	const budget = 400 * time.Millisecond
	ctl := ai.NewControlClock(context.Background(), ai.Budget{Time: budget}, clock)
	s := NewSearcher(Draughts, 4)
	res := s.Search(Draughts.R.Start(), Limits{}, ctl)
	if ctl.Elapsed() < budget {
		t.Errorf("searched %v of %v (depth %d)", ctl.Elapsed(), budget, res.Depth)
	}
}
