package pdn

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxErrors bounds the errors reported for one file; reading stops after that many.
const maxErrors = 50

// results are the game-termination tokens of the PDN reading grammar: the chess-style
// results, the international-draughts scores and the double forfeit ("*" is handled
// apart). Longest first so that "1/2-1/2" is tried before "1-1".
var results = []string{"1/2-1/2", "1-0", "0-1", "2-0", "0-2", "1-1", "0-0"}

// Read reads every game of a PDN file. data may be UTF-8 or Windows-1252, with CRLF or LF
// line ends. It returns the games read without error, in file order; when some text could
// not be read the error is an ErrorList (each with its line and game number) and the
// broken games are left out: reading resumes at the next line that starts with a tag.
// A file holding a NUL byte is refused as binary. Read never panics.
func Read(data []byte) ([]Game, error) {
	text := decode(data)
	if i := strings.IndexByte(text, 0); i >= 0 {
		line := 1 + strings.Count(text[:i], "\n")
		return nil, ErrorList{{Line: line, Game: 1, Msg: "binary data (a NUL byte): not a PDN file"}}
	}
	p := &parser{src: text, line: 1}
	p.run()
	if len(p.errs) > 0 {
		return p.games, p.errs
	}
	return p.games, nil
}

// numbering is the move-number state: the number and ply the next move gets.
type numbering struct {
	num    int
	second bool
}

// parser reads one file. Between games cur is nil.
type parser struct {
	src  string
	pos  int
	line int

	games []Game
	errs  ErrorList
	index int // games started so far

	cur     *Game
	moved   bool     // cur has movetext, so a tag starts the next game
	pending []string // comments read between games
	pendLn  int      // line of the first pending comment
	nb      numbering
	stack   []variation // open variations

	notes []string        // comments not yet set on the game or its last move
	marks strings.Builder // strength marks not yet set on the last move
}

// variation is one open "(": where it was opened and the numbering to restore at ")".
type variation struct {
	line int
	nb   numbering
}

// synErr is a syntax error found while reading one token.
type synErr struct {
	line int
	msg  string
}

func (p *parser) run() {
	for {
		p.skipSpace()
		if p.pos >= len(p.src) {
			if len(p.stack) > 0 {
				p.fail(&synErr{p.stack[0].line, "variation opened here is never closed with ')'"})
				continue
			}
			p.endGame("")
			return
		}
		if err := p.token(); err != nil {
			p.fail(err)
			if len(p.errs) >= maxErrors {
				p.errs = append(p.errs, &Error{Line: p.line, Game: p.index, Msg: "too many errors; reading stopped"})
				return
			}
		}
	}
}

// fail records err, drops the game being read and skips to the next line that starts
// with '['.
func (p *parser) fail(err *synErr) {
	game := p.index
	if p.cur == nil {
		game = p.index + 1
		p.index++ // the broken text counts as a game of the file
	}
	p.errs = append(p.errs, &Error{Line: err.line, Game: game, Msg: err.msg})
	p.cur, p.moved, p.pending, p.stack = nil, false, nil, nil
	p.notes = p.notes[:0]
	p.marks.Reset()
	// Skip to the next line whose first non-blank character is '['.
	for p.pos < len(p.src) {
		nl := strings.IndexByte(p.src[p.pos:], '\n')
		if nl < 0 {
			p.pos = len(p.src)
			return
		}
		p.pos += nl + 1
		p.line++
		rest := strings.TrimLeft(p.src[p.pos:], " \t\r")
		if strings.HasPrefix(rest, "[") {
			return
		}
	}
}

// skipSpace skips white space and line comments ("%" and ";" to the end of the line),
// counting lines.
func (p *parser) skipSpace() {
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == '\n':
			p.line++
			p.pos++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			p.pos++
		case c == '%' || c == ';':
			nl := strings.IndexByte(p.src[p.pos:], '\n')
			if nl < 0 {
				p.pos = len(p.src)
			} else {
				p.pos += nl
			}
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(p.src[p.pos:])
			if !unicode.IsSpace(r) && r != '\uFEFF' {
				return
			}
			p.pos += n
		default:
			return
		}
	}
}

// token reads and applies one token at p.pos (which is not white space).
func (p *parser) token() *synErr {
	line := p.line
	s := p.src
	c := s[p.pos]
	switch {
	case c == '[':
		return p.tag()
	case c == '{':
		end := strings.IndexByte(s[p.pos+1:], '}')
		if end < 0 {
			return &synErr{line, "comment opened with '{' is never closed with '}'"}
		}
		body := s[p.pos+1 : p.pos+1+end]
		p.line += strings.Count(body, "\n")
		p.pos += end + 2
		p.comment(strings.Join(strings.Fields(body), " "), line)
		return nil
	case c == '}':
		return &synErr{line, "'}' without a matching '{'"}
	case c == '(':
		if st, n := parenStrength(s[p.pos:]); n > 0 {
			p.pos += n
			p.strength(st)
			return nil
		}
		if p.cur == nil && len(p.stack) == 0 {
			return &synErr{line, "variation '(' outside a game"}
		}
		p.stack = append(p.stack, variation{line, p.nb})
		p.pos++
		return nil
	case c == ')':
		if len(p.stack) == 0 {
			return &synErr{line, "')' without a matching '('"}
		}
		p.nb = p.stack[len(p.stack)-1].nb
		p.stack = p.stack[:len(p.stack)-1]
		p.pos++
		return nil
	case c == '$':
		j := p.pos + 1
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j == p.pos+1 || j-p.pos-1 > 3 || !delimited(s, j) {
			return &synErr{line, "bad numeric annotation glyph " + strconv.Quote(word(s, p.pos))}
		}
		n, _ := strconv.Atoi(s[p.pos+1 : j])
		p.pos = j
		p.nag(n)
		return nil
	case c == '!' || c == '?':
		j := p.pos
		for j < len(s) && (s[j] == '!' || s[j] == '?') {
			j++
		}
		if !delimited(s, j) {
			return &synErr{line, "unexpected text " + strconv.Quote(word(s, p.pos))}
		}
		p.strength(s[p.pos:j])
		p.pos = j
		return nil
	case c == '*':
		p.pos++
		p.result("*", line)
		return nil
	case c == '/':
		return p.setup()
	case c == '.':
		j := p.pos
		for j < len(s) && s[j] == '.' {
			j++
		}
		if !delimited(s, j) {
			return &synErr{line, "unexpected text " + strconv.Quote(word(s, p.pos))}
		}
		if j-p.pos == 1 {
			// A lone "." after a move ("3. 8-3 . 1-0", Cat.A1.pdn) says nothing.
			p.pos = j
			return nil
		}
		p.pos = j
		// "1. ... 7-12": the first ply of the move is not given.
		p.movetext(line)
		if len(p.stack) == 0 {
			p.nb.second = true
		}
		return nil
	case isDigit(c):
		for _, r := range results {
			if strings.HasPrefix(s[p.pos:], r) && delimited(s, p.pos+len(r)) {
				p.pos += len(r)
				p.result(r, line)
				return nil
			}
		}
		j := p.pos
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j < len(s) && s[j] == '.' {
			return p.moveNumber(j, line)
		}
		return p.move(line)
	case c >= 'a' && c <= 'z':
		return p.move(line)
	case strings.HasPrefix(s[p.pos:], "½-½") && delimited(s, p.pos+len("½-½")):
		// Some programs write the draw with the one-half sign (also cp1252 byte 0xBD).
		p.pos += len("½-½")
		p.result("1/2-1/2", line)
		return nil
	}
	return &synErr{line, "unexpected text " + strconv.Quote(word(s, p.pos))}
}

// moveNumber reads "12." or "12..." whose digits end at j.
func (p *parser) moveNumber(j, line int) *synErr {
	s := p.src
	digits := s[p.pos:j]
	k := j
	for k < len(s) && s[k] == '.' {
		k++
	}
	n, err := strconv.Atoi(digits)
	if err != nil || len(digits) > 6 || n == 0 {
		return &synErr{line, "bad move number " + strconv.Quote(s[p.pos:k])}
	}
	p.pos = k
	p.movetext(line)
	if len(p.stack) == 0 {
		p.nb = numbering{num: n, second: k-j >= 2}
	}
	return nil
}

// move reads one move and appends it to the mainline (outside variations).
func (p *parser) move(line int) *synErr {
	text, end, msg := scanMove(p.src, p.pos, true)
	if msg != "" {
		return &synErr{line, msg}
	}
	p.pos = end
	// A word glued to the move ("8-11Redoverstepped...", tinsley.pdn) is a comment.
	glued := p.pos
	for p.pos < len(p.src) && !delimited(p.src, p.pos) {
		p.pos++
	}
	p.movetext(line)
	if len(p.stack) > 0 {
		return nil
	}
	p.flush()
	p.cur.Moves = append(p.cur.Moves, Move{Number: p.nb.num, Second: p.nb.second, Text: text, Line: line, Comment: p.src[glued:p.pos]})
	if p.nb.second {
		p.nb = numbering{num: p.nb.num + 1}
	} else {
		p.nb.second = true
	}
	return nil
}

// tag reads [Name "Value"].
func (p *parser) tag() *synErr {
	s := p.src
	line := p.line
	if len(p.stack) > 0 {
		return &synErr{line, "tag inside a variation (a '(' opened at line " + itoa(p.stack[len(p.stack)-1].line) + " is not closed)"}
	}
	if p.cur != nil && p.moved {
		p.endGame("") // a tag after movetext starts the next game
	}
	i := p.pos + 1
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	start := i
	for i < len(s) && isNameByte(s[i]) {
		i++
	}
	if i == start {
		return &synErr{line, "tag name expected after '['"}
	}
	name := s[start:i]
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i >= len(s) || s[i] != '"' {
		return &synErr{line, "tag " + name + ": value must be a quoted string"}
	}
	i++
	var b strings.Builder
	for {
		if i >= len(s) || s[i] == '\n' || s[i] == '\r' {
			return &synErr{line, "tag " + name + ": value has no closing '\"' on its line"}
		}
		c := s[i]
		if c == '"' {
			i++
			break
		}
		if c == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
			c = s[i+1]
			i++
		}
		b.WriteByte(c)
		i++
	}
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i >= len(s) || s[i] != ']' {
		return &synErr{line, "tag " + name + ": ']' expected after the value"}
	}
	p.pos = i + 1
	if p.cur == nil {
		p.pending = nil
		p.newGame(line)
	}
	p.cur.Tags = append(p.cur.Tags, Tag{Name: name, Value: b.String()})
	return nil
}

// setup reads a PDN 3.0 setup command, /FEN "..."/, before the first move: it becomes the
// game's FEN tag.
func (p *parser) setup() *synErr {
	line := p.line
	end := strings.IndexByte(p.src[p.pos+1:], '/')
	if end < 0 {
		return &synErr{line, "setup command opened with '/' is never closed"}
	}
	body := strings.TrimSpace(p.src[p.pos+1 : p.pos+1+end])
	rest, ok := strings.CutPrefix(body, "FEN")
	rest = strings.TrimSpace(rest)
	if !ok || len(rest) < 2 || rest[0] != '"' || rest[len(rest)-1] != '"' || strings.ContainsAny(rest[1:len(rest)-1], "\"\r\n") {
		return &synErr{line, "setup command must be /FEN \"...\"/"}
	}
	if len(p.stack) > 0 {
		return &synErr{line, "setup command inside a variation is not supported"}
	}
	if p.cur != nil && len(p.cur.Moves) > 0 {
		return &synErr{line, "setup command after the first move is not supported"}
	}
	if p.cur != nil {
		if _, has := p.cur.Tag("FEN"); has {
			return &synErr{line, "setup command in a game that has a FEN tag"}
		}
	}
	p.pos += end + 2
	p.ensureGame(line)
	p.cur.Tags = append(p.cur.Tags, Tag{Name: "FEN", Value: rest[1 : len(rest)-1]})
	return nil
}

// newGame starts a game at line.
func (p *parser) newGame(line int) {
	p.index++
	p.cur = &Game{Index: p.index, Line: line}
	p.moved = false
	p.nb = numbering{num: 1}
}

// ensureGame starts a game at line unless one is open; comments read before it become the
// game's comment.
func (p *parser) ensureGame(line int) {
	if p.cur != nil {
		return
	}
	if len(p.pending) > 0 {
		line = p.pendLn
	}
	p.newGame(line)
	p.cur.Comment = strings.Join(p.pending, " ")
	p.pending = nil
}

// movetext notes that movetext was read (outside variations it opens a game).
func (p *parser) movetext(line int) {
	if len(p.stack) > 0 {
		return
	}
	p.ensureGame(line)
	p.moved = true
}

// comment notes a comment outside variations. Comments are gathered in p.notes and set
// on the game or the last move by flush, so that many comments stay linear to read.
func (p *parser) comment(text string, line int) {
	if text == "" || len(p.stack) > 0 {
		return
	}
	if p.cur == nil {
		if len(p.pending) == 0 {
			p.pendLn = line
		}
		p.pending = append(p.pending, text)
		return
	}
	p.notes = append(p.notes, text)
}

func (p *parser) strength(st string) {
	if len(p.stack) > 0 || p.cur == nil || len(p.cur.Moves) == 0 {
		return
	}
	p.marks.WriteString(st)
}

// flush sets the gathered comments and strength marks on the last move, or the comments
// on the game while it has no move.
func (p *parser) flush() {
	g := p.cur
	if g == nil || len(p.notes) == 0 && p.marks.Len() == 0 {
		return
	}
	target := &g.Comment
	if len(g.Moves) > 0 {
		m := &g.Moves[len(g.Moves)-1]
		target = &m.Comment
		m.Strength += p.marks.String()
	}
	if len(p.notes) > 0 {
		if *target != "" {
			p.notes = append([]string{*target}, p.notes...)
		}
		*target = strings.Join(p.notes, " ")
	}
	p.notes = p.notes[:0]
	p.marks.Reset()
}

func (p *parser) nag(n int) {
	if len(p.stack) > 0 || p.cur == nil || len(p.cur.Moves) == 0 {
		return
	}
	m := &p.cur.Moves[len(p.cur.Moves)-1]
	m.NAGs = append(m.NAGs, n)
}

// result ends the game with tok; inside a variation it is ignored.
func (p *parser) result(tok string, line int) {
	if len(p.stack) > 0 {
		return
	}
	p.ensureGame(line)
	p.endGame(tok)
}

// endGame closes the open game with result tok ("" when the record gives none).
func (p *parser) endGame(tok string) {
	g := p.cur
	if g == nil {
		return
	}
	p.flush()
	if tok == "" && len(g.Moves) > 0 {
		// Lenient: a last "move" that repeats a score-like Result tag is the result
		// ("[Result "4-6"] ... 13-19 4-6").
		last := g.Moves[len(g.Moves)-1].Text
		if v, ok := g.Tag("Result"); ok && v == last && isScore(last) {
			g.Moves = g.Moves[:len(g.Moves)-1]
			tok = last
		}
	}
	g.Result = tok
	p.games = append(p.games, *g)
	p.cur, p.moved = nil, false
}

// scanMove reads a move starting at s[i]: numeric squares ("32-28", "24x15x6", "06-11",
// "1- 6", "47x 9", "18:23") or alphanumeric ones ("a3-b4", "a3b4"). It returns the
// normalised text and the index after the move, or a message saying what is wrong.
//
// With glued set, a move may run straight into a word that starts with a capital letter
// ("8-11Redoverstepped..."); the caller reads that word as a comment.
func scanMove(s string, i int, glued bool) (text string, end int, msg string) {
	start := i
	var sqs []string
	var sep byte // '-' or 'x' once seen; 0 for alphanumeric moves written without one
	implicit := false
	for {
		sq, j, ok := scanSquare(s, i)
		if !ok {
			return "", i, "bad move " + strconv.Quote(word(s, start))
		}
		sqs = append(sqs, sq)
		i = j
		if i < len(s) && (s[i] == '-' || s[i] == 'x' || s[i] == 'X' || s[i] == ':') {
			c := s[i]
			if c != '-' {
				c = 'x'
			}
			if sep == 0 && !implicit {
				sep = c
			} else if sep != c || c == '-' {
				return "", i, "bad move " + strconv.Quote(word(s, start))
			}
			i++
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
			continue
		}
		if i < len(s) && s[i] >= 'a' && s[i] <= 'z' && isAlpha(sq) && sep == 0 {
			implicit = true
			continue
		}
		break
	}
	glued = glued && i < len(s) && s[i] >= 'A' && s[i] <= 'Z'
	if len(sqs) < 2 || !delimited(s, i) && !glued {
		return "", i, "bad move " + strconv.Quote(word(s, start))
	}
	if sep == '-' && sqs[0] == sqs[1] {
		// "1-01" is no move, and "1-1" is a result.
		return "", i, "bad move " + strconv.Quote(word(s, start))
	}
	join := string(sep)
	if implicit {
		join = ""
	}
	return strings.Join(sqs, join), i, ""
}

// scanSquare reads one square at s[i]: a number 1..99 (leading zeros dropped) or a letter
// a..z followed by a row number 1..99.
func scanSquare(s string, i int) (sq string, end int, ok bool) {
	j := i
	letter := j < len(s) && s[j] >= 'a' && s[j] <= 'z'
	if letter {
		j++
	}
	d := j
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	digits := s[d:j]
	if letter && len(digits) > 0 && digits[0] == '0' {
		return "", i, false
	}
	digits = strings.TrimLeft(digits, "0")
	if len(digits) == 0 || len(digits) > 2 {
		return "", i, false
	}
	if letter {
		return s[i:i+1] + digits, j, true
	}
	return digits, j, true
}

func isAlpha(sq string) bool { return sq != "" && sq[0] >= 'a' && sq[0] <= 'z' }

// parenStrength recognises a move strength in parentheses, "(!?)", at the start of s and
// returns the marks and the length read (0 when s does not start with one).
func parenStrength(s string) (string, int) {
	j := 1
	for j < len(s) && (s[j] == '!' || s[j] == '?') {
		j++
	}
	if j == 1 || j >= len(s) || s[j] != ')' {
		return "", 0
	}
	return s[1:j], j + 1
}

// delimited reports whether a token ending at s[j] is properly ended: by the end of the
// text, white space or a character that starts another token.
func delimited(s string, j int) bool {
	if j >= len(s) {
		return true
	}
	switch s[j] {
	case ' ', '\t', '\r', '\n', '\f', '\v', '!', '?', '{', '}', '(', ')', '[', ']', '$', ';', '%', '*':
		return true
	}
	if s[j] >= utf8.RuneSelf {
		r, _ := utf8.DecodeRuneInString(s[j:])
		return unicode.IsSpace(r) || r == '\uFEFF'
	}
	return false
}

// isScore reports whether s looks like a match score, digits-digits ("4-6").
func isScore(s string) bool {
	a, b, ok := strings.Cut(s, "-")
	return ok && allDigits(a) && allDigits(b)
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isNameByte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}

// word returns the text at s[i] up to the next white space, at most 20 bytes, for error
// messages.
func word(s string, i int) string {
	j := i
	for j < len(s) && j-i < 20 && s[j] != ' ' && s[j] != '\t' && s[j] != '\r' && s[j] != '\n' {
		j++
	}
	for j < len(s) && j > i && !utf8.RuneStart(s[j]) {
		j++ // do not cut a character in two
	}
	if j == i && i < len(s) {
		_, n := utf8.DecodeRuneInString(s[i:])
		j = i + n
	}
	return s[i:j]
}

func itoa(n int) string { return strconv.Itoa(n) }
