// Package games is the one registration point of madang's game families. A family is one
// rules package and its AI engine (draughts: checkers and international draughts; halma:
// the three star-board games; backgammon), its descriptor (Family: the games' Korean names,
// room rules and pages) and the optional hooks the tools use. Nothing outside a family's
// folders names its games: the room's policy lookup (functions/room), the site manifest
// (madang/games/manifest, `madang games --json`) and the CLI's game lists read the
// descriptors.
//
// Importing a family package (games/draughts) registers its games in the rules registry and
// its Family here; the family's engine (ai/draughts) is linked by the programs that search.
// Programs import:
//
//	madang/games/all        every family with its engines and tool hooks: the CLI, `madang
//	                        serve`, the message and ai Lambda functions
//	madang/games/allrules   every family's rules and descriptor without any engine: the
//	                        connect and disconnect Lambda functions
//	madang/games/draughts   one family's rules and descriptor (the family's WebAssembly
//	                        module links its rules and engine, madang/ai/draughts, alone)
//	madang/games/draughts/cli  the family's engine and tool hooks (games.Tools), imported by
//	                        games/all
//
// This package itself imports only package rules (and time), so a program pays only for
// the families it imports.
package games

import (
	"io"
	"slices"
	"time"

	"madang/rules"
)

// Family describes one game family: its name, its games and its pages, declared by the
// family's package (games/<family>), and the hooks of the command-line tools, set by the
// family's cli package. It is the one place that names the family's games: the room's
// policy lookup, the site manifest (`madang games --json`, package games/manifest) and the
// CLI's game lists are derived from it.
type Family struct {
	// Name is the family's id ("draughts"), also the name of its page module
	// (site/src/js/<Name>/page.js) and of its WebAssembly module (site/wasm/<Name>/cmd/engine).
	Name string
	// Order is the family's place on the home page and in the site manifest: families in
	// increasing Order (then by name).
	Order int
	// Games are the family's games in the order the home page shows them.
	Games []Game
	// Site is how the static site serves the family's games.
	Site Site
	Tools
}

// Game is one game of a family as the rest of the system needs it beside its rules.
type Game struct {
	// ID is the rules registry id ("checkers"), also the page's path (/<ID>/).
	ID string
	// Title is the game's Korean name as the page shows it (its <title>, the home card, the
	// room's "… 방입니다").
	Title string
	// Description is the page's <meta name="description">, one or two Korean sentences;
	// "" lets the site build write a generic sentence from Title.
	Description string
	// Card is the game's card on the home page.
	Card Card
	// Room is the game's online room rules.
	Room Room
	// Figures are the selfplay runs behind the AI figures the game's guide quotes
	// (site/tools/ai-figures.mjs).
	Figures Figures
	// Starts are the options the game's page may start a game on this device with, as the
	// page sends them (its choices: diamond's players, diamond-kr's pieces); nil is one
	// start with none. The site build tables each start's first moves (site/wasm/firstmoves),
	// so the page offers them before its engine has arrived.
	Starts []rules.Options
}

// Card is a game's card on the home page (site/src/index.html's <!-- cards --> line).
type Card struct {
	// Text is the card's line under the title, in Korean.
	Text string
	// Art is the class of the card's picture (site/src/css/site.css: "art-checkers").
	Art string
	// ArtFile, when not "", is a file under site/src whose markup (an inline SVG) goes into
	// the card's picture.
	ArtFile string
}

// Room is a game's online room rules (functions/room's Policy completes it with the
// room-wide defaults). Who wins a resignation is the game's rules.ResignOutcome; whether
// the room rolls dice follows from the rules (rules.PhaseRoll).
type Room struct {
	// DrawOffers: a seat may attach a draw offer to a move; the opponent accepts it on its
	// turn or declines it by moving (seed 001, "무승부를 제안할 때는").
	DrawOffers bool
	// DrawReset reports whether m, a legal move of before, re-opens draw offers for a seat
	// whose offer was declined (match.Rules.DrawReset; the family's rules package owns the
	// predicate). Nil means every move re-opens them.
	DrawReset func(before rules.State, m rules.Move) bool
	// TakeoverAfter: a seat away this long may be replaced by the AI at its opponent's
	// request (`takeover`); 0 disables takeover (seed 001: 2 min).
	TakeoverAfter time.Duration
	// AwayAI: a person away this long is played by the AI on their turns until they
	// resume; 0 disables it (seed 000: 45 s).
	AwayAI time.Duration
	// LeaveToAI reports whether `leave` during play hands the seat to the AI (while another
	// seat is a person's: the last person's leave ends the game); otherwise leaving during
	// play counts as resigning. Nil: never.
	LeaveToAI func(s rules.State) bool
	// Clocks are the time controls the page offers when a room is made, besides none (the
	// default) and a custom one (functions/room/PROTOCOL.md, "Clocks"); each lies within
	// the room's bounds (room.TimeControl.Validate, checked by gamestest).
	Clocks []Clock
}

// Clock is a time control: each seat's Base time; a move earns Increment afterwards
// (Fischer, as lidraughts and FMJD events play); the first Delay of each move is not
// charged (a delay per move before the reserve, as backgammon servers play).
type Clock struct {
	Base, Increment, Delay time.Duration
}

// Fischer is a control of base minutes plus increment seconds a move ("5+3").
func Fischer(minutes, seconds int) Clock {
	return Clock{Base: time.Duration(minutes) * time.Minute, Increment: time.Duration(seconds) * time.Second}
}

// Delayed is a control of a delay of seconds a move before a reserve of minutes.
func Delayed(seconds, minutes int) Clock {
	return Clock{Base: time.Duration(minutes) * time.Minute, Delay: time.Duration(seconds) * time.Second}
}

// Figures are the selfplay runs of a game's AI figures: game counts per run (intermediate
// against beginner, intermediate against itself, advanced against intermediate) and the
// selfplay flags that choose the game's options.
type Figures struct {
	Flags                      []string
	VsBeginner, Self, Advanced int
	// FixedTime: the advanced run keeps the level's own time (no --movetime), for engines
	// that do not search by time.
	FixedTime bool
}

// Site is how the static site serves a family's games: every game gets the page
// site/src/<Page> at /<game id>/, run by site/src/js/<family>/page.js.
type Site struct {
	// Page is the page template under site/src ("draughts/index.html").
	Page string
	// Render, when not "", is the board's render worker (site/src/js/render/<Render>.js).
	Render string
	// Prerender, when not "", is a module under site/src/js whose prerender(html,
	// escapeHTML) the site build runs on the page template (markup the page has at its
	// first paint).
	Prerender string
	// Records: the family has a game-record module, site/wasm/<family>/cmd/records.
	Records bool
	// EngineFiles are files the engine worker fetches beside its module and hands to the
	// engine (op engineFile): learned weights, opening books and nets kept out of the module.
	EngineFiles []EngineFile
	// FirstMoves is how many moves deep the page's table of first moves goes (0 and 1: the
	// first move; 2: every reply too, for two people on one device), site/wasm/firstmoves.
	FirstMoves int
}

// EngineFile is one file the engine worker fetches for a game.
type EngineFile struct {
	Game string `json:"game"` // the game id
	Kind string `json:"kind"` // the file's kind ("weights", "book", "net")
	Path string `json:"path"` // the file, from the repository root
}

// IDs are the registry ids of the family's games in their order.
func (f *Family) IDs() []string {
	ids := make([]string, len(f.Games))
	for i, g := range f.Games {
		ids[i] = g.ID
	}
	return ids
}

// Modules are the names of the family's WebAssembly modules (site/wasm/<name>/cmd/engine): the
// engine's, and the game-record module's when it has one.
func (f *Family) Modules() []string {
	if f.Site.Records {
		return []string{f.Name, f.Name + "-records"}
	}
	return []string{f.Name}
}

// Tools are a family's optional hooks for the command-line tools (madang perft, moves,
// replay, match, engine and the family's own commands); every field may be nil. They live in a package of their own
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
	// Engine, when not nil, is `madang engine --game <id>` for the family's games: the
	// family's engine protocol on in and stdout.
	Engine *Engine
	// Tables, when not nil, loads the family's endgame tables found in dir for its searches
	// (the --egdb flag of madang engine, selfplay and serve) and returns how many it loaded.
	Tables func(dir string) (n int, err error)
	// Commands are the family's own subcommands of madang (`madang egdb`, `madang solo`).
	Commands []Command
}

// Engine is a family's `madang engine`.
type Engine struct {
	// Summary names the games and the protocol for the usage line ("backgammon over a
	// line protocol").
	Summary string
	// Default is the game the command plays when --game is absent ("" for none; at most
	// one family sets it). Only a family that speaks the Hub protocol (Tools.Hub) may be the
	// default: madang engine and madang match ignore it elsewhere.
	Default string
	// Run reads the engine protocol from in and answers on stdout; args are the command's
	// arguments, --game among them. It returns the exit status (2 for bad flags).
	Run func(args []string, in io.Reader, stdout, stderr io.Writer) int
}

// Command is one subcommand of madang a family adds.
type Command struct {
	Name    string // the subcommand ("egdb")
	Summary string // one line for the usage
	// Run gets the arguments after the name and returns the exit status (2 for bad usage).
	Run func(args []string, stdout, stderr io.Writer) int
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
	// Explicit is true when the user chose Game: a file whose records name another game
	// is refused (ReplayReport.Refused), not replayed as the game its records name.
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
	// Refused is true when the file was not replayed because its records name another game
	// than an explicit ReplayOptions.Game; Problems says which.
	Refused bool
}

var (
	families []*Family
	byGame   = map[string]*Family{}
)

// Register adds a family; family packages call it from init. It panics on a duplicate
// family name or game id, or a game without an id or a title, which are programming
// errors, never input.
func Register(f *Family) {
	for _, g := range families {
		if g.Name == f.Name {
			panic("games: family registered twice: " + f.Name)
		}
	}
	if f.Name == "" || len(f.Games) == 0 {
		panic("games: a family needs a name and a game: " + f.Name)
	}
	for _, g := range f.Games {
		if _, dup := byGame[g.ID]; dup {
			panic("games: game in two families: " + g.ID)
		}
		if g.ID == "" || g.Title == "" {
			panic("games: a game of " + f.Name + " without an id or a title")
		}
	}
	i := len(families) // keep families sorted by name (there are few: insertion)
	for i > 0 && families[i-1].Name > f.Name {
		i--
	}
	families = append(families[:i], append([]*Family{f}, families[i:]...)...)
	for _, g := range f.Games {
		byGame[g.ID] = f
	}
}

// Families lists the registered families sorted by name. The slice must not be modified.
func Families() []*Family { return families }

// InOrder lists the registered families in their home-page order (increasing Order, families
// of one Order by name): the site manifest's and the CLI's order. The slice is the caller's.
func InOrder() []*Family {
	fs := slices.Clone(families)
	slices.SortStableFunc(fs, func(a, b *Family) int { return a.Order - b.Order })
	return fs
}

// Of finds the family of a game id.
func Of(gameID string) (*Family, bool) {
	f, ok := byGame[gameID]
	return f, ok
}

// Describe finds the descriptor of a game id.
func Describe(gameID string) (Game, bool) {
	f, ok := byGame[gameID]
	if !ok {
		return Game{}, false
	}
	for _, g := range f.Games {
		if g.ID == gameID {
			return g, true
		}
	}
	return Game{}, false
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
	if len(f.Games) == 0 || byGame[f.Games[0].ID] != f {
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
