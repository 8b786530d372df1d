package lambda

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	lambdaapi "github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/aws/aws-sdk-go-v2/service/lambda/types"
)

type fakeLambda struct {
	in     []*lambdaapi.InvokeInput
	status int32
	err    error
}

func (f *fakeLambda) Invoke(_ context.Context, in *lambdaapi.InvokeInput, _ ...func(*lambdaapi.Options)) (*lambdaapi.InvokeOutput, error) {
	f.in = append(f.in, in)
	if f.err != nil {
		return nil, f.err
	}
	return &lambdaapi.InvokeOutput{StatusCode: f.status}, nil
}

func TestInvokeAIIsAsync(t *testing.T) {
	f := &fakeLambda{status: 202}
	if err := NewInvoker(f, "madang-ai").InvokeAI(context.Background(), "k3v9", 7); err != nil {
		t.Fatal(err)
	}
	if len(f.in) != 1 {
		t.Fatalf("%d invokes, want 1", len(f.in))
	}
	in := f.in[0]
	if *in.FunctionName != "madang-ai" || in.InvocationType != types.InvocationTypeEvent {
		t.Fatalf("invoke %s as %s, want madang-ai as Event", *in.FunctionName, in.InvocationType)
	}
	var ev Event
	if err := json.Unmarshal(in.Payload, &ev); err != nil || ev != (Event{Room: "k3v9", Version: 7}) {
		t.Fatalf("payload %s (%v)", in.Payload, err)
	}
}

func TestInvokeAIErrors(t *testing.T) {
	ctx := context.Background()
	if err := NewInvoker(&fakeLambda{status: 202}, "").InvokeAI(ctx, "r", 1); err == nil {
		t.Error("no function configured: want an error")
	}
	if err := NewInvoker(&fakeLambda{status: 202}, "f").InvokeAI(ctx, "", 1); err == nil {
		t.Error("empty room: want an error")
	}
	if err := NewInvoker(&fakeLambda{status: 200}, "f").InvokeAI(ctx, "r", 1); err == nil {
		t.Error("status 200 (a synchronous invoke answered): want an error")
	}
	boom := errors.New("throttled")
	if err := NewInvoker(&fakeLambda{err: boom}, "f").InvokeAI(ctx, "r", 1); !errors.Is(err, boom) {
		t.Errorf("err = %v, want it to wrap %v", err, boom)
	}
}
