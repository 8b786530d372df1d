package halma

import (
	"context"
	"slices"
	"testing"

	"madang/ai"
	"madang/rules/halma"
)

const raceEnd = "0 12.5,14.2,14.3,14.4,15.1,15.2,15.3,16.1,16.2,17.1/1.1,2.1,2.2,3.1,3.2,3.3,4.1,4.2,4.3,5.5 150 0"

func TestSeparated(t *testing.T) {
	for _, c := range []struct {
		pos  string
		want bool
	}{
		{raceEnd, true},
		// A blue piece on row 11 still meets red's row 12.
		{"0 12.5,14.2,14.3,14.4,15.1,15.2,15.3,16.1,16.2,17.1/1.1,2.1,2.2,3.1,3.2,3.3,4.1,4.2,4.3,11.5 150 0", false},
		{"0 1.1,2.1,2.2,3.1,3.2,3.3,4.1,4.2,4.3,4.4/14.1,14.2,14.3,14.4,15.1,15.2,15.3,16.1,16.2,17.1 0 0", false},
	} {
		st := decode(t, &halma.ChineseCheckers, 2, 10, c.pos)
		p := st.(*halma.State).Position()
		n := newNode(p)
		if got := separated(tableFor(p.Rules(), 2, 10), &n); got != c.want {
			t.Errorf("%s: separated %v, want %v", c.pos, got, c.want)
		}
	}
	// Diamond's camps are not opposite: never a race phase.
	st := decode(t, &halma.Diamond, 2, 15, "0 K13.5/K5.13 300 0")
	p := st.(*halma.State).Position()
	n := newNode(p)
	if separated(tableFor(p.Rules(), 2, 15), &n) {
		t.Error("diamond position taken as a race")
	}
}

// In a separated ending the planner finds the two moves red needs (12.5 to 13.5 or 13.6,
// then 14.1; no jump reaches 14.1 at once) and the engine's levels play its first move.
func TestRacePlanner(t *testing.T) {
	for _, r := range []*halma.Rules{&halma.ChineseCheckers, &halma.DiamondKR} {
		st := decode(t, r, 2, 10, raceEnd)
		p := st.(*halma.State).Position()
		m, moves, ok := racePlanMove(p, 20)
		if !ok || moves != 2 || !p.IsLegal(m) {
			t.Fatalf("%s: race move %v in %d moves (%v)", r.ID, m, moves, ok)
		}
		for _, lv := range []ai.Level{ai.Intermediate, ai.Advanced} {
			res, err := ai.Choose(context.Background(), ai.Request{State: st, Level: lv})
			if err != nil || res.Move != m {
				t.Errorf("%s %s: %v score %d (%v), want the plan's %v", r.ID, lv, res.Move, res.Score, err, m)
			}
		}
	}
}

// A plan from the race planner replays move by move into the target.
func TestRacePlanReplays(t *testing.T) {
	st := decode(t, &halma.DiamondKR, 2, 15,
		"0 9.3,9.4,10.4,10.5,10.6,11.5,11.6,12.5,12.6,12.7,13.5,13.6,14.1,14.2,15.1/1.1,2.1,2.2,3.1,3.2,3.3,4.1,4.2,4.3,4.4,5.5,5.6,5.7,5.8,5.9 100 0")
	p := st.(*halma.State).Position()
	tb := tableFor(p.Rules(), 2, 15)
	n := newNode(p)
	if !separated(tb, &n) {
		t.Fatal("not separated")
	}
	plan := racePlan(tb, &n, 0, 50, 60)
	if plan == nil {
		t.Fatal("no plan")
	}
	if !p.IsLegal(plan[0]) {
		t.Fatalf("first move %v illegal", plan[0])
	}
	// The rest replays with blue's pieces where they stand (they are behind red's).
	var own, others holes
	for _, h := range p.Pieces(0) {
		own.add(h)
	}
	for _, h := range p.Pieces(1) {
		others.add(h)
	}
	for i, m := range plan {
		if !slices.Contains(raceMoves(own, others, nil), m) {
			t.Fatalf("move %d %v not possible", i+1, m)
		}
		own = own.apply(m)
	}
	for _, h := range halma.CampHoles(3, 15) {
		if !own.has(h) {
			t.Fatalf("plan of %d moves leaves %v empty", len(plan), h)
		}
	}
	t.Logf("plan: %d moves", len(plan))
}

// Two facing stragglers (9.2 and 8.2 touch) are not separated, but with at most three
// pieces out on each side the planner plays, routing around the other's piece.
func TestEndgamePlanner(t *testing.T) {
	st := decode(t, &halma.ChineseCheckers, 2, 10,
		"0 9.2,14.1,14.3,14.4,15.1,15.2,15.3,16.1,16.2,17.1/1.1,2.1,2.2,3.1,3.2,3.3,4.1,4.3,4.4,8.2 300 0")
	p := st.(*halma.State).Position()
	tb := tableFor(p.Rules(), 2, 10)
	n := newNode(p)
	if separated(tb, &n) || !endgame(tb, &n) {
		t.Fatalf("separated %v, endgame %v", separated(tb, &n), endgame(tb, &n))
	}
	m, moves, ok := racePlanMove(p, 20)
	if !ok || !p.IsLegal(m) || moves > 6 {
		t.Fatalf("plan move %v of %d (%v)", m, moves, ok)
	}
	start := newGame(t, configsUnderTest[0]).(*halma.State).Position()
	ns := newNode(start)
	if endgame(tb, &ns) {
		t.Fatal("the start taken as an endgame")
	}
}
