package main

import (
	"bytes"
	"madang/internal/sharedfiles"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"madang/rules/draughts/pdn"
)

func replayCmd(t *testing.T, args ...string) (code int, lines []string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = dispatch(append([]string{"replay"}, args...), &out, &errb)
	return code, strings.Split(strings.TrimSpace(out.String()), "\n")
}

// mainlineMoves counts the mainline moves of the PDN files in dir.
func mainlineMoves(t *testing.T, dir string) int {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.pdn"))
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		games, err := pdn.Read(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range games {
			n += len(g.Moves)
		}
	}
	return n
}

// TestReplayFolders: the game counts are those of shared/games/README.md; every draughts
// move plays; in checkers every move plays but those after the one known fault of
// tinsley.pdn (game 541, ply 123 of 126, a king that is not on 32).
func TestReplayFolders(t *testing.T) {
	root := sharedfiles.Path(t, "games")

	code, lines := replayCmd(t, "--game", "draughts", filepath.Join(root, "draughts"))
	want := "games=395 moves=" + strconv.Itoa(mainlineMoves(t, filepath.Join(root, "draughts"))) + " errors=0"
	if code != 0 || lines[len(lines)-1] != want {
		t.Errorf("draughts: exit %d, output %q, want last line %q", code, lines, want)
	}

	code, lines = replayCmd(t, "--game", "draughts", filepath.Join(root, "draughts", "problems"))
	want = "games=72 moves=" + strconv.Itoa(mainlineMoves(t, filepath.Join(root, "draughts", "problems"))) + " errors=0"
	if code != 0 || lines[len(lines)-1] != want {
		t.Errorf("problems: exit %d, output %q, want last line %q", code, lines, want)
	}

	code, lines = replayCmd(t, filepath.Join(root, "checkers"))
	want = "games=899 moves=" + strconv.Itoa(mainlineMoves(t, filepath.Join(root, "checkers"))-4) + " errors=1"
	if code != 1 || len(lines) != 2 || lines[1] != want ||
		!strings.HasSuffix(lines[0], `tinsley.pdn: game 541 (line 5572): move 62. 32-28: illegal move "32-28": no legal move from 32 to 28`) {
		t.Errorf("checkers: exit %d, output %q, want the tinsley fault and %q", code, lines, want)
	}

	// bad/delfts.pdn: read leniently, every move plays, the match scores are refused.
	code, lines = replayCmd(t, "--game", "draughts", filepath.Join(root, "draughts", "bad", "delfts.pdn"))
	if code != 1 || len(lines) != 3 || !strings.Contains(lines[0], `game 1 (line 1): result "4-6" is not a PDN result`) ||
		!strings.Contains(lines[1], `game 2 (line 28): result "1-9" is not a PDN result`) || lines[2] != "games=2 moves=252 errors=2" {
		t.Errorf("delfts: exit %d, output %q", code, lines)
	}
}

// TestReplayErrors: one line per error naming file, game, line, move and why; unreadable
// files are error lines too.
func TestReplayErrors(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "x.pdn")
	text := "[Event \"a\"]\n1. 11-15 23-18 @@\n\n[Event \"b\"]\n1. 11-16 16-20 *\n"
	if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "bin.pdn")
	if err := os.WriteFile(bin, []byte("\x7fELF\x02\x01\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.pdn")
	if err := os.WriteFile(empty, []byte("\r\n  \n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, lines := replayCmd(t, f, bin, filepath.Join(dir, "missing.pdn"), empty)
	want := []string{
		f + `: line 2: game 1: unexpected text "@@"`,
		f + `: game 2 (line 4): move 1... 16-20: illegal move "16-20": no legal move from 16 to 20`,
		bin + ": line 1: game 1: binary data (a NUL byte): not a PDN file",
		filepath.Join(dir, "missing.pdn") + ": cannot read: open " + filepath.Join(dir, "missing.pdn") + ": no such file or directory",
		empty + ": no PDN game found",
		"games=1 moves=1 errors=5",
	}
	if code != 1 || strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("exit %d, output\n%s\nwant\n%s", code, strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if code, _ := replayCmd(t); code != 2 {
		t.Errorf("no files: exit %d, want 2", code)
	}
	if code, _ := replayCmd(t, "--game", "chess", f); code != 2 {
		t.Errorf("--game chess: exit %d, want 2", code)
	}
}

// TestReplayExport: --export writes the replayed games in canonical move text; replaying
// the export gives the same counts.
func TestReplayExport(t *testing.T) {
	root := sharedfiles.Path(t, "games")
	out := filepath.Join(t.TempDir(), "out.pdn")
	src := filepath.Join(root, "draughts", "kurnik.pdn")
	code, lines := replayCmd(t, "--game", "draughts", "--export", out, src)
	if code != 0 {
		t.Fatalf("export: exit %d %q", code, lines)
	}
	code, again := replayCmd(t, "--game", "draughts", out)
	if code != 0 || again[len(again)-1] != lines[len(lines)-1] {
		t.Errorf("export replays as %q, the source as %q", again, lines)
	}
}

// --export refuses when an input cannot be exported (a .mat match, a file that is not a
// record, a missing file) and leaves an existing output file as it was, even when other
// inputs could be exported.
func TestReplayExportRefused(t *testing.T) {
	studio := sharedfiles.Path(t, "games", "backgammon", "studio")
	mats, _ := filepath.Glob(filepath.Join(studio, "*.txt"))
	if len(mats) == 0 {
		t.Fatalf("no match in %s", studio)
	}
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(notes, []byte("hello"), 0o644)
	good := filepath.Join(dir, "a.pdn")
	os.WriteFile(good, []byte("[Event \"x\"]\n1. 11-15 23-19 *\n"), 0o644)
	out := filepath.Join(dir, "out.pdn")
	for _, in := range [][]string{{mats[0]}, {notes}, {filepath.Join(dir, "missing.pdn")}, {good, notes}} {
		if err := os.WriteFile(out, []byte("keep"), 0o644); err != nil {
			t.Fatal(err)
		}
		code, lines := replayCmd(t, append([]string{"--export", out}, in...)...)
		if got, _ := os.ReadFile(out); code != 1 || string(got) != "keep" {
			t.Errorf("%q: exit %d, output file %q, want 1 and the file untouched (%q)", in, code, got, lines)
		}
		if !strings.Contains(strings.Join(lines, "\n"), out+": not written") {
			t.Errorf("%q: output %q does not say the export was not written", in, lines)
		}
	}
}

// A directory without a record this program reads is an error, not "games=0"; an unknown
// --game is named as such.
func TestReplayEmptyDirAndUnknownGame(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("hello"), 0o644)
	code, lines := replayCmd(t, dir)
	if code != 1 || len(lines) != 2 || lines[0] != dir+": no game record this program reads in this directory" ||
		lines[1] != "games=0 moves=0 errors=1" {
		t.Errorf("empty dir: exit %d, output %q", code, lines)
	}
	var out, errb bytes.Buffer
	code = dispatch([]string{"replay", "--game", "nope", "f.pdn"}, &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), `unknown game "nope"`) || !strings.Contains(errb.String(), "checkers") {
		t.Errorf("--game nope: exit %d, stderr %q", code, errb.String())
	}
}

// An export refused for the same reason in every input (a folder of .mat matches, a format
// that cannot be written) is said once and counted as one error; the games still replay.
func TestReplayExportRefusedOnce(t *testing.T) {
	studio := sharedfiles.Path(t, "games", "backgammon", "studio")
	mats, _ := filepath.Glob(filepath.Join(studio, "*.txt"))
	if len(mats) < 2 {
		t.Fatalf("want 2 matches or more in %s, found %d", studio, len(mats))
	}
	out := filepath.Join(t.TempDir(), "out.mat")
	code, lines := replayCmd(t, append([]string{"--game", "backgammon", "--export", out}, mats...)...)
	said := 0
	for _, l := range lines {
		if strings.Contains(l, ": cannot export: ") {
			said++
		}
	}
	last := lines[len(lines)-1]
	if code != 1 || said != 1 || !strings.HasSuffix(last, "errors=1") || strings.HasPrefix(last, "games=0 ") {
		t.Fatalf("exit %d, %d refusals said, last line %q; want 1, 1 and errors=1 after the games (%q)", code, said, last, lines)
	}
}

// A file whose records name another game than --game (a PDN GameType tag, another family's
// format) is one error line naming both games and is not replayed; the other files keep
// their results, and --export writes nothing.
func TestReplayOtherGame(t *testing.T) {
	studio := sharedfiles.Path(t, "games", "backgammon", "studio")
	mats, _ := filepath.Glob(filepath.Join(studio, "*.txt"))
	if len(mats) == 0 {
		t.Fatalf("no match in %s", studio)
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	draughts := write("d.pdn", "[GameType \"20\"]\n1. 32-28 19-23 *\n\n[GameType \"20,W,10,10,N1,0\"]\n1. 33-28 18-23 *\n")
	checkers := write("c.pdn", "[Event \"a\"]\n1. 11-15 23-19 *\n")
	mixed := write("mix.pdn", "[GameType \"21\"]\n1. 11-15 23-19 *\n\n[GameType \"20\"]\n1. 32-28 19-23 *\n")
	code, lines := replayCmd(t, "--game", "checkers", draughts, checkers, mixed, mats[0])
	want := []string{
		draughts + ": the record is of draughts, not checkers (--game checkers)",
		mixed + ": game 2 (line 4) is of draughts, not checkers (--game checkers): the file is not replayed",
		mats[0] + ": the record is of backgammon (MAT), not checkers (--game checkers)",
		"games=1 moves=2 errors=3",
	}
	if code != 1 || strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("--game checkers: exit %d, output\n%s\nwant\n%s", code, strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	code, lines = replayCmd(t, "--game", "backgammon", checkers)
	if code != 1 || len(lines) != 2 || lines[0] != checkers+": the record is of checkers or draughts (PDN), not backgammon (--game backgammon)" ||
		lines[1] != "games=0 moves=0 errors=1" {
		t.Errorf("--game backgammon: exit %d, output %q", code, lines)
	}
	// the tag decides without --game; with the tag's game the file replays
	for _, args := range [][]string{{draughts}, {"--game", "draughts", draughts}} {
		if code, lines := replayCmd(t, args...); code != 0 || lines[len(lines)-1] != "games=2 moves=4 errors=0" {
			t.Errorf("%q: exit %d, output %q", args, code, lines)
		}
	}
	out := filepath.Join(dir, "out.pdn")
	code, lines = replayCmd(t, "--game", "checkers", "--export", out, checkers, draughts)
	if _, err := os.Stat(out); code != 1 || err == nil || !strings.Contains(strings.Join(lines, "\n"), out+": not written") {
		t.Errorf("--export with a refused file: exit %d, output %q, file written: %v", code, lines, err == nil)
	}
}

// TestReplayExportOverInput: an --export that is an input (by name, another spelling, a
// link) or a file in an input folder exits 2 with the reason and leaves the input as it
// was, even when it is read-only; "--export -" is refused the same way and writes no file
// named "-".
func TestReplayExportOverInput(t *testing.T) {
	dir := t.TempDir()
	rec := "[Event \"x\"]\n{a comment} 1. 11-15 (1. 9-13) 23-19 *\n"
	in := filepath.Join(dir, "draughts.pdn")
	if err := os.WriteFile(in, []byte(rec), 0o444); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "link.pdn")
	if err := os.Symlink(in, link); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, c := range []struct{ export, input string }{
		{in, in},
		{"draughts.pdn", in},
		{"./sub/../draughts.pdn", "draughts.pdn"},
		{link, in},
		{filepath.Join(dir, "new.pdn"), dir},
		{"new.pdn", "."},
		{"-", in},
	} {
		var out, errb bytes.Buffer
		code := dispatch([]string{"replay", "--export", c.export, c.input}, &out, &errb)
		if got, _ := os.ReadFile(in); code != 2 || string(got) != rec {
			t.Errorf("--export %s %s: exit %d, input now %q, want 2 and the input untouched (%q %q)", c.export, c.input, code, got, out.String(), errb.String())
		}
		if !strings.Contains(errb.String(), "--export") {
			t.Errorf("--export %s %s: stderr %q does not name --export", c.export, c.input, errb.String())
		}
		if _, err := os.Stat(filepath.Join(dir, "new.pdn")); err == nil {
			t.Errorf("--export %s %s: wrote new.pdn", c.export, c.input)
		}
		if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
			t.Errorf("--export %s %s: wrote a file named -", c.export, c.input)
		}
	}
}
