// This file builds the room service of a Lambda function from its configuration:
// the DynamoDB store, the management-API notifier, the async Lambda invoker and the SQS
// scheduler (and, for the message function, the per-socket rate in front of it). Each main in functions/<name> calls it once, outside the handler, so warm
// invocations reuse the clients.

package lambda

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/aws/aws-sdk-go-v2/config"
	lambdaapi "github.com/aws/aws-sdk-go-v2/service/lambda"
	sqsapi "github.com/aws/aws-sdk-go-v2/service/sqs"

	"madang/functions/aws/apigateway"
	"madang/functions/aws/sqs"
	"madang/functions/room"
	"madang/functions/store/dynamodb"
)

// Clock is the wall clock.
type Clock struct{}

// Now returns time.Now().
func (Clock) Now() time.Time { return time.Now() }

// Logger is the functions' logger: JSON lines on stderr, which Lambda sends to CloudWatch.
func Logger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stderr, nil))
}

// Deps builds the room service's ports from cfg. Table and CallbackURL are required; without
// AIFunction or DelayQueueURL the service runs without AI invocations or delayed actions.
// ai is the engine port (nil: AI seats do not move).
func Deps(ctx context.Context, cfg Config, ai room.AI, log *slog.Logger) (room.Deps, error) {
	if cfg.Table == "" {
		return room.Deps{}, errors.New("lambda: no table configured (" + Table + ")")
	}
	if cfg.CallbackURL == "" {
		return room.Deps{}, errors.New("lambda: no management endpoint configured (" + CallbackURL + ")")
	}
	db, err := dynamodb.NewClient(ctx, cfg.DynamoDBEndpoint)
	if err != nil {
		return room.Deps{}, err
	}
	mgmt, err := apigateway.NewClient(ctx, cfg.CallbackURL)
	if err != nil {
		return room.Deps{}, err
	}
	d := room.Deps{
		Store:    dynamodb.New(db, cfg.Table),
		Notifier: apigateway.New(mgmt),
		Clock:    Clock{},
		AI:       ai,
		Log:      log,
	}
	if cfg.AIFunction != "" || cfg.DelayQueueURL != "" {
		awsCfg, err := config.LoadDefaultConfig(ctx)
		if err != nil {
			return room.Deps{}, fmt.Errorf("lambda: aws config: %w", err)
		}
		if cfg.AIFunction != "" {
			d.Invoker = NewInvoker(lambdaapi.NewFromConfig(awsCfg), cfg.AIFunction)
		}
		if cfg.DelayQueueURL != "" {
			d.Scheduler = sqs.New(sqsapi.NewFromConfig(awsCfg), cfg.DelayQueueURL)
		}
	}
	return d, nil
}

// Service reads the configuration from the environment and builds the room service with
// the engine port ai (aiseat.Engines in the functions that move for AI seats; nil in those
// that never search, so they do not link the engines), or exits the process with a message
// (a function without its configuration cannot serve). The main registers the games
// (madang/games/all or madang/games/allrules).
func Service(ai room.AI) *room.Service {
	return room.New(mustDeps(Logger(), ai))
}

// MessageFunction builds the message function's handler as Service builds the service: the room
// service behind the per-socket message rate of SocketRate (room.MessagesPerSecond, room.MessageBurst), whose
// refusals are posted through the service's own notifier.
func MessageFunction(ai room.AI) WebSocket {
	log := Logger()
	d := mustDeps(log, ai)
	limit := NewSocketRate(room.MessagesPerSecond, room.MessageBurst)
	return RateLimited(limit, d.Notifier, d.Clock, log, Message(room.New(d), log))
}

// mustDeps reads the configuration and builds the ports, or exits the process.
func mustDeps(log *slog.Logger, ai room.AI) room.Deps {
	cfg, err := Load(nil, Table, CallbackURL)
	if err == nil {
		var d room.Deps
		d, err = Deps(context.Background(), cfg, ai, log)
		if err == nil {
			return d
		}
	}
	log.Error("configuration", "err", err)
	os.Exit(1)
	return room.Deps{}
}
