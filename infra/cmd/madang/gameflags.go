package main

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"madang/rules"
)

// gameFlags are the flags every game-driven command shares: --game, --players, --pieces
// and --opt k=v (repeatable), which become the game's rules.Options.
type gameFlags struct {
	game    *string
	players *int
	pieces  *int
	opts    optList
}

// optList collects --opt name=value flags.
type optList map[string]int

func (o optList) String() string { return "" }

func (o optList) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	n, err := strconv.Atoi(v)
	if !ok || k == "" || err != nil {
		return fmt.Errorf("want name=integer, got %q", s)
	}
	o[k] = n
	return nil
}

// addGameFlags adds the game flags to fs; def is --game's default, "" to require --game
// (perft, moves and selfplay do: their counts and games mean nothing for a guessed game).
func addGameFlags(fs *flag.FlagSet, def string) *gameFlags {
	g := &gameFlags{opts: optList{}}
	g.game = fs.String("game", def, "game id: "+strings.Join(rules.IDs(), ", "))
	g.players = fs.Int("players", 0, "option players (diamond: 2 or 3); 0: the game's default")
	g.pieces = fs.Int("pieces", 0, "option pieces (diamond-kr: 10 or 15); 0: the game's default")
	fs.Var(g.opts, "opt", "game option name=value (repeatable), e.g. --opt length=12")
	return g
}

// resolve looks the game up and validates its options.
func (g *gameFlags) resolve() (rules.Game, rules.Options, error) {
	if *g.game == "" {
		return nil, nil, fmt.Errorf("--game is required: one of %s", strings.Join(rules.IDs(), ", "))
	}
	gm, ok := rules.Lookup(*g.game)
	if !ok {
		return nil, nil, fmt.Errorf("unknown game %q (want one of %s)", *g.game, strings.Join(rules.IDs(), ", "))
	}
	opts := rules.Options{}
	for k, v := range g.opts {
		opts[k] = v
	}
	if *g.players != 0 {
		opts["players"] = *g.players
	}
	if *g.pieces != 0 {
		opts["pieces"] = *g.pieces
	}
	if len(opts) == 0 {
		opts = nil
	}
	v, err := gm.Validate(opts)
	if err != nil {
		return nil, nil, err
	}
	return gm, v, nil
}

// state is the position text read by the game (Game.Decode), or its start when pos is "".
func (g *gameFlags) state(pos string) (rules.State, error) {
	gm, opts, err := g.resolve()
	if err != nil {
		return nil, err
	}
	if pos == "" {
		return gm.New(opts)
	}
	return gm.Decode(opts, pos)
}

// rollFirst enters the dice text of --dice ("" for none) into s: required exactly when s
// waits for a roll.
func rollFirst(s rules.State, dice string) (rules.State, error) {
	switch {
	case dice != "" && s.Phase() != rules.PhaseRoll:
		return nil, errors.New("--dice: the position does not wait for a roll")
	case dice == "" && s.Phase() == rules.PhaseRoll:
		return nil, errors.New("the position waits for a roll: give --dice A-B")
	case dice == "":
		return s, nil
	}
	d, err := rules.ParseDice(dice)
	if err != nil {
		return nil, err
	}
	return s.Roll(d)
}
