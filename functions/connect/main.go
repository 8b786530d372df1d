// Command connect is the Lambda function that handles $connect: it records the new connection.
// Configuration: the environment variables of package lambda, set by template.yaml.
// Built for provided.al2023 on arm64 as bootstrap (make lambdas).
package main

import (
	awslambda "github.com/aws/aws-lambda-go/lambda"

	"madang/functions/aws/lambda"
	_ "madang/games/allrules" // every game's rules, no engine: this function never searches
)

func main() {
	svc := lambda.Service(nil)
	awslambda.Start(lambda.Connect(svc, lambda.Logger()))
}
