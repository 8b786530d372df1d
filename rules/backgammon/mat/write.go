package mat

import (
	"errors"
	"strconv"
	"strings"

	"madang/rules"
	"madang/rules/backgammon"
	"madang/rules/clk"
)

// Layout of the written rows, as GNU Backgammon's .mat export lays them out: the row number
// right-aligned in three columns and ") ", the left player's entry from column 5 and the
// right player's from column rightCol (the score line puts the right player's name there,
// which is how Read tells the columns apart).
const (
	leftCol  = 5
	rightCol = 33
)

// ErrWrite is wrapped by the errors of Append: a value the format cannot hold.
var ErrWrite = errors.New("mat: cannot write")

func writeErr(msg string) error { return errors.New(ErrWrite.Error() + ": " + msg) }

// Append writes m as a .mat text after b (GNU Backgammon's export: "; [Name "Value"]" tags,
// " N point match", then per game " Game K", the score line and numbered rows of the two
// players' actions; the rolls' clocks as "; [%clk G N) LEFT RIGHT]" lines after the tags,
// the package doc), the inverse of Read: Read of the text gives m's tags, length and each
// game's number, players, score and actions (kind, seat, dice, play, points, clock). Plays
// are written as given. Lines end in "\n". Errors (wrapping ErrWrite): a tag or player name
// with a quote, a line break or " : ", a tag name with a space-free value impossible to read
// back, an action seat other than 0 or 1, dice outside 1..6, a play with a line break, a
// clock not h:mm:ss.
func Append(b []byte, m *Match) ([]byte, error) {
	for _, t := range m.Tags {
		if t.Name == "" || badText(t.Name) || badText(t.Value) || strings.ContainsAny(t.Name, "\"[]") || strings.ContainsAny(t.Value, "\"") {
			return nil, writeErr("tag " + strconv.Quote(t.Name))
		}
		b = append(b, "; ["+t.Name+" \""+t.Value+"\"]\n"...)
	}
	// the games first, then the clock lines their rows give into the header
	body, lines, err := appendGames(nil, m)
	if err != nil {
		return nil, err
	}
	b = append(b, lines...)
	b = append(b, '\n')
	b = append(b, " "+strconv.Itoa(m.Length)+" point match\n"...)
	return append(b, body...), nil
}

// appendGames writes m's games, and the clock lines of their rows to lines.
func appendGames(b []byte, m *Match) (body, lines []byte, err error) {
	for i := range m.Games {
		g := &m.Games[i]
		for _, p := range g.Players {
			if badText(p) || strings.Contains(p, " : ") || strings.HasSuffix(p, " :") {
				return nil, nil, writeErr("player name " + strconv.Quote(p))
			}
		}
		b = append(b, "\n Game "+strconv.Itoa(g.Number)+"\n"...)
		b = pad(append(b, ' '), g.Players[0]+" : "+strconv.Itoa(g.Score[0]), rightCol-1)
		b = append(b, g.Players[1]+" : "+strconv.Itoa(g.Score[1])+"\n"...)
		var row, clock [2]string
		var used [2]bool
		n := 0
		flush := func() {
			if !used[0] && !used[1] {
				return
			}
			results := (!used[0] || isResult(row[0])) && (!used[1] || isResult(row[1]))
			var line []byte
			if results {
				line = []byte(strings.Repeat(" ", leftCol))
			} else {
				n++
				num := strconv.Itoa(n) + ") "
				if clock[0] != "" || clock[1] != "" {
					lines = append(lines, "; [%clk "+strconv.Itoa(g.Number)+" "+num+dash(clock[0])+" "+dash(clock[1])+"]\n"...)
				}
				line = []byte(strings.Repeat(" ", max(0, leftCol-len(num))) + num)
			}
			line = append(line, row[0]...)
			if used[1] {
				line = pad(line, "", rightCol-len(line))
				if len(line) > rightCol || (len(line) > 0 && line[len(line)-1] != ' ') {
					line = append(line, ' ', ' ')
				}
				line = append(line, row[1]...)
			}
			b = append(b, strings.TrimRight(string(line), " ")+"\n"...)
			row, clock, used = [2]string{}, [2]string{}, [2]bool{}
		}
		for _, a := range g.Actions {
			if a.Seat != 0 && a.Seat != 1 {
				return nil, nil, writeErr("seat " + strconv.Itoa(int(a.Seat)))
			}
			text, err := actionText(a)
			if err != nil {
				return nil, nil, err
			}
			if a.Clock != "" && (a.Kind != Roll || !clk.Valid(a.Clock)) {
				return nil, nil, writeErr("clock " + strconv.Quote(a.Clock))
			}
			// a row reads left then right: an entry goes to a new row when its slot is taken
			// or (the left one) when the right one is already written
			if used[a.Seat] || (a.Seat == 0 && used[1]) || (isResult(text) != (isResult(row[0]) || isResult(row[1])) && (used[0] || used[1])) {
				flush()
			}
			row[a.Seat], clock[a.Seat], used[a.Seat] = text, a.Clock, true
		}
		flush()
	}
	return b, lines, nil
}

// dash is a clock as a clock line writes it: "-" for none.
func dash(c string) string {
	if c == "" {
		return "-"
	}
	return c
}

// isResult reports whether an entry's text is a result ("Wins …", "Losses …").
func isResult(s string) bool { return strings.HasPrefix(s, "Wins ") || strings.HasPrefix(s, "Losses ") }

// actionText is an action as a row writes it: "53: 8/3 6/3", "53:" (no play), "Doubles => 2",
// "Takes", "Drops", "Wins 1 point", "Losses 2 points".
func actionText(a Action) (string, error) {
	switch a.Kind {
	case Roll:
		if !a.Dice.Valid() {
			return "", writeErr("dice " + a.Dice.String())
		}
		if badText(a.Play) {
			return "", writeErr("play " + strconv.Quote(a.Play))
		}
		s := strconv.Itoa(int(a.Dice[0])) + strconv.Itoa(int(a.Dice[1])) + ":"
		if p := strings.TrimSpace(a.Play); p != "" {
			s += " " + p
		}
		return s, nil
	case Double:
		if a.Points < 2 {
			return "", writeErr("cube " + strconv.Itoa(a.Points))
		}
		return "Doubles => " + strconv.Itoa(a.Points), nil
	case Take:
		return "Takes", nil
	case Drop:
		return "Drops", nil
	case Win, Loss:
		if a.Points < 1 {
			return "", writeErr("points " + strconv.Itoa(a.Points))
		}
		w := "Wins "
		if a.Kind == Loss {
			w = "Losses "
		}
		s := w + strconv.Itoa(a.Points) + " point"
		if a.Points > 1 {
			s += "s"
		}
		return s, nil
	}
	return "", writeErr("action kind " + strconv.Itoa(int(a.Kind)))
}

func badText(s string) bool { return strings.ContainsAny(s, "\r\n") }

// pad appends s and spaces up to width bytes of s.
func pad(b []byte, s string, width int) []byte {
	b = append(b, s...)
	for i := len(s); i < width; i++ {
		b = append(b, ' ')
	}
	return b
}

// FromLog is one game as madang logs it (package rules: rolls "5-3" and plays in any text
// State.ParseText reads, from the opening) as a Game of actions: each roll with its play in
// gnubg notation (the opening roll written as the mover's dice, the higher first, in the
// mover's column; an opening tie, which a .mat cannot hold, is left out; a roll with no
// legal play written bare), then the result when outcome is a win: the rules' points when
// they ended the game, else outcome.Points (at least 1; a resignation). clocks are the time
// left after each entry of log ("0:04:51", "" for none; may be shorter; one not h:mm:ss is
// left out): a roll's clock is its play's, else the roll's own. The game is
// number 1 with players and score zero. Errors: the first entry the rules refuse, as "entry
// N (text): error".
func FromLog(log, clocks []string, players [2]string, outcome rules.Outcome) (Game, []string, error) {
	g := Game{Number: 1, Players: players, Winner: rules.NoSeat}
	s := backgammon.NewState()
	var played []string
	var last *Action
	for i, t := range log {
		fail := func(err error) (Game, []string, error) {
			return Game{}, nil, errors.New("entry " + strconv.Itoa(i+1) + " (" + t + "): " + err.Error())
		}
		if s.Phase() == rules.PhaseRoll {
			d, err := rules.ParseDice(t)
			if err != nil {
				return fail(err)
			}
			opening := s.Opening()
			seat := s.ToMove()
			n, err := s.RollDice(d)
			if err != nil {
				return fail(err)
			}
			s = n
			if opening {
				if d.Double() {
					continue
				}
				seat = 0
				if d[1] > d[0] {
					seat = 1
				}
				d = rules.Dice{max(d[0], d[1]), min(d[0], d[1])}
			}
			played = append(played, t)
			g.Actions = append(g.Actions, Action{Seat: seat, Kind: Roll, Dice: d})
			last = &g.Actions[len(g.Actions)-1]
			if i < len(clocks) && clk.Valid(clocks[i]) {
				last.Clock = clocks[i]
			}
			continue
		}
		if s.Phase() != rules.PhaseMove || last == nil {
			return fail(rules.ErrOver)
		}
		m, err := s.ParseText(t)
		if err != nil {
			return fail(err)
		}
		n, err := s.PlayMove(m)
		if err != nil {
			return fail(err)
		}
		s = n
		last.Play = m.String()
		if i < len(clocks) && clk.Valid(clocks[i]) {
			last.Clock = clocks[i]
		}
		played = append(played, m.String())
	}
	o := s.Outcome()
	if !o.Over() {
		o = outcome
	}
	if o.Status == rules.Win && (o.Winner == 0 || o.Winner == 1) {
		g.Winner, g.Points = o.Winner, max(1, o.Points)
		g.Actions = append(g.Actions, Action{Seat: o.Winner, Kind: Win, Points: g.Points})
	}
	return g, played, nil
}
