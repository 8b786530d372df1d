// Package lambda is the Lambda adapter of the room service: what the four functions'
// mains (functions/connect, disconnect, message, ai) need to run on AWS Lambda.
//
//   - env.go: the functions' configuration, read from the environment variables
//     template.yaml sets.
//   - wire.go: the room service built from that configuration (the DynamoDB store, the
//     API Gateway notifier, the async Lambda invoker, the SQS scheduler); each main calls it
//     once, outside the handler, so warm invocations reuse the clients.
//   - handler.go: the handlers of the WebSocket API and of the AI function, thin adapters
//     from aws-lambda-go event values to one room service call each.
//   - invoke.go: the room.Invoker that asks the AI function to act with an async invoke.
//   - rate.go: the per-socket message rate held in the memory of one Lambda instance.
package lambda
