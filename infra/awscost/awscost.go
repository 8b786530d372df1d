// Package awscost turns what the AWS half of madang uses — WebSocket messages and connection
// minutes, Lambda requests and GB-seconds, DynamoDB request units, SQS requests — into
// dollars at AWS's public on-demand list prices. The figures it is fed come from `make
// aws-e2e` (infra/awse2e), which counts them on the real Lambda binaries; the cost table of
// docs/measurements.md is its output.
package awscost

import (
	"fmt"
	"math"
)

// Prices are list prices in US dollars. Tiered prices hold the first tier and the one after
// it; every other tier is beyond what this project's figures reach.
type Prices struct {
	Region string // e.g. "us-east-1"
	Date   string // when the prices were taken, e.g. "2025"

	// WebSocketMessage is API Gateway's price per WebSocket message (in or out, metered in
	// 32 KB increments) up to WebSocketTier messages a month; WebSocketMessageOver beyond.
	WebSocketMessage, WebSocketMessageOver float64
	WebSocketTier                          float64
	// ConnectionMinute is API Gateway's price per WebSocket connection minute.
	ConnectionMinute float64
	// LambdaRequest is Lambda's price per request (an invocation of any kind), and
	// LambdaGBSecondARM its price per GB-second of duration on arm64 (the first tier,
	// 7.5 billion GB-seconds a month).
	LambdaRequest, LambdaGBSecondARM float64
	// DynamoDBWRU and DynamoDBRRU are DynamoDB's on-demand prices per write and per read
	// request unit (a write unit: one write of up to 1 KB; a read unit: one strongly
	// consistent read of up to 4 KB).
	DynamoDBWRU, DynamoDBRRU float64
	// SQSRequest is SQS's price per standard-queue request (64 KB chunks).
	SQSRequest float64
}

// USEast1 are the public prices of US East (N. Virginia), as AWS's pricing pages list them
// in 2025 (DynamoDB's on-demand prices after the 50% cut of 1 November 2024); free tiers
// are left out. Not re-checked online from this repository's machines, which reach no
// pricing page: check them before relying on a figure.
var USEast1 = Prices{
	Region:               "us-east-1",
	Date:                 "2025",
	WebSocketMessage:     1.00 / 1e6,
	WebSocketMessageOver: 0.80 / 1e6,
	WebSocketTier:        1e9,
	ConnectionMinute:     0.25 / 1e6,
	LambdaRequest:        0.20 / 1e6,
	LambdaGBSecondARM:    0.0000133334,
	DynamoDBWRU:          0.625 / 1e6,
	DynamoDBRRU:          0.125 / 1e6,
	SQSRequest:           0.40 / 1e6,
}

// Usage is what some activity (a move, a game, a month) uses.
type Usage struct {
	Messages          float64 // WebSocket messages, in and out, each counted per 32 KB
	ConnectionMinutes float64
	LambdaRequests    float64
	LambdaGBSeconds   float64 // billed duration (ms rounded up, as Lambda bills) × memory
	WRU, RRU          float64 // DynamoDB request units
	SQSRequests       float64
}

// Add returns u + v.
func (u Usage) Add(v Usage) Usage {
	return Usage{
		Messages:          u.Messages + v.Messages,
		ConnectionMinutes: u.ConnectionMinutes + v.ConnectionMinutes,
		LambdaRequests:    u.LambdaRequests + v.LambdaRequests,
		LambdaGBSeconds:   u.LambdaGBSeconds + v.LambdaGBSeconds,
		WRU:               u.WRU + v.WRU,
		RRU:               u.RRU + v.RRU,
		SQSRequests:       u.SQSRequests + v.SQSRequests,
	}
}

// Scale returns u × k.
func (u Usage) Scale(k float64) Usage {
	return Usage{
		Messages:          u.Messages * k,
		ConnectionMinutes: u.ConnectionMinutes * k,
		LambdaRequests:    u.LambdaRequests * k,
		LambdaGBSeconds:   u.LambdaGBSeconds * k,
		WRU:               u.WRU * k,
		RRU:               u.RRU * k,
		SQSRequests:       u.SQSRequests * k,
	}
}

// Bill is a cost split by service, in dollars.
type Bill struct {
	APIGateway, Lambda, DynamoDB, SQS float64
}

// Total is the sum of the services.
func (b Bill) Total() float64 { return b.APIGateway + b.Lambda + b.DynamoDB + b.SQS }

func (b Bill) String() string {
	return fmt.Sprintf("$%.4g (API Gateway %.4g, Lambda %.4g, DynamoDB %.4g, SQS %.4g)", b.Total(), b.APIGateway, b.Lambda, b.DynamoDB, b.SQS)
}

// Cost prices u as one month's usage: messages past WebSocketTier take the next tier's price.
// Pricing a part of a month (a game) with it is right while the month stays in the first
// tier; MonthCost of the whole month is the figure to quote otherwise.
func (p Prices) Cost(u Usage) Bill {
	first := math.Min(u.Messages, p.WebSocketTier)
	msgs := first*p.WebSocketMessage + (u.Messages-first)*p.WebSocketMessageOver
	return Bill{
		APIGateway: msgs + u.ConnectionMinutes*p.ConnectionMinute,
		Lambda:     u.LambdaRequests*p.LambdaRequest + u.LambdaGBSeconds*p.LambdaGBSecondARM,
		DynamoDB:   u.WRU*p.DynamoDBWRU + u.RRU*p.DynamoDBRRU,
		SQS:        u.SQSRequests * p.SQSRequest,
	}
}

// GBSeconds is the billed GB-seconds of one invocation: its duration rounded up to the
// millisecond (Lambda's billing granularity) times the function's memory in MB / 1024.
func GBSeconds(durationMs float64, memoryMB int) float64 {
	return math.Ceil(durationMs) / 1000 * float64(memoryMB) / 1024
}

// MessagesOf is how many billed messages one message of n bytes is (32 KB increments).
func MessagesOf(n int) float64 {
	if n <= 0 {
		return 1
	}
	return math.Ceil(float64(n) / (32 << 10))
}

// WriteUnits is the DynamoDB write request units of writing an item of n bytes (1 per KB,
// rounded up; a delete or a conditional write that fails bills as a write of the item).
func WriteUnits(n int) float64 { return math.Max(1, math.Ceil(float64(n)/1024)) }

// ReadUnits is the DynamoDB read request units of a strongly consistent read of an item of
// n bytes (1 per 4 KB, rounded up; an eventually consistent read is half).
func ReadUnits(n int) float64 { return math.Max(1, math.Ceil(float64(n)/4096)) }
