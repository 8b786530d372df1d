// Package manifest writes the registered game families (package games) as the site's
// manifest: one JSON document that the site build (site/build.mjs), the home page, the AI
// figures (site/tools/ai-figures.mjs), mk/site.mk and the browser tests read instead of
// lists of their own. `madang games --json` prints it; `make site` writes it to
// site/.build/games.json.
//
// The document (version 1):
//
//	{"version": 1, "families": [{
//	  "name": "draughts",                 the family: its page module site/src/js/<name>/page.js
//	  "page": "draughts/index.html",      the page template under site/src
//	  "render": "squares",                the render worker (site/src/js/render/<render>.js), or ""
//	  "prerender": "",                    the template's build-time module under site/src/js, or ""
//	  "wasm": ["draughts", "draughts-records"],   modules, site/wasm/<name>/cmd/engine
//	  "records": true,                    it has a game-record module (<name>-records)
//	  "engineFiles": [{"game", "kind", "path"}],  files the engine worker fetches
//	  "games": [{
//	    "id": "checkers", "title": "영미식 체커", "description": "…",
//	    "card": {"text", "art", "artFile"},
//	    "options": {"pieces": 10},        the rules' defaults (Validate(nil))
//	    "seats": 2,                       seats at the default options
//	    "dice": false,                    the game starts by rolling (rules.PhaseRoll)
//	    "room": {"drawOffers", "takeoverAfterMs", "awayAIMs", "leaveToAI",
//	             "clocks": [{"baseMs", "incrementMs", "delayMs"}]},   the offered time controls
//	    "figures": {"flags", "vsBeginner", "self", "advanced", "fixedTime"}}]}],
//	  "roomErrors": {"illegal-move": "둘 수 없는 수입니다.", …}}   the room's error texts
//
// Families come in home-page order (games.Family.Order, then name), games in their family's
// order.
package manifest

import (
	"encoding/json"
	"fmt"
	"strings"

	"madang/functions/room"
	"madang/games"
	"madang/rules"
)

// Version is the manifest's format version.
const Version = 1

// Manifest is the site manifest.
type Manifest struct {
	Version  int      `json:"version"`
	Families []Family `json:"families"`
	// RoomErrors are the room's error codes with their Korean texts (room.Messages), the
	// pages' one table of them.
	RoomErrors map[string]string `json:"roomErrors"`
}

// Family is one family in the manifest.
type Family struct {
	Name        string             `json:"name"`
	Page        string             `json:"page"`
	Render      string             `json:"render"`
	Prerender   string             `json:"prerender"`
	Wasm        []string           `json:"wasm"`
	Records     bool               `json:"records"`
	EngineFiles []games.EngineFile `json:"engineFiles"`
	Games       []Game             `json:"games"`
}

// Game is one game in the manifest.
type Game struct {
	ID          string        `json:"id"`
	Title       string        `json:"title"`
	Description string        `json:"description"`
	Card        Card          `json:"card"`
	Options     rules.Options `json:"options"`
	Seats       int           `json:"seats"`
	Dice        bool          `json:"dice"`
	Room        Room          `json:"room"`
	Figures     Figures       `json:"figures"`
}

// Card is a game's home card.
type Card struct {
	Text    string `json:"text"`
	Art     string `json:"art"`
	ArtFile string `json:"artFile"`
}

// Room is a game's room rules with durations in milliseconds and the rules given by
// functions as whether there is one.
type Room struct {
	DrawOffers      bool  `json:"drawOffers"`
	TakeoverAfterMs int64 `json:"takeoverAfterMs"`
	AwayAIMs        int64 `json:"awayAIMs"`
	LeaveToAI       bool  `json:"leaveToAI"`
	// Clocks are the time controls offered when a room is made, in milliseconds (the
	// room's `create` takes the same fields).
	Clocks []Clock `json:"clocks"`
}

// Clock is a time control in milliseconds.
type Clock struct {
	BaseMs      int64 `json:"baseMs"`
	IncrementMs int64 `json:"incrementMs"`
	DelayMs     int64 `json:"delayMs"`
}

// Figures are a game's AI figure runs.
type Figures struct {
	Flags      []string `json:"flags"`
	VsBeginner int      `json:"vsBeginner"`
	Self       int      `json:"self"`
	Advanced   int      `json:"advanced"`
	FixedTime  bool     `json:"fixedTime"`
}

// Build describes the registered families. An error names a game whose rules are not
// registered or whose start position cannot be made.
func Build() (Manifest, error) {
	fams := games.InOrder()
	m := Manifest{Version: Version, Families: []Family{}, RoomErrors: room.Messages()}
	for _, f := range fams {
		mf := Family{
			Name: f.Name, Page: f.Site.Page, Render: f.Site.Render, Prerender: f.Site.Prerender, Wasm: f.Modules(),
			Records: f.Site.Records, EngineFiles: f.Site.EngineFiles, Games: []Game{},
		}
		if mf.EngineFiles == nil {
			mf.EngineFiles = []games.EngineFile{}
		}
		for _, g := range f.Games {
			mg, err := game(g)
			if err != nil {
				return Manifest{}, fmt.Errorf("manifest: family %s: %w", f.Name, err)
			}
			mf.Games = append(mf.Games, mg)
		}
		m.Families = append(m.Families, mf)
	}
	return m, nil
}

func game(g games.Game) (Game, error) {
	rg, ok := rules.Lookup(g.ID)
	if !ok {
		return Game{}, fmt.Errorf("game %q is not registered with the rules", g.ID)
	}
	opts, err := rg.Validate(nil)
	if err != nil {
		return Game{}, fmt.Errorf("game %q: default options: %w", g.ID, err)
	}
	s, err := rg.New(opts)
	if err != nil {
		return Game{}, fmt.Errorf("game %q: start position: %w", g.ID, err)
	}
	flags := g.Figures.Flags
	if flags == nil {
		flags = []string{}
	}
	if opts == nil {
		opts = rules.Options{}
	}
	clocks := []Clock{}
	for _, c := range g.Room.Clocks {
		clocks = append(clocks, Clock{BaseMs: c.Base.Milliseconds(), IncrementMs: c.Increment.Milliseconds(), DelayMs: c.Delay.Milliseconds()})
	}
	return Game{
		ID: g.ID, Title: g.Title, Description: g.Description,
		Card:    Card{Text: g.Card.Text, Art: g.Card.Art, ArtFile: g.Card.ArtFile},
		Options: opts, Seats: s.Seats(), Dice: s.Phase() == rules.PhaseRoll,
		Room: Room{
			DrawOffers:      g.Room.DrawOffers,
			TakeoverAfterMs: g.Room.TakeoverAfter.Milliseconds(),
			AwayAIMs:        g.Room.AwayAI.Milliseconds(),
			LeaveToAI:       g.Room.LeaveToAI != nil,
			Clocks:          clocks,
		},
		Figures: Figures{
			Flags: flags, VsBeginner: g.Figures.VsBeginner, Self: g.Figures.Self,
			Advanced: g.Figures.Advanced, FixedTime: g.Figures.FixedTime,
		},
	}, nil
}

// JSON is the manifest as indented JSON with a final newline.
func (m Manifest) JSON() ([]byte, error) {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Text is the manifest as lines for people: one game a line, its family, id, seats and
// Korean name.
func (m Manifest) Text() string {
	var b strings.Builder
	for _, f := range m.Families {
		for _, g := range f.Games {
			fmt.Fprintf(&b, "%-12s %-18s %d seats  %s\n", f.Name, g.ID, g.Seats, g.Title)
		}
	}
	return b.String()
}
