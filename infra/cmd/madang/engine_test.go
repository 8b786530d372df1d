package main

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"time"

	aidraughts "madang/ai/draughts"
)

func TestParseHubLine(t *testing.T) {
	h := parseHubLine(`pos pos=Weee moves="32-28 17-22" flag level=3`)
	if h.cmd != "pos" || h.args["pos"] != "Weee" || h.args["moves"] != "32-28 17-22" || h.args["level"] != "3" {
		t.Fatalf("parsed %+v", h)
	}
	if _, ok := h.args["flag"]; !ok {
		t.Fatalf("flag argument lost: %+v", h)
	}
	if h := parseHubLine("  go think "); h.cmd != "go" || len(h.args) != 1 {
		t.Fatalf("parsed %+v", h)
	}
	if h := parseHubLine(`error message="unterminated`); h.args["message"] != "unterminated" {
		t.Fatalf("parsed %+v", h)
	}
}

// A Hub session as the protocol's own example runs it: handshake, a position with moves,
// a depth-limited search, ping during a timed search, stop, quit.
func TestHubSession(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	h := newHub(aidraughts.Draughts, 4, outW)
	finished := make(chan struct{})
	go func() { h.run(inR); outW.Close(); close(finished) }()
	out := bufio.NewScanner(outR)
	send := func(s string) { io.WriteString(inW, s+"\n") }
	expect := func(prefix string) string {
		t.Helper()
		for out.Scan() {
			if strings.HasPrefix(out.Text(), prefix) {
				return out.Text()
			}
		}
		t.Fatalf("no %q line", prefix)
		return ""
	}
	send("hub")
	expect("id name=madang")
	expect("wait")
	send("init")
	expect("ready")
	start := "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"
	send("pos pos=" + start + ` moves="32-28 19-23 28x19"`)
	send("level depth=4")
	send("go think")
	done := expect("done move=")
	// Black must retake on 19 (14x23 or 13x24): 28x19 took the man on 23.
	p, _ := aidraughts.Draughts.ParseHub(start)
	for _, m := range []string{"32-28", "19-23", "28x19"} {
		mv, err := aidraughts.Draughts.ParseMove(&p, m)
		if err != nil {
			t.Fatal(err)
		}
		p = p.Apply(mv)
	}
	move := strings.Fields(strings.TrimPrefix(done, "done move="))[0]
	mv, err := aidraughts.Draughts.ParseMove(&p, move)
	if err != nil || !mv.IsCapture() {
		t.Fatalf("%s: not the forced recapture (%v)", done, err)
	}
	send("pos pos=" + start)
	send("level move-time=30")
	send("go think")
	send("ping")
	expect("pong")
	t0 := time.Now()
	send("stop")
	expect("done move=")
	if el := time.Since(t0); el > 5*time.Second {
		t.Fatalf("stop took %v", el)
	}
	send("pos pos=Xbad")
	expect("error message=")
	send("quit")
	select {
	case <-finished:
	case <-time.After(5 * time.Second):
		t.Fatal("quit did not end the session")
	}
	inW.Close()
}

func TestEngineFlags(t *testing.T) {
	var out, errb strings.Builder
	if code := dispatch([]string{"engine", "--game", "chess"}, &out, &errb); code != 2 {
		t.Fatalf("exit %d for an unknown game", code)
	}
}
