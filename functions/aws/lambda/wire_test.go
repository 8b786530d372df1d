package lambda

import (
	"context"
	"testing"

	"madang/functions/aws/apigateway"
	"madang/functions/aws/sqs"
	"madang/functions/store/dynamodb"
)

func TestDeps(t *testing.T) {
	t.Setenv("AWS_REGION", "eu-west-1")
	t.Setenv("AWS_ACCESS_KEY_ID", "k")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "s")
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	ctx := context.Background()
	full := Config{
		Table:         "madang-Table-1",
		CallbackURL:   "https://abc.execute-api.eu-west-1.amazonaws.com/prod",
		AIFunction:    "madang-ai",
		DelayQueueURL: "https://sqs.eu-west-1.amazonaws.com/1/q",
	}
	d, err := Deps(ctx, full, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := d.Store.(*dynamodb.Store); !ok || s.Table() != "madang-Table-1" {
		t.Errorf("store %T, want the DynamoDB store on madang-Table-1", d.Store)
	}
	if _, ok := d.Notifier.(*apigateway.Notifier); !ok {
		t.Errorf("notifier %T", d.Notifier)
	}
	if _, ok := d.Invoker.(*Invoker); !ok {
		t.Errorf("invoker %T", d.Invoker)
	}
	if _, ok := d.Scheduler.(*sqs.Scheduler); !ok {
		t.Errorf("scheduler %T", d.Scheduler)
	}
	if d.Clock == nil {
		t.Error("no clock")
	}

	// Without the optional queue and AI function the service runs without them.
	min := full
	min.AIFunction, min.DelayQueueURL = "", ""
	d, err = Deps(ctx, min, nil, nil)
	if err != nil || d.Invoker != nil || d.Scheduler != nil {
		t.Errorf("minimal config: %+v, %v", d, err)
	}
	for _, bad := range []Config{{CallbackURL: full.CallbackURL}, {Table: full.Table}} {
		if _, err := Deps(ctx, bad, nil, nil); err == nil {
			t.Errorf("Deps(%+v): want an error", bad)
		}
	}
}
