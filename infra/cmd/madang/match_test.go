package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestMain lets the test binary act as `madang` itself, so match tests can start engines.
func TestMain(m *testing.M) {
	if os.Getenv("MADANG_TEST_AS_CLI") == "1" {
		os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

func TestMatchTwoEngines(t *testing.T) {
	t.Setenv("MADANG_TEST_AS_CLI", "1")
	self, err := os.Executable()
	if err != nil {
		t.Skip("no executable path:", err)
	}
	for _, game := range []string{"checkers", "draughts"} {
		eng := self + " engine --game " + game + " --tt 1"
		var out, errb strings.Builder
		code := dispatch([]string{"match", "--game", game, "--a", eng, "--b", eng, "--games", "2",
			"--movetime", "5", "--max-plies", "40"}, &out, &errb)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", game, code, errb.String())
		}
		if strings.Contains(errb.String(), "forfeits") {
			t.Fatalf("%s: %s", game, errb.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		var r selfplayReport
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &r); err != nil || r.Games != 2 ||
			r.AWins+r.BWins+r.Draws != 2 {
			t.Fatalf("%s: summary %q: %v", game, lines[len(lines)-1], err)
		}
	}
}
