package record

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"madang/rules/clk"
)

// testdata/clock.txt is written by hand after the package doc: a game with the time left in
// comments after its moves (one comment over two lines, one clock of a bad shape), a game
// without comments, and a game whose comment is never closed.
func TestClockFixture(t *testing.T) {
	data, err := os.ReadFile("testdata/clock.txt")
	if err != nil {
		t.Fatal(err)
	}
	games, errs := Read(data)
	if len(games) != 2 || len(errs) != 1 {
		t.Fatalf("%d games, errors %v; want 2 games and the unclosed comment", len(games), errs)
	}
	if e := errs[0]; e.Game != 3 || e.Line != 17 || !strings.Contains(e.Msg, "never closed") {
		t.Errorf("error %+v, want game 3 line 17: a comment never closed", e)
	}
	g := &games[0]
	wantComments := []string{"[%clk 0:04:58]", "[%clk 0:04:51]", "생각이 긴 수 [%clk 0:03:07.5]", "[%clk 4:61]"}
	if !reflect.DeepEqual(g.Comments, wantComments) {
		t.Errorf("comments %q, want %q", g.Comments, wantComments)
	}
	var clocks []string
	for _, c := range g.Comments {
		clocks = append(clocks, clk.FromComment(c))
	}
	if want := []string{"0:04:58", "0:04:51", "0:03:07.5", ""}; !reflect.DeepEqual(clocks, want) {
		t.Errorf("clocks %q, want %q", clocks, want)
	}
	if r := Replay(g, ""); len(r.Problems) != 0 || len(r.Played) != 4 {
		t.Errorf("replay: played %v problems %v", r.Played, r.Problems)
	}
	if v, _ := g.Tag("TimeControl"); v != "300+3" {
		t.Errorf("TimeControl %q", v)
	}
	if g := &games[1]; len(g.Moves) != 2 || len(g.Comments) != 0 {
		t.Errorf("the game without clocks: moves %v comments %q", g.Moves, g.Comments)
	}
}

// A game written with comments reads back with the same comments, in the package doc's
// layout: "N. move {comment}".
func TestCommentRoundTrip(t *testing.T) {
	moves, _ := play(t, "diamond", nil, 12)
	comments := make([]string, len(moves))
	comments[0] = "[%clk 0:04:58]"
	comments[3] = "[%clk 1:59:00]"
	comments[11] = "[%clk 0:00:01]"
	g := &Game{Tags: []Tag{{"Game", "diamond"}, {"TimeControl", "300+0"}}, Moves: moves, Comments: comments}
	b, err := Append(nil, g)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "1. "+moves[0]+" {[%clk 0:04:58]} 2. "+moves[1]+" ") {
		t.Errorf("layout:\n%s", b)
	}
	games, errs := Read(b)
	if len(games) != 1 || len(errs) != 0 {
		t.Fatalf("%v %v\n%s", games, errs, b)
	}
	if !reflect.DeepEqual(games[0].Comments, comments) || !reflect.DeepEqual(games[0].Moves, moves) {
		t.Errorf("comments %q, want %q\n%s", games[0].Comments, comments, b)
	}
	for _, bad := range []string{"a}b", "{", "a\nb"} {
		if _, err := Append(nil, &Game{Moves: moves[:1], Comments: []string{bad}}); !errors.Is(err, ErrWrite) {
			t.Errorf("comment %q: %v", bad, err)
		}
	}
}

// FuzzRead: Read and Replay never panic; a game read has a comment for no more moves than it
// has.
func FuzzRead(f *testing.F) {
	if data, err := os.ReadFile("testdata/clock.txt"); err == nil {
		f.Add(data)
	}
	f.Add([]byte("1. 3.1-5.5 {[%clk 0:04:5} {{ } 2. {\n[Game \"x\"]} *\n"))
	f.Add([]byte("[Game \"diamond\"]\n\n1. 3.1-5.5 {[%clk 99999999999:59:59.9]} 1-0-0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		games, _ := Read(data)
		for i := range games {
			if len(games[i].Comments) > len(games[i].Moves) {
				t.Fatalf("%d comments for %d moves", len(games[i].Comments), len(games[i].Moves))
			}
			for _, c := range games[i].Comments {
				clk.FromComment(c)
			}
			Replay(&games[i], "chinese-checkers")
		}
	})
}
