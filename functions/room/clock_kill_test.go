package room_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"madang/functions/room"
	"madang/functions/store/embedded"
	"madang/internal/fakeclock"
)

// clockKillChild plays a clocked room on the embedded store in dir, prints the room id and
// the seat tokens once seat 0 has moved, and waits to be killed.
func clockKillChild(t *testing.T, dir string) {
	st, err := embedded.Open(dir, embedded.Options{})
	if err != nil {
		fmt.Println("open:", err)
		os.Exit(1)
	}
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	h.svc = room.New(room.Deps{Store: st, Notifier: h.note, Invoker: h.inv, Scheduler: h.sched, Clock: h.clock, AI: h.ai, Log: quiet, Rand: h.rand})
	tb := h.openClocked(M{}, M{"baseMs": 60000, "incrementMs": 1000}, 2)
	h.clock.Advance(4 * time.Second)
	h.wantMoved(h.move(tb, 0, "wait"))
	fmt.Println(tb.id, tb.tokens[0], tb.tokens[1])
	select {}
}

// kill -9 of a server during a clocked game loses no time: a child process plays on the
// embedded store and is killed; a new service on the same folder shows the remaining times
// as charged before the kill, the running clock charged for the time the server was down,
// and the flag comes by the first request after the deadline (the child's delayed check
// died with it).
func TestClockSurvivesKill9(t *testing.T) {
	if dir := os.Getenv("MADANG_CLOCK_KILL_CHILD"); dir != "" {
		clockKillChild(t, dir)
		return
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestClockSurvivesKill9$")
	cmd.Env = append(os.Environ(), "MADANG_CLOCK_KILL_CHILD="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	if !sc.Scan() {
		cmd.Process.Kill()
		t.Fatal("the child printed nothing")
	}
	f := strings.Fields(sc.Text())
	cmd.Process.Kill() // SIGKILL
	cmd.Wait()
	if len(f) != 3 {
		t.Fatalf("child: %q", sc.Text())
	}
	tb := table{id: f[0], tokens: f[1:]}

	st, err := embedded.Open(dir, embedded.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	h.clock = fakeclock.New(t0.Add(4*time.Second + 20*time.Second)) // 20 s after the move
	h.svc = room.New(room.Deps{Store: st, Notifier: h.note, Invoker: h.inv, Scheduler: h.sched, Clock: h.clock, AI: h.ai, Log: quiet, Rand: h.rand})
	c := h.clockOf(tb)
	if remaining(c, 0) != 57000 || remaining(c, 1) != 40000 || c.Running != 1 {
		t.Fatalf("after kill -9: %v %v running %d; want 57000 40000 running 1", remaining(c, 0), remaining(c, 1), c.Running)
	}
	fs := h.send("c1x", M{"action": "resume", "room": tb.id, "token": tb.tokens[1]})
	var snap struct {
		Clock *room.ClockView `json:"clock"`
	}
	json.Unmarshal(fs[len(fs)-1].Room, &snap)
	if snap.Clock == nil || remaining(snap.Clock, 1) != 40000 {
		t.Fatalf("resume after kill -9: %s", describe(fs))
	}
	h.clock.Advance(40 * time.Second)
	h.send("c0x", M{"action": "resume", "room": tb.id, "token": tb.tokens[0]})
	if s := h.snap(tb); s.Status != room.StatusOver || s.Result.Reason != "time" || *s.Result.Winner != 0 {
		t.Fatalf("after the deadline: %s %+v", s.Status, s.Result)
	}
}
