package pdn

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf16"
)

// mv is a compact expected move: number, second ply, text.
type mv struct {
	n      int
	second bool
	text   string
}

func checkMoves(t *testing.T, name string, got []Move, want []mv) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d moves %v, want %d", name, len(got), got, len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Number != w.n || g.Second != w.second || g.Text != w.text {
			t.Errorf("%s: move %d = %d/%v/%q, want %d/%v/%q", name, i+1, g.Number, g.Second, g.Text, w.n, w.second, w.text)
		}
	}
}

// TestSyntaxFiles reads the PDN grammar tests of wiegerw/pdn (shared/games/checkers/syntax);
// the expected values are the files' own content. nested_comment.pdn sits in that
// repository's games/fail/ folder: PDN comments do not nest ("\{[^}]*\}").
func TestSyntaxFiles(t *testing.T) {
	one := func(rel string) Game {
		t.Helper()
		g := readShared(t, "checkers/syntax/"+rel)
		if len(g) != 1 {
			t.Fatalf("%s: %d games, want 1", rel, len(g))
		}
		return g[0]
	}

	g := one("alphanumeric.pdn")
	checkMoves(t, "alphanumeric", g.Moves, []mv{{1, false, "a3b4"}})

	gs := readShared(t, "checkers/syntax/fen.pdn")
	fens := []string{"?:W29,13,11:B22,4,2", "W:W31,29,K15:B14,13,12,9", "W:W31-50:B1-20"}
	if len(gs) != len(fens) {
		t.Fatalf("fen.pdn: %d games, want %d", len(gs), len(fens))
	}
	for i, f := range fens {
		if gs[i].FEN() != f || len(gs[i].Moves) != 0 || gs[i].Result != "*" || gs[i].Line != 1+3*i {
			t.Errorf("fen.pdn game %d: FEN %q moves %d result %q line %d", i+1, gs[i].FEN(), len(gs[i].Moves), gs[i].Result, gs[i].Line)
		}
	}

	g = one("gameterminator.pdn")
	checkMoves(t, "gameterminator", g.Moves, []mv{{1, false, "32-28"}})
	if g.Result != "1/2-1/2" {
		t.Errorf("gameterminator: result %q", g.Result)
	}

	g = one("linecomment.pdn")
	checkMoves(t, "linecomment", g.Moves, []mv{{1, false, "32-28"}, {1, true, "19-23"}})
	if v, _ := g.Tag("Date"); v != "2012.02.01" || len(g.Tags) != 1 || g.Line != 2 {
		t.Errorf("linecomment: tags %v line %d", g.Tags, g.Line)
	}

	g = one("movestrength.pdn")
	checkMoves(t, "movestrength", g.Moves, []mv{{1, false, "32-28"}, {1, true, "19-23"}, {2, false, "28x19"}})
	if g.Moves[0].Strength != "!?" || g.Moves[1].Strength != "!?!!!" || g.Moves[2].Strength != "" || g.Result != "*" {
		t.Errorf("movestrength: %+v result %q", g.Moves, g.Result)
	}

	g = one("string.pdn")
	checkMoves(t, "string", g.Moves, []mv{{1, false, "32-28"}})
	if v, _ := g.Tag("White"); v != `This is a string with an escaped character "` {
		t.Errorf("string: White = %q", v)
	}

	g = one("unicode.pdn")
	checkMoves(t, "unicode", g.Moves, []mv{{1, false, "32-28"}, {1, true, "19-23"}})
	if w, _ := g.Tag("White"); w != "Сергей Фадеев" {
		t.Errorf("unicode: White = %q", w)
	}
	if b, _ := g.Tag("Black"); b != "高文龙" {
		t.Errorf("unicode: Black = %q", b)
	}

	g = one("variation.pdn")
	checkMoves(t, "variation", g.Moves, []mv{{1, false, "32-28"}, {1, true, "19-23"}, {2, false, "28x19"}, {2, true, "14x23"}})

	_, err := readSharedRaw(t, "checkers/syntax/nested_comment.pdn")
	var el ErrorList
	if !errors.As(err, &el) || len(el) != 1 || el[0].Line != 1 || !strings.Contains(el[0].Msg, "'}'") {
		t.Errorf("nested_comment.pdn: error %v, want one error on line 1 about '}'", err)
	}
}

// TestRealFileQuirks checks the dialect notes of shared/games/README.md on the files
// they name.
func TestRealFileQuirks(t *testing.T) {
	// dutch96h.pdn: a leading {comment}, "1- 6" and "47x 9" with spaces, GameType 20.
	gs := readShared(t, "draughts/dutch96h.pdn")
	g := gs[0]
	if g.Line != 3 || g.Comment != "" || g.Result != "1-0" || len(g.Moves) != 105 {
		t.Fatalf("dutch96h game 1: line %d comment %q result %q %d plies, want line 3, 105 plies, 1-0", g.Line, g.Comment, g.Result, len(g.Moves))
	}
	checkMoves(t, "dutch96h game 1", []Move{g.Moves[33], g.Moves[103], g.Moves[104]}, []mv{{17, true, "1-6"}, {52, true, "47x9"}, {53, false, "4x1"}})
	if v, _ := g.Tag("GameType"); v != "20" {
		t.Errorf("dutch96h: GameType %q", v)
	}

	// nk ronde 01.pdn: Dutch comments, nested variations, "6...", NAGs; the PlyCount tag
	// of each game gives its mainline length.
	gs = readShared(t, "draughts/nk ronde 01.pdn")
	for _, g := range gs {
		pc, _ := g.Tag("PlyCount")
		if itoa(len(g.Moves)) != pc {
			t.Errorf("nk ronde game %d (line %d): %d plies, PlyCount %s", g.Index, g.Line, len(g.Moves), pc)
		}
	}
	g = gs[0]
	if !strings.HasPrefix(g.Comment, "Beide spelers hebben volgens Turbo Dambase 3x eerder tegen elkaar gespeeld.") {
		t.Errorf("nk ronde game 1 comment %q", g.Comment)
	}
	// 46. 33-28 $1 and 47... 13-19 $2 are plies 91 and 94.
	if m := g.Moves[90]; m.Text != "33-28" || len(m.NAGs) != 1 || m.NAGs[0] != 1 {
		t.Errorf("nk ronde game 1 ply 91: %+v", m)
	}
	if m := g.Moves[93]; m.Text != "13-19" || m.Number != 47 || !m.Second || len(m.NAGs) != 1 || m.NAGs[0] != 2 {
		t.Errorf("nk ronde game 1 ply 94: %+v", m)
	}

	// kurnik.pdn: the full GameType form and captures with landing squares.
	gs = readShared(t, "draughts/kurnik.pdn")
	if v, _ := gs[0].Tag("GameType"); v != "20,W,10,10,N1,0" {
		t.Errorf("kurnik GameType %q", v)
	}
	if m := gs[0].Moves[40]; m.Text != "39x28x17x6" || m.Number != 21 || m.Second {
		t.Errorf("kurnik game 1 ply 41: %+v", m)
	}

	// Tricks traps and shots: FENs ending in "." and one game without an Event tag.
	gs = readShared(t, "checkers/Tricks traps and shots.pdn")
	if f := gs[1].FEN(); f != "W:W29,25,21,18,15:B13,8,6,5,4" {
		t.Errorf("TTS game 2 FEN %q", f)
	}
	// The README counts one game without an Event tag; in fact that tag follows the
	// previous result on the same line ("14-9 0-1[Event \"TTS Game 48 ...").
	for _, g := range gs {
		if _, ok := g.Tag("Event"); !ok {
			t.Errorf("TTS game %d (line %d) has no Event tag", g.Index, g.Line)
		}
	}
	found := false
	for _, g := range gs {
		if e, _ := g.Tag("Event"); e == "TTS Game 48 Christie's Shot" {
			found = true
			if b, _ := g.Tag("Black"); g.Line != 763 || b != "Henry Christie" || g.Moves[0].Text != "11-15" {
				t.Errorf("TTS Game 48: line %d Black %q first move %q", g.Line, b, g.Moves[0].Text)
			}
		}
	}
	if !found {
		t.Error("TTS Game 48 not found")
	}

	// tinsley.pdn game 623: a remark glued to the last move.
	gs = readShared(t, "checkers/tinsley.pdn")
	g = gs[622]
	last := g.Moves[len(g.Moves)-1]
	if last.Text != "8-11" || last.Comment != "Redoversteppedthetimecontrolonthismove." || g.Result != "0-1" {
		t.Errorf("tinsley game 623: last move %+v result %q", last, g.Result)
	}
}

// TestDelfts reads bad/delfts.pdn leniently: zero-padded "01." and "06-11" are read, and
// the match scores "4-6" and "1-9" that end the games (repeating their Result tags) are
// kept as results; the replay reports them as not PDN results.
func TestDelfts(t *testing.T) {
	gs := readShared(t, "draughts/bad/delfts.pdn")
	if len(gs) != 2 {
		t.Fatalf("%d games, want 2", len(gs))
	}
	if gs[0].Result != "4-6" || gs[1].Result != "1-9" {
		t.Errorf("results %q %q, want 4-6 1-9", gs[0].Result, gs[1].Result)
	}
	if len(gs[0].Moves) != 128 || len(gs[1].Moves) != 124 {
		t.Errorf("plies %d %d, want 128 124", len(gs[0].Moves), len(gs[1].Moves))
	}
	checkMoves(t, "delfts game 1", gs[0].Moves[11:12], []mv{{6, true, "6-11"}})
	checkMoves(t, "delfts game 1", gs[0].Moves[125:126], []mv{{63, true, "35x13"}})
}

func TestCP1252(t *testing.T) {
	data := []byte("[White \"Fran\xe7ois \x80 \x93x\x94\"]\r\n[Black \"Zo\xeb\"]\r\n1. 32-28 *\r\n")
	gs, err := Read(data)
	if err != nil || len(gs) != 1 {
		t.Fatalf("Read: %v, %d games", err, len(gs))
	}
	if w, _ := gs[0].Tag("White"); w != "François € “x”" {
		t.Errorf("White %q", w)
	}
	if b, _ := gs[0].Tag("Black"); b != "Zoë" {
		t.Errorf("Black %q", b)
	}
}

// A file saved as UTF-16 (Windows Notepad's "Unicode": a byte-order mark, then two bytes a
// letter, either order) reads as its text; before, its NUL bytes refused it as binary.
func TestUTF16(t *testing.T) {
	text := "[White \"김철수\"]\r\n1. 32-28 19-23 *\r\n"
	u := utf16.Encode([]rune(text))
	le, be := []byte{0xFF, 0xFE}, []byte{0xFE, 0xFF}
	for _, c := range u {
		le = append(le, byte(c), byte(c>>8))
		be = append(be, byte(c>>8), byte(c))
	}
	for name, data := range map[string][]byte{"little endian": le, "big endian": be} {
		gs, err := Read(data)
		if err != nil || len(gs) != 1 || len(gs[0].Moves) != 2 {
			t.Fatalf("%s: %v, %d games", name, err, len(gs))
		}
		if w, _ := gs[0].Tag("White"); w != "김철수" {
			t.Errorf("%s: White %q", name, w)
		}
	}
	// without the mark two bytes a letter stay binary (a NUL byte), as before
	if _, err := Read(le[2:]); err == nil || !strings.Contains(err.Error(), "binary") {
		t.Errorf("UTF-16 without its mark: %v, want the binary refusal", err)
	}
}

// TestErrors: text that is not PDN gives an error with the right line, and reading goes
// on with the next game.
func TestErrors(t *testing.T) {
	cases := []struct {
		name, in string
		line     int
		msg      string
	}{
		{"truncated tag", "[Event \"Dutch", 1, "closing"},
		{"tag without value", "\n[Event]\n1. 32-28 *", 2, "quoted"},
		{"tag without bracket", "[Event \"x\"\n1. 32-28 *", 1, "']'"},
		{"unclosed comment", "[Event \"x\"]\n1. 32-28 {never\nclosed\n", 2, "never closed"},
		{"stray brace", "1. 32-28\n\n} 19-23", 3, "'}'"},
		{"stray paren", "1. 32-28 ) 19-23", 1, "')'"},
		{"unclosed variation", "[Event \"x\"]\n1. 32-28\n(19-23 28x19\n", 3, "never closed"},
		{"binary", "PK\x03\x04\x00\x00", 1, "binary"},
		{"junk", "[Event \"x\"]\n1. 32-28 @@@", 2, "unexpected"},
		{"bad move", "1. 32- 19-23", 1, "bad move"},
		{"square 0", "1. 0-5", 1, "bad move"},
		{"tag in variation", "1. 32-28 (19-23\n[Event \"x\"]", 2, "variation"},
		{"bad NAG", "1. 32-28 $x", 1, "annotation"},
	}
	for _, c := range cases {
		_, err := Read([]byte(c.in))
		var el ErrorList
		if !errors.As(err, &el) || len(el) == 0 {
			t.Errorf("%s: error %v, want an ErrorList", c.name, err)
			continue
		}
		if el[0].Line != c.line || !strings.Contains(el[0].Msg, c.msg) {
			t.Errorf("%s: %v, want line %d mentioning %q", c.name, el[0], c.line, c.msg)
		}
	}

	// Recovery: the broken second game is skipped, the others are read.
	in := "[Event \"a\"]\n1. 32-28 19-23 *\n\n[Event \"b\"]\n1. 32-28 ?? @@ }\n1. 5-9\n\n[Event \"c\"]\n1. 33-28 1-0\n"
	gs, err := Read([]byte(in))
	var el ErrorList
	if !errors.As(err, &el) || len(el) != 1 || el[0].Line != 5 || el[0].Game != 2 {
		t.Fatalf("recovery: error %v", err)
	}
	if len(gs) != 2 || gs[0].Index != 1 || gs[1].Index != 3 || gs[1].Line != 8 || gs[1].Result != "1-0" {
		t.Fatalf("recovery: games %+v", gs)
	}
}

// TestMovetextForms covers the forms of the PDN reading grammar not in the shared files.
func TestMovetextForms(t *testing.T) {
	in := "[Event \"x\"][Site \"y\"]1.32-28 19-23 2.28x19:23 14X23 3. ... 7-12 4.. 18:23 $3 5. 1-07 ; a line comment\n" +
		"6. a3-b4 (!) 6... c5xd6 (7. 1-6 (7... 3-7 {deep}) 2-6) 7. 11x22x31! {end} 2-0\n" +
		"/FEN \"W:W31:B1\"/ 31-27 *\n1. 32-28 ½-½\n"
	gs, err := Read([]byte(in))
	if err != nil || len(gs) != 3 {
		t.Fatalf("Read: %v, %d games", err, len(gs))
	}
	if gs[2].Result != "1/2-1/2" {
		t.Errorf("½-½ read as %q", gs[2].Result)
	}
	g := gs[0]
	checkMoves(t, "forms", g.Moves, []mv{
		{1, false, "32-28"}, {1, true, "19-23"}, {2, false, "28x19x23"}, {2, true, "14x23"},
		{3, true, "7-12"}, {4, true, "18x23"}, {5, false, "1-7"}, {6, false, "a3-b4"}, {6, true, "c5xd6"},
		{7, false, "11x22x31"},
	})
	if len(g.Tags) != 2 || g.Result != "2-0" || g.Moves[5].NAGs[0] != 3 || g.Moves[7].Strength != "!" ||
		g.Moves[9].Strength != "!" || g.Moves[9].Comment != "end" {
		t.Errorf("forms: %+v", g)
	}
	if gs[1].FEN() != "W:W31:B1" || gs[1].Line != 3 || len(gs[1].Moves) != 1 || gs[1].Result != "*" {
		t.Errorf("setup game: %+v", gs[1])
	}
}

// ReplayGuess: the default game gives way to the other only for an untagged record that
// the other plays to its end and the default does not.
func TestReplayGuess(t *testing.T) {
	for _, c := range []struct {
		text, fallback, want string
		problems             int
	}{
		{"1. 32-28 19-23 2. 28x19 14x23 *", "checkers", "draughts", 0}, // 32-28 is off the 8x8 board
		{"1. 11-15 23-19 2. 8-11 22-17 *", "draughts", "checkers", 0},
		{"1. 11-15 23-19 *", "checkers", "checkers", 0},
		{"1. 11-15 11-15 *", "checkers", "checkers", 1},                    // neither plays it
		{"[GameType \"21\"]\n1. 32-28 19-23 *", "checkers", "checkers", 1}, // the tag is a choice
	} {
		gs, err := Read([]byte(c.text))
		if err != nil || len(gs) != 1 {
			t.Fatalf("%q: %v", c.text, err)
		}
		r := ReplayGuess(&gs[0], c.fallback)
		if r.ID != c.want || len(r.Problems) != c.problems {
			t.Errorf("%q as %s: %s with %d problems, want %s with %d", c.text, c.fallback, r.ID, len(r.Problems), c.want, c.problems)
		}
		if plain := Replay(&gs[0], c.fallback); c.want != c.fallback && (plain.ID != c.fallback || len(plain.Problems) == 0) {
			t.Errorf("%q: Replay itself should keep %s and fail", c.text, c.fallback)
		}
	}
}
