package mat

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"madang/internal/sharedfiles"
	"madang/rules"
)

// TestSharedMatches replays every match of ../shared/games/backgammon (both flavours):
// every play legal for its roll, every roll by the seat on roll, every game the rules end
// won by the seat that bore off, for the recorded points.
func TestSharedMatches(t *testing.T) {
	dir := sharedfiles.Path(t, "games", "backgammon")
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.txt"))
	if len(files) != 530 {
		t.Fatalf("%d match files under %s, want the 530 of the README", len(files), dir)
	}
	games, plays, borne, bad, notes := 0, 0, 0, 0, 0
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Read(fh)
		fh.Close()
		if err != nil {
			t.Errorf("%s: %v", f, err)
			bad++
			continue
		}
		if len(m.Games) == 0 {
			t.Errorf("%s: no games", f)
		}
		for i := range m.Games {
			g := &m.Games[i]
			r := Replay(g, m.Length)
			notes += len(r.Notes)
			games++
			plays += r.Plays
			if r.Final.Outcome().Over() {
				borne++
			}
			for _, p := range r.Problems {
				bad++
				if bad <= 20 {
					line := g.Line
					if p.Action >= 0 {
						line = g.Actions[p.Action].Line
					}
					t.Errorf("%s:%d game %d: %v", strings.TrimPrefix(f, dir+"/"), line, g.Number, p)
				}
			}
		}
	}
	t.Logf("%d files, %d games, %d plays, %d games ended by bearing off, %d problems, %d notes", len(files), games, plays, borne, bad, notes)
	if games < 1900 {
		t.Errorf("only %d games read", games)
	}
	_ = rules.NoSeat
}
