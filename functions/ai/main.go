// Command ai is the Lambda function that moves for AI seats: invoked asynchronously with a
// room and version (lambdainvoke.Event), and fed the delay queue's messages: the 45 s away
// check, and the records of AI invocations Lambda gave up on (the on-failure destination),
// which it runs again. It never runs in a request path.
// Configuration: the environment variables of package lambdaenv, set by template.yaml.
// Built for provided.al2023 on arm64 as bootstrap (make lambdas).
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"madang/functions/aiseat"
	"madang/functions/aws/lambdahandler"
	"madang/functions/aws/lambdawire"
	_ "madang/games/all" // every game with its engine
)

func main() {
	svc := lambdawire.Service(aiseat.Engines{})
	lambda.Start(lambdahandler.AI(svc, lambdawire.Logger()))
}
