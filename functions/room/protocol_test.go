package room_test

import (
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"madang/functions/room"
)

// The snapshot on the wire has exactly the keys PROTOCOL.md shows in its example, and
// every error code the service defines is in PROTOCOL.md's table: the document stays true.
func TestProtocolDocumentMatches(t *testing.T) {
	doc, err := os.ReadFile("PROTOCOL.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	start := strings.Index(text, "### The snapshot")
	block := text[start:]
	block = block[strings.Index(block, "```json")+7:]
	block = block[:strings.Index(block, "```")]
	block = strings.ReplaceAll(block, `"..."`, `"x"`)
	var documented map[string]json.RawMessage
	if err := json.Unmarshal([]byte(block), &documented); err != nil {
		t.Fatalf("the documented snapshot is not JSON: %v", err)
	}

	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	snap, err := h.svc.Snapshot(t.Context(), tb.id)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(snap)
	var actual map[string]json.RawMessage
	json.Unmarshal(raw, &actual)
	if a, d := keys(actual), keys(documented); a != d {
		t.Fatalf("snapshot keys\n  wire: %s\n  doc:  %s", a, d)
	}
	var seatsDoc, seatsWire []map[string]json.RawMessage
	json.Unmarshal(documented["seats"], &seatsDoc)
	json.Unmarshal(actual["seats"], &seatsWire)
	if a, d := keys(seatsWire[0]), keys(seatsDoc[0]); a != d {
		t.Fatalf("seat keys\n  wire: %s\n  doc:  %s", a, d)
	}
	var polDoc, polWire map[string]json.RawMessage
	json.Unmarshal(documented["policy"], &polDoc)
	json.Unmarshal(actual["policy"], &polWire)
	if a, d := keys(polWire), keys(polDoc); a != d {
		t.Fatalf("policy keys\n  wire: %s\n  doc:  %s", a, d)
	}

	for _, code := range []string{room.CodeBadMessage, room.CodeBadOptions, room.CodeRoomNotFound, room.CodeRoomFull,
		room.CodeBadToken, room.CodeNotYourTurn, room.CodeIllegalMove, room.CodeStalePly, room.CodeGameOver,
		room.CodeNotAllowed, room.CodeTooLarge, room.CodeRateLimited, room.CodeInternal} {
		if !regexp.MustCompile("(?m)^\\| `" + regexp.QuoteMeta(code) + "` \\|").MatchString(text) {
			t.Errorf("error code %s is not in PROTOCOL.md's table", code)
		}
	}
}

func keys(m map[string]json.RawMessage) string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, " ")
}
