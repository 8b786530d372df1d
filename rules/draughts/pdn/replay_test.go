package pdn_test

import (
	"bytes"
	"errors"
	"madang/internal/sharedfiles"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"madang/rules"
	"madang/rules/draughts"
	"madang/rules/draughts/pdn"
)

func readFile(t *testing.T, path string) []pdn.Game {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games, err := pdn.Read(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return games
}

// knownFaults are the records that are wrong as published, checked by hand: the replay
// must report an illegal move exactly there, and nothing anywhere else.
var knownFaults = map[string]int{ // "file#game" -> ply
	// Petal 1981, game 18, move 62: "32-28" again, but Black's king went 32-28 on move 60
	// and has stood on 28 since; no piece is on 32.
	"tinsley.pdn#541": 123,
}

// TestReplaySharedRecords: every game of the shared checkers and draughts records, and
// every problem (FEN plus solution), replays through the rules with no problem (illegal
// move, or a recorded result the rules contradict), except the known faults.
func TestReplaySharedRecords(t *testing.T) {
	met := map[string]bool{}
	root := sharedfiles.Path(t, "games")
	// The files of shared/games/README.md: 4 checkers records, 4 draughts records, 2
	// problem collections.
	for _, c := range []struct {
		pat  string
		want int
	}{{"checkers/*.pdn", 4}, {"draughts/*.pdn", 4}, {"draughts/problems/*.pdn", 2}} {
		pat := c.pat
		files, _ := filepath.Glob(filepath.Join(root, pat))
		if len(files) != c.want {
			t.Fatalf("%d files match %s, want %d", len(files), pat, c.want)
		}
		fallback := strings.SplitN(pat, "/", 2)[0]
		for _, f := range files {
			games := readFile(t, f)
			plies, bad := 0, 0
			for i := range games {
				r := pdn.Replay(&games[i], fallback)
				plies += len(r.Played)
				key := filepath.Base(f) + "#" + strconv.Itoa(games[i].Index)
				if ply, ok := knownFaults[key]; ok && len(r.Problems) == 1 && r.Problems[0].Move == ply-1 &&
					errors.Is(r.Problems[0].Err, rules.ErrIllegal) {
					met[key] = true
					continue
				}
				for _, p := range r.Problems {
					bad++
					if bad <= 10 {
						t.Errorf("%s game %d (line %d): %s", filepath.Base(f), games[i].Index, games[i].Line, describe(&games[i], p))
					}
				}
			}
			t.Logf("%s: %d games, %d plies, %d problems", filepath.Base(f), len(games), plies, bad)
		}
	}
	for key := range knownFaults {
		if !met[key] {
			t.Errorf("%s: the known fault of this record was not reported", key)
		}
	}
}

func describe(g *pdn.Game, p pdn.Problem) string {
	if p.Move < 0 {
		return p.Err.Error()
	}
	m := g.Moves[p.Move]
	return "move " + m.Text + " (ply " + strconv.Itoa(p.Move+1) + "): " + p.Err.Error()
}

// TestReplayDelfts: the match scores of bad/delfts.pdn are refused as results, clearly,
// while every move of both games plays.
func TestReplayDelfts(t *testing.T) {
	games := readFile(t, filepath.Join(sharedfiles.Path(t, "games"), "draughts", "bad", "delfts.pdn"))
	for i := range games {
		r := pdn.Replay(&games[i], "draughts")
		if len(r.Played) != len(games[i].Moves) {
			t.Errorf("game %d: played %d of %d moves: %v", i+1, len(r.Played), len(games[i].Moves), r.Problems)
		}
		if len(r.Problems) != 1 || r.Problems[0].Move != -1 || !strings.Contains(r.Problems[0].Err.Error(), "not a PDN result") {
			t.Errorf("game %d: problems %v, want one about the result", i+1, r.Problems)
		}
	}
}

// TestExportRoundTrip: a replayed game written with pdn.Write and read back has the same
// moves, and replays to the same final position.
func TestExportRoundTrip(t *testing.T) {
	root := sharedfiles.Path(t, "games")
	for _, rel := range []string{"checkers/Tricks traps and shots.pdn", "checkers/inferno.pdn", "draughts/kurnik.pdn", "draughts/nk ronde 01.pdn", "draughts/problems/Cat.A1.pdn"} {
		games := readFile(t, filepath.Join(root, rel))
		fallback := strings.SplitN(rel, "/", 2)[0]
		var exported []pdn.Game
		var finals []string
		for i := range games {
			r := pdn.Replay(&games[i], fallback)
			if len(r.Problems) > 0 {
				t.Fatalf("%s game %d: %v", rel, i+1, r.Problems)
			}
			exported = append(exported, r.Export())
			finals = append(finals, r.Final.Encode())
		}
		var buf bytes.Buffer
		if err := pdn.Write(&buf, exported...); err != nil {
			t.Fatalf("%s: Write: %v", rel, err)
		}
		again, err := pdn.Read(buf.Bytes())
		if err != nil || len(again) != len(exported) {
			t.Fatalf("%s: re-read: %v, %d games of %d", rel, err, len(again), len(exported))
		}
		for i := range again {
			if a, b := strings.Join(again[i].Texts(), " "), strings.Join(exported[i].Texts(), " "); a != b {
				t.Fatalf("%s game %d: moves\n%s\nre-read as\n%s", rel, i+1, b, a)
			}
			r := pdn.Replay(&again[i], fallback)
			if len(r.Problems) > 0 || r.Final.Encode() != finals[i] {
				t.Fatalf("%s game %d: re-read game replays to %q (%v), want %q", rel, i+1, r.Final.Encode(), r.Problems, finals[i])
			}
		}
	}
}

// TestResultCheck: where the rules end the game, the recorded result must agree. After
// 18x9 in W:W18:B14 Black has no piece left, so White (seat 1, "0-1") has won (WCDF 1.32:
// a player who cannot move loses).
func TestResultCheck(t *testing.T) {
	for _, c := range []struct {
		result string
		ok     bool
	}{{"0-1", true}, {"1-0", false}, {"1/2-1/2", false}, {"*", true}} {
		games, err := pdn.Read([]byte("[FEN \"W:W18:B14\"]\n1. 18x9 " + c.result + "\n"))
		if err != nil || len(games) != 1 {
			t.Fatalf("%s: %v", c.result, err)
		}
		r := pdn.Replay(&games[0], "checkers")
		if got := len(r.Problems) == 0; got != c.ok {
			t.Errorf("result %s: problems %v, want ok=%v", c.result, r.Problems, c.ok)
		}
	}
	// A move after the game has ended is refused.
	games, _ := pdn.Read([]byte("[FEN \"W:W18:B14\"]\n1. 18x9 9-5 0-1\n"))
	if r := pdn.Replay(&games[0], "checkers"); len(r.Problems) != 1 || r.Problems[0].Move != 1 {
		t.Errorf("move after the end: problems %v", r.Problems)
	}
}

func TestVariant(t *testing.T) {
	for _, c := range []struct {
		tags     []pdn.Tag
		fallback string
		want     string
	}{
		{nil, "checkers", "checkers"},
		{nil, "draughts", "draughts"},
		{[]pdn.Tag{{Name: "GameType", Value: "20"}}, "checkers", "draughts"},
		{[]pdn.Tag{{Name: "GameType", Value: "20,W,10,10,N1,0"}}, "checkers", "draughts"},
		{[]pdn.Tag{{Name: "GameType", Value: "21"}}, "draughts", "checkers"},
		{[]pdn.Tag{{Name: "GameType", Value: "25"}}, "draughts", ""},
	} {
		g := pdn.Game{Tags: c.tags}
		got, err := pdn.Variant(&g, c.fallback)
		if got != c.want || (err != nil) != (c.want == "") {
			t.Errorf("Variant(%v, %s) = %q, %v; want %q", c.tags, c.fallback, got, err, c.want)
		}
	}
	// Without the engine the replay says so, and does not crash.
	if _, ok := rules.Lookup("checkers"); !ok {
		g := pdn.Game{Moves: []pdn.Move{{Number: 1, Text: "11-15"}}}
		r := pdn.Replay(&g, "checkers")
		if len(r.Problems) != 1 || !strings.Contains(r.Problems[0].Err.Error(), "not registered") {
			t.Errorf("unregistered game: problems %v", r.Problems)
		}
	}
}

func TestResultOutcome(t *testing.T) {
	for tok, want := range map[string]struct {
		status rules.Status
		winner rules.Seat
		known  bool
	}{
		"1-0": {rules.Win, 0, true}, "2-0": {rules.Win, 0, true},
		"0-1": {rules.Win, 1, true}, "0-2": {rules.Win, 1, true},
		"1/2-1/2": {rules.Draw, rules.NoSeat, true}, "1-1": {rules.Draw, rules.NoSeat, true},
		"*": {rules.Ongoing, rules.NoSeat, false}, "0-0": {rules.Ongoing, rules.NoSeat, false},
		"4-6": {rules.Ongoing, rules.NoSeat, false},
	} {
		s, w, k := pdn.ResultOutcome(tok)
		if s != want.status || w != want.winner || k != want.known {
			t.Errorf("ResultOutcome(%q) = %v %v %v", tok, s, w, k)
		}
	}
}

// TestReplayNotes: what real records do that is not a fault. Tricks traps and shots games
// 57 and 90 write a capture from-to only where two captures take different men (the
// engine's records test names them); the moves that follow settle which one was played.
// Tinsley game 681 repeats a position a third time at ply 75 and is played on to 0-1.
func TestReplayNotes(t *testing.T) {
	root := sharedfiles.Path(t, "games")
	tts := readFile(t, filepath.Join(root, "checkers", "Tricks traps and shots.pdn"))
	for _, c := range []struct {
		game, ply  int
		candidates []string
	}{{57, 37, []string{"10x17x26", "10x19x26"}}, {90, 22, []string{"32x23x14x7", "32x23x16x7"}}} {
		r := pdn.Replay(&tts[c.game-1], "checkers")
		if len(r.Problems) > 0 || len(r.Notes) != 1 || r.Notes[0].Move != c.ply-1 {
			t.Errorf("TTS game %d: problems %v notes %v", c.game, r.Problems, r.Notes)
			continue
		}
		if got := r.Played[c.ply-1].String(); got != c.candidates[0] && got != c.candidates[1] {
			t.Errorf("TTS game %d ply %d played as %s, want one of %v", c.game, c.ply, got, c.candidates)
		}
	}
	tinsley := readFile(t, filepath.Join(root, "checkers", "tinsley.pdn"))
	r := pdn.Replay(&tinsley[680], "checkers")
	if len(r.Problems) > 0 || len(r.Notes) != 1 || r.Notes[0].Move != 75 || !strings.Contains(r.Notes[0].Text, "threefold") ||
		len(r.Played) != len(tinsley[680].Moves) {
		t.Errorf("tinsley game 681: problems %v notes %v, %d of %d plies", r.Problems, r.Notes, len(r.Played), len(tinsley[680].Moves))
	}
}

// TestReplayDrawnRecord: two lone kings shuffle; the start position stands a third time
// after 8 plies, a threefold repetition the rules draw automatically (seed 001). A record
// ending there must read as a draw; one that goes on is noted and not checked.
func TestReplayDrawnRecord(t *testing.T) {
	const shuffle = "[FEN \"B:WK32:BK1\"]\n1. 1-6 32-27 2. 6-1 27-32 3. 1-6 32-27 4. 6-1 27-32 "
	for _, c := range []struct {
		tail  string
		ok    bool
		notes int
	}{
		{"1/2-1/2", true, 0},
		{"1-0", false, 0},
		{"*", true, 0},
		{"5. 1-6 32-27 1-0", true, 1},
	} {
		games, err := pdn.Read([]byte(shuffle + c.tail))
		if err != nil {
			t.Fatal(err)
		}
		r := pdn.Replay(&games[0], "checkers")
		if (len(r.Problems) == 0) != c.ok || len(r.Notes) != c.notes {
			t.Errorf("%q: problems %v notes %v", c.tail, r.Problems, r.Notes)
		}
	}
}

// TestReplayAlphanumeric: "1.a3b4" (PDN allows alphanumeric moves without a separator)
// is a first move of the first mover in checkers: a3 and b4 are dark squares of its third
// and fourth rows, counted from its own side (seed 001 names squares that way).
func TestReplayAlphanumeric(t *testing.T) {
	games := readFile(t, filepath.Join(sharedfiles.Path(t, "games"), "checkers", "syntax", "alphanumeric.pdn"))
	r := pdn.Replay(&games[0], "checkers")
	if len(r.Problems) != 0 || len(r.Played) != 1 {
		t.Errorf("problems %v, played %v", r.Problems, r.Played)
	}
}

// TestReplayUnknownSide: a FEN tag with '?' as the side to move (wiegerw/pdn's
// games/syntax/fen.pdn) starts with the side whose move the record plays first; when the
// record cannot tell (no move, or a first move either side could play), the problem wraps
// the rules' ErrSideUnknown.
func TestReplayUnknownSide(t *testing.T) {
	const fen = `[FEN "?:W29,13,11:B22,4,2"]` + "\n"
	for _, c := range []struct {
		moves string
		side  rules.Seat // the seat to move at the start; -1: unknown
	}{
		{"29-25 *", 1},  // a White man (checkers: White is seat 1) steps towards 1-4
		{"22-26 *", 0},  // a Black man steps towards 29-32
		{"1. 4-8 *", 0}, // Black
		{"*", -1},       // no move tells
		{"5-9 *", -1},   // no piece on 5: fits neither side
	} {
		games, err := pdn.Read([]byte(fen + c.moves))
		if err != nil {
			t.Fatal(err)
		}
		r := pdn.Replay(&games[0], "checkers")
		if c.side < 0 {
			if len(r.Problems) != 1 || r.Problems[0].Move != -1 || !errors.Is(r.Problems[0].Err, draughts.ErrSideUnknown) || r.Start != nil {
				t.Errorf("%q: problems %v, want one wrapping ErrSideUnknown", c.moves, r.Problems)
			}
			continue
		}
		if len(r.Problems) != 0 || r.Start == nil || r.Start.ToMove() != c.side || len(r.Played) != 1 {
			t.Errorf("%q: problems %v, start %v, want seat %d to move and the move played", c.moves, r.Problems, r.Start, c.side)
		}
	}
	// Every fen.pdn game of the syntax tests: the '?' one has no move, so its side is unknown.
	games := readFile(t, filepath.Join(sharedfiles.Path(t, "games"), "checkers", "syntax", "fen.pdn"))
	r := pdn.Replay(&games[0], "checkers")
	if len(r.Problems) != 1 || !errors.Is(r.Problems[0].Err, draughts.ErrSideUnknown) {
		t.Errorf("fen.pdn game 1: problems %v, want the unknown side", r.Problems)
	}
}
