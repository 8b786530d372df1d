// This file holds the room.Invoker on AWS Lambda: it asks the AI function to act in a
// room with an asynchronous (InvocationType Event) invoke. Lambda may deliver an async event
// more than once; the room's version check makes the repeat a no-op.

package lambda

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	lambdaapi "github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/aws/aws-sdk-go-v2/service/lambda/types"

	"madang/functions/room"
)

// Event is the payload the AI function receives from InvokeAI: act in Room if it is still at
// Version.
type Event struct {
	Room    string `json:"room"`
	Version int64  `json:"version"`
}

// API is the part of the Lambda client the invoker uses.
type API interface {
	Invoke(ctx context.Context, in *lambdaapi.InvokeInput, opts ...func(*lambdaapi.Options)) (*lambdaapi.InvokeOutput, error)
}

// Invoker invokes one function (name or ARN) asynchronously. Safe for concurrent use.
type Invoker struct {
	api      API
	function string
}

var _ room.Invoker = (*Invoker)(nil)

// NewInvoker returns an invoker of function (its name or ARN) through api.
func NewInvoker(api API, function string) *Invoker { return &Invoker{api: api, function: function} }

// InvokeAI queues an Event for the AI function and returns once Lambda has accepted it
// (HTTP 202), before the AI has moved.
func (i *Invoker) InvokeAI(ctx context.Context, roomID string, version int64) error {
	if i.function == "" {
		return errors.New("lambda: no AI function configured")
	}
	if roomID == "" || version < 1 {
		return fmt.Errorf("lambda: bad target room %q version %d", roomID, version)
	}
	payload, err := json.Marshal(Event{Room: roomID, Version: version})
	if err != nil {
		return err
	}
	out, err := i.api.Invoke(ctx, &lambdaapi.InvokeInput{
		FunctionName:   aws.String(i.function),
		InvocationType: types.InvocationTypeEvent,
		Payload:        payload,
	})
	if err != nil {
		return fmt.Errorf("lambda: invoke %s for room %s: %w", i.function, roomID, err)
	}
	if out.StatusCode != 202 {
		return fmt.Errorf("lambda: invoke %s for room %s: status %d, want 202", i.function, roomID, out.StatusCode)
	}
	return nil
}
