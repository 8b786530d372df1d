package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// aws-cost prices a report's rows with the game lengths of the AI figures file (a dice
// game's plays doubled by their rolls) and refuses a row it does not have.
func TestAWSCost(t *testing.T) {
	dir := t.TempDir()
	rep := filepath.Join(dir, "r.json")
	row := func(label, game string) string {
		return `{"label":"` + label + `","game":"` + game + `","plies":40,"sockets":2,
	  "perPly":{"readUnits":1,"writeUnits":1,"messagesIn":1,"messagesOut":2,"invocations":{"madang-message":1},"gbSeconds":{"madang-message":0.002}}}`
	}
	os.WriteFile(rep, []byte(`{"games":[`+row("checkers human-vs-human", "checkers")+`,`+row("backgammon human-vs-human", "backgammon")+`]}`), 0o644)
	figures := filepath.Join(dir, "ai-figures.json")
	os.WriteFile(figures, []byte(`{"games":{"checkers":{"self":{"avgPlies":143}},"backgammon":{"self":{"avgPlies":57}}}}`), 0o644)
	code, out, errs := run(t, "aws-cost", "--report", rep, "--figures", figures, "--month", "checkers human-vs-human")
	if code != 0 || !strings.Contains(out, "| checkers human-vs-human | 143 |") || !strings.Contains(out, "| backgammon human-vs-human | 114 |") || !strings.Contains(out, "100,000 rooms") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, _, errs := run(t, "aws-cost", "--report", rep, "--figures", figures, "--month", "nope"); code != 2 || !strings.Contains(errs, "nope") {
		t.Errorf("unknown row: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := run(t, "aws-cost", "--report", filepath.Join(dir, "missing.json"), "--figures", figures); code != 1 || !strings.Contains(errs, "make aws-e2e") {
		t.Errorf("missing report: exit %d, stderr %q", code, errs)
	}
	os.WriteFile(figures, []byte(`{"games":{"checkers":{"self":{"avgPlies":143}}}}`), 0o644)
	if code, _, errs := run(t, "aws-cost", "--report", rep, "--figures", figures); code != 1 || !strings.Contains(errs, `"backgammon"`) {
		t.Errorf("a game without a length: exit %d, stderr %q", code, errs)
	}
}
