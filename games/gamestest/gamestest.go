// Package gamestest checks a game family's descriptor the way rules/rulestest checks a game:
// that the rest of the system finds each of the family's games through it alone. It imports
// "testing" and is meant for _test.go files only.
//
//	func TestDescriptor(t *testing.T) { gamestest.Check(t, draughts.Family) }
package gamestest

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"madang/functions/room"
	"madang/games"
	"madang/games/manifest"
	"madang/rules"
)

// Check verifies that f is registered and that for each of its games:
//   - package games finds its family (games.Of) and its descriptor (games.Describe);
//   - the rules registry has the game and it starts from its default options;
//   - it has a Korean title;
//   - functions/room's policy (room.PolicyFor) is the descriptor's room rules completed with
//     the room-wide defaults (30 min idle, 24 h, intermediate);
//   - the site manifest lists it in f's entry with its title, seats, options and room rules,
//     and lists f's WebAssembly modules;
//   - the manifest lists f's engine files (Site.EngineFiles) as the descriptor does, each of
//     one of f's games and each a file in the repository.
func Check(t testing.TB, f *games.Family) {
	t.Helper()
	if !slices.Contains(games.Families(), f) {
		t.Fatalf("family %s is not registered", f.Name)
	}
	m, err := manifest.Build()
	if err != nil {
		t.Fatalf("manifest: %v", err)
	}
	var mf *manifest.Family
	for i := range m.Families {
		if m.Families[i].Name == f.Name {
			mf = &m.Families[i]
		}
	}
	if mf == nil {
		t.Fatalf("the manifest has no family %s", f.Name)
	}
	if !slices.Equal(mf.Wasm, f.Modules()) {
		t.Errorf("%s: manifest modules %v, want %v", f.Name, mf.Wasm, f.Modules())
	}
	if !slices.Equal(mf.EngineFiles, f.Site.EngineFiles) {
		t.Errorf("%s: manifest engine files %v, want %v", f.Name, mf.EngineFiles, f.Site.EngineFiles)
	}
	for _, ef := range f.Site.EngineFiles {
		if !slices.Contains(f.IDs(), ef.Game) || ef.Kind == "" {
			t.Errorf("%s: engine file %+v is not of one of its games", f.Name, ef)
		}
		if root := repoRoot(); root != "" {
			if st, err := os.Stat(filepath.Join(root, filepath.FromSlash(ef.Path))); err != nil || st.IsDir() || st.Size() == 0 {
				t.Errorf("%s: engine file %s: not a file in the repository (%v)", f.Name, ef.Path, err)
			}
		}
	}
	if len(mf.Games) != len(f.Games) {
		t.Fatalf("%s: manifest lists %d games, the family %d", f.Name, len(mf.Games), len(f.Games))
	}
	for i, g := range f.Games {
		if got, ok := games.Of(g.ID); !ok || got != f {
			t.Errorf("%s: games.Of names another family", g.ID)
		}
		if d, ok := games.Describe(g.ID); !ok || d.ID != g.ID || d.Title != g.Title {
			t.Errorf("%s: games.Describe = %+v, %v", g.ID, d, ok)
		}
		rg, ok := rules.Lookup(g.ID)
		if !ok {
			t.Fatalf("%s: not registered with the rules", g.ID)
		}
		opts, err := rg.Validate(nil)
		if err != nil {
			t.Fatalf("%s: default options: %v", g.ID, err)
		}
		s, err := rg.New(opts)
		if err != nil {
			t.Fatalf("%s: start: %v", g.ID, err)
		}
		if g.Title == "" {
			t.Errorf("%s: no title", g.ID)
		}
		p, ok := room.PolicyFor(g.ID)
		if !ok {
			t.Errorf("%s: no room policy", g.ID)
		} else if p.DrawOffers != g.Room.DrawOffers || p.TakeoverAfter != g.Room.TakeoverAfter || p.AwayAI != g.Room.AwayAI ||
			(p.LeaveToAI != nil) != (g.Room.LeaveToAI != nil) || (p.DrawReset != nil) != (g.Room.DrawReset != nil) {
			t.Errorf("%s: room policy %+v, the descriptor says %+v", g.ID, p, g.Room)
		} else if p.Idle != 30*time.Minute || p.MaxAge != 24*time.Hour || p.AILevel != "intermediate" {
			t.Errorf("%s: room defaults idle %v max age %v level %s, want 30m 24h intermediate", g.ID, p.Idle, p.MaxAge, p.AILevel)
		}
		for _, c := range g.Room.Clocks {
			tc := room.TimeControl{BaseMs: c.Base.Milliseconds(), IncrementMs: c.Increment.Milliseconds(), DelayMs: c.Delay.Milliseconds()}
			if err := tc.Validate(); err != nil {
				t.Errorf("%s: time control %+v outside the room's bounds: %v", g.ID, c, err)
			}
		}
		mg := mf.Games[i]
		if mg.ID != g.ID || mg.Title != g.Title || mg.Seats != s.Seats() || mg.Dice != (s.Phase() == rules.PhaseRoll) ||
			mg.Room.DrawOffers != g.Room.DrawOffers || mg.Room.AwayAIMs != g.Room.AwayAI.Milliseconds() ||
			mg.Room.TakeoverAfterMs != g.Room.TakeoverAfter.Milliseconds() || len(mg.Options) != len(opts) ||
			len(mg.Room.Clocks) != len(g.Room.Clocks) {
			t.Errorf("%s: manifest entry %+v", g.ID, mg)
		}
	}
}

// repoRoot is the repository's root, the nearest folder above the test's with a go.mod ("" if
// none).
func repoRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}
