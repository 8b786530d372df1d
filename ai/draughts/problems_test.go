package draughts

import (
	"context"
	"madang/internal/sharedfiles"
	"os"
	"path/filepath"
	"testing"
	"time"

	"madang/ai"
	"madang/rules/draughts/pdn"
)

type problem struct {
	name, fen, solution string
}

func problems(t testing.TB) []problem {
	dir := filepath.Join(sharedfiles.Path(t, "games"), "draughts", "problems")
	files, err := filepath.Glob(filepath.Join(dir, "*.pdn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no problem files in %s: %v", dir, err)
	}
	var out []problem
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		games, err := pdn.Read(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, g := range games {
			round, _ := g.Tag("Round")
			if g.FEN() == "" || len(g.Moves) == 0 {
				continue
			}
			out = append(out, problem{name: filepath.Base(f) + " " + round, fen: g.FEN(), solution: g.Moves[0].Text})
		}
	}
	return out
}

// The composed problems of shared/games/draughts/problems (each a FEN and its solution):
// the engine must find the key move. Budget: a fixed node count (repeatable); set
// MADANG_PROBLEM_TIME (e.g. "1s") to measure with a time budget instead.
func TestProblems(t *testing.T) {
	budget := ai.Budget{Nodes: 400_000}
	if d, err := time.ParseDuration(os.Getenv("MADANG_PROBLEM_TIME")); err == nil {
		budget = ai.Budget{Time: d}
	}
	ps := problems(t)
	s := NewSearcher(Draughts, 16)
	solved := 0
	for _, p := range ps {
		pos, err := Draughts.ParseFEN(p.fen)
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		want, err := Draughts.ParseMove(&pos, p.solution)
		if err != nil {
			t.Fatalf("%s: solution %s: %v", p.name, p.solution, err)
		}
		s.Clear()
		start := time.Now()
		r := s.Search(pos, Limits{}, ai.NewControl(context.Background(), budget))
		ok := r.Move == want
		if ok {
			solved++
		}
		t.Logf("%-14s %-6v want %-6s got %-6s score %6d depth %2d nodes %8d %v", p.name, ok, p.solution,
			Draughts.ShortMove(r.Move), r.Score, r.Depth, r.Nodes, time.Since(start).Round(time.Millisecond))
	}
	t.Logf("solved %d of %d with budget %+v", solved, len(ps), budget)
	if len(ps) != 72 {
		t.Errorf("read %d problems, the README lists 72", len(ps))
	}
	// Floor measured when the test was written (see the report); a drop is a regression.
	if budget.Nodes > 0 && solved < minSolved {
		t.Errorf("solved %d of %d problems, fewer than %d", solved, len(ps), minSolved)
	}
}

const minSolved = 66
