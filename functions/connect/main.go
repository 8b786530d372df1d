// Command connect is the Lambda function that handles $connect: it records the new connection.
// Configuration: the environment variables of package lambdaenv, set by template.yaml.
// Built for provided.al2023 on arm64 as bootstrap (make lambdas).
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"madang/functions/aws/lambdahandler"
	"madang/functions/aws/lambdawire"
	_ "madang/games/allrules" // every game's rules, no engine: this function never searches
)

func main() {
	svc := lambdawire.Service(nil)
	lambda.Start(lambdahandler.Connect(svc, lambdawire.Logger()))
}
