package games_test

import (
	"testing"

	"madang/games"
)

func TestParseHubLine(t *testing.T) {
	h := games.ParseHubLine(`pos pos=Weee moves="32-28 17-22" flag level=3`)
	if h.Cmd != "pos" || h.Args["pos"] != "Weee" || h.Args["moves"] != "32-28 17-22" || h.Args["level"] != "3" {
		t.Fatalf("parsed %+v", h)
	}
	if _, ok := h.Args["flag"]; !ok {
		t.Fatalf("flag argument lost: %+v", h)
	}
	if h := games.ParseHubLine("  go think "); h.Cmd != "go" || len(h.Args) != 1 {
		t.Fatalf("parsed %+v", h)
	}
	if h := games.ParseHubLine(`error message="unterminated`); h.Args["message"] != "unterminated" {
		t.Fatalf("parsed %+v", h)
	}
}
