package view

import (
	"madang/internal/sharedfiles"
	"os"
	"strconv"
	"strings"
	"testing"

	"madang/rules"
)

// The perft figures of shared/cases/draughts.md through the generic API the page uses
// (State.Moves, State.Play), natively and, with GOOS=js GOARCH=wasm, in the WebAssembly
// build under node: the browser's rules agree with the server's.

type perftCase struct {
	game, fen string
	nodes     []int64
}

// parsePerft reads the "## Perft" section: a heading line "<game>, ... `FEN`:" followed
// by either a "| nodes | ... |" table row or a line of comma-separated counts.
func parsePerft(t *testing.T, text string) []perftCase {
	var out []perftCase
	var cur *perftCase
	in := false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "## ") {
			in = strings.HasPrefix(line, "## Perft")
			continue
		}
		if !in || line == "" {
			continue
		}
		if (strings.HasPrefix(line, "checkers") || strings.HasPrefix(line, "draughts")) && strings.HasSuffix(line, ":") {
			parts := strings.Split(line, "`")
			if len(parts) >= 3 {
				game := "checkers"
				if strings.HasPrefix(line, "draughts") {
					game = "draughts"
				}
				out = append(out, perftCase{game: game, fen: parts[1]})
				cur = &out[len(out)-1]
			}
			continue
		}
		if cur == nil || len(cur.nodes) > 0 {
			continue
		}
		var fields []string
		if strings.HasPrefix(line, "| nodes") {
			fields = strings.Split(strings.Trim(line, "|"), "|")[1:]
		} else if line[0] >= '0' && line[0] <= '9' {
			if i := strings.IndexByte(line, '('); i >= 0 {
				line = line[:i]
			}
			fields = strings.Split(line, ",")
		}
		for _, f := range fields {
			n, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
			if err != nil {
				t.Fatalf("perft figure %q: %v", f, err)
			}
			cur.nodes = append(cur.nodes, n)
		}
	}
	return out
}

func perft(s rules.State, depth int) int64 {
	if depth == 0 {
		return 1
	}
	ms := s.Moves()
	if depth == 1 {
		return int64(len(ms))
	}
	var n int64
	for _, m := range ms {
		next, err := s.Play(m)
		if err != nil {
			panic(err)
		}
		n += perft(next, depth-1)
	}
	return n
}

func TestPerftCasesFile(t *testing.T) {
	raw, err := os.ReadFile(sharedfiles.Path(t, "cases", "draughts.md"))
	if err != nil {
		t.Fatal(err)
	}
	cases := parsePerft(t, string(raw))
	if len(cases) != 4 {
		t.Fatalf("found %d perft tables in the cases file, want 4", len(cases))
	}
	budget := int64(250_000)
	if testing.Short() {
		budget = 5_000
	}
	ran := 0
	for _, c := range cases {
		g, ok := rules.Lookup(c.game)
		if !ok {
			t.Fatalf("game %s not registered", c.game)
		}
		s, err := g.Decode(nil, c.fen)
		if err != nil {
			t.Fatalf("%s %s: %v", c.game, c.fen, err)
		}
		for d, want := range c.nodes {
			if want > budget {
				break
			}
			if got := perft(s, d+1); got != want {
				t.Errorf("%s %s depth %d: %d, want %d", c.game, c.fen, d+1, got, want)
			}
			ran++
		}
	}
	t.Logf("%d perft figures checked", ran)
}
