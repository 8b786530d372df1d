package awscost

import (
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) {
		t.Errorf("%s = %.10g, want %.10g", what, got, want)
	}
}

// The units as AWS's pricing pages define them.
func TestUnits(t *testing.T) {
	near(t, "MessagesOf(100)", MessagesOf(100), 1)
	near(t, "MessagesOf(32 KB)", MessagesOf(32<<10), 1)
	near(t, "MessagesOf(32 KB + 1)", MessagesOf(32<<10+1), 2)
	near(t, "WriteUnits(1 KB)", WriteUnits(1024), 1)
	near(t, "WriteUnits(1 KB + 1)", WriteUnits(1025), 2)
	near(t, "WriteUnits(0)", WriteUnits(0), 1)
	near(t, "ReadUnits(4 KB)", ReadUnits(4096), 1)
	near(t, "ReadUnits(4 KB + 1)", ReadUnits(4097), 2)
	// 120.4 ms at 256 MB: billed 121 ms × 0.25 GB
	near(t, "GBSeconds", GBSeconds(120.4, 256), 0.121*0.25)
}

// A million of each unit costs its list price per million; messages past the first billion
// take the second tier.
func TestCost(t *testing.T) {
	p := USEast1
	b := p.Cost(Usage{Messages: 1e6, ConnectionMinutes: 1e6, LambdaRequests: 1e6, LambdaGBSeconds: 1, WRU: 1e6, RRU: 1e6, SQSRequests: 1e6})
	near(t, "API Gateway", b.APIGateway, 1.00+0.25)
	near(t, "Lambda", b.Lambda, 0.20+0.0000133334)
	near(t, "DynamoDB", b.DynamoDB, 0.625+0.125)
	near(t, "SQS", b.SQS, 0.40)
	near(t, "Total", b.Total(), 1.25+0.2000133334+0.75+0.40)
	over := p.Cost(Usage{Messages: 3e9})
	near(t, "3 billion messages", over.APIGateway, 1000+2000*0.80)
	u := Usage{Messages: 2, WRU: 1}.Add(Usage{Messages: 1, RRU: 3}).Scale(2)
	if u.Messages != 6 || u.WRU != 2 || u.RRU != 6 {
		t.Errorf("Add/Scale = %+v", u)
	}
}
