// Command fn is a Lambda function for the lambdalocal tests: it answers its payload, fails
// with a function error when the payload has "fail", panics with "panic", sleeps "sleepMs".
package main

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
)

type event struct {
	Fail    bool `json:"fail"`
	Panic   bool `json:"panic"`
	SleepMs int  `json:"sleepMs"`
}

func main() {
	lambda.Start(func(ctx context.Context, raw json.RawMessage) (json.RawMessage, error) {
		var e event
		_ = json.Unmarshal(raw, &e)
		if e.SleepMs > 0 {
			time.Sleep(time.Duration(e.SleepMs) * time.Millisecond)
		}
		if e.Panic {
			panic("asked to panic")
		}
		if e.Fail {
			return nil, errors.New("asked to fail")
		}
		return raw, nil
	})
}
