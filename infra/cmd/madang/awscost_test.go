package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// aws-cost prices a report's rows and refuses a row it does not have.
func TestAWSCost(t *testing.T) {
	dir := t.TempDir()
	rep := filepath.Join(dir, "r.json")
	os.WriteFile(rep, []byte(`{"games":[{"label":"checkers human-vs-human","game":"checkers","plies":40,"sockets":2,
	  "perPly":{"readUnits":1,"writeUnits":1,"messagesIn":1,"messagesOut":2,"invocations":{"madang-message":1},"gbSeconds":{"madang-message":0.002}}}]}`), 0o644)
	code, out, errs := run(t, "aws-cost", "--report", rep, "--month", "checkers human-vs-human")
	if code != 0 || !strings.Contains(out, "| checkers human-vs-human | 143 |") || !strings.Contains(out, "100,000 rooms") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, _, errs := run(t, "aws-cost", "--report", rep, "--month", "nope"); code != 2 || !strings.Contains(errs, "nope") {
		t.Errorf("unknown row: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := run(t, "aws-cost", "--report", filepath.Join(dir, "missing.json")); code != 1 || !strings.Contains(errs, "make aws-e2e") {
		t.Errorf("missing report: exit %d, stderr %q", code, errs)
	}
}
