package room_test

import (
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

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

// An id that is not valid UTF-8 is refused with bad-message and never echoed: a text frame
// must be valid UTF-8 (RFC 6455 §5.6), and a browser drops a socket that receives one that
// is not. Nothing the server sends may carry the bytes.
func TestInvalidUTF8IDRefused(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	for _, raw := range [][]byte{
		[]byte("{\"action\":\"ping\",\"id\":\"a\xff\xfeb\"}"),
		[]byte("{\"action\":\"create\",\"game\":\"track\",\"options\":{},\"id\":\"\xc3\"}"),
		[]byte("{\"action\":1,\"id\":\"\xed\xa0\x80\"}"), // not JSON for inbound; the probe keeps the id
	} {
		h.note.mu.Lock()
		h.note.frames = map[string][][]byte{}
		h.note.mu.Unlock()
		if err := h.svc.Handle(t.Context(), "c0", raw); err != nil {
			t.Fatal(err)
		}
		h.note.mu.Lock()
		got := h.note.frames["c0"]
		h.note.mu.Unlock()
		if len(got) != 1 {
			t.Fatalf("%q: %d frames, want one error", raw, len(got))
		}
		if !utf8.Valid(got[0]) {
			t.Fatalf("%q answered with invalid UTF-8: %q", raw, got[0])
		}
		var f struct {
			Type, Code string
			ID         json.RawMessage
		}
		json.Unmarshal(got[0], &f)
		if f.Type != "error" || f.Code != room.CodeBadMessage || f.ID != nil {
			t.Fatalf("%q answered %s, want bad-message without id", raw, got[0])
		}
	}
}

// Keys match exactly, as API Gateway's route selection does: a message whose action key differs in
// case has no action, and other keys that differ in case are not read. The local stack and AWS then
// answer the same messages the same way.
func TestKeysMatchExactly(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	h.wantError(h.send("c0", `{"ACTION":"ping","id":1}`), room.CodeBadMessage)
	h.wantError(h.send("c0", `{"Action":"create","game":"track","options":{}}`), room.CodeBadMessage)
	h.wantError(h.send("c0", `{"action":"create","GAME":"track","options":{}}`), room.CodeBadOptions)
	fs := h.send("c0", `{"action":"ping","ID":7}`)
	if len(fs) != 1 || fs[0].Type != "pong" || fs[0].ID != nil {
		t.Fatalf("ping with ID: %s id %s, want a pong without id", describe(fs), fs[0].ID)
	}
	h.wantError(h.send("c0", `{"action":"ping","dice":null}`), room.CodeBadMessage)
	h.wantError(h.send("c0", `[1]`), room.CodeBadMessage)
	if fs := h.send("c0", `{"action":"ping","id":"x"}`); len(fs) != 1 || fs[0].Type != "pong" || string(fs[0].ID) != `"x"` {
		t.Fatalf("ping: %s", describe(fs))
	}
}
