package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// A short loadtest against an in-process server: the last line is the JSON report and a
// clean run has moves and no errors.
func TestLoadtestReport(t *testing.T) {
	s := startServer(t, "--store", "memory", "--rate", "0")
	var out bytes.Buffer
	code := loadtest(context.Background(), []string{"--url", "ws" + strings.TrimPrefix(s.url, "http") + "/ws", "--rooms", "3", "--duration", "500ms"}, &out, io.Discard)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var rep loadReport
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &rep); err != nil {
		t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
	}
	if code != 0 || rep.Rooms != 3 || rep.Moves == 0 || rep.Errors != 0 || rep.P99ms < rep.P50ms {
		t.Fatalf("exit %d, report %+v", code, rep)
	}
}
