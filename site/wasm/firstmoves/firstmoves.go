// Package firstmoves writes, at build time, the first moves of every game page so a player can
// make the first move before the page's engine (its WebAssembly module, weights and books)
// has arrived (issue 32, "first move before the engine"). The table is made by the engine's
// own message API (jsapi.Handle on a session.Session of the family's view, the dispatch the
// WebAssembly module runs), so each view in it is, field for field, the answer the page gets
// from the engine for the same request: the page's code reads it as it reads the engine's.
// The page only looks views up (site/src/js/first-moves.js); no rule is written in
// JavaScript. When the engine arrives the page asks it the same requests and compares.
//
// A table is one game's setups (the options the page may start it with); each setup is a tree
// of nodes: the start view (the answer to start), then for each legal move i of a node's view
// the view after play {index: i} (to the setup's depth), and for a game that starts with a
// roll (backgammon's opening roll) one child per tabled dice seed: the view after roll in a
// game started with that seed (the engine's own seeded dice, session.Roll).
//
// Each view is stored as a difference from its parent's: the top-level fields that changed
// ("set") and those that went ("del"); the root's "set" is its whole view.
package firstmoves

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"

	"madang/rules"
	"madang/site/wasm/jsapi"
	"madang/site/wasm/session"
)

// Setup is one way a page starts a game that the person moves first in.
type Setup struct {
	// Options are the options as the page sends them with start (nil: the page sends none).
	Options rules.Options
	// Depth is how many moves deep the tree goes: 1 the person's first move, 2 also every
	// reply (two people on one device). A roll does not count.
	Depth int
	// Seeds, for a game that starts with a roll: the dice seeds the page may start with, one
	// of which it picks at random; each gets the view after its roll.
	Seeds []uint64
}

// Node is one view of the tree and what may follow it.
type Node struct {
	// Set holds the top-level view fields that differ from the parent's (the root: all).
	Set map[string]json.RawMessage `json:"set"`
	// Del names the parent's fields this view lacks.
	Del []string `json:"del,omitempty"`
	// Next: the view after play {index: i}, keyed by i.
	Next map[string]*Node `json:"next,omitempty"`
	// Rolls: the view after the roll of a game started with each seed (a roll is due).
	Rolls []*Roll `json:"rolls,omitempty"`
}

// Roll is a tabled dice seed, the dice its roll answers (the answer's dice) and the view
// after it.
type Roll struct {
	Seed uint64 `json:"seed"`
	Dice []int  `json:"dice"`
	Node *Node  `json:"node"`
}

// TableSetup is one setup in a game's table.
type TableSetup struct {
	Options rules.Options `json:"options"`
	Root    *Node         `json:"root"`
}

// Table is one game's first moves.
type Table struct {
	Game   string       `json:"game"`
	Setups []TableSetup `json:"setups"`
}

// Build makes game's table for each setup with the engine API of fam.
func Build(fam session.Family, game string, setups []Setup) (*Table, error) {
	t := &Table{Game: game}
	for _, su := range setups {
		root, err := build(fam, game, su)
		if err != nil {
			return nil, fmt.Errorf("%s %v: %w", game, su.Options, err)
		}
		t.Setups = append(t.Setups, TableSetup{Options: su.Options, Root: root})
	}
	return t, nil
}

// view is a decoded view: top-level field → its JSON.
type view map[string]json.RawMessage

func ask(s *session.Session, r jsapi.Request) (view, error) {
	v, _, err := answer(s, r)
	return v, err
}

// answer is the engine's answer to r on s: its view, and the dice of a roll.
func answer(s *session.Session, r jsapi.Request) (view, []int, error) {
	a := jsapi.Handle(s, r)
	var dice []int
	if d, ok := a["dice"].([]any); ok {
		for _, x := range d {
			dice = append(dice, x.(int))
		}
	}
	v, err := decodeView(a, r)
	return v, dice, err
}

func decodeView(a map[string]any, r jsapi.Request) (view, error) {
	if ok, _ := a["ok"].(bool); !ok {
		return nil, fmt.Errorf("%s: %v %v", r.Op, a["error"], a["detail"])
	}
	b, err := json.Marshal(a["view"])
	if err != nil {
		return nil, err
	}
	var v view
	return v, json.Unmarshal(b, &v)
}

func startReq(game string, su Setup, seed uint64) jsapi.Request {
	r := jsapi.NewRequest("start")
	r.Game, r.Options, r.DiceSeed = game, su.Options, seed
	return r
}

func build(fam session.Family, game string, su Setup) (*Node, error) {
	v, err := ask(session.New(fam), startReq(game, su, 1))
	if err != nil {
		return nil, err
	}
	root := diff(nil, v)
	var phase string
	_ = json.Unmarshal(v["phase"], &phase)
	if phase != "roll" {
		return root, grow(fam, game, su, 1, false, root, v, nil)
	}
	if len(su.Seeds) == 0 {
		return nil, fmt.Errorf("the start waits for a roll and the setup has no seeds")
	}
	for _, seed := range su.Seeds {
		s := session.New(fam)
		if _, err := ask(s, startReq(game, su, seed)); err != nil {
			return nil, err
		}
		after, dice, err := answer(s, jsapi.NewRequest("roll"))
		if err != nil {
			return nil, err
		}
		n := diff(v, after)
		if err := grow(fam, game, su, seed, true, n, after, nil); err != nil {
			return nil, err
		}
		root.Rolls = append(root.Rolls, &Roll{Seed: seed, Dice: dice, Node: n})
	}
	return root, nil
}

// reach is a fresh session started with seed, rolled once when roll, then played along path
// (move indices), and its last view: each view is the engine's answer to the page's own
// sequence of requests, never one after an undo.
func reach(fam session.Family, game string, su Setup, seed uint64, roll bool, path []int) (*session.Session, view, error) {
	s := session.New(fam)
	v, err := ask(s, startReq(game, su, seed))
	if err != nil {
		return nil, nil, err
	}
	if roll {
		if v, err = ask(s, jsapi.NewRequest("roll")); err != nil {
			return nil, nil, err
		}
	}
	for _, i := range path {
		p := jsapi.NewRequest("play")
		p.Index = i
		if v, err = ask(s, p); err != nil {
			return nil, nil, err
		}
	}
	return s, v, nil
}

// grow adds to n (whose view is v, reached by path) the views after each of v's moves,
// depth moves deep (su.Depth less the moves of path).
func grow(fam session.Family, game string, su Setup, seed uint64, roll bool, n *Node, v view, path []int) error {
	if len(path) >= su.Depth {
		return nil
	}
	var moves []json.RawMessage
	_ = json.Unmarshal(v["moves"], &moves)
	for i := range moves {
		next := append(append([]int(nil), path...), i)
		_, after, err := reach(fam, game, su, seed, roll, next)
		if err != nil {
			return err
		}
		c := diff(v, after)
		var phase string
		_ = json.Unmarshal(after["phase"], &phase)
		if phase == "move" {
			if err := grow(fam, game, su, seed, roll, c, after, next); err != nil {
				return err
			}
		}
		if n.Next == nil {
			n.Next = map[string]*Node{}
		}
		n.Next[fmt.Sprint(i)] = c
	}
	return nil
}

// diff is the node of view v under its parent's view (nil: the root).
func diff(parent, v view) *Node {
	n := &Node{Set: map[string]json.RawMessage{}}
	for k, b := range v {
		if pb, ok := parent[k]; !ok || !bytes.Equal(pb, b) {
			n.Set[k] = b
		}
	}
	for k := range parent {
		if _, ok := v[k]; !ok {
			n.Del = append(n.Del, k)
		}
	}
	sort.Strings(n.Del)
	return n
}

// OpeningSeeds are dice seeds whose first roll of a session (session.Roll, the engine's
// seeded dice) is each of the 30 opening rolls without a tie, in the order of the dice
// (1-2, 1-3, ..., 6-5): a page that picks one of them at random starts with each opening
// roll as often as real dice do once ties are rolled again. fam's game starts with a roll.
func OpeningSeeds(fam session.Family, game string) ([]uint64, error) {
	want := map[[2]int]uint64{}
	for seed := uint64(1); len(want) < 30; seed++ {
		if seed > 100000 {
			return nil, fmt.Errorf("no seed found for %d opening rolls", 30-len(want))
		}
		s := session.New(fam)
		if err := s.Start(game, "", nil, seed); err != nil {
			return nil, err
		}
		d, err := s.Roll()
		if err != nil {
			return nil, err
		}
		k := [2]int{int(d[0]), int(d[1])}
		if k[0] == k[1] {
			continue
		}
		if _, ok := want[k]; !ok {
			want[k] = seed
		}
	}
	var out []uint64
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if a != b {
				out = append(out, want[[2]int{a, b}])
			}
		}
	}
	return out, nil
}
