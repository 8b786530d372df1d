// Package clk reads PGN's clock command, which PDN, the star record and the .mat's clock
// lines share: "[%clk 0:04:51]" in a move's comment is the time the mover has left (hours,
// then minutes and seconds of two digits each, seconds perhaps with a fraction; PGN
// specification supplement, "%clk").
package clk

import "strings"

// FromComment is the time left a move's comment gives ("[%clk 0:04:51]" → "0:04:51"), or ""
// when it gives none or one of another shape ("[%clk 1:2:3:4]", "[%clk ...]").
func FromComment(comment string) string {
	_, rest, ok := strings.Cut(comment, "[%clk ")
	if !ok {
		return ""
	}
	v, _, ok := strings.Cut(strings.TrimLeft(rest, " "), "]")
	if !ok || !Valid(v) {
		return ""
	}
	return v
}

// Valid reports whether v is a clock "h:mm:ss" or "h:mm:ss.f…" (minutes and seconds 00-59).
func Valid(v string) bool {
	h, rest, ok := strings.Cut(v, ":")
	if !ok || !digits(h) || len(rest) < 5 || rest[2] != ':' || !digits(rest[:2]) || !digits(rest[3:5]) || rest[0] > '5' || rest[3] > '5' {
		return false
	}
	f := rest[5:]
	return f == "" || f[0] == '.' && digits(f[1:])
}

func digits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
