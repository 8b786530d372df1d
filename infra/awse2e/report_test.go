package awse2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"madang/infra/lambdalocal"
)

// Report is the JSON the test writes (ReportEnv): what the cost table is computed from.
type Report struct {
	// Functions: per function, from the emulator's REPORT and INIT REPORT lines and the
	// bootstrap's VmHWM (peak resident memory).
	Functions []FunctionFigures `json:"functions"`
	// Games: per room played, totals and per ply.
	Games []GameFigures `json:"games"`
	// DelayQueue: SQS requests answered by the test double, by operation (the event
	// source mapping's polls included).
	DelayQueue map[string]int           `json:"sqsCalls"`
	Mapping    lambdalocal.MappingStats `json:"delayQueueMapping"`
	Notes      []string                 `json:"notes"`
}

// FunctionFigures is one function's row.
type FunctionFigures struct {
	Name           string              `json:"name"`
	MemoryMB       int                 `json:"memoryMB"`
	Invocations    int                 `json:"invocations"`
	FunctionErrors int                 `json:"functionErrors"`
	ColdStarts     int                 `json:"coldStarts"`
	InitMs         lambdalocal.Summary `json:"initMs"`
	DurationMs     lambdalocal.Summary `json:"durationMs"`
	BilledMsTotal  float64             `json:"billedMsTotal"`
	PeakMemoryMB   float64             `json:"peakMemoryMB"`
}

// Counts are one game's totals (or its per-ply means).
type Counts struct {
	// DynamoDB requests and the request units on-demand billing charges for them.
	GetItem    float64 `json:"getItem"`
	PutItem    float64 `json:"putItem"`
	DeleteItem float64 `json:"deleteItem"`
	ReadUnits  float64 `json:"readUnits"`
	WriteUnits float64 `json:"writeUnits"`
	// Gateway messages: in = client frames (each one message-function invocation), out =
	// management-API posts.
	MessagesIn  float64 `json:"messagesIn"`
	MessagesOut float64 `json:"messagesOut"`
	Posts410    float64 `json:"posts410"`
	// Lambda invocations and billed GB-seconds by function.
	Invocations map[string]float64 `json:"invocations"`
	GBSeconds   map[string]float64 `json:"gbSeconds"`
}

// GameFigures is one room's row.
type GameFigures struct {
	gameInfo
	Total  Counts `json:"total"`
	PerPly Counts `json:"perPly"`
	// Room item sizes written (bytes as DynamoDB bills them).
	RoomItemMean float64 `json:"roomItemBytesMean"`
	RoomItemMax  int     `json:"roomItemBytesMax"`
}

func (c *Counts) scale(f float64) Counts {
	out := *c
	out.GetItem *= f
	out.PutItem *= f
	out.DeleteItem *= f
	out.ReadUnits *= f
	out.WriteUnits *= f
	out.MessagesIn *= f
	out.MessagesOut *= f
	out.Posts410 *= f
	out.Invocations, out.GBSeconds = map[string]float64{}, map[string]float64{}
	for k, v := range c.Invocations {
		out.Invocations[k] = v * f
	}
	for k, v := range c.GBSeconds {
		out.GBSeconds[k] = v * f
	}
	return out
}

func (s *stack) report(t *testing.T) {
	l := s.ledger
	l.mu.Lock()
	defer l.mu.Unlock()
	rep := Report{DelayQueue: s.sqsSrv.Calls(), Mapping: s.esm.Stats()}
	for _, st := range s.svc.Stats() {
		rep.Functions = append(rep.Functions, FunctionFigures{Name: st.Name, MemoryMB: st.MemoryMB, Invocations: st.Invocations, FunctionErrors: st.FunctionErrors,
			ColdStarts: st.ColdStarts, InitMs: st.InitMs, DurationMs: st.DurationMs, BilledMsTotal: st.BilledMs, PeakMemoryMB: float64(st.PeakKB) / 1024})
	}
	roomOf := func(conn, room string) string {
		if room != "" {
			return room
		}
		return l.connRoom[conn]
	}
	totals := map[string]*Counts{}
	sizes := map[string][]int{}
	c := func(room string) *Counts {
		if totals[room] == nil {
			totals[room] = &Counts{Invocations: map[string]float64{}, GBSeconds: map[string]float64{}}
		}
		return totals[room]
	}
	for _, r := range l.ddb {
		room := roomOf(r.Conn, r.Room)
		if r.Claim != "" { // an AI turn's claim (and its release) is its room's cost
			room = r.Claim
		}
		switch r.Op {
		case "GetItem":
			c(room).GetItem++
			c(room).ReadUnits += r.Units
		case "PutItem":
			c(room).PutItem++
			c(room).WriteUnits += r.Units
			if r.Room != "" && !r.Failed {
				sizes[room] = append(sizes[room], r.ItemBytes)
			}
		case "DeleteItem":
			c(room).DeleteItem++
			c(room).WriteUnits += r.Units
		}
	}
	for _, p := range l.posts {
		room := roomOf(p.Conn, "")
		c(room).MessagesOut++
		if p.Status == 410 {
			c(room).Posts410++
		}
	}
	for _, iv := range l.invokes {
		room := roomOf(iv.Conn, iv.Room)
		c(room).Invocations[iv.Function]++
		c(room).GBSeconds[iv.Function] += iv.BilledMs / 1000 * float64(s.memory[iv.Function]) / 1024
		if iv.Function == fnName("MessageFunction") {
			c(room).MessagesIn++
		}
	}
	var rooms []string
	for room := range s.games {
		rooms = append(rooms, room)
	}
	sort.Slice(rooms, func(i, j int) bool { return s.games[rooms[i]].Label < s.games[rooms[j]].Label })
	for _, room := range rooms {
		g := s.games[room]
		tot := c(room)
		gf := GameFigures{gameInfo: *g, Total: *tot, PerPly: tot.scale(1 / float64(max(1, g.Plies)))}
		for _, n := range sizes[room] {
			gf.RoomItemMean += float64(n) / float64(len(sizes[room]))
			gf.RoomItemMax = max(gf.RoomItemMax, n)
		}
		rep.Games = append(rep.Games, gf)
	}
	rep.Notes = []string{
		"perPly divides a room's totals by its plies (moves of every seat; in backgammon each roll is a ply too, see rolls).",
		"A room's totals include its sockets' $connect and $disconnect (a connection is counted in the room its connection item names).",
		"readUnits: strongly consistent GetItem, 1 per 4 KB (at least 1); writeUnits: PutItem 1 per KB of item (at least 1, a failed condition included), DeleteItem 1.",
		"gbSeconds: billed ms (the emulator's REPORT) x the template's MemorySize; durations are this machine's, not Lambda's arm64 CPU share.",
		"messagesIn: client frames (one message-function invocation each); messagesOut: management-API posts; API Gateway bills both per 32 KB.",
	}
	path := os.Getenv(ReportEnv)
	if path == "" {
		path = filepath.Join(t.TempDir(), "aws-e2e-report.json")
	}
	b, _ := json.MarshalIndent(rep, "", "  ")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Errorf("report: %v", err)
	}
	t.Logf("report written to %s\n%s", path, summary(rep))
}

// summary is the report as text for the test log.
func summary(rep Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-18s %6s %6s %5s %5s %9s %9s %9s %9s %8s\n", "function", "MB", "calls", "errs", "cold", "init p50", "init max", "dur p50", "dur p99", "peak MB")
	for _, f := range rep.Functions {
		fmt.Fprintf(&b, "%-18s %6d %6d %5d %5d %9.1f %9.1f %9.1f %9.1f %8.1f\n", f.Name, f.MemoryMB, f.Invocations, f.FunctionErrors, f.ColdStarts,
			f.InitMs.P50, f.InitMs.Max, f.DurationMs.P50, f.DurationMs.P99, f.PeakMemoryMB)
	}
	fmt.Fprintf(&b, "\nper ply (totals in brackets):\n%-40s %5s %4s %11s %11s %11s %11s %11s %9s %s\n", "game", "plies", "over", "GetItem", "PutItem", "RRU", "WRU", "msgs in", "msgs out", "invocations, GB-s per ply")
	for _, g := range rep.Games {
		var inv []string
		keys := make([]string, 0, len(g.PerPly.Invocations))
		for k := range g.PerPly.Invocations {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			inv = append(inv, fmt.Sprintf("%s %.2f (%.4f GB-s)", strings.TrimPrefix(k, stackName+"-"), g.PerPly.Invocations[k], g.PerPly.GBSeconds[k]))
		}
		fmt.Fprintf(&b, "%-40s %5d %4v %5.2f(%4.0f) %5.2f(%4.0f) %5.2f(%4.0f) %5.2f(%4.0f) %5.2f(%4.0f) %4.2f(%4.0f) %s\n", g.Label, g.Plies, g.Over,
			g.PerPly.GetItem, g.Total.GetItem, g.PerPly.PutItem, g.Total.PutItem, g.PerPly.ReadUnits, g.Total.ReadUnits, g.PerPly.WriteUnits, g.Total.WriteUnits,
			g.PerPly.MessagesIn, g.Total.MessagesIn, g.PerPly.MessagesOut, g.Total.MessagesOut, strings.Join(inv, ", "))
		fmt.Fprintf(&b, "%-40s room item %0.f bytes mean, %d max; %s\n", "", g.RoomItemMean, g.RoomItemMax, g.Note)
	}
	fmt.Fprintf(&b, "\nSQS calls %v; delay-queue mapping %+v\n", rep.DelayQueue, rep.Mapping)
	return b.String()
}
