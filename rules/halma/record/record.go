// Package record writes and reads game records of the star-board games (rules/halma:
// chinese-checkers, diamond-kr, diamond) in madang's own plain text, shaped after PDN (PDN
// 3.0's tag pairs and move text) so that a reader of one reads the other:
//
//	[Event "마당 다이아몬드 게임"]
//	[Date "2026.11.30"]
//	[Seat1 "나"]
//	[Seat2 "AI (중급)"]
//	[Game "diamond"]
//	[Players "3"]
//	[Pieces "15"]
//	[Result "0-1-0"]
//
//	1. 14.1-13.1 2. 4.4-5.4 3. 14.3-12.1-10.1 ... 0-1-0
//
// or, for an online game on a clock, with the time left after each move in a comment:
//
//	[TimeControl "300+3"]
//	...
//	1. 14.1-13.1 {[%clk 0:04:58]} 2. 4.4-5.4 {[%clk 0:04:51]} ... 0-1-0
//
// A game is its tag pairs `[Name "Value"]` (one a line; `\"` and `\\` escape in a value) and
// then its move text: the plies numbered in order from 1 ("N." before each; the number is
// checked), each ply the move as the rules write it with its landing path (a chain of jumps
// "14.3-12.1-10.1", a step "14.1-13.1", "pass"), and the result token last. Game names the
// game id; Players and Pieces its options (the game's defaults when absent); FEN a start
// position in the rules' encoding. The result token gives each seat's score in seat order:
// "1-0-0" a win of seat 0 of three, "1/2-1/2" (two seats) or "1/3-1/3-1/3" (three) a draw, "*"
// a game still going on. A file holds any number of games, each starting at its first tag.
//
// A comment is text in braces, "{" to the next "}" (it holds no "}"; it may span lines, a
// line break reading as a space), anywhere in the move text; it belongs to the move before
// it (one before the first move is dropped; several after one move are joined by a space),
// and a "{" never closed is a syntax error. Like PGN's and PDN's, a comment is free text to a reader; the one madang
// writes is PGN's clock command, "[%clk h:mm:ss]": the mover's time left after the move
// (its TimeControl tag gives the control: "BASE+INC" in seconds, and TimeDelay the delay
// per move in seconds when it has one). A comment without it, or with a clock of another
// shape, is kept as text and gives no time.
//
// The package does no I/O: it writes to and reads from byte slices.
package record

import (
	"errors"
	"strconv"
	"strings"

	"madang/rules"
)

// Tag is one tag pair.
type Tag struct{ Name, Value string }

// Game is one record as written: its tags in order, its move texts, its result token.
type Game struct {
	Tags   []Tag
	Moves  []string
	Result string
	Line   int // line of its first tag (1-based), from Read
	Index  int // 1-based position in the file, from Read
	// MoveLines are the lines of the moves (from Read).
	MoveLines []int
	// Comments are the comments after each move ("" for none; may be shorter than Moves),
	// e.g. a clock's "[%clk 0:04:51]".
	Comments []string
}

// Tag returns the value of the first tag named name (case-insensitive).
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value, true
		}
	}
	return "", false
}

// ResultToken is the result token of an outcome in a game of seats seats (see the package
// doc).
func ResultToken(o rules.Outcome, seats int) string {
	if seats < 1 {
		return "*"
	}
	parts := make([]string, seats)
	switch o.Status {
	case rules.Win:
		if int(o.Winner) < 0 || int(o.Winner) >= seats {
			return "*"
		}
		for i := range parts {
			parts[i] = "0"
		}
		parts[o.Winner] = "1"
	case rules.Draw:
		for i := range parts {
			parts[i] = "1/" + strconv.Itoa(seats)
		}
	default:
		return "*"
	}
	return strings.Join(parts, "-")
}

// TokenOutcome is the outcome a result token gives for seats seats: a win (Points 1), a
// draw, or ongoing for "*". ok is false for a token of another shape.
func TokenOutcome(tok string, seats int) (rules.Outcome, bool) {
	if tok == "*" {
		return rules.OngoingOutcome, true
	}
	for _, o := range []rules.Outcome{{Status: rules.Draw, Winner: rules.NoSeat}} {
		if tok == ResultToken(o, seats) {
			return o, true
		}
	}
	for s := range seats {
		o := rules.WinFor(rules.Seat(s), rules.ReasonNone)
		if tok == ResultToken(o, seats) {
			return o, true
		}
	}
	return rules.Outcome{}, false
}

// ErrWrite is wrapped by Append's errors.
var ErrWrite = errors.New("record: cannot write")

// Append writes g after b: its tags, a blank line, the numbered moves (lines under 80
// characters but for a longer comment, which is never cut), each followed by its comment in
// braces when g.Comments has one, and the result token ("*" when empty), then a blank line.
// Errors (wrapping ErrWrite): a tag name that is not letters, digits and '_', a line break in
// a value, a move text that is empty or holds a space, a bracket or a brace, a comment with a
// brace or a line break, or a result token with a space.
func Append(b []byte, g *Game) ([]byte, error) {
	for _, t := range g.Tags {
		if !tagName(t.Name) {
			return nil, wrapWrite("tag name " + strconv.Quote(t.Name))
		}
		if strings.ContainsAny(t.Value, "\r\n") {
			return nil, wrapWrite("tag " + t.Name + " holds a line break")
		}
		v := strings.ReplaceAll(strings.ReplaceAll(t.Value, `\`, `\\`), `"`, `\"`)
		b = append(b, "["+t.Name+" \""+v+"\"]\n"...)
	}
	b = append(b, '\n')
	res := g.Result
	if res == "" {
		res = "*"
	}
	if strings.ContainsAny(res, " \t\r\n") {
		return nil, wrapWrite("result " + strconv.Quote(res))
	}
	col := 0
	word := func(w string) {
		if col > 0 && col+1+len(w) > 79 {
			b = append(b, '\n')
			col = 0
		} else if col > 0 {
			b = append(b, ' ')
			col++
		}
		b = append(b, w...)
		col += len(w)
	}
	for i, m := range g.Moves {
		if m == "" || strings.ContainsAny(m, " \t\r\n[]{}") {
			return nil, wrapWrite("move " + strconv.Itoa(i+1) + " " + strconv.Quote(m))
		}
		word(strconv.Itoa(i+1) + ". " + m)
		if i < len(g.Comments) && g.Comments[i] != "" {
			c := g.Comments[i]
			if strings.ContainsAny(c, "{}\r\n") {
				return nil, wrapWrite("comment " + strconv.Itoa(i+1) + " " + strconv.Quote(c))
			}
			word("{" + c + "}")
		}
	}
	word(res)
	return append(b, "\n\n"...), nil
}

func wrapWrite(msg string) error { return &writeError{msg} }

type writeError struct{ msg string }

func (e *writeError) Error() string { return ErrWrite.Error() + ": " + e.msg }
func (e *writeError) Unwrap() error { return ErrWrite }

func tagName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// SyntaxError is a line Read could not read; the game holding it is skipped.
type SyntaxError struct {
	Line int
	Game int // 1-based index of the game
	Msg  string
}

func (e *SyntaxError) Error() string {
	return "game " + strconv.Itoa(e.Game) + ", line " + strconv.Itoa(e.Line) + ": " + e.Msg
}

// Read reads every game of data (UTF-8; a leading byte order mark and "\r\n" line ends are
// accepted). A game with a syntax error (a bad tag line, a move number out of order, text
// after the result, a comment never closed) is left out and named in errs, the others are
// returned.
func Read(data []byte) (games []Game, errs []*SyntaxError) {
	text := strings.TrimPrefix(string(data), "\ufeff")
	lines := strings.Split(text, "\n")
	var g *Game
	bad := false
	done := false     // the result token was read
	numbered := false // the number of the next move was read
	index := 0
	open := 0 // line of the "{" of the comment being read; 0 outside a comment
	var comment strings.Builder
	fail := func(line int, msg string) {
		if !bad {
			errs = append(errs, &SyntaxError{Line: line, Game: index, Msg: msg})
		}
		bad = true
	}
	finish := func() {
		if open > 0 {
			fail(open, "a comment opened on this line is never closed")
		}
		if g != nil && !bad {
			games = append(games, *g)
		}
		g, bad, done, numbered, open = nil, false, false, false, 0
	}
	// closed gives the comment just read to the move before it
	closed := func() {
		c := strings.TrimSpace(comment.String())
		comment.Reset()
		k := len(g.Moves) - 1
		if k < 0 || c == "" {
			return
		}
		for len(g.Comments) <= k {
			g.Comments = append(g.Comments, "")
		}
		if g.Comments[k] != "" {
			c = g.Comments[k] + " " + c
		}
		g.Comments[k] = c
	}
	for i, raw := range lines {
		line := i + 1
		s := strings.TrimSpace(strings.TrimSuffix(raw, "\r"))
		if s == "" {
			continue
		}
		if open == 0 && strings.HasPrefix(s, "[") {
			if g == nil || len(g.Moves) > 0 || done {
				finish()
				index++
				g = &Game{Line: line, Index: index}
			}
			t, ok := parseTag(s)
			if !ok {
				fail(line, "bad tag line "+strconv.Quote(s))
				continue
			}
			g.Tags = append(g.Tags, t)
			continue
		}
		if g == nil {
			index++
			g = &Game{Line: line, Index: index}
		}
		for at := 0; at < len(s); {
			if open > 0 {
				end := strings.IndexByte(s[at:], '}')
				if end < 0 {
					comment.WriteString(s[at:] + " ")
					break
				}
				comment.WriteString(s[at : at+end])
				at += end + 1
				open = 0
				closed()
				continue
			}
			if s[at] == ' ' || s[at] == '\t' {
				at++
				continue
			}
			if s[at] == '{' {
				open = line
				at++
				continue
			}
			end := at
			for end < len(s) && s[end] != ' ' && s[end] != '\t' && s[end] != '{' {
				end++
			}
			w := s[at:end]
			at = end
			switch {
			case bad:
			case done:
				fail(line, "text after the result: "+strconv.Quote(w))
			case w == "*" || isResult(w):
				g.Result, done = w, true
			case strings.HasSuffix(w, "."):
				n, err := strconv.Atoi(strings.TrimSuffix(w, "."))
				if err != nil || n != len(g.Moves)+1 || numbered {
					fail(line, "move number "+strconv.Quote(w)+" where "+strconv.Itoa(len(g.Moves)+1)+". belongs")
				}
				numbered = true
			case !numbered:
				// every ply is numbered: a word without its number is not a record's move
				// text (a text file that is not a record)
				fail(line, strconv.Quote(w)+" where the move number "+strconv.Itoa(len(g.Moves)+1)+". belongs")
			default:
				numbered = false
				g.Moves = append(g.Moves, w)
				g.MoveLines = append(g.MoveLines, line)
			}
		}
	}
	finish()
	return games, errs
}

// isResult reports whether w has a result token's shape: scores 0, 1 or 1/N joined by '-'.
func isResult(w string) bool {
	parts := strings.Split(w, "-")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if p != "0" && p != "1" && !(strings.HasPrefix(p, "1/") && allDigits(p[2:])) {
			return false
		}
	}
	return true
}

// parseTag reads `[Name "Value"]`.
func parseTag(s string) (Tag, bool) {
	if !strings.HasSuffix(s, "]") {
		return Tag{}, false
	}
	s = s[1 : len(s)-1]
	name, rest, ok := strings.Cut(s, " ")
	rest = strings.TrimSpace(rest)
	if !ok || !tagName(name) || len(rest) < 2 || rest[0] != '"' || rest[len(rest)-1] != '"' {
		return Tag{}, false
	}
	var v strings.Builder
	body := rest[1 : len(rest)-1]
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c == '\\' && i+1 < len(body) {
			i++
			c = body[i]
		} else if c == '"' {
			return Tag{}, false
		}
		v.WriteByte(c)
	}
	return Tag{Name: name, Value: v.String()}, true
}

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
