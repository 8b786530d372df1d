// Command message is the Lambda function that handles every action route and $default of the WebSocket API,
// holding each socket to the per-socket message rate (package socketrate).
// Configuration: the environment variables of package lambdaenv, set by template.yaml.
// Built for provided.al2023 on arm64 as bootstrap (make lambdas).
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"madang/functions/aiseat"
	"madang/functions/aws/lambdawire"
	_ "madang/games/all" // every game with its engine
)

func main() {
	lambda.Start(lambdawire.Message(aiseat.Engines{}))
}
