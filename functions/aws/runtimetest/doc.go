// Package runtimetest holds a test that runs the built Lambda mains (functions/connect,
// message, ai) as processes against a fake Lambda Runtime API, a fake API Gateway management
// endpoint, a fake Lambda Invoke endpoint and DynamoDB Local: the composition roots, their
// environment variables and the handlers, end to end without an AWS account.
package runtimetest
