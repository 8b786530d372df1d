// Package games is the one registration point of madang's game families. A family is one
// rules package and its AI engine (draughts: checkers and international draughts; later
// halma: the three star-board games; backgammon), plus the optional hooks the tools use.
//
// Importing a family package (games/draughts) registers its games in the rules registry,
// its engines in package ai, and its Family here. Programs import:
//
//	madang/games/all        every family with its engines: the CLI, `madang serve`, the
//	                        message and ai Lambda functions
//	madang/games/allrules   every family's rules without any engine: the connect and
//	                        disconnect Lambda functions
//	madang/games/draughts   one family alone (rules and engine): the family's
//	                        WebAssembly module
//	madang/games/draughts/cli  the family's tool hooks (games.Tools), imported by
//	                        games/all
//
// This package itself imports only package rules, so a program pays only for the families
// it imports.
package games

import "madang/rules"

// Family describes one game family: its name and games, registered by the family's
// package, and the hooks of the command-line tools, set by the family's cli package.
type Family struct {
	// Name is the family's id ("draughts"), also the name of its WebAssembly module.
	Name string
	// Games are the rules registry ids of the family's games ("checkers", "draughts").
	Games []string
	Tools
}

// Tools are a family's optional hooks for the command-line tools (madang perft, moves,
// replay, match); every field may be nil. They live in a package of their own
// (games/<family>/cli) so that the family's WebAssembly module does not link them.
type Tools struct {
	// Perft, when not nil, counts the leaf nodes of the move tree depth plies below s with
	// the family's fast move generator; ok is false when s is not a state of the family
	// (the caller then walks the tree through the rules.State API, see Perft).
	Perft func(s rules.State, depth int) (n uint64, ok bool)
	// AltText, when not nil, writes a legal move of s in the family's second notation (the
	// algebraic names of checkers and draughts, "c3-d4"); ok is false when it has none.
	AltText func(s rules.State, m rules.Move) (text string, ok bool)
	// Records are the game-record file formats the family reads (PDN for draughts).
	Records []RecordFormat
	// Hub, when not nil, writes and reads the family's positions and moves in the Hub
	// engine protocol (Scan's protocol; `madang engine` and `madang match` speak it).
	Hub *HubCodec
}

// HubCodec is a family's text in the Hub protocol (version 2).
type HubCodec struct {
	// Position writes s for `pos pos=...`.
	Position func(s rules.State) (string, error)
	// MoveText writes a legal move of s for `pos ... moves="..."`.
	MoveText func(s rules.State, m rules.Move) (string, error)
	// ParseMove reads an engine's `done move=...` as a legal move of s.
	ParseMove func(s rules.State, text string) (rules.Move, error)
}

// RecordFormat reads one kind of game-record file and replays its games through the rules.
type RecordFormat struct {
	// Name is the format's name for messages ("PDN").
	Name string
	// Extensions are the file name endings of the format, lower case with the dot (".pdn").
	Extensions []string
	// Sniff reports whether data (a file's first bytes) looks like this format; used for
	// files whose extension no format claims.
	Sniff func(head []byte) bool
	// Replay reads data and plays every game through the rules.
	Replay func(data []byte, opt ReplayOptions) ReplayReport
}

// ReplayOptions are what a caller asks of RecordFormat.Replay.
type ReplayOptions struct {
	// Game is the registry id of records that do not name their game; "" means the
	// format's default.
	Game string
	// Explicit is true when the user chose Game (the format may warn when records name
	// another game).
	Explicit bool
	// Export asks for the replayed games in canonical move text in ReplayReport.Export.
	Export bool
}

// ReplayReport is the result of replaying one file. Each line is a sentence in English
// without the file name; the caller prefixes it.
type ReplayReport struct {
	Games     int      // games read
	Moves     int      // moves played through the rules
	Problems  []string // disagreements and syntax errors, one per line (each counts as an error)
	Notes     []string // what the replay got past (unclaimed automatic draws, resolved ambiguities)
	Warnings  []string // remarks about the options (for stderr)
	Export    []byte   // the replayed games in the format, canonical move text (when asked)
	ExportErr error    // why Export could not be written (it then holds what could)
}

var (
	families []*Family
	byGame   = map[string]*Family{}
)

// Register adds a family; family packages call it from init. It panics on a duplicate
// family name or game id, which is a programming error, never input.
func Register(f *Family) {
	for _, g := range families {
		if g.Name == f.Name {
			panic("games: family registered twice: " + f.Name)
		}
	}
	for _, id := range f.Games {
		if _, dup := byGame[id]; dup {
			panic("games: game in two families: " + id)
		}
	}
	i := len(families) // keep families sorted by name (there are few: insertion)
	for i > 0 && families[i-1].Name > f.Name {
		i--
	}
	families = append(families[:i], append([]*Family{f}, families[i:]...)...)
	for _, id := range f.Games {
		byGame[id] = f
	}
}

// Families lists the registered families sorted by name. The slice must not be modified.
func Families() []*Family { return families }

// Of finds the family of a game id.
func Of(gameID string) (*Family, bool) {
	f, ok := byGame[gameID]
	return f, ok
}

// Formats lists every family's record formats, families in name order.
func Formats() []RecordFormat {
	var out []RecordFormat
	for _, f := range families {
		out = append(out, f.Records...)
	}
	return out
}

// SetTools sets the tool hooks of a registered family; the family's cli package calls it
// from init. It panics when f is not registered (a programming error).
func SetTools(f *Family, t Tools) {
	if len(f.Games) == 0 || byGame[f.Games[0]] != f {
		panic("games: tools for an unregistered family: " + f.Name)
	}
	f.Tools = t
}

// Perft counts the leaf nodes of the legal move tree depth plies below s (depth 0 is 1; a
// finished game counts 0 at any depth above 0). It uses the family's fast hook when there
// is one and otherwise plays every move through the rules.State API. A state that waits
// for a roll (also s itself) expands over the 21 distinct rolls (1-1 .. 6-6, each once)
// without using a ply, except a roll after which the state still waits for a roll (no
// legal play, or a tied opening roll), which counts as a ply so that the walk ends. An
// error means a game's Moves, Play and Roll disagree.
func Perft(s rules.State, depth int) (uint64, error) {
	if depth <= 0 {
		return 1, nil
	}
	if f, ok := Of(s.Game().ID()); ok && f.Perft != nil && s.Phase() != rules.PhaseRoll {
		if n, ok := f.Perft(s, depth); ok {
			return n, nil
		}
	}
	return walk(s, depth)
}

func walk(s rules.State, depth int) (uint64, error) {
	if depth == 0 {
		return 1, nil
	}
	switch s.Phase() {
	case rules.PhaseRoll:
		var n uint64
		for a := int8(1); a <= 6; a++ {
			for b := a; b <= 6; b++ {
				next, err := s.Roll(rules.Dice{a, b})
				if err != nil {
					return 0, err
				}
				d := depth
				if next.Phase() == rules.PhaseRoll {
					d-- // a roll without a play
				}
				k, err := walk(next, d)
				if err != nil {
					return 0, err
				}
				n += k
			}
		}
		return n, nil
	case rules.PhaseOver:
		return 0, nil
	}
	moves := s.Moves()
	if depth == 1 {
		return uint64(len(moves)), nil
	}
	var n uint64
	for _, m := range moves {
		next, err := s.Play(m)
		if err != nil {
			return 0, err
		}
		k, err := walk(next, depth-1)
		if err != nil {
			return 0, err
		}
		n += k
	}
	return n, nil
}
