package firstmoves

import (
	"encoding/json"
	"testing"

	_ "madang/games/allrules"
	"madang/rules"
	backgammonview "madang/site/wasm/backgammon/view"
	draughtsview "madang/site/wasm/draughts/view"
	halmaview "madang/site/wasm/halma/view"
	"madang/site/wasm/jsapi"
	"madang/site/wasm/session"
)

// apply is the page's reading of a node (site/src/js/first-moves.js): the parent's view with
// the node's fields set and its gone fields deleted.
func apply(parent view, n *Node) view {
	v := view{}
	for k, b := range parent {
		v[k] = b
	}
	for _, k := range n.Del {
		delete(v, k)
	}
	for k, b := range n.Set {
		v[k] = b
	}
	return v
}

func sameView(t *testing.T, what string, got, want view) {
	t.Helper()
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if string(g) != string(w) {
		t.Fatalf("%s: the table's view differs from the engine's\ntable:  %.300s\nengine: %.300s", what, g, w)
	}
}

// Every node of a table, read as the page reads it, is the engine's answer to the requests
// that reach it from a fresh start.
func TestTableIsTheEngines(t *testing.T) {
	for _, c := range []struct {
		fam   session.Family
		game  string
		setup Setup
	}{
		{draughtsview.Family{}, "checkers", Setup{Depth: 2}},
		{halmaview.Family{}, "diamond", Setup{Options: rules.Options{"players": 3}, Depth: 1}},
		{halmaview.Family{}, "chinese-checkers", Setup{Depth: 1}},
	} {
		tb, err := Build(c.fam, c.game, []Setup{c.setup})
		if err != nil {
			t.Fatal(err)
		}
		root := tb.Setups[0].Root
		rv := apply(nil, root)
		_, want, err := reach(c.fam, c.game, c.setup, 1, false, nil)
		if err != nil {
			t.Fatal(err)
		}
		sameView(t, c.game+" start", rv, want)
		var moves []json.RawMessage
		_ = json.Unmarshal(rv["moves"], &moves)
		if len(moves) == 0 || len(root.Next) != len(moves) {
			t.Fatalf("%s: %d moves, %d tabled", c.game, len(moves), len(root.Next))
		}
		for i := range moves {
			n := root.Next[itoa(i)]
			v := apply(rv, n)
			_, want, err := reach(c.fam, c.game, c.setup, 1, false, []int{i})
			if err != nil {
				t.Fatal(err)
			}
			sameView(t, c.game+" after a move", v, want)
			if c.setup.Depth == 2 {
				var replies []json.RawMessage
				_ = json.Unmarshal(v["moves"], &replies)
				if len(n.Next) != len(replies) {
					t.Fatalf("%s: %d replies, %d tabled", c.game, len(replies), len(n.Next))
				}
				for j := range replies {
					_, want, err := reach(c.fam, c.game, c.setup, 1, false, []int{i, j})
					if err != nil {
						t.Fatal(err)
					}
					sameView(t, c.game+" after a reply", apply(v, n.Next[itoa(j)]), want)
				}
			} else if len(n.Next) != 0 {
				t.Fatalf("%s: replies tabled at depth 1", c.game)
			}
		}
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

// Backgammon: the seeds roll each of the 30 opening rolls once; the view after a seed's roll
// and a play is the engine's, and loading the game's log again with another seed (the page
// does, so the rest of the dice are the engine's own) gives the same view.
func TestBackgammonSeeds(t *testing.T) {
	fam := backgammonview.Family{}
	seeds, err := OpeningSeeds(fam, "backgammon")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := Build(fam, "backgammon", []Setup{{Depth: 1, Seeds: seeds}})
	if err != nil {
		t.Fatal(err)
	}
	root := tb.Setups[0].Root
	if len(root.Rolls) != 30 || len(root.Next) != 0 {
		t.Fatalf("%d rolls, %d moves at the start", len(root.Rolls), len(root.Next))
	}
	rv := apply(nil, root)
	seen := map[[2]int]bool{}
	for _, r := range root.Rolls {
		if len(r.Dice) != 2 || r.Dice[0] == r.Dice[1] {
			t.Fatalf("seed %d rolls %v", r.Seed, r.Dice)
		}
		seen[[2]int{r.Dice[0], r.Dice[1]}] = true
		after := apply(rv, r.Node)
		_, want, err := reach(fam, "backgammon", Setup{}, r.Seed, true, nil)
		if err != nil {
			t.Fatal(err)
		}
		sameView(t, "after the roll", after, want)
		if len(r.Node.Next) == 0 {
			t.Fatalf("seed %d: no plays tabled", r.Seed)
		}
		// the roll alone loaded again (the AI won the opening and is to play)
		s0 := session.New(fam)
		l0 := jsapi.NewRequest("load")
		var rolled []struct {
			Text string `json:"text"`
		}
		_ = json.Unmarshal(after["history"], &rolled)
		l0.Game, l0.Moves, l0.DiceSeed = "backgammon", []string{rolled[0].Text}, r.Seed+777
		got0, err := ask(s0, l0)
		if err != nil {
			t.Fatal(err)
		}
		sameView(t, "the roll loaded again", after, got0)
		played := apply(after, r.Node.Next["0"])
		var hist []struct {
			Text string `json:"text"`
		}
		_ = json.Unmarshal(played["history"], &hist)
		texts := make([]string, len(hist))
		for i, h := range hist {
			texts[i] = h.Text
		}
		s := session.New(fam)
		ld := jsapi.NewRequest("load")
		ld.Game, ld.Moves, ld.DiceSeed = "backgammon", texts, r.Seed+12345
		got, err := ask(s, ld)
		if err != nil {
			t.Fatal(err)
		}
		sameView(t, "loaded again", played, got)
	}
	if len(seen) != 30 {
		t.Fatalf("%d distinct opening rolls", len(seen))
	}
}
