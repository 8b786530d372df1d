package records

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"madang/internal/sharedfiles"
	"madang/rules"
	"madang/site/wasm/session"
)

// A game written by ExportRecord reads back through ImportRecords with the same log (the
// opening tie left out) and result, and with the players given.
func TestExportImportRoundTrip(t *testing.T) {
	log := []string{"4-4", "2-5", "13/11 13/8", "6-4", "24/18 13/9", "3-1", "8/5 6/5"}
	b, err := Family{}.ExportRecord(session.Record{
		Game: "backgammon", Moves: log,
		Outcome: rules.Outcome{Status: rules.Win, Winner: 1, Points: 1},
		Tags:    [][2]string{{"Event", "마당 백개먼"}, {"Date", "2026.11.30"}, {"Player 1", "나"}, {"Player 2", "AI (고급)"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, want := range []string{`; [EventDate "2026.11.30"]`, `; [Player 2 "AI (고급)"]`, `; [Variation "Backgammon"]`, " 0 point match", " 나 : 0", "  1)                             52: 13/11 13/8", "Wins 1 point"} {
		if !strings.Contains(text, want) {
			t.Errorf("export lacks %q:\n%s", want, text)
		}
	}
	out := Family{}.ImportRecords(b, "backgammon")
	gs := out["games"].([]any)
	if len(gs) != 1 || len(out["errors"].([]any)) != 0 {
		t.Fatalf("import: %v", out)
	}
	g := gs[0].(map[string]any)
	if g["game"] != "backgammon" || g["result"] != "0-1" || len(g["problems"].([]any)) != 0 || g["total"] != 6 {
		t.Errorf("game %v", g)
	}
	want := []any{"2-5", "13/11 13/8", "6-4", "24/18 13/9", "3-1", "8/5 6/5"}
	if !reflect.DeepEqual(g["moves"], want) {
		t.Errorf("moves %v, want %v", g["moves"], want)
	}
	if !reflect.DeepEqual(g["tags"].([]any)[2], []any{"Player 1", "나"}) {
		t.Errorf("tags %v", g["tags"])
	}
}

func TestExportErrors(t *testing.T) {
	if _, err := (Family{}).ExportRecord(session.Record{Game: "checkers"}); err != session.ErrGame {
		t.Errorf("another game: %v", err)
	}
	_, err := Family{}.ExportRecord(session.Record{Game: "backgammon", Moves: []string{"2-5", "24/1"}})
	if err == nil || !strings.HasPrefix(err.Error(), "entry 2 (24/1): ") {
		t.Errorf("bad play: %v", err)
	}
}

// A play the rules refuse is a problem at its place in the log, with the action as written
// and its line; text before the first game is a syntax error with its line.
func TestImportProblems(t *testing.T) {
	text := " 0 point match\n\n Game 1\n A : 0                           B : 0\n  1)                             52: 13/8 13/11\n  2) 66: 24/12\n"
	out := Family{}.ImportRecords([]byte(text), "")
	g := out["games"].([]any)[0].(map[string]any)
	ps := g["problems"].([]any)
	if len(ps) != 1 {
		t.Fatalf("problems %v", ps)
	}
	p := ps[0].(map[string]any)
	if p["code"] != "illegal-move" || p["move"] != 3 || p["line"] != 6 || p["text"] != "66: 24/12" {
		t.Errorf("problem %v", p)
	}
	out = Family{}.ImportRecords([]byte("hello\n"), "")
	if es := out["errors"].([]any); len(es) != 1 || es[0].(map[string]any)["line"] != 1 {
		t.Errorf("syntax errors %v", es)
	}
	text = " 0 point match\n\n Game 1\n A : 0                           B : 0\n  1)                             52: 13/8 13/11\n  2)                             66: 24/18(2) 13/7(2)\n"
	g = Family{}.ImportRecords([]byte(text), "")["games"].([]any)[0].(map[string]any)
	if p := g["problems"].([]any)[0].(map[string]any); p["code"] != "wrong-turn" {
		t.Errorf("wrong turn: %v", p)
	}
}

// Every shared match imports with the counts of mat.Replay's shared test: no syntax error.
func TestImportShared(t *testing.T) {
	dir := sharedfiles.Path(t, "games", "backgammon")
	files, _ := filepath.Glob(filepath.Join(dir, "studio", "*.txt"))
	if len(files) == 0 {
		t.Fatal("no studio matches")
	}
	for _, f := range files[:5] {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out := Family{}.ImportRecords(b, "")
		if es := out["errors"].([]any); len(es) != 0 || len(out["games"].([]any)) == 0 {
			t.Errorf("%s: %v", f, es)
		}
		for _, g := range out["games"].([]any) {
			g := g.(map[string]any)
			if len(g["problems"].([]any)) == 0 && len(g["moves"].([]any)) != g["total"] {
				t.Errorf("%s game %v: %d moves of %v", f, g["index"], len(g["moves"].([]any)), g["total"])
			}
		}
	}
}

// An online game with a clock: the export writes the time left after each play as the .mat's
// clock lines (rules/backgammon/mat's doc) and the import gives the review each entry's
// time left, on the plays. A hand-written match's clocks
// (rules/backgammon/mat/testdata/clock.mat) read as written.
func TestExportImportClocks(t *testing.T) {
	log := []string{"4-4", "2-5", "13/11 13/8", "6-4", "24/18 13/9"}
	b, err := Family{}.ExportRecord(session.Record{
		Game: "backgammon", Moves: log,
		Tags:     [][2]string{{"TimeControl", "300+0"}},
		Comments: []string{"", "", "[%clk 0:04:58]", "[%clk 0:04:57]", "[%clk 0:04:51]"},
	})
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, want := range []string{`; [TimeControl "300+0"]`, "; [%clk 1 1) - 0:04:58]\n; [%clk 1 2) 0:04:51 -]\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("the export lacks %q:\n%s", want, text)
		}
	}
	g := Family{}.ImportRecords(b, "backgammon")["games"].([]any)[0].(map[string]any)
	if want := []any{"", "0:04:58", "", "0:04:51"}; !reflect.DeepEqual(g["clocks"], want) {
		t.Errorf("clocks %v, want %v", g["clocks"], want)
	}
	data, err := os.ReadFile("../../../../rules/backgammon/mat/testdata/clock.mat")
	if err != nil {
		t.Fatal(err)
	}
	g = Family{}.ImportRecords(data, "backgammon")["games"].([]any)[0].(map[string]any)
	if want := []any{"", "0:04:58", "", "0:04:51", "", "0:04:40.5", "", ""}; !reflect.DeepEqual(g["clocks"], want) {
		t.Errorf("clocks of clock.mat %v, want %v", g["clocks"], want)
	}
	for _, tag := range g["tags"].([]any) {
		if strings.HasPrefix(tag.([]any)[0].(string), "%") {
			t.Errorf("a clock line among the tags: %v", tag)
		}
	}
}
