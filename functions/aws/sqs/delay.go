// Package sqs is the room.Scheduler on an SQS queue: each delayed action is one message
// with a per-message DelaySeconds (at most 900 s, SQS's limit), consumed by the AI function,
// which re-checks the room when the message arrives. EventBridge Scheduler is not used: it
// fires within a 60 s window, too coarse for the 45 s takeover.
package sqs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"madang/functions/room"
)

// MaxDelay is the longest per-message delay SQS accepts.
const MaxDelay = 900 * time.Second

// API is the part of the SQS client the scheduler uses.
type API interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, opts ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
}

// Scheduler sends delayed actions to one queue. Safe for concurrent use.
type Scheduler struct {
	api   API
	queue string
}

var _ room.Scheduler = (*Scheduler)(nil)

// New returns a scheduler sending to the queue URL queueURL.
func New(api API, queueURL string) *Scheduler { return &Scheduler{api: api, queue: queueURL} }

// After sends a as a JSON message (room.Delayed's fields) delivered no sooner than d: the delay
// is rounded up to whole seconds. A d over MaxDelay is refused; d ≤ 0 delivers at once.
func (s *Scheduler) After(ctx context.Context, d time.Duration, a room.Delayed) error {
	if s.queue == "" {
		return errors.New("sqs: no queue configured")
	}
	if d > MaxDelay {
		return fmt.Errorf("sqs: delay %v is over the SQS limit of %v", d, MaxDelay)
	}
	if a.Room == "" || a.Kind == "" {
		return fmt.Errorf("sqs: bad action %+v", a)
	}
	secs := int32(0)
	if d > 0 {
		secs = int32((d + time.Second - 1) / time.Second)
	}
	body, err := json.Marshal(a)
	if err != nil {
		return err
	}
	_, err = s.api.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:     aws.String(s.queue),
		MessageBody:  aws.String(string(body)),
		DelaySeconds: secs,
	})
	if err != nil {
		return fmt.Errorf("sqs: send %s for room %s: %w", a.Kind, a.Room, err)
	}
	return nil
}

// Decode reads a message body sent by After. The same queue also receives Lambda's records of
// failed AI invokes (its on-failure destination, template.yaml); Decode refuses those, and
// lambda.AI reads them first.
func Decode(body string) (room.Delayed, error) {
	var a room.Delayed
	if err := json.Unmarshal([]byte(body), &a); err != nil {
		return room.Delayed{}, fmt.Errorf("sqs: bad message: %w", err)
	}
	if a.Room == "" || a.Kind == "" {
		return room.Delayed{}, fmt.Errorf("sqs: bad message %q", body)
	}
	return a, nil
}
