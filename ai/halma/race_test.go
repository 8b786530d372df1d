package halma

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"madang/ai"
	"madang/rules"
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
		for _, req := range []ai.Request{
			{State: st, Level: ai.Intermediate},
			{State: st, Level: ai.Advanced},
			// A time alone (selfplay's --movetime) keeps the advanced level's planner.
			{State: st, Level: ai.Advanced, Budget: ai.Budget{Time: 5 * time.Millisecond}},
		} {
			res, err := ai.Choose(context.Background(), req)
			if err != nil || res.Move != m {
				t.Errorf("%s %s %+v: %v score %d (%v), want the plan's %v", r.ID, req.Level, req.Budget, res.Move, res.Score, err, m)
			}
			if req.Budget.Time > 0 && res.Score != WinScore-1 && res.Depth != 0 {
				t.Errorf("%s: a timed advanced request searched (depth %d) instead of planning", r.ID, res.Depth)
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

// The planner's generator with a seat's king, the closed camps and the other seats' kings
// gives exactly the rules' moves of the seat to move in random diamond positions of two and
// three players (rules/halma is the reference; a gift the rules forbid would be the only
// difference, and none occurs in these positions).
func TestRaceMovesMatchDiamondRules(t *testing.T) {
	checked := 0
	for _, c := range configsUnderTest {
		states := randomStates(t, c, 3, 5)
		for _, st := range states {
			p := st.(*halma.State).Position()
			tb := tableFor(p.Rules(), p.Seats(), p.PiecesPerSeat())
			n := newNode(p)
			s := int(p.Side())
			var own, others holes
			for _, h := range p.Pieces(p.Side()) {
				own.add(h)
			}
			for o := 0; o < p.Seats(); o++ {
				if o != s {
					for _, h := range p.Pieces(rules.Seat(o)) {
						others.add(h)
					}
				}
			}
			rr := tb.raceRulesOf(&n, s)
			got := raceMovesK(own, p.King(p.Side()), others, &rr, nil)
			var l halma.MoveList
			p.Generate(&l)
			want := l.Slice()
			if len(want) == 1 && want[0] == halma.Pass {
				want = nil
			}
			sortMoves := func(ms []halma.Move) {
				slices.SortFunc(ms, func(a, b halma.Move) int { return int(a.From)*256 + int(a.To) - int(b.From)*256 - int(b.To) })
			}
			want = slices.Clone(want)
			sortMoves(got)
			sortMoves(want)
			if !slices.Equal(got, want) {
				t.Fatalf("%s %s: planner %d moves, rules %d", c, p.Encode(), len(got), len(want))
			}
			checked++
		}
	}
	t.Logf("%d positions", checked)
}

// diamondEnd is a two-player diamond position where red (seat 0) misses its target apex
// and 13.7, its king on 11.8 and pieces on 10.6 and 11.6; yellow stands at home (its camp's border
// hole 13.5 is also one of red's target holes).
func diamondEnd(t *testing.T) halma.Position {
	t.Helper()
	start, _ := halma.Diamond.Start(2, 15)
	var red []string
	for _, h := range halma.CampHoles(3, 15) {
		if h.String() != "17.1" && h.String() != "13.7" && h.String() != "13.5" {
			red = append(red, h.String())
		}
	}
	red = append(red, "10.6", "11.6", "K11.8")
	enc := start.Encode()
	yellow := enc[strings.Index(enc, "/")+1:]
	st := decode(t, &halma.Diamond, 2, 15, "0 "+strings.Join(red, ",")+"/"+yellow)
	return st.(*halma.State).Position()
}

// In diamond the race planner plays once the seat to move misses at most three holes of
// its goal: its plan brings the king to the apex and fills the target with yellow fixed,
// every move of it possible under the rules' generator.
func TestDiamondEndgamePlanner(t *testing.T) {
	p := diamondEnd(t)
	tb := tableFor(p.Rules(), 2, 15)
	n := newNode(p)
	if got := tb.missing(&n, 0); got != 3 {
		t.Fatalf("missing %d, want 3 (17.1, 13.7 and the king)", got)
	}
	if !endgame(tb, &n) {
		t.Fatal("not an endgame for red")
	}
	plan := racePlan(tb, &n, 0, 20, 60)
	if plan == nil || !p.IsLegal(plan[0]) {
		t.Fatalf("plan %v", plan)
	}
	var own, others holes
	for _, h := range p.Pieces(0) {
		own.add(h)
	}
	for _, h := range p.Pieces(1) {
		others.add(h)
	}
	king := p.King(0)
	rr := tb.raceRulesOf(&n, 0)
	for i, m := range plan {
		if !slices.Contains(raceMovesK(own, king, others, &rr, nil), m) {
			t.Fatalf("move %d %v not possible", i+1, m)
		}
		own = own.apply(m)
		if m.From == king {
			king = m.To
		}
	}
	if king != tb.apex[0] {
		t.Fatalf("king ends on %v", king)
	}
	for _, h := range halma.CampHoles(3, 15) {
		if !own.has(h) && !others.has(h) {
			t.Fatalf("plan of %d moves leaves %v empty", len(plan), h)
		}
	}
	m, moves, ok := racePlanMove(p, 20)
	if !ok || m != plan[0] || moves != len(plan) {
		t.Fatalf("racePlanMove %v %d %v, want %v of %d", m, moves, ok, plan[0], len(plan))
	}
	res, err := ai.Choose(context.Background(), ai.Request{State: mustState(t, p), Level: ai.Intermediate})
	if err != nil || res.Move != m {
		t.Fatalf("intermediate plays %v (%v), want the plan's %v", res.Move, err, m)
	}
	t.Logf("plan: %d moves", len(plan))
}

// Diamond seats whose plans keep two holes apart no longer interact (apart); at the start,
// and while yellow's army is still at home (its goal far), they do.
func TestDiamondApart(t *testing.T) {
	p := diamondEnd(t)
	tb := tableFor(p.Rules(), 2, 15)
	start, _ := halma.Diamond.Start(2, 15)
	ns := newNode(start)
	if apart(tb, &ns) {
		t.Fatal("the start taken as apart")
	}
	n := newNode(p)
	if apart(tb, &n) {
		t.Fatal("apart while yellow misses its whole target")
	}
	// Yellow nearly home: its camp but the apex filled, its king on a hole next to the camp.
	var yellow []string
	var yset holes
	for _, h := range halma.CampHoles(5, 15) {
		yset.add(h)
		if h != halma.Apex(5) {
			yellow = append(yellow, h.String())
		}
	}
	king := halma.NoHole
	for h := halma.Hole(0); h < halma.NumHoles && king == halma.NoHole; h++ {
		if yset.has(h) || !tb.allowed[1].has(h) {
			continue
		}
		for d := 0; d < 6; d++ {
			if x := h.Neighbour(d); x != halma.NoHole && yset.has(x) {
				king = h
				break
			}
		}
	}
	enc := p.Encode()
	red := enc[2:strings.Index(enc, "/")]
	q := decode(t, &halma.Diamond, 2, 15, "0 "+red+"/"+strings.Join(yellow, ",")+",K"+king.String()+" 0 0").(*halma.State).Position()
	nq := newNode(q)
	if !apart(tb, &nq) {
		t.Fatalf("%s: not apart", q.Encode())
	}
}

func mustState(t *testing.T, p halma.Position) rules.State {
	t.Helper()
	return decode(t, p.Rules(), p.Seats(), p.PiecesPerSeat(), p.Encode())
}

// A jammed diamond ending from selfplay (intermediate against itself, drawn at the move
// limit): each seat's pieces fill its target but the king is off the apex, which an own
// piece holds (red also misses 13.8). Playing the planner's first move again and again
// (the other seat fixed) wins within 12 moves for either seat.
func TestDiamondEndgameReplansConverge(t *testing.T) {
	const pieces = " 12.8,13.5,13.6,13.7,13.9,14.1,14.2,14.3,14.4,15.1,K15.2,15.3,16.1,16.2,17.1/5.9,5.10,5.11,5.12,5.13,6.9,6.10,K6.11,6.12,7.9,7.10,7.11,8.9,8.10,9.9 "
	for _, side := range []string{"0", "1"} {
		p := decode(t, &halma.Diamond, 2, 15, side+pieces+"700 0").(*halma.State).Position()
		won := false
		for k := 0; k < 12 && !won; k++ {
			m, _, ok := racePlanMove(p, 20)
			if !ok {
				t.Fatalf("seat %s, move %d: no plan in %s", side, k+1, p.Encode())
			}
			q := p.Apply(m)
			won = q.Wins(p.Side())
			// The same seat to move again, the other fixed.
			enc := q.Encode()
			p = decode(t, &halma.Diamond, 2, 15, side+enc[1:]).(*halma.State).Position()
		}
		if !won {
			t.Errorf("seat %s: not won within 12 moves", side)
		}
	}
}

// A spoiled chinese-checkers endgame (selfplay, intermediate against beginner: the
// beginner's piece stayed on 2.1 in blue's target to the move limit): no plan, at once.
func TestRacePlanSpoiled(t *testing.T) {
	p := decode(t, &halma.ChineseCheckers, 2, 10,
		"1 2.1,13.9,14.1,14.2,14.4,15.1,15.2,16.1,16.2,17.1/1.1,2.2,3.1,3.2,3.3,4.1,4.2,4.3,4.4,5.8 300 0").(*halma.State).Position()
	tb := tableFor(p.Rules(), 2, 10)
	n := newNode(p)
	if !endgame(tb, &n) {
		t.Fatal("not an endgame")
	}
	start := time.Now()
	if plan := racePlan(tb, &n, 1, endgameWidth, 60); plan != nil {
		t.Fatalf("plan %v into a spoiled target", plan)
	}
	// Searching the beam took 3.4 s; the check takes microseconds.
	if el := time.Since(start); el > 500*time.Millisecond {
		t.Fatalf("spoiled target: %v to give up", el)
	}
}
