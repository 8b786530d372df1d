package draughts

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"madang/ai"
	"madang/rules"
	rd "madang/rules/draughts"
)

// randomStates plays n random games from the start with a fixed seed and returns every
// k-th state of them that is still going on.
func randomStates(t testing.TB, id string, games, every int) []rules.State {
	t.Helper()
	g, ok := rules.Lookup(id)
	if !ok {
		t.Fatalf("game %s not registered", id)
	}
	rng := rand.New(rand.NewPCG(1, uint64(len(id))))
	var out []rules.State
	for range games {
		s, err := g.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; s.Phase() == rules.PhaseMove && ply < 300; ply++ {
			if ply%every == every-1 {
				out = append(out, s)
			}
			ms := s.Moves()
			if s, err = s.Play(ms[rng.IntN(len(ms))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

func legal(st rules.State, m rules.Move) bool {
	for _, x := range st.Moves() {
		if x == m {
			return true
		}
	}
	return false
}

// Every level returns a legal move in random positions of both rulesets.
func TestLevelsPlayLegalMoves(t *testing.T) {
	for _, id := range []string{"checkers", "draughts"} {
		states := randomStates(t, id, 30, 7)
		if len(states) < 100 {
			t.Fatalf("%s: only %d positions", id, len(states))
		}
		for i, st := range states {
			reqs := []ai.Request{
				{State: st, Level: ai.Beginner, Seed: int64(i)},
				{State: st, Level: ai.Intermediate, Seed: int64(i)},
				// The advanced level's own 1.5 s per move is checked below on a few
				// positions; here its search with a short clock.
				{State: st, Level: ai.Advanced, Budget: ai.Budget{Time: 5 * time.Millisecond}},
			}
			if i%6 != 0 {
				reqs = reqs[:1]
				reqs = append(reqs, ai.Request{State: st, Budget: ai.Budget{Depth: 4}, Seed: int64(i)},
					ai.Request{State: st, Budget: ai.Budget{Nodes: 3000}})
			}
			for _, r := range reqs {
				res, err := ai.Choose(context.Background(), r)
				if err != nil {
					t.Fatalf("%s %s level %s: %v", id, st.Encode(), r.Level, err)
				}
				if !legal(st, res.Move) {
					t.Fatalf("%s %s level %s: illegal move %v", id, st.Encode(), r.Level, res.Move)
				}
			}
		}
		t.Logf("%s: %d positions", id, len(states))
	}
}

// outOfBook is the first position one ply from the start that the opening book does not
// hold, so that the advanced level searches it.
func outOfBook(t *testing.T, st rules.State) rules.State {
	t.Helper()
	v, _ := VariantByID(st.Game().ID())
	for _, m := range st.Moves() {
		next, err := st.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		rs, _ := rd.AsState(next)
		p := rs.Position()
		if len(v.Book().Moves(&p)) == 0 {
			return next
		}
	}
	t.Fatal("every position one ply from the start is in the book")
	return nil
}

func TestAdvancedHonoursItsTime(t *testing.T) {
	for _, id := range []string{"checkers", "draughts"} {
		g, _ := rules.Lookup(id)
		st, _ := g.New(nil)
		st = outOfBook(t, st) // the start itself is in the opening book
		start := time.Now()
		res, err := ai.Choose(context.Background(), ai.Request{State: st, Level: ai.Advanced})
		el := time.Since(start)
		if err != nil || !legal(st, res.Move) {
			t.Fatalf("%s: %v %v", id, res.Move, err)
		}
		t.Logf("%s advanced: %s depth %d score %d nodes %d in %v", id, res.Move, res.Depth, res.Score, res.Nodes, el)
		// A generous bound: the budget is 1.5 s and the engine aims at +10% at most.
		if el > 3*time.Second {
			t.Errorf("%s: advanced took %v for a 1.5 s budget", id, el)
		}
		if res.Depth < 6 {
			t.Errorf("%s: advanced reached only depth %d", id, res.Depth)
		}
	}
}

func TestDeterministicWithSeed(t *testing.T) {
	for _, id := range []string{"checkers", "draughts"} {
		states := randomStates(t, id, 3, 9)
		for _, st := range states {
			for _, r := range []ai.Request{
				{State: st, Level: ai.Beginner, Seed: 42},
				{State: st, Level: ai.Intermediate, Seed: 42},
				{State: st, Budget: ai.Budget{Nodes: 20000}},
			} {
				a, err1 := ai.Choose(context.Background(), r)
				b, err2 := ai.Choose(context.Background(), r)
				if err1 != nil || err2 != nil || a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes {
					t.Fatalf("%s %s %+v: %v/%v vs %v/%v", id, st.Encode(), r.Level, a, err1, b, err2)
				}
			}
		}
	}
}

// The beginner plays random moves about 40% of the time (seed 001); with different seeds
// the share of moves that differ from the 2-ply search's choice shows it.
func TestBeginnerRandomShare(t *testing.T) {
	states := randomStates(t, "draughts", 10, 5)
	random, total := 0, 0
	for i, st := range states {
		if len(st.Moves()) < 2 {
			continue
		}
		rng := ai.NewRand(int64(i), st.Encode())
		if rng.Float64() < 0.4 {
			random++
		}
		total++
	}
	if total < 50 || random < total/5 || random > total*3/5 {
		t.Fatalf("random draws %d of %d, want about 40%%", random, total)
	}
}

func TestCancelledContext(t *testing.T) {
	g, _ := rules.Lookup("draughts")
	st, _ := g.New(nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ai.Choose(ctx, ai.Request{State: st, Level: ai.Advanced}); err == nil {
		t.Fatal("a cancelled context must end the search with its error")
	}
}

func TestNoMoveAndBadInput(t *testing.T) {
	g, _ := rules.Lookup("checkers")
	over, err := g.Decode(nil, "B:W21:B")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ai.Choose(context.Background(), ai.Request{State: over, Level: ai.Advanced}); err == nil {
		t.Fatal("a finished game has no move to choose")
	}
	st, _ := g.New(nil)
	if _, err := ai.Choose(context.Background(), ai.Request{State: st, Level: "master"}); err == nil {
		t.Fatal("unknown level accepted")
	}
}

func TestDrawDecisions(t *testing.T) {
	cases := []struct {
		id, fen       string
		accept, offer bool
	}{
		// One king each: drawn (FMJD art. 6.3 / checkers theory); a five-move count runs.
		{"draughts", "W:WK47:BK4", true, true},
		// Three kings against one man: far ahead, never accept nor offer.
		{"draughts", "W:WK36,K47,K48:B5", false, false},
		// Checkers: a king and a man against a lone man: ahead.
		{"checkers", "W:WK14,22:B5", false, false},
		// Checkers: the side to move is a king down: accepts a draw gladly.
		{"checkers", "W:WK14:BK1,K3", true, false},
		// Draughts, Black to move a man down with the board still full: worse, accepts.
		{"draughts", "B:W31-50:B1-19", true, false},
		// The same men without White's man on 50: level but not simplified, declines.
		{"draughts", "B:W31-49:B1-19", false, false},
	}
	for _, c := range cases {
		g, _ := rules.Lookup(c.id)
		st, err := g.Decode(nil, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := ai.AcceptDraw(st); got != c.accept {
			t.Errorf("%s %s: AcceptDraw %v, want %v", c.id, c.fen, got, c.accept)
		}
		if got := ai.OfferDraw(st); got != c.offer {
			t.Errorf("%s %s: OfferDraw %v, want %v (counters %v)", c.id, c.fen, got, c.offer, st.Counters())
		}
	}
}

// An offer on the first move must be declined at every level: the
// opening is level but far from simplified, and a curious click must not end the game.
// Checked on every first move and on every reply to one (the AI may play either side).
func TestDeclineDrawInOpening(t *testing.T) {
	for _, id := range []string{"checkers", "draughts"} {
		g, _ := rules.Lookup(id)
		st, err := g.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, m1 := range st.Moves() {
			s1, err := st.Play(m1)
			if err != nil {
				t.Fatal(err)
			}
			if ai.AcceptDraw(s1) {
				t.Errorf("%s: accepts a draw offered with %s", id, m1)
			}
			for _, m2 := range s1.Moves() {
				s2, err := s1.Play(m2)
				if err != nil {
					t.Fatal(err)
				}
				if ai.AcceptDraw(s2) {
					t.Errorf("%s: accepts a draw offered with %s %s", id, m1, m2)
				}
			}
		}
	}
}
