package ai

import (
	"context"
	"errors"
	"testing"
	"time"

	"madang/rules"
)

// Unknown levels are refused and an explicit budget overrides the level (seed 001's
// tables are ai/draughts' TestSpecsFollowSeed001).
func TestLevels(t *testing.T) {
	if _, err := SpecFor("track", "grandmaster"); !errors.Is(err, ErrBadLevel) {
		t.Errorf("unknown level: err %v, want ErrBadLevel", err)
	}
	if _, err := ParseLevel("expert"); !errors.Is(err, ErrBadLevel) {
		t.Errorf("ParseLevel(expert): err %v", err)
	}
	s, err := Resolve("track", Request{Level: Beginner, Budget: Budget{Nodes: 10}})
	if err != nil || s != (Spec{Budget: Budget{Nodes: 10}}) {
		t.Errorf("an explicit budget must override the level: %+v %v", s, err)
	}
}

func TestNewRandIsDeterministic(t *testing.T) {
	a, b := NewRand(7, "W:W31-50:B1-20"), NewRand(7, "W:W31-50:B1-20")
	c := NewRand(7, "B:W31-50:B1-20")
	same, differ := true, false
	for range 20 {
		x, y, z := a.Uint64(), b.Uint64(), c.Uint64()
		same = same && x == y
		differ = differ || x != z
	}
	if !same {
		t.Error("same seed and position gave different draws")
	}
	if !differ {
		t.Error("different positions gave the same draws")
	}
}

func TestControlNodeBudget(t *testing.T) {
	c := NewControl(context.Background(), Budget{Nodes: 100})
	n := 0
	for !c.Tick() {
		n++
	}
	if n != 99 || c.Nodes() != 100 {
		t.Fatalf("stopped after %d ticks (%d nodes), want 99 and 100", n, c.Nodes())
	}
}

func TestControlTimeBudget(t *testing.T) {
	now := time.Unix(0, 0)
	c := newControl(context.Background(), Budget{Time: time.Second}, func() time.Time { return now })
	if !c.StartIteration() {
		t.Fatal("must start the first iteration")
	}
	now = now.Add(650 * time.Millisecond)
	if c.StartIteration() {
		t.Fatal("must not start an iteration past 60% of the budget")
	}
	for i := 0; i < checkEvery-1; i++ {
		if c.Tick() {
			t.Fatal("stopped before the budget")
		}
	}
	now = now.Add(500 * time.Millisecond)
	stopped := false
	for i := 0; i < checkEvery && !stopped; i++ {
		stopped = c.Tick()
	}
	if !stopped {
		t.Fatal("did not stop within one check interval after the budget ran out")
	}
}

func TestControlContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	c := NewControl(ctx, Budget{})
	cancel()
	stopped := false
	for i := 0; i < checkEvery && !stopped; i++ {
		stopped = c.Tick()
	}
	if !stopped || !errors.Is(c.Err(), context.Canceled) {
		t.Fatalf("stopped=%v err=%v after cancel", stopped, c.Err())
	}
}

func TestTT(t *testing.T) {
	tt := NewTT(1)
	if _, ok := tt.Probe(12345); ok {
		t.Fatal("empty table found an entry")
	}
	tt.Store(12345, 77, -40, 6, BoundLower)
	e, ok := tt.Probe(12345)
	if !ok || e.Move != 77 || e.Score != -40 || e.Depth != 6 || e.Bound != BoundLower {
		t.Fatalf("probe = %+v, %v", e, ok)
	}
	tt.Store(12345, 0, 10, 2, BoundUpper) // shallower, not exact: kept the deeper one
	if e, _ := tt.Probe(12345); e.Depth != 6 {
		t.Fatalf("a shallow bound replaced a deeper entry: %+v", e)
	}
	tt.Store(12345, 0, 10, 8, BoundUpper)
	if e, _ := tt.Probe(12345); e.Depth != 8 || e.Move != 77 {
		t.Fatalf("deeper store lost the move: %+v", e)
	}
	tt.Clear()
	if _, ok := tt.Probe(12345); ok {
		t.Fatal("Clear left an entry")
	}
}

func TestKillersAndHistory(t *testing.T) {
	var k Killers
	k.Add(3, 10)
	k.Add(3, 11)
	k.Add(3, 11)
	if k.Rank(3, 11) != 2 || k.Rank(3, 10) != 1 || k.Rank(3, 12) != 0 || k.Rank(4, 11) != 0 {
		t.Fatalf("killer ranks wrong: %v", k[3])
	}
	k.Add(MaxPly, 5) // out of range: ignored, no panic
	h := NewHistory(16)
	h.Add(3, 4)
	h.Add(3, 2)
	h.Add(99, 2)
	if h.Score(3) != 20 || h.Score(4) != 0 || h.Score(-1) != 0 {
		t.Fatalf("history scores %d %d", h.Score(3), h.Score(4))
	}
}

type fakeGame struct{}

func (fakeGame) ID() string                                        { return "fake-ai-test" }
func (fakeGame) Validate(o rules.Options) (rules.Options, error)   { return o, nil }
func (fakeGame) New(rules.Options) (rules.State, error)            { return fakeState{}, nil }
func (fakeGame) Decode(rules.Options, string) (rules.State, error) { return fakeState{}, nil }

type fakeState struct{ rules.State }

func (fakeState) Game() rules.Game { return fakeGame{} }

type fakeEngine struct{ got Request }

func (e *fakeEngine) Choose(_ context.Context, r Request) (Result, error) {
	e.got = r
	return Result{Score: 42}, nil
}
func (e *fakeEngine) AcceptDraw(rules.State) bool { return true }
func (e *fakeEngine) OfferDraw(rules.State) bool  { return false }

func TestChooseDispatchesByGame(t *testing.T) {
	e := &fakeEngine{}
	Register("fake-ai-test", e)
	defer delete(engines, "fake-ai-test")
	r, err := Choose(context.Background(), Request{State: fakeState{}, Level: Advanced, Seed: 3})
	if err != nil || r.Score != 42 || e.got.Seed != 3 {
		t.Fatalf("Choose = %+v, %v; engine got %+v", r, err, e.got)
	}
	if _, err := Choose(context.Background(), Request{State: fakeState{}, Level: "bogus"}); !errors.Is(err, ErrBadLevel) {
		t.Fatalf("bad level: %v", err)
	}
	if !AcceptDraw(fakeState{}) || OfferDraw(fakeState{}) {
		t.Fatal("draw questions not dispatched")
	}
	delete(engines, "fake-ai-test")
	if _, err := Choose(context.Background(), Request{State: fakeState{}, Level: Advanced}); !errors.Is(err, ErrNoEngine) {
		t.Fatalf("no engine: %v", err)
	}
}

// A search answers within its budget's time: it gets nine tenths (Budget.Time's
// documented overshoot is at most a tenth), the advanced level's 1.35 s of seed 001's
// 1.5 s; Depth and Nodes stay, and a budget without time stays without.
func TestForSearch(t *testing.T) {
	b := Budget{Depth: 2, Time: AdvancedTime, Nodes: 7}
	got := b.ForSearch()
	if got.Time != 1350*time.Millisecond || got.Depth != 2 || got.Nodes != 7 {
		t.Fatalf("ForSearch of %+v: %+v, want 1.35 s with depth 2 and 7 nodes", b, got)
	}
	if got.Time+got.Time/10 > AdvancedTime {
		t.Fatalf("search time %v and its tenth of overshoot pass the %v a move", got.Time, AdvancedTime)
	}
	if z := (Budget{Depth: 4}).ForSearch(); z != (Budget{Depth: 4}) {
		t.Fatalf("a depth budget became %+v", z)
	}
}
