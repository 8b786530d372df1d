package awscost

import (
	"math"
	"strings"
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

// One report row priced by hand: 100 plies a game of 3 messages, one read and one write
// unit, one 1 ms invocation at 1,024 MB each, two sockets at a ply every 5 s.
func TestTable(t *testing.T) {
	rep, err := ReadReport(strings.NewReader(`{"games":[
	 {"label":"g human","game":"g","mode":"human-vs-human","plies":10,"sockets":2,
	  "perPly":{"readUnits":1,"writeUnits":1,"messagesIn":1,"messagesOut":2,"invocations":{"f":1},"gbSeconds":{"f":0.001}}},
	 {"label":"fault","game":"g","plies":40,"sockets":2,"note":"fault test, not a whole game","perPly":{}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	sc := Scenario{PaceSeconds: 5, Plies: map[string]float64{"g": 100}}
	u, plies := sc.GameUsage(rep.Games[0])
	if plies != 100 {
		t.Fatalf("plies %v, want the scenario's 100", plies)
	}
	b := USEast1.Cost(u.Scale(1000))
	near(t, "API Gateway per 1,000 games", b.APIGateway, 300e3*1e-6+2*100*5/60.0*1000*0.25e-6)
	near(t, "Lambda per 1,000 games", b.Lambda, 100e3*0.2e-6+100*0.0000133334)
	near(t, "DynamoDB per 1,000 games", b.DynamoDB, 100e3*(0.625e-6+0.125e-6))
	var out strings.Builder
	Table(&out, rep, USEast1, sc, 1000, []string{"g human"})
	if !strings.Contains(out.String(), "| g human | 100 | $0.40 |") {
		t.Errorf("table row missing or wrong:\n%s", out.String())
	}
	if strings.Contains(out.String(), "| fault |") {
		t.Errorf("a fault test was priced as a game:\n%s", out.String())
	}
	// a month of 1,000 rooms: 518,400 plies each
	m := USEast1.Cost(sc.Month(rep.Games[0], 1000))
	near(t, "a month's DynamoDB", m.DynamoDB, 1000*518400*(0.625e-6+0.125e-6))
	if _, err := ReadReport(strings.NewReader(`{"games":[]}`)); err == nil {
		t.Error("a report without games was read")
	}
	if _, err := ReadReport(strings.NewReader(`[PDN]`)); err == nil {
		t.Error("a file that is not a report was read")
	}
}

func TestGrouped(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 999: "999", 1000: "1,000", 206365.4: "206,365", 1234567: "1,234,567", -1500: "-1,500"} {
		if got := grouped(v); got != want {
			t.Errorf("grouped(%v) = %q, want %q", v, got, want)
		}
	}
}
