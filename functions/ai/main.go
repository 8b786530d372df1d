// Command ai is the Lambda function that moves for AI seats: invoked asynchronously with a
// room and version (lambda.Event), and fed the delay queue's messages: the 45 s away
// check, and the records of AI invocations Lambda gave up on (the on-failure destination),
// which it runs again. It never runs in a request path.
// Configuration: the environment variables of package lambda, set by template.yaml.
// Built for provided.al2023 on arm64 as bootstrap (make lambdas).
package main

import (
	awslambda "github.com/aws/aws-lambda-go/lambda"

	"madang/functions/aiseat"
	"madang/functions/aws/lambda"
	_ "madang/games/all" // every game with its engine
)

func main() {
	svc := lambda.Service(aiseat.Engines{})
	awslambda.Start(lambda.AI(svc, lambda.Logger()))
}
