package pdn

import (
	"errors"
	"io"
	"strconv"
	"strings"
)

// LineWidth is the column the writer wraps movetext at.
const LineWidth = 79

// Write writes games as PDN to w: for each game its tags one to a line, a blank line, the
// comment before the first move, the numbered moves wrapped at LineWidth columns with
// their strength marks, NAGs and comments, the result ("*" when Result is empty) and a
// blank line. Reading the output gives the same games back (Index and Line aside).
// Errors: a game that cannot be written as PDN (see Append), or w's error.
func Write(w io.Writer, games ...Game) error {
	b, err := Append(nil, games...)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// Append appends the PDN text of games to dst (see Write). It refuses, naming the game and
// the field, a tag name that is not letters, digits and '_', a tag value holding a line
// break, a comment holding '}', move text that does not read back as one move, a
// strength mark other than '!' and '?', a negative or four-digit NAG, and a result that
// is not a PDN result (a score like "4-6" is accepted when it equals the Result tag).
func Append(dst []byte, games ...Game) ([]byte, error) {
	for i := range games {
		var err error
		dst, err = appendGame(dst, &games[i])
		if err != nil {
			return dst, errors.New("pdn: game " + itoa(i+1) + ": " + err.Error())
		}
	}
	return dst, nil
}

// lineWriter wraps space-separated words at LineWidth.
type lineWriter struct {
	b   []byte
	col int
}

func (w *lineWriter) word(s string) {
	if w.col > 0 {
		if w.col+1+len(s) > LineWidth {
			w.b = append(w.b, '\n')
			w.col = 0
		} else {
			w.b = append(w.b, ' ')
			w.col++
		}
	}
	w.b = append(w.b, s...)
	w.col += len(s)
}

// comment writes {text} word by word so that long comments wrap too.
func (w *lineWriter) comment(text string) error {
	if strings.IndexByte(text, '}') >= 0 {
		return errors.New("comment holds '}'")
	}
	words := strings.Fields(text)
	if len(words) == 0 {
		return nil
	}
	words[0] = "{" + words[0]
	words[len(words)-1] += "}"
	for _, x := range words {
		w.word(x)
	}
	return nil
}

func appendGame(dst []byte, g *Game) ([]byte, error) {
	for _, t := range g.Tags {
		if t.Name == "" || strings.IndexFunc(t.Name, func(r rune) bool { return r > 0x7f || !isNameByte(byte(r)) }) >= 0 {
			return dst, errors.New("bad tag name " + strconv.Quote(t.Name))
		}
		if strings.ContainsAny(t.Value, "\r\n") {
			return dst, errors.New("tag " + t.Name + ": value holds a line break")
		}
		dst = append(dst, '[')
		dst = append(dst, t.Name...)
		dst = append(dst, ' ', '"')
		for i := 0; i < len(t.Value); i++ {
			if c := t.Value[i]; c == '"' || c == '\\' {
				dst = append(dst, '\\')
			}
			dst = append(dst, t.Value[i])
		}
		dst = append(dst, '"', ']', '\n')
	}
	if len(g.Tags) > 0 {
		dst = append(dst, '\n')
	}
	w := lineWriter{b: dst}
	if err := w.comment(g.Comment); err != nil {
		return dst, err
	}
	for i := range g.Moves {
		m := &g.Moves[i]
		if text, end, msg := scanMove(m.Text, 0, false); msg != "" || end != len(m.Text) || text != m.Text {
			return dst, errors.New("move " + itoa(i+1) + ": " + strconv.Quote(m.Text) + " is not PDN move text")
		}
		if m.Number < 1 {
			return dst, errors.New("move " + itoa(i+1) + ": move number " + itoa(m.Number) + " is not positive")
		}
		if strings.Trim(m.Strength, "!?") != "" {
			return dst, errors.New("move " + itoa(i+1) + ": bad strength mark " + strconv.Quote(m.Strength))
		}
		num := itoa(m.Number)
		switch {
		case !m.Second:
			w.word(num + ".")
		case i == 0 || g.Moves[i-1].Number != m.Number || g.Moves[i-1].Second || g.Moves[i-1].Comment != "":
			w.word(num + "...")
		}
		w.word(m.Text + m.Strength)
		for _, n := range m.NAGs {
			if n < 0 || n > 999 {
				return dst, errors.New("move " + itoa(i+1) + ": NAG " + itoa(n) + " out of range 0..999")
			}
			w.word("$" + itoa(n))
		}
		if err := w.comment(m.Comment); err != nil {
			return dst, errors.New("move " + itoa(i+1) + ": " + err.Error())
		}
	}
	res := g.Result
	if res == "" {
		res = "*"
	}
	if !isResult(res) {
		tag, _ := g.Tag("Result")
		if !isScore(res) || res != tag {
			return dst, errors.New("result " + strconv.Quote(res) + " is not a PDN result")
		}
	}
	w.word(res)
	dst = append(w.b, '\n', '\n')
	return dst, nil
}

// isResult reports whether s is a PDN game-termination token.
func isResult(s string) bool {
	if s == "*" {
		return true
	}
	for _, r := range results {
		if s == r {
			return true
		}
	}
	return false
}
