package records

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"madang/games"
	"madang/games/draughts/cli"
	"madang/internal/sharedfiles"
	"madang/rules"
	_ "madang/rules/draughts"
	"madang/site/wasm/session"
)

// A game written by ExportRecord reads back through ImportRecords with the same moves,
// start position and result, and with the tags given.
func TestExportImportRoundTrip(t *testing.T) {
	moves := []string{"11-15", "23-19", "8-11", "22-17", "4-8", "17-13"}
	b, err := Family{}.ExportRecord(session.Record{
		Game: "checkers", Moves: moves,
		Outcome: rules.Outcome{Status: rules.Win, Winner: 1},
		Tags:    [][2]string{{"Event", "마당"}, {"Black", "나"}, {"White", "AI (고급)"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, want := range []string{`[Event "마당"]`, `[GameType "21"]`, `[Result "0-1"]`, "1. 11-15 23-19", " 0-1\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("export lacks %q:\n%s", want, text)
		}
	}
	out := Family{}.ImportRecords(b, "draughts") // the GameType tag decides, not the fallback
	gs := out["games"].([]any)
	if len(gs) != 1 || len(out["errors"].([]any)) != 0 {
		t.Fatalf("import: %v", out)
	}
	g := gs[0].(map[string]any)
	if g["game"] != "checkers" || g["result"] != "0-1" || g["fen"] != "" || len(g["problems"].([]any)) != 0 {
		t.Errorf("game %v", g)
	}
	got := g["moves"].([]any)
	if len(got) != len(moves) {
		t.Fatalf("moves %v, want %v", got, moves)
	}
	for i := range moves {
		if got[i] != moves[i] {
			t.Errorf("move %d %v, want %s", i, got[i], moves[i])
		}
	}
}

// A game from a set position carries SetUp and FEN, and an ongoing game the result "*".
func TestExportFromPosition(t *testing.T) {
	b, err := Family{}.ExportRecord(session.Record{Game: "draughts", Position: "W:W31,32:B18,19", Moves: []string{"32-28"}})
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, want := range []string{`[SetUp "1"]`, `[FEN "W:W31,32:B18,19"]`, `[GameType "20"]`, `[Result "*"]`, "1. 32-28 *"} {
		if !strings.Contains(text, want) {
			t.Errorf("export lacks %q:\n%s", want, text)
		}
	}
	if _, err := (Family{}).ExportRecord(session.Record{Game: "checkers", Moves: []string{"32-28"}}); err == nil {
		t.Error("an illegal move exported")
	}
	if _, err := (Family{}).ExportRecord(session.Record{Game: "halma"}); err == nil {
		t.Error("a game of another family exported")
	}
}

// Problems name the move and carry a code the page words in Korean; syntax errors their line.
func TestImportProblems(t *testing.T) {
	out := Family{}.ImportRecords([]byte("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 31-26 99-98 *\n\n[Event \"x\"]\n1. 32-28 } *\n"), "draughts")
	gs := out["games"].([]any)
	if len(gs) != 1 {
		t.Fatalf("games %v", gs)
	}
	g := gs[0].(map[string]any)
	ps := g["problems"].([]any)
	if len(ps) != 1 || len(g["moves"].([]any)) != 5 {
		t.Fatalf("problems %v moves %v", ps, g["moves"])
	}
	p := ps[0].(map[string]any)
	if p["move"] != 5 || p["number"] != "3..." || p["text"] != "99-98" || p["code"] == "" {
		t.Errorf("problem %v, want move 5 (3... 99-98) with a code", p)
	}
	es := out["errors"].([]any)
	if len(es) != 1 || es[0].(map[string]any)["game"] != 2 || es[0].(map[string]any)["line"] != 5 {
		t.Errorf("syntax errors %v, want one in game 2 on line 5", es)
	}
}

// Every shared record file imports with the counts of the CLI's own replay (madang replay
// --game G FILE: games, moves played, errors), for the fallback game of its folder.
func TestImportSharedMatchesCLI(t *testing.T) {
	root := sharedfiles.Path(t, "games")
	for _, game := range []string{"checkers", "draughts"} {
		var files []string
		_ = filepath.Walk(filepath.Join(root, game), func(p string, info os.FileInfo, err error) error {
			if err == nil && !info.IsDir() && strings.HasSuffix(p, ".pdn") {
				files = append(files, p)
			}
			return nil
		})
		if len(files) == 0 {
			t.Fatalf("no records under %s", game)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want := cli.PDN.Replay(data, games.ReplayOptions{Game: game, Explicit: true})
			out := Family{}.ImportRecords(data, game)
			gs := out["games"].([]any)
			moves, errs := 0, len(out["errors"].([]any))
			for _, g := range gs {
				m := g.(map[string]any)
				moves += len(m["moves"].([]any))
				errs += len(m["problems"].([]any))
			}
			if len(gs) == 0 && errs == 0 {
				errs = 1 // the CLI's "no PDN game found"
			}
			if len(gs) != want.Games || moves != want.Moves || errs != len(want.Problems) {
				t.Errorf("%s as %s: games=%d moves=%d errors=%d, CLI games=%d moves=%d errors=%d",
					filepath.Base(f), game, len(gs), moves, errs, want.Games, want.Moves, len(want.Problems))
			}
		}
	}
}

// A record without a GameType tag is played as the page's game; when only the family's
// other game plays it to its end (checkers moves on the draughts page: 11-15 is no
// draughts move), it is that game's. A record neither plays keeps the page's game and its
// problem, and a tagged one keeps its tag's game.
func TestImportUntaggedOtherGame(t *testing.T) {
	checkers := "[Event \"x\"]\n1. 11-15 23-19 2. 8-11 22-17 *\n"
	draughts := "[Event \"x\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n"
	for _, c := range []struct {
		text, fallback, game string
		problems             int
	}{
		{checkers, "draughts", "checkers", 0},
		{checkers, "checkers", "checkers", 0},
		{draughts, "checkers", "draughts", 0},
		{"[Event \"x\"]\n1. 11-15 11-15 *\n", "draughts", "draughts", 1},
		{"[GameType \"20\"]\n1. 11-15 23-19 *\n", "checkers", "draughts", 1},
	} {
		out := Family{}.ImportRecords([]byte(c.text), c.fallback)
		gs := out["games"].([]any)
		if len(gs) != 1 {
			t.Fatalf("%q: %v", c.text, out)
		}
		g := gs[0].(map[string]any)
		if g["game"] != c.game || len(g["problems"].([]any)) != c.problems {
			t.Errorf("%q on the %s page: game %v, problems %v; want %s with %d", c.text, c.fallback, g["game"], g["problems"], c.game, c.problems)
		}
	}
}

// An online game with a clock exports its time control tag and a [%clk] comment after each
// move that has one.
func TestExportClockComments(t *testing.T) {
	b, err := Family{}.ExportRecord(session.Record{
		Game: "checkers", Moves: []string{"11-15", "23-19", "8-11"},
		Tags:     [][2]string{{"TimeControl", "300+3"}},
		Comments: []string{"[%clk 0:04:58]", "", "[%clk 0:04:51]"},
	})
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, want := range []string{`[TimeControl "300+3"]`, "11-15 {[%clk 0:04:58]}", "8-11 {[%clk 0:04:51]}"} {
		if !strings.Contains(text, want) {
			t.Errorf("the export lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "23-19 {") {
		t.Errorf("a move without a clock mark has a comment:\n%s", text)
	}
	// the import gives the review the time left after each move
	g := Family{}.ImportRecords(b, "checkers")["games"].([]any)[0].(map[string]any)
	clocks := g["clocks"].([]any)
	if len(clocks) != 3 || clocks[0] != "0:04:58" || clocks[1] != "" || clocks[2] != "0:04:51" {
		t.Errorf("imported clocks %v, want [0:04:58  0:04:51]", clocks)
	}
}
