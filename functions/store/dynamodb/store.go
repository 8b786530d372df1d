// Package dynamodb is the DynamoDB implementation of room.Store: one on-demand table holding
// room items and connection items under one string partition key, with TTL on expiresAt.
//
// Item shapes (all written and read through attributevalue, never built by hand):
//
//	room:        pk "room#<id>", kind "room", version N, expiresAt N (epoch s), expiresAtNanos N, bodyz B | body B
//	connection:  pk "conn#<id>", kind "conn", room S, seat N, expiresAt N (epoch s), expiresAtNanos N
//	AI claim:    pk "claim#<room id>", kind "claim", turn S, expiresAt N (epoch s), expiresAtNanos N
//
// A claim (ClaimTurn) is well under 1 KB, so claiming costs one write capacity unit.
//
// DynamoDB bills a write by the item's size (one write unit per KB), and a room item is
// rewritten whole on every move, its move list growing with the game: the body is stored
// DEFLATE-compressed as bodyz whenever that is smaller (a 200-ply star game's 2.4 KB body
// takes about a third), so most moves cost one write unit instead of two or three. Items
// written with a plain body attribute (before compression, or incompressible) still read.
//
// expiresAt is the TTL attribute (epoch seconds, rounded up so TTL never deletes an item
// early); expiresAtNanos keeps the exact instant for conditions and for the Record the store
// hands back. TTL deletion lags by up to days, so every read and every condition treats an
// item whose expiry has passed as gone, and no update can revive an expired room. A zero
// ExpiresAt never expires (no TTL attribute), as in the other stores.
package dynamodb

import (
	"bytes"
	"compress/flate"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	ddb "github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"madang/functions/room"
)

// Table layout; template.yaml must declare the same (its test compares them).
const (
	// DefaultTable is the table name used when none is configured.
	DefaultTable = "madang"
	// KeyAttr is the table's only key attribute: the HASH key, type S.
	KeyAttr = "pk"
	// KeyType is the DynamoDB attribute type of KeyAttr.
	KeyType = "S"
	// TTLAttr is the attribute DynamoDB TTL reads: epoch seconds, type N.
	TTLAttr = "expiresAt"
	// MaxBodyBytes bounds a room's Body: 300 KiB, well under DynamoDB's 400 KB item limit,
	// leaving room for the other attributes. A larger body is refused with room.ErrTooLarge.
	MaxBodyBytes = 300 << 10
)

const (
	roomPrefix  = "room#"
	connPrefix  = "conn#"
	claimPrefix = "claim#"
	turnAttr    = "turn"
	nanosAttr   = "expiresAtNanos"
	verAttr     = "version"
)

// API is the part of *dynamodb.Client the store uses.
type API interface {
	GetItem(ctx context.Context, in *ddb.GetItemInput, opts ...func(*ddb.Options)) (*ddb.GetItemOutput, error)
	PutItem(ctx context.Context, in *ddb.PutItemInput, opts ...func(*ddb.Options)) (*ddb.PutItemOutput, error)
	DeleteItem(ctx context.Context, in *ddb.DeleteItemInput, opts ...func(*ddb.Options)) (*ddb.DeleteItemOutput, error)
}

// Scanner is the part of *dynamodb.Client RoomIDs uses (an API without it cannot list).
type Scanner interface {
	Scan(ctx context.Context, in *ddb.ScanInput, opts ...func(*ddb.Options)) (*ddb.ScanOutput, error)
}

// Store is a room.Store on one DynamoDB table. It is safe for concurrent use.
type Store struct {
	api   API
	table string
}

var _ room.Store = (*Store)(nil)

// New returns a store on the named table (DefaultTable when table is "").
func New(api API, table string) *Store {
	if table == "" {
		table = DefaultTable
	}
	return &Store{api: api, table: table}
}

// Table is the table name the store uses.
func (s *Store) Table() string { return s.table }

type key struct {
	PK string `dynamodbav:"pk"`
}

type roomItem struct {
	PK             string `dynamodbav:"pk"`
	Kind           string `dynamodbav:"kind"`
	Version        int64  `dynamodbav:"version"`
	ExpiresAt      int64  `dynamodbav:"expiresAt,omitempty"`
	ExpiresAtNanos int64  `dynamodbav:"expiresAtNanos"`
	Body           []byte `dynamodbav:"body,omitempty"`  // the body as is
	BodyZ          []byte `dynamodbav:"bodyz,omitempty"` // or DEFLATE-compressed (RFC 1951)
}

type connItem struct {
	PK             string `dynamodbav:"pk"`
	Kind           string `dynamodbav:"kind"`
	Room           string `dynamodbav:"room"`
	Seat           int    `dynamodbav:"seat"`
	ExpiresAt      int64  `dynamodbav:"expiresAt,omitempty"`
	ExpiresAtNanos int64  `dynamodbav:"expiresAtNanos"`
}

type claimItem struct {
	PK             string `dynamodbav:"pk"`
	Kind           string `dynamodbav:"kind"`
	Turn           string `dynamodbav:"turn"`
	ExpiresAt      int64  `dynamodbav:"expiresAt,omitempty"`
	ExpiresAtNanos int64  `dynamodbav:"expiresAtNanos"`
}

// never is the stored expiry of a record whose ExpiresAt is zero: it does not expire (as in
// the memory and embedded stores), and carries no TTL attribute.
const never = math.MaxInt64

// ttlSeconds rounds t up to whole epoch seconds, so TTL never removes an item before t;
// 0 (no TTL attribute) for the zero time.
func ttlSeconds(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	s := t.Unix()
	if t.Nanosecond() > 0 {
		s++
	}
	return s
}

// expiryNanos is t in Unix nanoseconds, or never for the zero time.
func expiryNanos(t time.Time) int64 {
	if t.IsZero() {
		return never
	}
	return t.UnixNano()
}

func expiryTime(n int64) time.Time {
	if n == never {
		return time.Time{}
	}
	return time.Unix(0, n).UTC()
}

func (it roomItem) record() (room.Record, error) {
	body := it.Body
	if len(it.BodyZ) > 0 {
		var err error
		if body, err = inflate(it.BodyZ); err != nil {
			return room.Record{}, fmt.Errorf("dynamodb: room %s: %w", it.PK, err)
		}
	}
	return room.Record{
		ID:        it.PK[len(roomPrefix):],
		Version:   it.Version,
		ExpiresAt: expiryTime(it.ExpiresAtNanos),
		Body:      body,
	}, nil
}

// deflate compresses b (RFC 1951), or returns nil when that does not make it smaller.
func deflate(b []byte) []byte {
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		return nil
	}
	if _, err := w.Write(b); err != nil || w.Close() != nil || buf.Len() >= len(b) {
		return nil
	}
	return buf.Bytes()
}

// inflate reverses deflate, refusing a body that inflates past MaxBodyBytes (a damaged or
// hostile item).
func inflate(z []byte) ([]byte, error) {
	r := flate.NewReader(bytes.NewReader(z))
	defer r.Close()
	b, err := io.ReadAll(io.LimitReader(r, MaxBodyBytes+1))
	if err != nil {
		return nil, fmt.Errorf("inflate body: %w", err)
	}
	if len(b) > MaxBodyBytes {
		return nil, fmt.Errorf("inflated body over %d bytes", MaxBodyBytes)
	}
	return b, nil
}

func (it roomItem) live(now time.Time) bool {
	return it.ExpiresAtNanos > now.UnixNano()
}

func (s *Store) get(ctx context.Context, pk string, out any) (bool, error) {
	k, err := attributevalue.MarshalMap(key{PK: pk})
	if err != nil {
		return false, err
	}
	res, err := s.api.GetItem(ctx, &ddb.GetItemInput{
		TableName:      aws.String(s.table),
		Key:            k,
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return false, fmt.Errorf("dynamodb: get %s: %w", pk, err)
	}
	if len(res.Item) == 0 {
		return false, nil
	}
	if err := attributevalue.UnmarshalMap(res.Item, out); err != nil {
		return false, fmt.Errorf("dynamodb: decode %s: %w", pk, err)
	}
	return true, nil
}

// GetRoom returns room id, or room.ErrNotFound when it is absent or expired at now.
// The read is strongly consistent.
func (s *Store) GetRoom(ctx context.Context, id string, now time.Time) (room.Record, error) {
	if id == "" {
		return room.Record{}, fmt.Errorf("dynamodb: empty room id: %w", room.ErrNotFound)
	}
	var it roomItem
	ok, err := s.get(ctx, roomPrefix+id, &it)
	if err != nil {
		return room.Record{}, err
	}
	if !ok || !it.live(now) {
		return room.Record{}, room.ErrNotFound
	}
	return it.record()
}

// PutRoom writes r when the stored version equals prev and the stored room has not expired
// at now; prev 0 creates, succeeding only when no live room has the id. A lost condition
// returns room.ErrConflict with the current live Record taken from the failed write
// (ReturnValuesOnConditionCheckFailure ALL_OLD), or a zero Record when the room is absent or
// expired. A Body over MaxBodyBytes returns room.ErrTooLarge without writing.
func (s *Store) PutRoom(ctx context.Context, r room.Record, prev int64, now time.Time) (room.Record, error) {
	if r.ID == "" {
		return room.Record{}, errors.New("dynamodb: put room: empty id")
	}
	if prev < 0 {
		return room.Record{}, fmt.Errorf("dynamodb: put room %s: negative previous version %d", r.ID, prev)
	}
	if len(r.Body) > MaxBodyBytes {
		return room.Record{}, fmt.Errorf("dynamodb: room %s body is %d bytes, limit %d: %w",
			r.ID, len(r.Body), MaxBodyBytes, room.ErrTooLarge)
	}
	it := roomItem{
		PK:             roomPrefix + r.ID,
		Kind:           "room",
		Version:        r.Version,
		ExpiresAt:      ttlSeconds(r.ExpiresAt),
		ExpiresAtNanos: expiryNanos(r.ExpiresAt),
	}
	if it.BodyZ = deflate(r.Body); it.BodyZ == nil {
		it.Body = r.Body
	}
	av, err := attributevalue.MarshalMap(it)
	if err != nil {
		return room.Record{}, fmt.Errorf("dynamodb: encode room %s: %w", r.ID, err)
	}
	nowNanos := expression.Value(now.UnixNano())
	var cond expression.ConditionBuilder
	if prev == 0 {
		cond = expression.Or(
			expression.AttributeNotExists(expression.Name(KeyAttr)),
			expression.Name(nanosAttr).LessThanEqual(nowNanos),
		)
	} else {
		cond = expression.And(
			expression.AttributeExists(expression.Name(KeyAttr)),
			expression.Name(verAttr).Equal(expression.Value(prev)),
			expression.Name(nanosAttr).GreaterThan(nowNanos),
		)
	}
	ex, err := expression.NewBuilder().WithCondition(cond).Build()
	if err != nil {
		return room.Record{}, fmt.Errorf("dynamodb: condition for room %s: %w", r.ID, err)
	}
	_, err = s.api.PutItem(ctx, &ddb.PutItemInput{
		TableName:                           aws.String(s.table),
		Item:                                av,
		ConditionExpression:                 ex.Condition(),
		ExpressionAttributeNames:            ex.Names(),
		ExpressionAttributeValues:           ex.Values(),
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	})
	var ccf *types.ConditionalCheckFailedException
	switch {
	case errors.As(err, &ccf):
		var cur roomItem
		if len(ccf.Item) > 0 && attributevalue.UnmarshalMap(ccf.Item, &cur) == nil && cur.live(now) {
			if rec, err := cur.record(); err == nil {
				return rec, room.ErrConflict
			}
		}
		return room.Record{}, room.ErrConflict
	case err != nil:
		if isItemTooLarge(err) {
			return room.Record{}, fmt.Errorf("dynamodb: room %s: %w (%v)", r.ID, room.ErrTooLarge, err)
		}
		return room.Record{}, fmt.Errorf("dynamodb: put room %s: %w", r.ID, err)
	}
	return r, nil
}

// isItemTooLarge recognises DynamoDB's ValidationException for an item over 400 KB.
func isItemTooLarge(err error) bool {
	var api interface{ ErrorMessage() string }
	return errors.As(err, &api) && strings.Contains(strings.ToLower(api.ErrorMessage()), "item size has exceeded")
}

// PutConn creates or replaces connection c.
func (s *Store) PutConn(ctx context.Context, c room.Conn) error {
	if c.ID == "" {
		return errors.New("dynamodb: put connection: empty id")
	}
	av, err := attributevalue.MarshalMap(connItem{
		PK:             connPrefix + c.ID,
		Kind:           "conn",
		Room:           c.Room,
		Seat:           c.Seat,
		ExpiresAt:      ttlSeconds(c.ExpiresAt),
		ExpiresAtNanos: expiryNanos(c.ExpiresAt),
	})
	if err != nil {
		return fmt.Errorf("dynamodb: encode connection %s: %w", c.ID, err)
	}
	if _, err := s.api.PutItem(ctx, &ddb.PutItemInput{TableName: aws.String(s.table), Item: av}); err != nil {
		return fmt.Errorf("dynamodb: put connection %s: %w", c.ID, err)
	}
	return nil
}

// GetConn returns connection id, or room.ErrNotFound when absent or expired at now.
func (s *Store) GetConn(ctx context.Context, id string, now time.Time) (room.Conn, error) {
	if id == "" {
		return room.Conn{}, fmt.Errorf("dynamodb: empty connection id: %w", room.ErrNotFound)
	}
	var it connItem
	ok, err := s.get(ctx, connPrefix+id, &it)
	if err != nil {
		return room.Conn{}, err
	}
	if !ok || it.ExpiresAtNanos <= now.UnixNano() {
		return room.Conn{}, room.ErrNotFound
	}
	return room.Conn{
		ID:        id,
		Room:      it.Room,
		Seat:      it.Seat,
		ExpiresAt: expiryTime(it.ExpiresAtNanos),
	}, nil
}

// DeleteConn removes connection id; a missing one is not an error.
func (s *Store) DeleteConn(ctx context.Context, id string) error {
	if id == "" {
		return nil
	}
	k, err := attributevalue.MarshalMap(key{PK: connPrefix + id})
	if err != nil {
		return err
	}
	if _, err := s.api.DeleteItem(ctx, &ddb.DeleteItemInput{TableName: aws.String(s.table), Key: k}); err != nil {
		return fmt.Errorf("dynamodb: delete connection %s: %w", id, err)
	}
	return nil
}

// ClaimTurn claims room roomID's AI turn named turn until the instant until: one
// conditional PutItem of the claim item (attribute_not_exists(pk) OR turn <> :turn OR
// expiresAtNanos <= :now). It reports false when the condition fails: a live claim of the
// same turn. The item carries the TTL attribute, so an abandoned claim goes by itself.
func (s *Store) ClaimTurn(ctx context.Context, roomID, turn string, until, now time.Time) (bool, error) {
	if roomID == "" || turn == "" {
		return false, errors.New("dynamodb: claim turn: empty room id or turn")
	}
	av, err := attributevalue.MarshalMap(claimItem{
		PK:             claimPrefix + roomID,
		Kind:           "claim",
		Turn:           turn,
		ExpiresAt:      ttlSeconds(until),
		ExpiresAtNanos: expiryNanos(until),
	})
	if err != nil {
		return false, fmt.Errorf("dynamodb: encode claim %s: %w", roomID, err)
	}
	cond := expression.Or(
		expression.AttributeNotExists(expression.Name(KeyAttr)),
		expression.Name(turnAttr).NotEqual(expression.Value(turn)),
		expression.Name(nanosAttr).LessThanEqual(expression.Value(now.UnixNano())),
	)
	ex, err := expression.NewBuilder().WithCondition(cond).Build()
	if err != nil {
		return false, fmt.Errorf("dynamodb: condition for claim %s: %w", roomID, err)
	}
	_, err = s.api.PutItem(ctx, &ddb.PutItemInput{
		TableName:                 aws.String(s.table),
		Item:                      av,
		ConditionExpression:       ex.Condition(),
		ExpressionAttributeNames:  ex.Names(),
		ExpressionAttributeValues: ex.Values(),
	})
	var ccf *types.ConditionalCheckFailedException
	switch {
	case errors.As(err, &ccf):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("dynamodb: claim turn of %s: %w", roomID, err)
	}
	return true, nil
}

// ReleaseTurn deletes room roomID's claim when it is of turn (a DeleteItem conditional on
// turn = :turn; a failed condition or no claim is not an error).
func (s *Store) ReleaseTurn(ctx context.Context, roomID, turn string) error {
	if roomID == "" {
		return nil
	}
	k, err := attributevalue.MarshalMap(key{PK: claimPrefix + roomID})
	if err != nil {
		return err
	}
	ex, err := expression.NewBuilder().WithCondition(expression.Name(turnAttr).Equal(expression.Value(turn))).Build()
	if err != nil {
		return err
	}
	_, err = s.api.DeleteItem(ctx, &ddb.DeleteItemInput{
		TableName:                 aws.String(s.table),
		Key:                       k,
		ConditionExpression:       ex.Condition(),
		ExpressionAttributeNames:  ex.Names(),
		ExpressionAttributeValues: ex.Values(),
	})
	var ccf *types.ConditionalCheckFailedException
	if err != nil && !errors.As(err, &ccf) {
		return fmt.Errorf("dynamodb: release turn of %s: %w", roomID, err)
	}
	return nil
}

// RoomIDs implements room.RoomLister with a paginated Scan of the room items live at now
// (the local stack runs it once at start; the Lambda functions never do). Errors: the API
// cannot Scan, or a Scan failed.
func (s *Store) RoomIDs(ctx context.Context, now time.Time) ([]string, error) {
	sc, ok := s.api.(Scanner)
	if !ok {
		return nil, errors.New("dynamodb: list rooms: the client cannot Scan")
	}
	filter := expression.Name("kind").Equal(expression.Value("room")).
		And(expression.Name(nanosAttr).GreaterThan(expression.Value(now.UnixNano())))
	expr, err := expression.NewBuilder().WithFilter(filter).WithProjection(expression.NamesList(expression.Name(KeyAttr))).Build()
	if err != nil {
		return nil, err
	}
	var ids []string
	var start map[string]types.AttributeValue
	for {
		out, err := sc.Scan(ctx, &ddb.ScanInput{
			TableName:                 aws.String(s.table),
			FilterExpression:          expr.Filter(),
			ProjectionExpression:      expr.Projection(),
			ExpressionAttributeNames:  expr.Names(),
			ExpressionAttributeValues: expr.Values(),
			ExclusiveStartKey:         start,
			ConsistentRead:            aws.Bool(true),
		})
		if err != nil {
			return nil, fmt.Errorf("dynamodb: list rooms: %w", err)
		}
		for _, item := range out.Items {
			var k key
			if err := attributevalue.UnmarshalMap(item, &k); err != nil {
				return nil, fmt.Errorf("dynamodb: list rooms: %w", err)
			}
			if strings.HasPrefix(k.PK, roomPrefix) {
				ids = append(ids, k.PK[len(roomPrefix):])
			}
		}
		if len(out.LastEvaluatedKey) == 0 {
			return ids, nil
		}
		start = out.LastEvaluatedKey
	}
}
