package sqs

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"madang/functions/room"
)

type fakeSQS struct{ in []*sqs.SendMessageInput }

func (f *fakeSQS) SendMessage(_ context.Context, in *sqs.SendMessageInput, _ ...func(*sqs.Options)) (*sqs.SendMessageOutput, error) {
	f.in = append(f.in, in)
	return &sqs.SendMessageOutput{}, nil
}

func TestAfterDelaysAndRoundTrips(t *testing.T) {
	a := room.Delayed{Room: "k3v9", Version: 12, Kind: "away"}
	cases := []struct {
		d    time.Duration
		want int32
	}{
		{45 * time.Second, 45},       // the star games' 45 s takeover (seed 000)
		{45*time.Second + 1, 46},     // never early
		{120 * time.Second, 120},     // checkers/draughts 2 min (seed 001)
		{0, 0},                       // at once
		{-time.Second, 0},            // already due
		{MaxDelay, 900},              // SQS's limit
		{time.Millisecond, 1},        // rounds up
		{899*time.Second + 1e8, 900}, // rounds up to the limit
		{30 * time.Minute / 2, 900},  // exactly 15 min
		{2*time.Second + 999e6, 3},   // 2.999 s
		{3 * time.Second, 3},         // whole seconds unchanged
		{time.Second - time.Nanosecond, 1},
	}
	for _, c := range cases {
		f := &fakeSQS{}
		if err := New(f, "https://sqs.eu-west-1.amazonaws.com/1/q").After(context.Background(), c.d, a); err != nil {
			t.Fatalf("After(%v): %v", c.d, err)
		}
		in := f.in[0]
		if in.DelaySeconds != c.want || *in.QueueUrl != "https://sqs.eu-west-1.amazonaws.com/1/q" {
			t.Errorf("After(%v): DelaySeconds %d, want %d", c.d, in.DelaySeconds, c.want)
		}
		got, err := Decode(*in.MessageBody)
		if err != nil || got != a {
			t.Errorf("Decode(%s) = %+v, %v; want %+v", *in.MessageBody, got, err, a)
		}
	}
}

func TestAfterRefuses(t *testing.T) {
	ctx := context.Background()
	f := &fakeSQS{}
	if err := New(f, "q").After(ctx, MaxDelay+time.Nanosecond, room.Delayed{Room: "r", Kind: "away"}); err == nil {
		t.Error("delay over 900 s: want an error")
	}
	if err := New(f, "").After(ctx, time.Second, room.Delayed{Room: "r", Kind: "away"}); err == nil {
		t.Error("no queue: want an error")
	}
	if err := New(f, "q").After(ctx, time.Second, room.Delayed{Kind: "away"}); err == nil {
		t.Error("no room: want an error")
	}
	if len(f.in) != 0 {
		t.Errorf("%d messages sent by refused calls", len(f.in))
	}
	for _, bad := range []string{"", "{", `{"room":"r"}`, `{"kind":"away"}`} {
		if _, err := Decode(bad); err == nil {
			t.Errorf("Decode(%q): want an error", bad)
		}
	}
}
