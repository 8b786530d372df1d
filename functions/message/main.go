// Command message is the Lambda function that handles every action route and $default of the WebSocket API,
// holding each socket to the per-socket message rate (lambda.SocketRate).
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
	awslambda.Start(lambda.MessageFunction(aiseat.Engines{}))
}
