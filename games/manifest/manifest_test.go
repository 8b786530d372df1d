package manifest_test

import (
	"encoding/json"
	"testing"

	"madang/functions/room"
	"madang/games/manifest"
)

// The manifest carries the room's error texts, the one table the pages show: every code
// with the room's own Korean text.
func TestRoomErrors(t *testing.T) {
	m, err := manifest.Build()
	if err != nil {
		t.Fatal(err)
	}
	b, err := m.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		RoomErrors map[string]string `json:"roomErrors"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	codes := []string{
		room.CodeBadMessage, room.CodeBadOptions, room.CodeRoomNotFound, room.CodeRoomFull,
		room.CodeBadToken, room.CodeNotYourTurn, room.CodeIllegalMove, room.CodeStalePly,
		room.CodeGameOver, room.CodeNotAllowed, room.CodeTooLarge, room.CodeRateLimited,
		room.CodeInternal, room.CodeReplaced,
	}
	want := room.Messages()
	if len(doc.RoomErrors) != len(codes) || len(want) != len(codes) {
		t.Errorf("roomErrors has %d codes, the room %d, want %d", len(doc.RoomErrors), len(want), len(codes))
	}
	for _, c := range codes {
		if doc.RoomErrors[c] == "" || doc.RoomErrors[c] != want[c] {
			t.Errorf("roomErrors[%q] = %q, want the room's %q", c, doc.RoomErrors[c], want[c])
		}
	}
}
