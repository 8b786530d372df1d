package record

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"madang/rules"
	_ "madang/rules/halma"
)

// play makes n moves of game with opts from the start (the k-th legal move each turn, k
// cycling) and returns their texts with the landing path and the state reached.
func play(t *testing.T, id string, opts rules.Options, n int) ([]string, rules.State) {
	t.Helper()
	g, _ := rules.Lookup(id)
	st, err := g.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for i := 0; i < n && !st.Outcome().Over(); i++ {
		ms := st.Moves()
		m := ms[(i*7)%len(ms)]
		_, route, err := rules.ParseRoute(st, m.String())
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, route)
		if st, err = st.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return texts, st
}

// Each star game written and read back replays to the same moves, options and result.
func TestRoundTrip(t *testing.T) {
	for _, c := range []struct {
		id      string
		opts    rules.Options
		players int
	}{
		{"chinese-checkers", nil, 2},
		{"diamond-kr", rules.Options{"pieces": 15}, 2},
		{"diamond", rules.Options{"players": 3}, 3},
	} {
		moves, _ := play(t, c.id, c.opts, 40)
		o := rules.WinFor(1, rules.ReasonNone) // a resignation: the rules have not ended it
		g := &Game{Tags: []Tag{{"Event", `마당 "별"`}, {"Date", "2026.11.30"}, {"Seat1", "나"}, {"Seat2", "AI (중급)"}, {"Game", c.id}}, Moves: moves, Result: ResultToken(o, c.players)}
		if c.opts != nil {
			for k, v := range c.opts {
				g.Tags = append(g.Tags, Tag{strings.ToUpper(k[:1]) + k[1:], itoa(v)})
			}
		}
		b, err := Append(nil, g)
		if err != nil {
			t.Fatal(err)
		}
		games, errs := Read(append(b, b...)) // two games in one file
		if len(errs) != 0 || len(games) != 2 {
			t.Fatalf("%s: %d games, errors %v\n%s", c.id, len(games), errs, b)
		}
		r := Replay(&games[1], "")
		if len(r.Problems) != 0 || r.ID != c.id || !reflect.DeepEqual(r.Played, moves) || games[1].Result != g.Result || r.Options["players"] != c.players {
			t.Fatalf("%s: replay %+v problems %v\n%s", c.id, r.Played, r.Problems, b)
		}
		if games[1].Index != 2 || !reflect.DeepEqual(games[1].Tags, g.Tags) {
			t.Errorf("%s: game %d tags %v", c.id, games[1].Index, games[1].Tags)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestResultTokens(t *testing.T) {
	for _, c := range []struct {
		o     rules.Outcome
		seats int
		tok   string
	}{
		{rules.WinFor(0, rules.ReasonNone), 2, "1-0"},
		{rules.WinFor(2, rules.ReasonNone), 3, "0-0-1"},
		{rules.Outcome{Status: rules.Draw, Winner: rules.NoSeat}, 2, "1/2-1/2"},
		{rules.Outcome{Status: rules.Draw, Winner: rules.NoSeat}, 3, "1/3-1/3-1/3"},
		{rules.OngoingOutcome, 3, "*"},
	} {
		if got := ResultToken(c.o, c.seats); got != c.tok {
			t.Errorf("%v of %d: %q, want %q", c.o, c.seats, got, c.tok)
		}
		if o, ok := TokenOutcome(c.tok, c.seats); !ok || o.Status != c.o.Status || o.Winner != c.o.Winner {
			t.Errorf("%q: %v %v", c.tok, o, ok)
		}
	}
	if _, ok := TokenOutcome("1-0", 3); ok {
		t.Error("1-0 read as a result of three")
	}
}

// A move the rules refuse is a problem at its index with the moves before it played; a
// result the rules contradict, a bad option and a move number out of order are named.
func TestProblems(t *testing.T) {
	moves, _ := play(t, "chinese-checkers", nil, 4)
	text := "[Game \"chinese-checkers\"]\n\n1. " + moves[0] + " 2. " + moves[1] + " 3. 9.9-9.8 4. " + moves[3] + " *\n"
	games, errs := Read([]byte(text))
	if len(errs) != 0 || len(games) != 1 {
		t.Fatalf("%v %v", games, errs)
	}
	r := Replay(&games[0], "")
	if len(r.Problems) != 1 || r.Problems[0].Move != 2 || r.Problems[0].Code == "" || len(r.Played) != 2 {
		t.Fatalf("problems %+v played %v", r.Problems, r.Played)
	}
	games, _ = Read([]byte("[Game \"diamond\"]\n[Players \"5\"]\n\n*\n"))
	if r := Replay(&games[0], ""); len(r.Problems) != 1 || r.Problems[0].Code != CodeOptions {
		t.Errorf("players 5: %+v", r.Problems)
	}
	games, _ = Read([]byte("1. " + moves[0] + " 1-0-0\n"))
	if r := Replay(&games[0], "diamond-kr"); len(r.Problems) != 1 || r.Problems[0].Code != CodeResult || r.ID != "diamond-kr" {
		t.Errorf("three-seat result in a two-seat game: %+v", r.Problems)
	}
	games, _ = Read([]byte("[Game \"checkers\"]\n\n*\n"))
	if r := Replay(&games[0], ""); len(r.Problems) != 1 || r.Problems[0].Code != CodeGame {
		t.Errorf("checkers: %+v", r.Problems)
	}
	// a PDN record (its GameType tag) with numbered moves is checkers', not the page's game
	games, _ = Read([]byte("[GameType \"21\"]\n[FEN \"W:W99:B1\"]\n1. 11-15 *\n"))
	if r := Replay(&games[0], "chinese-checkers"); len(r.Problems) != 1 || r.Problems[0].Code != CodeGame {
		t.Errorf("PDN GameType 21: %+v", r.Problems)
	}
	games, errs = Read([]byte("[Event \"a\"]\n\n1. " + moves[0] + " 3. " + moves[1] + " *\n\n[Event \"b\"]\n\n1. " + moves[0] + " *\n"))
	if len(games) != 1 || len(errs) != 1 || errs[0].Line != 3 || errs[0].Game != 1 || games[0].Index != 2 {
		t.Errorf("move number out of order: games %v errors %v", games, errs)
	}
	// every ply is numbered (the package's format): a text that is not a record is a syntax
	// error, not a game of its words; a move after another without its number too
	for _, text := range []string{
		"hello world, not a record\n",
		"[Event \"a\"]\n\n1. " + moves[0] + " " + moves[1] + " *\n",
		"1. 1. " + moves[0] + " *\n",
	} {
		if games, errs := Read([]byte(text)); len(games) != 0 || len(errs) != 1 || errs[0].Line == 0 {
			t.Errorf("%q: games %v errors %v, want one syntax error", text, games, errs)
		}
	}
	if _, err := Append(nil, &Game{Moves: []string{"1.1 2.2"}}); !errors.Is(err, ErrWrite) {
		t.Errorf("a move with a space: %v", err)
	}
	if _, err := Append(nil, &Game{Tags: []Tag{{"a b", "x"}}}); !errors.Is(err, ErrWrite) {
		t.Errorf("a tag name with a space: %v", err)
	}
}
