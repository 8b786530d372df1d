// This file reads the Lambda functions' configuration from environment variables,
// the names template.yaml sets (its test checks that every function gets the ones it reads).

package lambda

import (
	"fmt"
	"os"
)

// Environment variable names.
const (
	// Table is the DynamoDB table name.
	Table = "MADANG_TABLE"
	// CallbackURL is the WebSocket API's management endpoint,
	// "https://<api-id>.execute-api.<region>.amazonaws.com/<stage>".
	CallbackURL = "MADANG_CALLBACK_URL"
	// AIFunction is the name or ARN of the AI function, invoked asynchronously.
	AIFunction = "MADANG_AI_FUNCTION"
	// DelayQueueURL is the URL of the SQS queue of delayed actions.
	DelayQueueURL = "MADANG_DELAY_QUEUE_URL"
	// DynamoDBEndpoint optionally points the store at another endpoint (DynamoDB Local).
	DynamoDBEndpoint = "MADANG_DYNAMODB_ENDPOINT"
)

// Config is the configuration every function's composition root reads.
type Config struct {
	Table            string
	CallbackURL      string
	AIFunction       string
	DelayQueueURL    string
	DynamoDBEndpoint string
}

// Load reads Config with getenv (os.Getenv when nil) and reports the first of the required
// variables that is empty. DynamoDBEndpoint is never required.
func Load(getenv func(string) string, required ...string) (Config, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	c := Config{
		Table:            getenv(Table),
		CallbackURL:      getenv(CallbackURL),
		AIFunction:       getenv(AIFunction),
		DelayQueueURL:    getenv(DelayQueueURL),
		DynamoDBEndpoint: getenv(DynamoDBEndpoint),
	}
	for _, name := range required {
		if getenv(name) == "" {
			return c, fmt.Errorf("lambda: %s is not set", name)
		}
	}
	return c, nil
}
