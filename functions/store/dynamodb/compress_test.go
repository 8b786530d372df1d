package dynamodb

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	ddb "github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"madang/functions/room"
)

// itemAPI keeps the items put, without conditions: enough to see what a write stores.
type itemAPI struct {
	items map[string]map[string]types.AttributeValue
}

func (f *itemAPI) GetItem(_ context.Context, in *ddb.GetItemInput, _ ...func(*ddb.Options)) (*ddb.GetItemOutput, error) {
	pk := in.Key[KeyAttr].(*types.AttributeValueMemberS).Value
	return &ddb.GetItemOutput{Item: f.items[pk]}, nil
}

func (f *itemAPI) PutItem(_ context.Context, in *ddb.PutItemInput, _ ...func(*ddb.Options)) (*ddb.PutItemOutput, error) {
	f.items[in.Item[KeyAttr].(*types.AttributeValueMemberS).Value] = in.Item
	return &ddb.PutItemOutput{}, nil
}

func (f *itemAPI) DeleteItem(_ context.Context, in *ddb.DeleteItemInput, _ ...func(*ddb.Options)) (*ddb.DeleteItemOutput, error) {
	delete(f.items, in.Key[KeyAttr].(*types.AttributeValueMemberS).Value)
	return &ddb.DeleteItemOutput{}, nil
}

// itemBytes is an item's size as DynamoDB bills it: attribute names plus values (numbers
// taken at their decimal length, which is an upper bound of DynamoDB's count).
func itemBytes(item map[string]types.AttributeValue) int {
	n := 0
	for k, v := range item {
		n += len(k)
		switch v := v.(type) {
		case *types.AttributeValueMemberS:
			n += len(v.Value)
		case *types.AttributeValueMemberN:
			n += len(v.Value)
		case *types.AttributeValueMemberB:
			n += len(v.Value)
		}
	}
	return n
}

// A 200-ply star game's body: its move list is most of it.
func starBody() []byte {
	moves := make([]string, 200)
	for i := range moves {
		moves[i] = fmt.Sprintf("%d.%d-%d.%d-%d.%d", 3+i%5, 1+i%4, 5+i%7, 1+i%3, 7+i%6, 2+i%5)
	}
	b, _ := json.Marshal(map[string]any{"g": "chinese-checkers", "m": moves, "s": []map[string]any{{"k": "human", "t": strings.Repeat("ab", 32)}, {"k": "human", "t": strings.Repeat("cd", 32)}}})
	return b
}

// DynamoDB bills a write by the item's size: the whole room is written on every move, so
// its body is stored compressed and a long game's move costs one write unit, not three.
func TestLongRoomWritesOneUnit(t *testing.T) {
	api := &itemAPI{items: map[string]map[string]types.AttributeValue{}}
	s := New(api, "t")
	ctx, now := context.Background(), time.Unix(1_800_000_000, 0)
	body := starBody()
	if len(body) < 2048 {
		t.Fatalf("test body is %d bytes; want a long game's (over 2 KB)", len(body))
	}
	if _, err := s.PutRoom(ctx, room.Record{ID: "r1", Version: 1, ExpiresAt: now.Add(time.Hour), Body: body}, 0, now); err != nil {
		t.Fatal(err)
	}
	item := api.items["room#r1"]
	if n := itemBytes(item); n > 1024 {
		t.Errorf("a %d-byte body is stored as a %d-byte item: %d write units a move, want 1", len(body), n, (n+1023)/1024)
	}
	if _, plain := item["body"]; plain {
		t.Error("the compressible body is stored as is")
	}
	got, err := s.GetRoom(ctx, "r1", now)
	if err != nil || !bytes.Equal(got.Body, body) {
		t.Fatalf("read back %d bytes, %v; want the body as written", len(got.Body), err)
	}
}

// An item written with a plain body (before compression, or one compression did not
// shrink) still reads; a compressed body that inflates past MaxBodyBytes is an error.
func TestPlainAndHostileBodies(t *testing.T) {
	api := &itemAPI{items: map[string]map[string]types.AttributeValue{}}
	s := New(api, "t")
	ctx, now := context.Background(), time.Unix(1_800_000_000, 0)
	old, err := attributevalue.MarshalMap(roomItem{PK: "room#old", Kind: "room", Version: 3, ExpiresAtNanos: never, Body: []byte(`{"g":"checkers"}`)})
	if err != nil {
		t.Fatal(err)
	}
	api.items["room#old"] = old
	if got, err := s.GetRoom(ctx, "old", now); err != nil || string(got.Body) != `{"g":"checkers"}` || got.Version != 3 {
		t.Fatalf("plain item read as %+v, %v", got, err)
	}
	tiny := []byte(`{}`)
	if _, err := s.PutRoom(ctx, room.Record{ID: "tiny", Version: 1, Body: tiny}, 0, now); err != nil {
		t.Fatal(err)
	}
	if _, plain := api.items["room#tiny"]["body"]; !plain {
		t.Error("a body compression does not shrink is not stored as is")
	}
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestCompression)
	w.Write(make([]byte, MaxBodyBytes+10))
	w.Close()
	bomb, _ := attributevalue.MarshalMap(roomItem{PK: "room#bomb", Kind: "room", Version: 1, ExpiresAtNanos: never, BodyZ: z.Bytes()})
	api.items["room#bomb"] = bomb
	if _, err := s.GetRoom(ctx, "bomb", now); err == nil {
		t.Error("a body inflating past MaxBodyBytes was read")
	}
	api.items["room#junk"], _ = attributevalue.MarshalMap(roomItem{PK: "room#junk", Kind: "room", Version: 1, ExpiresAtNanos: never, BodyZ: []byte("not deflate")})
	if _, err := s.GetRoom(ctx, "junk", now); err == nil {
		t.Error("a damaged compressed body was read")
	}
}
