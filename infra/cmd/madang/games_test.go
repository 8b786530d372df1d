package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"madang/games/gamestest"
	"madang/games/manifest"
	"madang/internal/trackgame"
	"madang/internal/trackgame/trackfamily" // the track game as a family, through its descriptor alone
)

// A family registered through its descriptor alone (the test-only track game) is in the
// CLI's lists: `madang games`, the manifest `madang games --json`, --game's help and the
// usage; the room policy and the manifest entry are gamestest's.
func TestGamesListsADescriptor(t *testing.T) {
	gamestest.Check(t, trackfamily.Family)
	var out, errb bytes.Buffer
	if code := dispatch([]string{"games"}, &out, &errb); code != 0 {
		t.Fatalf("games: exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "track        track              2 seats  트랙\n") {
		t.Errorf("games does not list the track game:\n%s", out.String())
	}
	out.Reset()
	if code := dispatch([]string{"games", "--json"}, &out, &errb); code != 0 {
		t.Fatalf("games --json: exit %d: %s", code, errb.String())
	}
	var m manifest.Manifest
	if err := json.Unmarshal(out.Bytes(), &m); err != nil {
		t.Fatalf("games --json: %v\n%s", err, out.String())
	}
	found := false
	for _, f := range m.Families {
		for _, g := range f.Games {
			if g.ID == trackgame.ID {
				found = f.Name == "track" && g.Title == "트랙" && g.Room.AwayAIMs == 45000 && g.Options["length"] == 8
			}
		}
	}
	if !found || m.Version != manifest.Version {
		t.Errorf("games --json has no track family with its descriptor:\n%s", out.String())
	}
	errb.Reset()
	dispatch([]string{"help"}, &out, &errb)
	if !strings.Contains(errb.String(), "games (--game):") || !strings.Contains(errb.String(), trackgame.ID) {
		t.Errorf("usage does not name the track game:\n%s", errb.String())
	}
	if code := dispatch([]string{"games", "extra"}, &out, &errb); code != 2 {
		t.Errorf("games extra: exit %d, want 2", code)
	}
}
