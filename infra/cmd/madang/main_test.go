package main

import (
	"bytes"
	"strings"
	"testing"

	"madang/rules"
)

func TestUnknownCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := dispatch([]string{"no-such-command"}, &out, &errb); code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	if !strings.Contains(errb.String(), "unknown command") {
		t.Fatalf("stderr %q does not name the problem", errb.String())
	}
}

// The top usage names every game of the registry and every record format; engine -h names
// every game the engine speaks.
func TestUsageNamesGames(t *testing.T) {
	var out, errb bytes.Buffer
	dispatch([]string{"-h"}, &out, &errb)
	for _, id := range rules.IDs() {
		if !strings.Contains(errb.String(), id) {
			t.Errorf("usage %q does not name %s", errb.String(), id)
		}
	}
	for _, f := range []string{"PDN (.pdn)", "MAT (.mat)"} {
		if !strings.Contains(errb.String(), f) {
			t.Errorf("usage %q does not name %s", errb.String(), f)
		}
	}
	errb.Reset()
	dispatch([]string{"engine", "-h"}, &out, &errb)
	for _, id := range []string{"checkers", "draughts", "backgammon"} {
		if !strings.Contains(errb.String(), id) {
			t.Errorf("engine -h %q does not name %s", errb.String(), id)
		}
	}
}

// "madang help COMMAND" shows that command's flags (as COMMAND -h) and exits 0; an unknown
// command is a usage error.
func TestHelpCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := dispatch([]string{"help", "match"}, &out, &errb); code != 0 {
		t.Fatalf("help match: exit %d, want 0 (%s)", code, errb.String())
	}
	if !strings.Contains(errb.String(), "-timeout") || strings.Contains(errb.String(), "usage: madang <command>") {
		t.Fatalf("help match printed %q, want match's own flags", errb.String())
	}
	errb.Reset()
	if code := dispatch([]string{"help", "nosuch"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), `unknown command "nosuch"`) {
		t.Fatalf("help nosuch: exit %d, %q; want 2 and the unknown command named", code, errb.String())
	}
}
