package pdn

import (
	"bytes"
	"madang/internal/sharedfiles"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sameGames compares games as the writer promises to keep them: everything but Index,
// Line and Move.Line, with a missing result written as "*".
func sameGames(a, b []Game) string {
	if len(a) != len(b) {
		return "game count " + itoa(len(a)) + " != " + itoa(len(b))
	}
	for i := range a {
		x, y := &a[i], &b[i]
		at := "game " + itoa(i+1) + ": "
		if len(x.Tags) != len(y.Tags) {
			return at + "tag count"
		}
		for j := range x.Tags {
			if x.Tags[j] != y.Tags[j] {
				return at + "tag " + x.Tags[j].Name + "=" + x.Tags[j].Value + " != " + y.Tags[j].Name + "=" + y.Tags[j].Value
			}
		}
		rx, ry := x.Result, y.Result
		if rx == "" {
			rx = "*"
		}
		if ry == "" {
			ry = "*"
		}
		if rx != ry || x.Comment != y.Comment {
			return at + "result " + rx + " != " + ry + " or comment " + x.Comment + " != " + y.Comment
		}
		if len(x.Moves) != len(y.Moves) {
			return at + "move count " + itoa(len(x.Moves)) + " != " + itoa(len(y.Moves))
		}
		for j := range x.Moves {
			m, n := x.Moves[j], y.Moves[j]
			if m.Number != n.Number || m.Second != n.Second || m.Text != n.Text || m.Strength != n.Strength ||
				m.Comment != n.Comment || len(m.NAGs) != len(n.NAGs) {
				return at + "move " + itoa(j+1) + ": " + m.Text + " != " + n.Text
			}
			for k := range m.NAGs {
				if m.NAGs[k] != n.NAGs[k] {
					return at + "move " + itoa(j+1) + " NAGs"
				}
			}
		}
	}
	return ""
}

func roundTrip(t testing.TB, name string, games []Game) {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, games...); err != nil {
		t.Fatalf("%s: Write: %v", name, err)
	}
	again, err := Read(buf.Bytes())
	if err != nil {
		t.Fatalf("%s: re-reading the written text: %v\n%s", name, err, buf.String())
	}
	if d := sameGames(games, again); d != "" {
		t.Fatalf("%s: round trip differs: %s", name, d)
	}
	for i, line := range strings.Split(buf.String(), "\n") {
		if len(line) > LineWidth && !strings.HasPrefix(line, "[") && strings.Contains(line, " ") {
			t.Errorf("%s: written line %d is %d bytes wide", name, i+1, len(line))
		}
	}
}

// TestRoundTripShared: read(write(read(f))) == read(f) for every shared PDN file.
func TestRoundTripShared(t *testing.T) {
	root := sharedfiles.Path(t, "games")
	var files []string
	// The files of shared/games/README.md: 4 checkers and 4 draughts records, the 9
	// grammar tests of wiegerw/pdn, the 2 problem collections and bad/delfts.pdn.
	for _, c := range []struct {
		pat  string
		want int
	}{{"checkers/*.pdn", 4}, {"checkers/syntax/*.pdn", 9}, {"draughts/*.pdn", 4}, {"draughts/*/*.pdn", 3}} {
		m, _ := filepath.Glob(filepath.Join(root, c.pat))
		if len(m) != c.want {
			t.Fatalf("%d PDN files match %s under %s, want %d", len(m), c.pat, root, c.want)
		}
		files = append(files, m...)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		games, _ := Read(data) // nested_comment.pdn has an error; round-trip what was read
		roundTrip(t, filepath.Base(f), games)
	}
}

// TestWriteText pins the writer's layout on a small game.
func TestWriteText(t *testing.T) {
	g := Game{
		Tags:    []Tag{{"Event", `Club "B" \ 2024`}, {"GameType", "20"}},
		Comment: "start",
		Moves: []Move{
			{Number: 1, Text: "32-28", Strength: "!"},
			{Number: 1, Second: true, Text: "19-23", NAGs: []int{2}, Comment: "a  long\nthink"},
			{Number: 2, Second: true, Text: "23x32"},
		},
		Result: "2-0",
	}
	var buf bytes.Buffer
	if err := Write(&buf, g); err != nil {
		t.Fatal(err)
	}
	want := "[Event \"Club \\\"B\\\" \\\\ 2024\"]\n[GameType \"20\"]\n\n{start} 1. 32-28! 19-23 $2 {a long think} 2... 23x32 2-0\n\n"
	if buf.String() != want {
		t.Errorf("Write:\n%q\nwant\n%q", buf.String(), want)
	}
	// NewGame numbers the moves; long movetext wraps at LineWidth.
	texts := make([]string, 41)
	for i := range texts {
		texts[i] = "32-28"
	}
	g = NewGame([]Tag{{"FEN", "W:W31:B1"}}, texts, "")
	if m := g.Moves[40]; m.Number != 21 || m.Second || !g.Moves[39].Second {
		t.Errorf("NewGame numbering: %+v", g.Moves[39:])
	}
	roundTrip(t, "long", []Game{g})
}

func TestWriteRefuses(t *testing.T) {
	bad := []Game{
		{Tags: []Tag{{"Bad Name", "x"}}},
		{Tags: []Tag{{"Event", "two\nlines"}}},
		{Comment: "a } b"},
		{Moves: []Move{{Number: 1, Text: "32 28"}}},
		{Moves: []Move{{Number: 1, Text: "32-28", Strength: "!x"}}},
		{Moves: []Move{{Number: 0, Text: "32-28"}}},
		{Result: "4-6"},
		{Result: "white wins"},
	}
	for i, g := range bad {
		if err := Write(&bytes.Buffer{}, g); err == nil {
			t.Errorf("case %d: Write accepted %+v", i, g)
		}
	}
	ok := Game{Tags: []Tag{{"Result", "4-6"}}, Moves: []Move{{Number: 1, Text: "34-29"}}, Result: "4-6"}
	roundTrip(t, "score result", []Game{ok})
}
