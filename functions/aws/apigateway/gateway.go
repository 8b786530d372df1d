// Package apigateway is the room.Notifier on the API Gateway management API: it posts a frame
// to a WebSocket connection with PostToConnection, and is the room.Prober that asks about one
// with GetConnection. A connection the gateway no longer knows (HTTP 410 Gone) is reported as
// room.ErrGone, on which the room service drops the connection and marks its seat away.
package apigateway

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	mgmt "github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi/types"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"madang/functions/room"
)

// API is the part of the management API client the notifier uses.
type API interface {
	PostToConnection(ctx context.Context, in *mgmt.PostToConnectionInput, opts ...func(*mgmt.Options)) (*mgmt.PostToConnectionOutput, error)
	GetConnection(ctx context.Context, in *mgmt.GetConnectionInput, opts ...func(*mgmt.Options)) (*mgmt.GetConnectionOutput, error)
}

// Notifier posts frames through the management API. Safe for concurrent use.
type Notifier struct {
	api API
}

var (
	_ room.Notifier = (*Notifier)(nil)
	_ room.Prober   = (*Notifier)(nil)
)

// New returns a notifier on api.
func New(api API) *Notifier { return &Notifier{api: api} }

// Endpoint is the management API URL of a WebSocket API stage:
// "https://<domain>/<stage>", e.g. "https://abc123.execute-api.eu-west-1.amazonaws.com/prod".
// A domain with a scheme (the local emulator's "http://127.0.0.1:8080") is kept as given.
func Endpoint(domain, stage string) string {
	u := domain
	if !strings.Contains(u, "://") {
		u = "https://" + u
	}
	if stage != "" {
		u += "/" + stage
	}
	return u
}

// NewClient returns a management API client for endpoint (see Endpoint) using the default
// AWS configuration (the Lambda role in AWS).
func NewClient(ctx context.Context, endpoint string) (*mgmt.Client, error) {
	if endpoint == "" {
		return nil, errors.New("apigateway: empty management endpoint")
	}
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, fmt.Errorf("apigateway: aws config: %w", err)
	}
	return mgmt.NewFromConfig(cfg, func(o *mgmt.Options) { o.BaseEndpoint = aws.String(endpoint) }), nil
}

// Post sends msg as one frame to connection connID. It returns an error wrapping
// room.ErrGone when the gateway answers 410 Gone (the client has disconnected).
func (n *Notifier) Post(ctx context.Context, connID string, msg []byte) error {
	if connID == "" {
		return errors.New("apigateway: post: empty connection id")
	}
	_, err := n.api.PostToConnection(ctx, &mgmt.PostToConnectionInput{ConnectionId: aws.String(connID), Data: msg})
	if err == nil {
		return nil
	}
	if isGone(err) {
		return fmt.Errorf("apigateway: connection %s: %w", connID, room.ErrGone)
	}
	return fmt.Errorf("apigateway: post to %s: %w", connID, err)
}

// Probe asks API Gateway about connection connID (GetConnection): when it was last active
// (zero when the answer does not say), or an error wrapping room.ErrGone when the gateway
// answers 410 Gone (the socket has closed, whether or not its $disconnect was delivered).
func (n *Notifier) Probe(ctx context.Context, connID string) (time.Time, error) {
	if connID == "" {
		return time.Time{}, errors.New("apigateway: probe: empty connection id")
	}
	out, err := n.api.GetConnection(ctx, &mgmt.GetConnectionInput{ConnectionId: aws.String(connID)})
	if err != nil {
		if isGone(err) {
			return time.Time{}, fmt.Errorf("apigateway: connection %s: %w", connID, room.ErrGone)
		}
		return time.Time{}, fmt.Errorf("apigateway: get connection %s: %w", connID, err)
	}
	return aws.ToTime(out.LastActiveAt), nil
}

func isGone(err error) bool {
	var gone *types.GoneException
	if errors.As(err, &gone) {
		return true
	}
	var re *smithyhttp.ResponseError
	return errors.As(err, &re) && re.HTTPStatusCode() == http.StatusGone
}
