// Package mat reads backgammon matches exported as text in the Jellyfish ".mat" style, in
// the two flavours of ../shared/games/backgammon (README there): BackgammonGalaxy (the bar
// entered as "25/21", bearing off "6/0", no hit marks, a roll with no play written as a bare
// "53:") and Backgammon Studio / XG ("bar/21*", "6/off", hits "*", repeats "13/9(2)",
// combined moves "24/13", "Cannot Move"). Cube actions are read and kept but play no part
// in the rules (madang's backgammon has no cube).
//
// A file is "; [Tag "value"]" header lines, " N point match", then games: " Game K", a score
// line "Name1 : s1    Name2 : s2", and numbered rows "  3) 53: 8/3 6/3     41: 24/23 8/4*"
// with the left player's action and the right player's. An action is a roll and its play,
// a cube action ("Doubles => 2", "Takes", "Drops") or the result ("Wins 2 points",
// "Losses 1 point"). A row with one action gives it to the player whose column it starts
// in. Player 1 (the left column) is seat 0.
//
// madang adds the time left on an online game's clock, as header comment lines (GNU
// Backgammon keeps unknown header comments as the match's comment and reads the rows as
// before; a comment line among a game's rows it reports as an unrecognised move), one per
// numbered row with a clocked entry:
//
//	; [%clk 1 2) 0:04:51 0:04:40]
//
// is game 1, row "2)": the left player's time left after that row's entry, then the right
// player's, each h:mm:ss (seconds perhaps with a fraction) or "-" for none. Read takes a
// clock line anywhere in the file; one of another shape is a comment that gives no time (and
// no tag).
//
// The package does no I/O beyond reading the io.Reader it is given.
package mat

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"

	"madang/rules"
	"madang/rules/clk"
)

// Tag is one "; [Name "Value"]" header line.
type Tag struct{ Name, Value string }

// Match is one file.
type Match struct {
	Tags   []Tag
	Length int // the "N point match" line; 0 when absent
	Games  []Game
}

// Tag returns the value of the first tag with this name.
func (m *Match) Tag(name string) (string, bool) {
	for _, t := range m.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// Game is one game of a match.
type Game struct {
	Number  int       // K of " Game K"
	Line    int       // line of the " Game K" header (1-based)
	Players [2]string // from the score line; empty when it is missing
	Score   [2]int    // the match score before the game
	Actions []Action  // in the order played
	Winner  rules.Seat
	Points  int // from "Wins N point(s)"; 0 with Winner NoSeat when the game has no result
}

// Kind is the kind of an Action.
type Kind uint8

const (
	Roll   Kind = iota // a roll and its play (Play "" when the roll has no play)
	Double             // "Doubles => N" (Cube N)
	Take               // "Takes"
	Drop               // "Drops"
	Win                // "Wins N point(s)"
	Loss               // "Losses N point(s)"
)

// Action is one player's entry in a row.
type Action struct {
	Line   int
	Seat   rules.Seat // 0 the left column (player 1), 1 the right column
	Kind   Kind
	Dice   rules.Dice // Roll: the dice as written ("53" is {5,3})
	Play   string     // Roll: the play's text as written; "" for none ("53:" or "Cannot Move")
	Points int        // Double: the new cube value; Win, Loss: the points
	Clock  string     // Roll: the player's time left after it ("0:04:51"), "" for none
}

// Error is a line the reader could not make sense of.
type Error struct {
	Line int
	Msg  string
}

func (e *Error) Error() string { return "line " + strconv.Itoa(e.Line) + ": " + e.Msg }

// maxLine bounds a line; longer lines are an error.
const maxLine = 1 << 16

// Read reads one match. Errors are *Error (with the line) or the reader's error.
func Read(r io.Reader) (*Match, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxLine)
	m := &Match{}
	var g *Game
	rightCol := 0 // column where the right player's entries start
	line := 0
	clocks := map[[2]int][2]string{} // game number, row number: the two players' clocks
	var rows [][]int                 // each game's actions' row numbers (0: none)
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), " \t\r")
		trim := strings.TrimSpace(text)
		switch {
		case trim == "":
			continue
		case strings.HasPrefix(trim, ";"):
			if k, c, ok := clockLine(trim); ok {
				clocks[k] = c
			} else if t, ok := parseTag(trim); ok && !strings.HasPrefix(t.Name, "%") {
				m.Tags = append(m.Tags, t)
			}
			continue
		case strings.HasSuffix(trim, "point match") && g == nil:
			n, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(trim, "point match")))
			if err != nil || n < 0 {
				return nil, &Error{line, "bad match length " + strconv.Quote(trim)}
			}
			m.Length = n
			continue
		case strings.HasPrefix(trim, "Game "):
			n, err := strconv.Atoi(strings.TrimSpace(trim[5:]))
			if err != nil {
				return nil, &Error{line, "bad game header " + strconv.Quote(trim)}
			}
			m.Games = append(m.Games, Game{Number: n, Line: line, Winner: rules.NoSeat})
			rows = append(rows, nil)
			g = &m.Games[len(m.Games)-1]
			rightCol = 0
			continue
		}
		if g == nil {
			return nil, &Error{line, "text before the first game: " + strconv.Quote(trim)}
		}
		if col, ok := scoreLine(g, text); ok {
			rightCol = col
			continue
		}
		var acts []Action
		for _, row := range splitRow(text) {
			content, start, err := rowContent(row)
			if err != nil {
				return nil, &Error{line, err.Error()}
			}
			more, err := parseActions(content, start, rightCol, line)
			if err != nil {
				return nil, &Error{line, err.Error()}
			}
			acts = append(acts, more...)
		}
		for _, a := range acts {
			if a.Kind == Win {
				if g.Winner != rules.NoSeat {
					return nil, &Error{line, "a second result in one game"}
				}
				g.Winner, g.Points = a.Seat, a.Points
			}
			g.Actions = append(g.Actions, a)
			rows[len(rows)-1] = append(rows[len(rows)-1], max(0, rowNumber(text)))
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &Error{line + 1, "line longer than " + strconv.Itoa(maxLine) + " bytes"}
		}
		return nil, err
	}
	for i := range m.Games {
		g := &m.Games[i]
		for k := range g.Actions {
			a := &g.Actions[k]
			if c, ok := clocks[[2]int{g.Number, rows[i][k]}]; ok && a.Kind == Roll && rows[i][k] > 0 && c[a.Seat] != "-" {
				a.Clock = c[a.Seat]
			}
		}
	}
	return m, nil
}

// clockLine reads "; [%clk G N) LEFT RIGHT]" (the package doc): the game and row, and the
// two clocks ("-" for none).
func clockLine(s string) ([2]int, [2]string, bool) {
	s = strings.TrimSpace(strings.TrimPrefix(s, ";"))
	body, ok := strings.CutPrefix(s, "[%clk ")
	if !ok || !strings.HasSuffix(body, "]") {
		return [2]int{}, [2]string{}, false
	}
	f := strings.Fields(body[:len(body)-1])
	if len(f) != 4 || !strings.HasSuffix(f[1], ")") {
		return [2]int{}, [2]string{}, false
	}
	game, err1 := strconv.Atoi(f[0])
	row, err2 := strconv.Atoi(strings.TrimSuffix(f[1], ")"))
	if err1 != nil || err2 != nil || row < 1 {
		return [2]int{}, [2]string{}, false
	}
	for _, c := range f[2:] {
		if c != "-" && !clk.Valid(c) {
			return [2]int{}, [2]string{}, false
		}
	}
	return [2]int{game, row}, [2]string{f[2], f[3]}, true
}

func digits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// parseTag reads `; [Name "Value"]`.
func parseTag(s string) (Tag, bool) {
	s = strings.TrimSpace(strings.TrimPrefix(s, ";"))
	if !strings.HasPrefix(s, "[") || !strings.HasSuffix(s, "]") {
		return Tag{}, false
	}
	s = s[1 : len(s)-1]
	name, val, ok := strings.Cut(s, " ")
	if !ok {
		return Tag{}, false
	}
	val = strings.TrimSpace(val)
	if len(val) >= 2 && val[0] == '"' && val[len(val)-1] == '"' {
		val = val[1 : len(val)-1]
	}
	// Multi-word names such as `Player 1 "x"` or `Match ID "7"`.
	if i := strings.IndexByte(val, '"'); i > 0 {
		name += " " + strings.TrimSpace(val[:i])
		val = strings.Trim(val[i:], "\"")
	}
	return Tag{Name: name, Value: val}, true
}

// scoreLine reads "Name1 : s1    Name2 : s2" into g and returns the column where Name2 starts.
func scoreLine(g *Game, text string) (int, bool) {
	if rowNumber(text) >= 0 {
		return 0, false
	}
	first := strings.Index(text, " : ")
	if first < 0 {
		return 0, false
	}
	rest := text[first+3:]
	n1, after := leadingInt(rest)
	if n1 < 0 {
		return 0, false
	}
	second := strings.Index(after, " : ")
	if second < 0 {
		return 0, false
	}
	name2 := after[:second]
	n2, tail := leadingInt(after[second+3:])
	if n2 < 0 || strings.TrimSpace(tail) != "" {
		return 0, false
	}
	g.Players = [2]string{strings.TrimSpace(text[:first]), strings.TrimSpace(name2)}
	g.Score = [2]int{n1, n2}
	col := len(text) - len(after) + (len(name2) - len(strings.TrimLeft(name2, " ")))
	return col, true
}

func leadingInt(s string) (int, string) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || i > 6 {
		return -1, s
	}
	n, _ := strconv.Atoi(s[:i])
	return n, s[i:]
}

// rowNumber is N of a row "  N) ...", or -1.
func rowNumber(text string) int {
	t := strings.TrimLeft(text, " ")
	n, rest := leadingInt(t)
	if n < 0 || !strings.HasPrefix(rest, ")") {
		return -1
	}
	return n
}

// splitRow cuts a row where Galaxy starts it again with the same number before a result
// ("24) 43: 21/18 18/14   24)  Losses 2 point   Wins 2 point"): the second part is laid out
// as a row of its own, its number moved back under the first one.
func splitRow(text string) []string {
	n := rowNumber(text)
	if n < 0 {
		return []string{text}
	}
	numCol := len(text) - len(strings.TrimLeft(text, " "))
	first := strings.IndexByte(text, ')') + 1
	for _, t := range tokens(text[first:], first) {
		if m, rest := leadingInt(t.text); m == n && rest == ")" {
			return []string{text[:t.col], strings.Repeat(" ", numCol) + text[t.col:]}
		}
	}
	return []string{text}
}

// rowContent strips the row number; lines without one (a result on its own line) are
// taken whole. start is the column of content[0].
func rowContent(text string) (string, int, error) {
	if rowNumber(text) >= 0 {
		i := strings.IndexByte(text, ')')
		return text[i+1:], i + 1, nil
	}
	t := strings.TrimSpace(text)
	if strings.HasPrefix(t, "Wins ") || strings.HasPrefix(t, "Losses ") {
		return text, 0, nil
	}
	return "", 0, errors.New("not a row of the match: " + strconv.Quote(t))
}

type token struct {
	text string
	col  int
}

func tokens(s string, start int) []token {
	var out []token
	for i := 0; i < len(s); {
		if s[i] == ' ' || s[i] == '\t' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		out = append(out, token{s[i:j], start + i})
		i = j
	}
	return out
}

// isRoll reports whether a token is a roll "53:".
func isRoll(t string) bool {
	return len(t) == 3 && t[2] == ':' && t[0] >= '1' && t[0] <= '6' && t[1] >= '1' && t[1] <= '6'
}

func startsAction(t string) bool {
	switch t {
	case "Doubles", "Takes", "Drops", "Wins", "Losses":
		return true
	}
	return isRoll(t)
}

// parseActions splits a row's content into at most two actions and gives each its seat.
func parseActions(content string, start, rightCol, line int) ([]Action, error) {
	toks := tokens(content, start)
	var groups [][]token
	for _, t := range toks {
		if startsAction(t.text) || len(groups) == 0 {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], t)
	}
	if len(groups) > 2 {
		return nil, errors.New("more than two entries in one row")
	}
	if len(groups) == 2 && rightCol > 0 && (groups[0][0].col >= rightCol-2 || groups[1][0].col < rightCol-2) {
		return nil, errors.New("two entries in one column")
	}
	var acts []Action
	for i, grp := range groups {
		a, err := parseAction(grp)
		if err != nil {
			return nil, err
		}
		a.Line = line
		switch {
		case rightCol > 0:
			if grp[0].col >= rightCol-2 {
				a.Seat = 1
			}
		case len(groups) == 2:
			a.Seat = rules.Seat(i)
		case grp[0].col >= 24:
			a.Seat = 1
		}
		acts = append(acts, a)
	}
	return acts, nil
}

func parseAction(grp []token) (Action, error) {
	words := make([]string, len(grp))
	for i, t := range grp {
		words[i] = t.text
	}
	all := strings.Join(words, " ")
	head := words[0]
	switch {
	case isRoll(head):
		a := Action{Kind: Roll, Dice: rules.Dice{int8(head[0] - '0'), int8(head[1] - '0')}}
		play := strings.Join(words[1:], " ")
		if strings.EqualFold(play, "Cannot Move") {
			play = ""
		}
		a.Play = play
		return a, nil
	case head == "Takes" && len(words) == 1:
		return Action{Kind: Take}, nil
	case head == "Drops" && len(words) == 1:
		return Action{Kind: Drop}, nil
	case head == "Doubles" && len(words) == 3 && words[1] == "=>":
		n, err := strconv.Atoi(words[2])
		if err != nil || n < 2 {
			return Action{}, errors.New("bad cube value in " + strconv.Quote(all))
		}
		return Action{Kind: Double, Points: n}, nil
	case (head == "Wins" || head == "Losses") && len(words) >= 3 && strings.HasPrefix(words[2], "point"):
		n, err := strconv.Atoi(words[1])
		if err != nil || n < 1 {
			return Action{}, errors.New("bad points in " + strconv.Quote(all))
		}
		k := Win
		if head == "Losses" {
			k = Loss
		}
		return Action{Kind: k, Points: n}, nil
	}
	return Action{}, errors.New("unknown entry " + strconv.Quote(all))
}
