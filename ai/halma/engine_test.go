package halma

import (
	"context"
	"math/rand/v2"
	"time"

	"madang/ai"
	"testing"

	"madang/rules"
	"madang/rules/halma"
)

// config is one game with its options.
type config struct {
	id   string
	opts rules.Options
}

var configsUnderTest = []config{
	{"chinese-checkers", nil},
	{"diamond-kr", rules.Options{"pieces": 10}},
	{"diamond-kr", rules.Options{"pieces": 15}},
	{"diamond", rules.Options{"players": 2}},
	{"diamond", rules.Options{"players": 3}},
}

func (c config) String() string {
	s := c.id
	for k, v := range c.opts {
		s += " " + k + "=" + itoa(v)
	}
	return s
}

func itoa(v int) string {
	if v == 0 {
		return "0"
	}
	b := []byte{}
	for ; v > 0; v /= 10 {
		b = append([]byte{byte('0' + v%10)}, b...)
	}
	return string(b)
}

func newGame(t testing.TB, c config) rules.State {
	t.Helper()
	g, ok := rules.Lookup(c.id)
	if !ok {
		t.Fatalf("game %s not registered", c.id)
	}
	s, err := g.New(c.opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// randomStates plays games random games (biased towards progress, so that they reach the
// middle and the end of a race) and returns every k-th state still going on.
func randomStates(t testing.TB, c config, games, every int) []rules.State {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, uint64(len(c.String()))))
	var out []rules.State
	for range games {
		s := newGame(t, c)
		hs, _ := halma.AsState(s)
		tb := tableFor(hs.Rules(), s.Seats(), hs.Position().PiecesPerSeat())
		for ply := 0; s.Phase() == rules.PhaseMove && ply < 600; ply++ {
			if ply%every == every-1 {
				out = append(out, s)
			}
			hs, _ := halma.AsState(s)
			ms := hs.LegalMoves()
			m := ms[rng.IntN(len(ms))]
			// Three moves in four: the most forward of a few random picks.
			if rng.IntN(4) != 0 {
				me := int(s.ToMove())
				for range 6 {
					x := ms[rng.IntN(len(ms))]
					if tb.gain(me, x) > tb.gain(me, m) {
						m = x
					}
				}
			}
			var err error
			if s, err = s.Play(m); err != nil {
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

// Every level returns a legal move in hundreds of random positions of every game, and so
// do explicit budgets (small ones: the machine is shared).
func TestLevelsPlayLegalMoves(t *testing.T) {
	for _, c := range configsUnderTest {
		states := randomStates(t, c, 4, 3)
		if len(states) > 250 {
			states = states[:250] // a few games' openings, middles and ends
		}
		if len(states) < 200 {
			t.Fatalf("%s: only %d positions", c, len(states))
		}
		for i, st := range states {
			reqs := []ai.Request{
				{State: st, Level: ai.Beginner, Seed: int64(i)},
				{State: st, Level: ai.Intermediate, Seed: int64(i)},
				{State: st, Budget: ai.Budget{Nodes: 1500}},
			}
			if i%10 == 0 {
				// The advanced level's search with a short clock (its own 1.5 s is checked
				// in TestAdvancedHonoursItsTime).
				reqs = append(reqs, ai.Request{State: st, Level: ai.Advanced, Budget: ai.Budget{Time: 20 * time.Millisecond}})
			}
			for _, r := range reqs {
				res, err := ai.Choose(context.Background(), r)
				if err != nil {
					t.Fatalf("%s %s level %s: %v", c, st.Encode(), r.Level, err)
				}
				if !legal(st, res.Move) {
					t.Fatalf("%s %s level %s: illegal move %v", c, st.Encode(), r.Level, res.Move)
				}
			}
		}
		t.Logf("%s: %d positions", c, len(states))
	}
}

// play runs one game with the given level a seat to its end and returns the final state.
func play(t testing.TB, c config, seed int64, lv ...ai.Level) (rules.State, []rules.Move) {
	t.Helper()
	s := newGame(t, c)
	var log []rules.Move
	for s.Phase() == rules.PhaseMove {
		seat := int(s.ToMove())
		res, err := ai.Choose(context.Background(), ai.Request{State: s, Level: lv[seat%len(lv)], Seed: seed})
		if err != nil {
			t.Fatalf("%s ply %d: %v", c, s.Ply(), err)
		}
		next, err := s.Play(res.Move)
		if err != nil {
			t.Fatalf("%s ply %d %s: illegal move %v: %v", c, s.Ply(), s.Encode(), res.Move, err)
		}
		log = append(log, res.Move)
		s = next
	}
	return s, log
}

// The AI completes a game against itself in every game: every move legal, and the game
// won by filling a camp (not drawn by the move limit after a stall).
func TestSelfPlayCompletes(t *testing.T) {
	for _, c := range configsUnderTest {
		s, log := play(t, c, 1, ai.Intermediate)
		o := s.Outcome()
		t.Logf("%s: %v (%s) after %d plies", c, o.Winner, o.Reason, len(log))
		if o.Status != rules.Win || o.Reason != rules.CampFilled {
			t.Errorf("%s: ended %+v after %d plies, want a camp-filled win", c, o, len(log))
		}
	}
}

// The same seed gives the same moves; a level's game against itself differs with the seed.
func TestDeterministicWithSeed(t *testing.T) {
	c := configsUnderTest[0]
	for _, st := range randomStates(t, c, 1, 15) {
		for _, r := range []ai.Request{
			{State: st, Level: ai.Beginner, Seed: 42},
			{State: st, Level: ai.Intermediate, Seed: 42},
			{State: st, Budget: ai.Budget{Nodes: 5000}},
		} {
			a, err1 := ai.Choose(context.Background(), r)
			b, err2 := ai.Choose(context.Background(), r)
			if err1 != nil || err2 != nil || a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes {
				t.Fatalf("%s %+v: %v/%v vs %v/%v", st.Encode(), r.Level, a, err1, b, err2)
			}
		}
	}
	_, g1 := play(t, c, 5, ai.Beginner)
	_, g2 := play(t, c, 5, ai.Beginner)
	_, g3 := play(t, c, 6, ai.Beginner)
	if !slicesEqual(g1, g2) {
		t.Fatal("one seed gave two different games")
	}
	if slicesEqual(g1, g3) {
		t.Fatal("seeds 5 and 6 gave the same game")
	}
}

func slicesEqual(a, b []rules.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestAdvancedHonoursItsTime(t *testing.T) {
	for _, c := range []config{configsUnderTest[0], configsUnderTest[4]} {
		st := newGame(t, c)
		start := time.Now()
		res, err := ai.Choose(context.Background(), ai.Request{State: st, Level: ai.Advanced})
		el := time.Since(start)
		if err != nil || !legal(st, res.Move) {
			t.Fatalf("%s: %v %v", c, res.Move, err)
		}
		t.Logf("%s advanced: %s depth %d score %d nodes %d in %v", c, res.Move, res.Depth, res.Score, res.Nodes, el)
		// A generous bound: the budget is 1.5 s.
		if el > 3*time.Second {
			t.Errorf("%s: advanced took %v for a 1.5 s budget", c, el)
		}
		if res.Depth < 3 {
			t.Errorf("%s: advanced reached only depth %d", c, res.Depth)
		}
	}
}

func TestCancelledContext(t *testing.T) {
	st := newGame(t, configsUnderTest[0])
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ai.Choose(ctx, ai.Request{State: st, Level: ai.Advanced}); err != context.Canceled {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

func decode(t testing.TB, r *halma.Rules, players, pieces int, text string) rules.State {
	t.Helper()
	p, err := r.Decode(players, pieces, text)
	if err != nil {
		t.Fatal(err)
	}
	return halma.NewState(p)
}

func hole(t testing.TB, s string) halma.Hole {
	t.Helper()
	h, ok := halma.ParseHole(s)
	if !ok {
		t.Fatalf("bad hole %s", s)
	}
	return h
}

// Every searching level takes a win in one.
func TestTakesTheWin(t *testing.T) {
	cases := []struct {
		r               *halma.Rules
		players, pieces int
		pos, win        string
	}{
		// chinese-checkers: 13.5-14.1 fills the target.
		{&halma.ChineseCheckers, 2, 10, "0 13.5,14.2,14.3,14.4,15.1,15.2,15.3,16.1,16.2,17.1/1.1,2.1,2.2,3.1,3.2,3.3,4.1,4.2,5.5,9.5 100 0", "13.5-14.1"},
		// diamond-kr, 15 pieces: the last border hole.
		{&halma.DiamondKR, 2, 15, "0 12.8,13.5,13.6,13.7,13.8,14.1,14.2,14.3,14.4,15.1,15.2,15.3,16.1,16.2,17.1/1.1,2.1,2.2,3.1,3.2,3.3,4.1,4.2,5.5,9.5 100 0", "12.8-13.9"},
		// diamond: the king jumps the run 13.5-14.1-15.1-16.1 onto its target apex 17.1.
		{&halma.Diamond, 2, 15, "0 13.5,13.6,13.7,13.8,13.9,14.1,14.2,14.3,14.4,15.1,15.2,15.3,16.1,16.2,K12.4/K5.13,6.12,7.9 100 0", "12.4-17.1"},
	}
	for _, c := range cases {
		st := decode(t, c.r, c.players, c.pieces, c.pos)
		want, err := st.ParseMove(c.win)
		if err != nil {
			t.Fatalf("%s %s: %v", c.r.ID, c.win, err)
		}
		for _, r := range []ai.Request{
			{State: st, Level: ai.Intermediate},
			{State: st, Level: ai.Advanced, Budget: ai.Budget{Time: 50 * time.Millisecond}},
			{State: st, Budget: ai.Budget{Depth: 1}},
		} {
			res, err := ai.Choose(context.Background(), r)
			if err != nil || res.Move != want {
				t.Errorf("%s %s: got %v (%v), want %s", c.r.ID, r.Level, res.Move, err, c.win)
			}
			if err == nil && res.Score < winBound {
				t.Errorf("%s %s: score %d for a win", c.r.ID, r.Level, res.Score)
			}
		}
	}
}

// Spoiling (seed 004's strict rule): a seat far behind in chinese-checkers keeps
// its piece in the leader's target, which the leader then cannot fill: the evaluation
// bounds that seat's loss, and no level moves the piece out.
func TestSpoilsWhenLost(t *testing.T) {
	st := decode(t, &halma.ChineseCheckers, 2, 10,
		"1 11.7,14.2,14.3,14.4,15.1,15.2,15.3,16.1,16.2,17.1/14.1,9.4,9.5,8.5,8.6,7.5,7.6,6.5,6.6,10.5 120 0")
	spoiler := hole(t, "14.1")
	for _, r := range []ai.Request{
		{State: st, Level: ai.Intermediate},
		{State: st, Level: ai.Advanced, Budget: ai.Budget{Time: 100 * time.Millisecond}},
		{State: st, Budget: ai.Budget{Depth: 1}},
	} {
		res, err := ai.Choose(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		if m := res.Move.(halma.Move); m.From == spoiler {
			t.Errorf("%s: left the leader's target with %v", r.Level, m)
		}
	}
	// The evaluation bounds the spoiling seat's loss.
	tb := tableFor(&halma.ChineseCheckers, 2, 10)
	n := newNode(st.(*halma.State).Position())
	if tb.eval(&n, 1, AllTerms) < -spoilFloor-200 {
		t.Fatalf("spoiling seat scored %d, want a bounded loss", tb.eval(&n, 1, AllTerms))
	}
}

// A seat behind in the race accepts a draw, the leader does not; the AI never offers one.
func TestDrawOffers(t *testing.T) {
	behind := decode(t, &halma.ChineseCheckers, 2, 10,
		"1 11.7,14.2,14.3,14.4,15.1,15.2,15.3,16.1,16.2,17.1/14.1,9.4,9.5,8.5,8.6,7.5,7.6,6.5,6.6,10.5 120 0")
	ahead := decode(t, &halma.ChineseCheckers, 2, 10,
		"0 11.7,14.2,14.3,14.4,15.1,15.2,15.3,16.1,16.2,17.1/14.1,9.4,9.5,8.5,8.6,7.5,7.6,6.5,6.6,10.5 120 0")
	if !ai.AcceptDraw(behind) {
		t.Error("the seat behind refused a draw")
	}
	if ai.AcceptDraw(ahead) {
		t.Error("the leader accepted a draw")
	}
	if ai.OfferDraw(behind) || ai.OfferDraw(ahead) {
		t.Error("the AI offered a draw")
	}
}
