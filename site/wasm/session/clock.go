package session

import "strings"

// ClockOf is the time left a Record comment gives in PGN's clock command ("[%clk 0:04:51]" →
// "0:04:51"), "" when it gives none: the part up to "]" when it is digits, ':' and '.'.
func ClockOf(comment string) string {
	_, rest, ok := strings.Cut(comment, "[%clk ")
	if !ok {
		return ""
	}
	v, _, ok := strings.Cut(strings.TrimLeft(rest, " "), "]")
	if !ok || v == "" || strings.Trim(v, "0123456789:.") != "" {
		return ""
	}
	return v
}
