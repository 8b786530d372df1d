package records

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"madang/rules"
	_ "madang/rules/halma"
	"madang/site/wasm/session"
)

// A three-player diamond game written by ExportRecord reads back through ImportRecords with
// the same moves, options and result.
func TestExportImportRoundTrip(t *testing.T) {
	g, _ := rules.Lookup("diamond")
	opts := rules.Options{"players": 3}
	st, err := g.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for i := 0; i < 9; i++ {
		m := st.Moves()[i%len(st.Moves())]
		_, route, _ := rules.ParseRoute(st, m.String())
		moves = append(moves, route)
		st, _ = st.Play(m)
	}
	b, err := Family{}.ExportRecord(session.Record{
		Game: "diamond", Options: opts, Moves: moves,
		Outcome: rules.Outcome{Status: rules.Win, Winner: 2, Points: 1},
		Tags:    [][2]string{{"Event", "마당"}, {"Seat1", "나"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, want := range []string{`[Game "diamond"]`, `[Players "3"]`, `[Pieces "15"]`, `[Result "0-0-1"]`, "1. " + moves[0], " 0-0-1\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("export lacks %q:\n%s", want, text)
		}
	}
	out := Family{}.ImportRecords(b, "chinese-checkers") // the Game tag decides
	gs := out["games"].([]any)
	if len(gs) != 1 || len(out["errors"].([]any)) != 0 {
		t.Fatalf("import: %v", out)
	}
	gm := gs[0].(map[string]any)
	if gm["game"] != "diamond" || gm["result"] != "0-0-1" || len(gm["problems"].([]any)) != 0 || gm["options"].(map[string]any)["players"] != 3 {
		t.Errorf("game %v", gm)
	}
	want := make([]any, len(moves))
	for i, m := range moves {
		want[i] = m
	}
	if !reflect.DeepEqual(gm["moves"], want) {
		t.Errorf("moves %v, want %v", gm["moves"], want)
	}
}

func TestExportErrors(t *testing.T) {
	if _, err := (Family{}).ExportRecord(session.Record{Game: "checkers"}); err != session.ErrGame {
		t.Errorf("checkers: %v", err)
	}
	if _, err := (Family{}).ExportRecord(session.Record{Game: "diamond", Options: rules.Options{"players": 4}}); err == nil {
		t.Error("four players accepted")
	}
	if _, err := (Family{}).ExportRecord(session.Record{Game: "chinese-checkers", Moves: []string{"9.9-9.8"}}); err == nil || !strings.HasPrefix(err.Error(), "move 1 (9.9-9.8): ") {
		t.Errorf("bad move: %v", err)
	}
}

// A bad move is a problem naming its number, text and line.
func TestImportProblem(t *testing.T) {
	out := Family{}.ImportRecords([]byte("[Game \"chinese-checkers\"]\n\n1. 9.9-9.8 *\n"), "")
	p := out["games"].([]any)[0].(map[string]any)["problems"].([]any)[0].(map[string]any)
	if p["move"] != 0 || p["number"] != "1." || p["text"] != "9.9-9.8" || p["line"] != 3 || p["code"] == "" {
		t.Errorf("problem %v", p)
	}
}

// Another family's record (a checkers PDN, by its GameType tag) is no game of this page: it
// is listed among the errors with code game-type, and no game opens.
func TestImportOtherGamesRecord(t *testing.T) {
	out := Family{}.ImportRecords([]byte("[GameType \"21\"]\n[FEN \"W:W99:B1\"]\n1. 11-15 *\n"), "chinese-checkers")
	if n := len(out["games"].([]any)); n != 0 {
		t.Fatalf("%d games read from a checkers PDN", n)
	}
	errs := out["errors"].([]any)
	if len(errs) != 1 || errs[0].(map[string]any)["code"] != "game-type" {
		t.Fatalf("errors %v, want one game-type", errs)
	}
}

// An online game with a clock: the export writes its TimeControl tag and the time left after
// each move in the record's comments ({[%clk h:mm:ss]}, rules/halma/record's doc), and the
// import gives the review each move's time left. A hand-written record's clocks
// (rules/halma/record/testdata/clock.txt) read as written; a clock of a bad shape gives none.
func TestExportImportClocks(t *testing.T) {
	b, err := Family{}.ExportRecord(session.Record{
		Game: "chinese-checkers", Moves: []string{"3.1-5.5", "14.4-13.9", "4.2-5.6"},
		Tags:     [][2]string{{"TimeControl", "300+3"}},
		Comments: []string{"[%clk 0:04:58]", "", "[%clk 0:04:51]"},
	})
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, want := range []string{`[TimeControl "300+3"]`, "1. 3.1-5.5 {[%clk 0:04:58]} 2. 14.4-13.9 3. 4.2-5.6 {[%clk 0:04:51]} *"} {
		if !strings.Contains(text, want) {
			t.Errorf("the export lacks %q:\n%s", want, text)
		}
	}
	g := Family{}.ImportRecords(b, "")["games"].([]any)[0].(map[string]any)
	if want := []any{"0:04:58", "", "0:04:51"}; !reflect.DeepEqual(g["clocks"], want) {
		t.Errorf("clocks %v, want %v", g["clocks"], want)
	}
	data, err := os.ReadFile("../../../../rules/halma/record/testdata/clock.txt")
	if err != nil {
		t.Fatal(err)
	}
	out := Family{}.ImportRecords(data, "")
	gs := out["games"].([]any)
	if len(gs) != 2 || len(out["errors"].([]any)) != 1 {
		t.Fatalf("import of clock.txt: %v", out)
	}
	if want := []any{"0:04:58", "0:04:51", "0:03:07.5", ""}; !reflect.DeepEqual(gs[0].(map[string]any)["clocks"], want) {
		t.Errorf("clocks %v, want %v", gs[0].(map[string]any)["clocks"], want)
	}
	if want := []any{"", ""}; !reflect.DeepEqual(gs[1].(map[string]any)["clocks"], want) {
		t.Errorf("a record without clocks: %v", gs[1].(map[string]any)["clocks"])
	}
}
