// Command firstmoves writes every game page's table of first moves (package firstmoves) as
// DIR/<game>.json, one per game of every registered family, for the site build
// (site/build.mjs puts each into its game's page). Run by make (mk/site.mk):
//
//	go run ./site/wasm/firstmoves/cmd/firstmoves DIR
//
// Each game's starts are its descriptor's (games.Game.Starts), its depth its family's
// (games.Site.FirstMoves); a game that starts with a roll gets firstmoves.OpeningSeeds.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"madang/games"
	_ "madang/games/allrules"
	"madang/rules"
	backgammonview "madang/site/wasm/backgammon/view"
	draughtsview "madang/site/wasm/draughts/view"
	"madang/site/wasm/firstmoves"
	halmaview "madang/site/wasm/halma/view"
	"madang/site/wasm/session"
)

// views are the families' views, as their WebAssembly modules serve them.
var views = map[string]session.Family{
	"draughts":   draughtsview.Family{},
	"halma":      halmaview.Family{},
	"backgammon": backgammonview.Family{},
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: firstmoves DIR")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "firstmoves:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range games.Families() {
		fam, ok := views[f.Name]
		if !ok {
			return fmt.Errorf("family %s has no view here (site/wasm/firstmoves/cmd/firstmoves)", f.Name)
		}
		for _, g := range f.Games {
			setups, err := Setups(fam, f, g)
			if err != nil {
				return err
			}
			t, err := firstmoves.Build(fam, g.ID, setups)
			if err != nil {
				return err
			}
			b, err := json.Marshal(t)
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, g.ID+".json"), b, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// Setups are game g's starts at its family's depth, with the opening seeds when it starts
// with a roll.
func Setups(fam session.Family, f *games.Family, g games.Game) ([]firstmoves.Setup, error) {
	starts := g.Starts
	if starts == nil {
		starts = []rules.Options{nil}
	}
	var seeds []uint64
	if gm, ok := rules.Lookup(g.ID); ok {
		if o, err := gm.Validate(nil); err == nil {
			if st, err := gm.New(o); err == nil && st.Phase() == rules.PhaseRoll {
				if seeds, err = firstmoves.OpeningSeeds(fam, g.ID); err != nil {
					return nil, err
				}
			}
		}
	}
	depth := max(f.Site.FirstMoves, 1)
	out := make([]firstmoves.Setup, len(starts))
	for i, o := range starts {
		out[i] = firstmoves.Setup{Options: o, Depth: depth, Seeds: seeds}
	}
	return out, nil
}
