package room

import (
	"bytes"
	"encoding/json"
	"errors"
	"unicode/utf8"
)

// MaxMessage is the largest client message accepted, as API Gateway's 128 KB payload limit.
const MaxMessage = 128 << 10

// Error codes: stable, on the wire (PROTOCOL.md).
const (
	CodeBadMessage   = "bad-message"
	CodeBadOptions   = "bad-options"
	CodeRoomNotFound = "room-not-found"
	CodeRoomFull     = "room-full"
	CodeBadToken     = "bad-token"
	CodeNotYourTurn  = "not-your-turn"
	CodeIllegalMove  = "illegal-move"
	CodeStalePly     = "stale-ply"
	CodeGameOver     = "game-over"
	CodeNotAllowed   = "not-allowed"
	CodeTooLarge     = "too-large"
	CodeRateLimited  = "rate-limited"
	CodeInternal     = "internal"
	// CodeReplaced is sent unasked to a socket the room let go: its seat was bound to a
	// newer socket beyond MaxSeatSockets (one person's fifth tab), so it gets no more states.
	CodeReplaced = "replaced"
)

// koMessages are the player-facing texts of the codes, in one place: the room sends them
// with its refusals, and the pages show them (the site manifest carries them, Messages).
var koMessages = map[string]string{
	CodeBadMessage:   "요청을 이해하지 못했습니다. 페이지를 새로 고쳐 주세요.",
	CodeBadOptions:   "이 게임은 그 설정으로 만들 수 없습니다.",
	CodeRoomNotFound: "방을 찾을 수 없습니다. 시간이 지나 방이 사라졌거나 주소가 잘못되었습니다.",
	CodeRoomFull:     "관전하는 사람이 너무 많아 들어갈 수 없습니다.",
	CodeBadToken:     "이 방의 자리를 확인하지 못했습니다.",
	CodeNotYourTurn:  "지금은 내 차례가 아닙니다.",
	CodeIllegalMove:  "둘 수 없는 수입니다.",
	CodeStalePly:     "판이 바뀌었습니다. 최신 판으로 다시 그렸습니다.",
	CodeGameOver:     "게임이 이미 끝났습니다.",
	CodeNotAllowed:   "지금은 할 수 없는 동작입니다.",
	CodeTooLarge:     "요청이 너무 큽니다.",
	CodeRateLimited:  "요청이 너무 잦습니다. 잠시 뒤에 다시 해 보세요.",
	CodeInternal:     "서버에 문제가 생겼습니다. 다시 해 보세요.",
	CodeReplaced:     "같은 자리를 다른 창 여러 개에서 열어, 이 창으로는 방 소식을 더 받지 않습니다. 이 창에서 이어 두려면 새로 고쳐 주세요.",
}

// Messages are the Korean texts of the error codes, code → text (a copy): what a page shows
// for a refusal, whatever message the refusal itself carried.
func Messages() map[string]string {
	m := make(map[string]string, len(koMessages))
	for k, v := range koMessages {
		m[k] = v
	}
	return m
}

// Error is a refusal with a stable code and a Korean message for the player.
type Error struct {
	Code    string
	Message string
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// errf makes an Error with the code's standard message, or msg when given.
func errf(code, msg string) *Error {
	if msg == "" {
		msg = koMessages[code]
	}
	return &Error{Code: code, Message: msg}
}

// ErrorFrame encodes an error message for a connection (used by transports for refusals
// made before the service sees a message, e.g. too-large or rate-limited).
func ErrorFrame(code string, id json.RawMessage) []byte {
	return mustJSON(outError{Type: "error", ID: id, Code: code, Message: koMessages[code]})
}

// inbound is any client message; fields unused by an action are ignored.
type inbound struct {
	Action    string          `json:"action"`
	ID        json.RawMessage `json:"id,omitempty"`
	Game      string          `json:"game"`
	Options   map[string]int  `json:"options"`
	Room      string          `json:"room"`
	Token     string          `json:"token"`
	Ply       *int            `json:"ply"`
	Move      string          `json:"move"`
	OfferDraw bool            `json:"offerDraw"`
	Level     string          `json:"level"`
	Seat      *int            `json:"seat"`
	// Clock is create's time control (TimeControl's JSON; clock.go), absent for none.
	Clock json.RawMessage `json:"clock"`
	// Dice is never accepted: a message naming dice is refused (the server rolls).
	Dice json.RawMessage `json:"dice"`
}

// MaxIDBytes bounds a message's id: its JSON text as written, quotes included.
const MaxIDBytes = 64

// parseInbound decodes a client message; the id is kept even when other fields are bad so
// that the error can echo it. The strict rules (PROTOCOL.md "Client → server"):
//   - Keys match exactly, as API Gateway's route selection ($request.body.action) does:
//     {"ACTION":"ping"} has no action (encoding/json alone would match keys ignoring case).
//   - No key appears twice in one object, at any depth (encoding/json alone would keep the
//     last silently, and another reader may keep the first).
//   - An id is a JSON string or number of at most MaxIDBytes bytes as written, valid UTF-8;
//     any other id (an object, an array, true, null, a longer text) refuses the message and
//     is not echoed.
//   - No field is null: every field has one JSON type (`options` an object, `ply` a number,
//     ...), and a field that is not of it refuses the message.
//
// Every refusal is bad-message (too-large over MaxMessage); the caller changes nothing.
func parseInbound(raw []byte) (inbound, *Error) {
	var m inbound
	if len(raw) > MaxMessage {
		return m, errf(CodeTooLarge, "")
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return m, errf(CodeBadMessage, "")
	}
	rawID, hasID := fields["id"]
	if hasID && !utf8.Valid(rawID) {
		// Echoing it would put invalid UTF-8 in a text frame (RFC 6455 §5.6), which makes a
		// browser close its socket.
		return m, errf(CodeBadMessage, "메시지 번호에 읽을 수 없는 글자가 있습니다.")
	}
	id := validID(rawID)
	if key, dup := duplicateKey(raw); dup {
		if key != "id" {
			m.ID = id // which of two ids to echo is not ours to choose
		}
		return m, errf(CodeBadMessage, "같은 항목이 메시지에 두 번 들어 있습니다.")
	}
	if hasID && id == nil {
		return m, errf(CodeBadMessage, "메시지 번호는 64바이트 이하의 글자나 숫자여야 합니다.")
	}
	m.ID = id
	if _, ok := fields["dice"]; ok {
		return m, errf(CodeBadMessage, "주사위는 서버가 굴립니다. 주사위 눈은 보내지 않습니다.")
	}
	for _, f := range []struct {
		key string
		to  any
	}{
		{"action", &m.Action}, {"game", &m.Game}, {"options", &m.Options}, {"room", &m.Room},
		{"token", &m.Token}, {"ply", &m.Ply}, {"move", &m.Move}, {"offerDraw", &m.OfferDraw},
		{"level", &m.Level}, {"seat", &m.Seat}, {"clock", &m.Clock},
	} {
		v, ok := fields[f.key]
		if !ok {
			continue
		}
		if bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
			return m, errf(CodeBadMessage, "메시지에 값이 비어 있는 항목이 있습니다.")
		}
		if err := json.Unmarshal(v, f.to); err != nil {
			return m, errf(CodeBadMessage, "")
		}
	}
	if m.Action == "" {
		return m, errf(CodeBadMessage, "무엇을 하려는 요청인지 적혀 있지 않습니다.")
	}
	return m, nil
}

// validID keeps an id that is a JSON string or number of at most MaxIDBytes bytes of valid
// UTF-8; nil for anything else.
func validID(id json.RawMessage) json.RawMessage {
	id = bytes.TrimSpace(id)
	if len(id) == 0 || len(id) > MaxIDBytes || !utf8.Valid(id) {
		return nil
	}
	if id[0] == '"' || id[0] == '-' || (id[0] >= '0' && id[0] <= '9') {
		return id
	}
	return nil
}

// duplicateKey reports a key that appears twice in one object of the JSON text raw, at any
// depth (keys compared after unescaping, so "a" and "\u0061" are the same key). raw must
// already be valid JSON; for text that is not, it reports none.
func duplicateKey(raw []byte) (string, bool) {
	type level struct {
		keys    map[string]bool // nil for an array
		wantKey bool            // the object's next token is a key
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var stack []*level
	for {
		t, err := d.Token()
		if err != nil {
			return "", false // io.EOF: the text ended without a repeated key
		}
		var top *level
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if k, ok := t.(string); ok && top != nil && top.keys != nil && top.wantKey {
			if top.keys[k] {
				return k, true
			}
			top.keys[k] = true
			top.wantKey = false
			continue
		}
		if delim, ok := t.(json.Delim); ok && (delim == '}' || delim == ']') {
			stack = stack[:len(stack)-1]
			continue
		}
		// A value (or the start of one) in the enclosing object: a key comes after it.
		if top != nil && top.keys != nil {
			top.wantKey = true
		}
		switch t {
		case json.Delim('{'):
			stack = append(stack, &level{keys: map[string]bool{}, wantKey: true})
		case json.Delim('['):
			stack = append(stack, &level{})
		}
	}
}

type outJoined struct {
	Type  string          `json:"type"`
	ID    json.RawMessage `json:"id,omitempty"`
	Room  string          `json:"room"`
	Seat  int             `json:"seat"`
	Token string          `json:"token,omitempty"`
}

type outState struct {
	Type string          `json:"type"`
	ID   json.RawMessage `json:"id,omitempty"`
	Room *Snapshot       `json:"room"`
}

type outError struct {
	Type    string          `json:"type"`
	ID      json.RawMessage `json:"id,omitempty"`
	Code    string          `json:"code"`
	Message string          `json:"message"`
}

type outPong struct {
	Type string          `json:"type"`
	ID   json.RawMessage `json:"id,omitempty"`
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		// Only our own plain structs are encoded here.
		panic(errors.Join(errors.New("room: encode"), err))
	}
	return b
}
