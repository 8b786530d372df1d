package halma

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"madang/ai"
	"madang/rules"
	"madang/rules/halma"
)

// The A/B match: the engine with every term (a) against the same engine without one term
// (b), both at one level, seats rotated from game to game and each round of games from the
// same two random opening plies (as `madang selfplay` plays them; the move seeds too). It
// runs only when asked, e.g.
//
//	go test ./ai/halma -run TestABMatch -v -ab.games 40 -ab.game chinese-checkers -ab.off progress
//
// and logs a's and b's wins, the draws (and how many reached the move limit) and the
// average plies.
var (
	abGames   = flag.Int("ab.games", 0, "A/B match: number of games (0: skip)")
	abGame    = flag.String("ab.game", "chinese-checkers", "A/B match: game id")
	abPlayers = flag.Int("ab.players", 2, "A/B match: players (b takes every seat but a's)")
	abPieces  = flag.Int("ab.pieces", 0, "A/B match: pieces a seat (0: the game's default)")
	abOff     = flag.String("ab.off", "progress", "A/B match: the terms b plays without, comma-separated: ladder, entry, progress, planner")
	abLevel   = flag.String("ab.level", "intermediate", "A/B match: level of both")
	abSeed    = flag.Int64("ab.seed", 1, "A/B match: seed of the openings and the moves")
)

var termNames = map[string]Terms{"ladder": TermLadder, "entry": TermEntry, "progress": TermProgress, "planner": TermPlanner}

// abResult is an A/B match's score.
type abResult struct {
	aWins, bWins, draws, limit, plies int
}

// abMatch plays games of a against b (b at every seat but one) in configuration c.
func abMatch(t testing.TB, c config, a, b *Engine, lv ai.Level, games int, seed int64) abResult {
	var res abResult
	for i := 0; i < games; i++ {
		s := newGame(t, c)
		n := s.Seats()
		aSeat := rules.Seat(i % n)
		open := rand.New(rand.NewPCG(uint64(seed), uint64(i/n)))
		for k := 0; k < 2 && s.Phase() == rules.PhaseMove; k++ {
			ms := s.Moves()
			var err error
			if s, err = s.Play(ms[open.IntN(len(ms))]); err != nil {
				t.Fatal(err)
			}
		}
		for s.Phase() == rules.PhaseMove {
			e := b
			if s.ToMove() == aSeat {
				e = a
			}
			r, err := e.Choose(context.Background(), ai.Request{State: s, Level: lv, Seed: seed*1_000_003 + int64(i)*1000 + int64(s.Ply())})
			if err != nil {
				t.Fatalf("game %d: %v", i+1, err)
			}
			if s, err = s.Play(r.Move); err != nil {
				t.Fatalf("game %d: %v", i+1, err)
			}
		}
		o := s.Outcome()
		res.plies += s.Ply()
		switch {
		case o.Status != rules.Win:
			res.draws++
			if o.Reason == rules.MoveLimit {
				res.limit++
			}
		case o.Winner == aSeat:
			res.aWins++
		default:
			res.bWins++
		}
	}
	return res
}

func TestABMatch(t *testing.T) {
	if *abGames <= 0 {
		t.Skip("no -ab.games")
	}
	var off Terms
	for _, name := range strings.Split(*abOff, ",") {
		x, ok := termNames[name]
		if !ok {
			t.Fatalf("unknown term %q", name)
		}
		off |= x
	}
	lv, err := ai.ParseLevel(*abLevel)
	if err != nil {
		t.Fatal(err)
	}
	c := config{id: *abGame, opts: rules.Options{"players": *abPlayers}}
	if *abPieces > 0 {
		c.opts["pieces"] = *abPieces
	}
	g, _ := rules.Lookup(c.id)
	if g == nil {
		t.Fatalf("no game %q", c.id)
	}
	if _, err := g.Validate(c.opts); err != nil {
		delete(c.opts, "players")
	}
	hs, _ := halma.AsState(newGame(t, c))
	a := &Engine{r: hs.Rules(), terms: AllTerms}
	b := &Engine{r: hs.Rules(), terms: AllTerms &^ off}
	r := abMatch(t, c, a, b, lv, *abGames, *abSeed)
	t.Log(fmt.Sprintf("%s %s, %s, without %s as b, %d games, seed %d: a (all terms) %d wins, b %d wins, %d draws (%d at the move limit), %.1f plies a game",
		c, *abLevel, "a at one seat", *abOff, *abGames, *abSeed, r.aWins, r.bWins, r.draws, r.limit, float64(r.plies)/float64(*abGames)))
}
