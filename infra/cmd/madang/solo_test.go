package main

import (
	"bytes"
	"strings"
	"testing"
)

// madang solo --pieces 10 prints the plan and 27 as its last line (Bell 2009).
func TestSoloTen(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds of search")
	}
	var out, errb bytes.Buffer
	if rc := dispatch([]string{"solo", "--pieces", "10"}, &out, &errb); rc != 0 {
		t.Fatalf("exit %d: %s", rc, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if last := lines[len(lines)-1]; last != "27" {
		t.Fatalf("last line %q, want 27", last)
	}
	if len(lines) != 28 || !strings.HasPrefix(lines[0], "1. ") {
		t.Fatalf("want 27 numbered moves before the count: %q", lines[:3])
	}
}

func TestSoloBadFlags(t *testing.T) {
	for _, args := range [][]string{{"solo", "--pieces", "12"}, {"solo", "--beam", "0"}, {"solo", "x"}} {
		var out, errb bytes.Buffer
		if rc := dispatch(args, &out, &errb); rc != 2 || errb.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q", args, rc, errb.String())
		}
	}
}
