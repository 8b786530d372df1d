package clk

import "testing"

// A comment's clock is read only in the h:mm:ss[.f] shape (PGN's %clk): a review showed
// "남은 시간 1:2:3:4" and "남은 시간 ..." for such comments before.
func TestFromCommentShape(t *testing.T) {
	for in, want := range map[string]string{
		"[%clk 0:04:51]":           "0:04:51",
		"생각이 긴 수 [%clk 0:03:07.5]": "0:03:07.5",
		"[%clk  1:00:00]":          "1:00:00",
		"[%clk 0:04:51":            "",
		"no clock":                 "",
		"[%clk 1:2:3:4]":           "",
		"[%clk ...]":               "",
		"[%clk :::]":               "",
		"[%clk 4:61]":              "",
		"[%clk 0:4:30]":            "",
		"[%clk 0:60:00]":           "",
		"[%clk 0:00:60]":           "",
		"[%clk 0:04:51.]":          "",
		"[%clk 0:04:51.5.5]":       "",
		"[%clk -1:00:00]":          "",
		"[%clk 1:00:00.25]":        "1:00:00.25",
		"생각 [%clk 12:00:09] 끝":     "12:00:09",
		"[%clk  0:00:00]":          "0:00:00",
		"":                         "",
		"[%clk x]":                 "",
		"[%clk :04:51]":            "",
		"[%clk 0:04]":              "",
	} {
		if got := FromComment(in); got != want {
			t.Errorf("FromComment(%q) = %q, want %q", in, got, want)
		}
	}
}
