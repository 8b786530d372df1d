package session

import "strings"

// ClockOf is the time left a Record comment gives in PGN's clock command ("[%clk 0:04:51]" →
// "0:04:51"), "" when it gives none or one of another shape: hours, then minutes and seconds
// of two digits each, seconds perhaps with a fraction (the shape rules/halma/record.Clock and
// the .mat's clock lines read; "[%clk 1:2:3:4]" or "[%clk ...]" is no clock).
func ClockOf(comment string) string {
	_, rest, ok := strings.Cut(comment, "[%clk ")
	if !ok {
		return ""
	}
	v, _, ok := strings.Cut(strings.TrimLeft(rest, " "), "]")
	if !ok || !clockText(v) {
		return ""
	}
	return v
}

// clockText reports whether v is "h:mm:ss" or "h:mm:ss.f...".
func clockText(v string) bool {
	h, rest, ok := strings.Cut(v, ":")
	if !ok || !allDigits(h) || len(rest) < 5 || rest[2] != ':' || !allDigits(rest[:2]) || !allDigits(rest[3:5]) || rest[0] > '5' || rest[3] > '5' {
		return false
	}
	f := rest[5:]
	return f == "" || f[0] == '.' && allDigits(f[1:])
}

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
