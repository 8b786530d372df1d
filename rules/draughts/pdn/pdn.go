// Package pdn reads and writes Portable Draughts Notation (PDN) files: the game records of
// checkers (GameType 21) and international draughts (GameType 20).
//
// The reader follows the PDN 3.0 reading grammar (pdn.fmjd.org, "PDN Reading Grammar") and
// is lenient where real files need it: tags may run straight into the moves, squares may be
// zero-padded ("06-11") or written with a space after the separator ("1- 6"), captures may
// use "x", "X" or ":", move numbers may be "4." or "4..." or "01.", "..." may stand for an
// unknown first move, comments may span lines, variations nest, "%" and ";" start line
// comments, files may use CRLF or LF, and bytes that are not valid UTF-8 are read as
// Windows-1252. Variations are checked for balance and then dropped: a Game holds its
// mainline only.
//
// Errors carry the line number; a broken game is skipped and reading goes on with the next
// game, so one bad record does not hide the rest of a file.
//
// The package is standard library only (no fmt, no encoding/json, no reflect) because it
// also compiles to WebAssembly.
package pdn

import "strings"

// Tag is one tag pair, [Name "Value"], with escapes already removed from Value.
type Tag struct {
	Name  string
	Value string
}

// Move is one mainline move of a game.
type Move struct {
	// Number is the move number the move belongs to, as written ("12.", "12...") or, where
	// the record gives none, counted on from the last one (two plies per number).
	Number int
	// Second is true for the second ply of a numbered move ("4... 1-6", or the reply after
	// "4. 33-28").
	Second bool
	// Text is the move as written, normalised: squares without leading zeros, no spaces,
	// captures with "x" ("32-28", "24x15x6", "a3-b4", "a3b4").
	Text string
	// Strength is the move-strength mark written after the move, without parentheses
	// ("!", "?", "!?", ...); empty when none.
	Strength string
	// NAGs are the numeric annotation glyphs after the move ($1 is 1).
	NAGs []int
	// Comment is the text of the comments after the move, whitespace collapsed to single
	// spaces; several comments are joined by a space.
	Comment string
	// Line is the 1-based line of the move in the file; 0 for moves not read from a file.
	Line int
}

// Game is one game record: tags, mainline and result.
type Game struct {
	// Index is the 1-based position of the game in its file, counting games that could not
	// be read; 0 for games not read from a file.
	Index int
	// Line is the 1-based line where the game starts; 0 for games not read from a file.
	Line int
	// Tags are the tag pairs in file order.
	Tags []Tag
	// Comment is the text of the comments before the first move (whitespace collapsed).
	Comment string
	// Moves is the mainline.
	Moves []Move
	// Result is the game-termination token: "1-0", "0-1", "1/2-1/2", "2-0", "1-1", "0-2",
	// "0-0" or "*"; empty when the record ends without one. A final move token equal to a
	// score-like Result tag ("4-6") is read as the result.
	Result string
}

// Tag returns the value of the first tag with the given name (names compare without
// regard to case) and whether there is one.
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value, true
		}
	}
	return "", false
}

// FEN returns the game's start position from its FEN tag, trimmed of surrounding spaces
// and of the final "." that several programs write ("W:W7,26:B8,14."); empty when the
// game starts from the initial position.
func (g *Game) FEN() string {
	v, _ := g.Tag("FEN")
	v = strings.TrimSpace(v)
	v = strings.TrimSuffix(v, ".")
	return strings.TrimSpace(v)
}

// NewGame makes a game record to write: tags in order, the move texts of the mainline
// numbered from 1 (two plies a number: "1. 32-28 18-23 2. ..."), and the result token
// ("" is written as "*").
func NewGame(tags []Tag, texts []string, result string) Game {
	g := Game{Tags: append([]Tag(nil), tags...), Result: result, Moves: make([]Move, len(texts))}
	for i, t := range texts {
		g.Moves[i] = Move{Number: i/2 + 1, Second: i%2 == 1, Text: t}
	}
	return g
}

// Texts returns the mainline move texts in order.
func (g *Game) Texts() []string {
	out := make([]string, len(g.Moves))
	for i, m := range g.Moves {
		out[i] = m.Text
	}
	return out
}

// Error is a syntax error in a PDN file.
type Error struct {
	Line int    // 1-based line of the offending text
	Game int    // 1-based index of the game it belongs to
	Msg  string // what is wrong, in English
}

func (e *Error) Error() string {
	return "line " + itoa(e.Line) + ": game " + itoa(e.Game) + ": " + e.Msg
}

// ErrorList is every syntax error of one file, in file order. Read returns it as its
// error; errors.As finds it.
type ErrorList []*Error

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return l[0].Error() + " (and " + itoa(len(l)-1) + " more errors)"
}
