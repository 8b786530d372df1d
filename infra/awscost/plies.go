package awscost

import (
	"encoding/json"
	"fmt"
	"os"

	"madang/rules"
)

// ReadPlies reads the typical game lengths in plies (log entries) from the AI figures the
// game pages quote (site/src/guide/ai-figures.json, written by `make ai-figures`): each
// game's intermediate self-play average, "games.<id>.self.avgPlies". A game that rolls dice
// logs a roll before each play, so its length in entries is twice its plays (backgammon: 57
// plays, 114 entries). Errors: the file cannot be read or holds no average for a game of
// the report.
func ReadPlies(path string) (map[string]float64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var figures struct {
		Games map[string]struct {
			Self struct {
				AvgPlies float64 `json:"avgPlies"`
			} `json:"self"`
		} `json:"games"`
	}
	if err := json.Unmarshal(b, &figures); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	plies := map[string]float64{}
	for id, f := range figures.Games {
		if f.Self.AvgPlies <= 0 {
			continue
		}
		plies[id] = f.Self.AvgPlies
		if g, ok := rules.Lookup(id); ok {
			if s, err := g.New(nil); err == nil && s.Phase() == rules.PhaseRoll {
				plies[id] *= 2
			}
		}
	}
	return plies, nil
}
