package games

import (
	"strings"

	"madang/rules"
)

// HubCodec is a family's text in the Hub protocol (version 2).
type HubCodec struct {
	// Position writes s for `pos pos=...`.
	Position func(s rules.State) (string, error)
	// MoveText writes a legal move of s for `pos ... moves="..."`.
	MoveText func(s rules.State, m rules.Move) (string, error)
	// ParseMove reads an engine's `done move=...` as a legal move of s.
	ParseMove func(s rules.State, text string) (rules.Move, error)
}

// HubLine is one line of the Hub protocol: the command and its arguments (flags have empty
// values).
type HubLine struct {
	Cmd  string
	Args map[string]string
}

// ParseHubLine splits a Hub protocol line, `<command> <arg>=<val> ...`, values optionally
// in double quotes (an unterminated quote runs to the end of the line).
func ParseHubLine(line string) HubLine {
	line = strings.TrimSpace(line)
	i := strings.IndexAny(line, " \t")
	if i < 0 {
		return HubLine{Cmd: line, Args: map[string]string{}}
	}
	h := HubLine{Cmd: line[:i], Args: map[string]string{}}
	rest := line[i:]
	for {
		rest = strings.TrimLeft(rest, " \t")
		if rest == "" {
			return h
		}
		j := strings.IndexAny(rest, "= \t")
		if j < 0 {
			h.Args[rest] = ""
			return h
		}
		name := rest[:j]
		if rest[j] != '=' {
			h.Args[name] = ""
			rest = rest[j:]
			continue
		}
		rest = rest[j+1:]
		if strings.HasPrefix(rest, "\"") {
			k := strings.IndexByte(rest[1:], '"')
			if k < 0 {
				h.Args[name] = rest[1:]
				return h
			}
			h.Args[name] = rest[1 : k+1]
			rest = rest[k+2:]
			continue
		}
		k := strings.IndexAny(rest, " \t")
		if k < 0 {
			h.Args[name] = rest
			return h
		}
		h.Args[name] = rest[:k]
		rest = rest[k:]
	}
}
