package embedded_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"madang/functions/room"
	"madang/functions/store/embedded"
)

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func roomAt(id string, v int64) room.Record {
	return room.Record{ID: id, Version: v, ExpiresAt: t0.Add(time.Hour), Body: []byte(fmt.Sprintf("%s@%d", id, v))}
}

// heldStore opens a store whose commits never run: every write stays in the log and the
// overlay, as it is between a write's acknowledgement and its commit.
func heldStore(t *testing.T, dir string) *embedded.Store {
	s, err := embedded.Open(dir, embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	hold := make(chan struct{})
	s.SetBeforeCommit(func(int) { <-hold })
	t.Cleanup(func() { close(hold); s.Close() })
	return s
}

// snapshot copies dir as a kill -9 of the server would leave it: the bbolt file (no commit
// is under way) and the log segments as written so far.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	to := t.TempDir()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return to
}

func segments(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "madang.wal.*"))
	if err != nil || len(m) == 0 {
		t.Fatalf("no log segment in %s (%v)", dir, err)
	}
	sort.Strings(m)
	return m
}

func mustVersion(t *testing.T, s room.Store, id string, want int64) {
	t.Helper()
	r, err := s.GetRoom(context.Background(), id, t0)
	if want == 0 {
		if !errors.Is(err, room.ErrNotFound) {
			t.Errorf("room %s: %+v, %v, want absent", id, r, err)
		}
		return
	}
	if err != nil || r.Version != want || string(r.Body) != fmt.Sprintf("%s@%d", id, want) {
		t.Errorf("room %s: %+v, %v, want version %d", id, r, err, want)
	}
}

// Writes acknowledged but not yet in the bbolt file are there after a crash and reopen:
// Open replays the log (rooms, connections and their deletion).
func TestReplayAfterCrash(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := heldStore(t, dir)
	for i := 0; i < 20; i++ {
		if _, err := s.PutRoom(ctx, roomAt(fmt.Sprint("r", i), 1), 0, t0); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.PutRoom(ctx, roomAt("r3", 2), 1, t0); err != nil {
		t.Fatal(err)
	}
	s.PutConn(ctx, room.Conn{ID: "c1", Room: "r1", Seat: 1, ExpiresAt: t0.Add(time.Hour)})
	s.PutConn(ctx, room.Conn{ID: "c2", Room: "r2", ExpiresAt: t0.Add(time.Hour)})
	s.DeleteConn(ctx, "c2")
	if s.InFile("r3") {
		t.Fatal("the held store committed")
	}
	crashed := snapshot(t, dir)
	s2, err := embedded.Open(crashed, embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if !s2.InFile("r3") {
		t.Error("Open did not apply the log to the bbolt file")
	}
	for i := 0; i < 20; i++ {
		want := int64(1)
		if i == 3 {
			want = 2
		}
		mustVersion(t, s2, fmt.Sprint("r", i), want)
	}
	if c, err := s2.GetConn(ctx, "c1", t0); err != nil || c.Room != "r1" || c.Seat != 1 {
		t.Errorf("conn c1: %+v, %v", c, err)
	}
	if _, err := s2.GetConn(ctx, "c2", t0); !errors.Is(err, room.ErrNotFound) {
		t.Errorf("deleted conn c2: %v, want ErrNotFound", err)
	}
	if segs := segments(t, crashed); len(segs) != 1 {
		t.Errorf("segments after replay: %v, want only the new one", segs)
	}
	// The replayed writes are in the file: a second crash right away keeps them.
	again, err := embedded.Open(snapshot(t, crashed), embedded.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	mustVersion(t, again, "r3", 2)
}

// The version checks of PutRoom see the writes not yet in the bbolt file.
func TestConflictAgainstLog(t *testing.T) {
	ctx := context.Background()
	s := heldStore(t, t.TempDir())
	if _, err := s.PutRoom(ctx, roomAt("r", 1), 0, t0); err != nil {
		t.Fatal(err)
	}
	cur, err := s.PutRoom(ctx, roomAt("r", 1), 0, t0)
	if !errors.Is(err, room.ErrConflict) || cur.Version != 1 {
		t.Fatalf("second create: %+v, %v, want ErrConflict with version 1", cur, err)
	}
	if _, err := s.PutRoom(ctx, roomAt("r", 2), 1, t0); err != nil {
		t.Fatalf("update at version 1: %v", err)
	}
	if cur, err := s.PutRoom(ctx, roomAt("r", 2), 1, t0); !errors.Is(err, room.ErrConflict) || cur.Version != 2 {
		t.Fatalf("stale update: %+v, %v, want ErrConflict with version 2", cur, err)
	}
	// Expiry is judged on the logged item too: an expired room can be created again.
	if _, err := s.PutRoom(ctx, roomAt("r", 3), 2, t0.Add(2*time.Hour)); !errors.Is(err, room.ErrConflict) {
		t.Fatalf("update of a room expired in the log: %v, want ErrConflict", err)
	}
	if _, err := s.PutRoom(ctx, room.Record{ID: "r", Version: 1, ExpiresAt: t0.Add(3 * time.Hour), Body: []byte("new")}, 0, t0.Add(2*time.Hour)); err != nil {
		t.Fatalf("create over a room expired in the log: %v", err)
	}
	if s.InFile("r") {
		t.Fatal("the held store committed")
	}
	if ids, err := s.RoomIDs(ctx, t0.Add(2*time.Hour)); err != nil || len(ids) != 1 || ids[0] != "r" {
		t.Errorf("RoomIDs %v %v, want [r] from the log", ids, err)
	}
}

// A crash in the middle of a record leaves a torn tail: Open ignores it (no error, no
// panic) and keeps every record before it. A damaged record in the middle ends the replay
// there: a crash loses the newest writes, never older ones alone.
func TestTornLog(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := heldStore(t, dir)
	for i := 1; i <= 3; i++ {
		if _, err := s.PutRoom(ctx, roomAt(fmt.Sprint("r", i), 1), 0, t0); err != nil {
			t.Fatal(err)
		}
	}
	size := func(d string) int64 {
		fi, err := os.Stat(segments(t, d)[0])
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	recLen := size(dir) / 3 // three records of the same length
	for _, c := range []struct {
		name   string
		damage func(path string) error
		want   []int64 // versions of r1..r3
	}{
		{"cut in the last record", func(p string) error { return os.Truncate(p, 3*recLen-5) }, []int64{1, 1, 0}},
		{"cut in its header", func(p string) error { return os.Truncate(p, 2*recLen+3) }, []int64{1, 1, 0}},
		{"zeros after the end", func(p string) error {
			f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				return err
			}
			defer f.Close()
			_, err = f.Write(make([]byte, 100))
			return err
		}, []int64{1, 1, 1}},
		{"a flipped byte in the second record", func(p string) error {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			b[recLen+recLen/2] ^= 0x40
			return os.WriteFile(p, b, 0o600)
		}, []int64{1, 0, 0}},
		{"a huge length", func(p string) error {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			copy(b[2*recLen:], []byte{0xff, 0xff, 0xff, 0xf0})
			return os.WriteFile(p, b, 0o600)
		}, []int64{1, 1, 0}},
	} {
		t.Run(c.name, func(t *testing.T) {
			crashed := snapshot(t, dir)
			if err := c.damage(segments(t, crashed)[0]); err != nil {
				t.Fatal(err)
			}
			s2, err := embedded.Open(crashed, embedded.Options{NoSync: true})
			if err != nil {
				t.Fatalf("Open after a torn log: %v", err)
			}
			defer s2.Close()
			for i, v := range c.want {
				mustVersion(t, s2, fmt.Sprint("r", i+1), v)
			}
			// And the store works on: the next write goes to a fresh segment.
			if _, err := s2.PutRoom(ctx, roomAt("r9", 1), 0, t0); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// A second Open of a folder in use fails before reading the log, and the first store's
// logged writes are untouched by it.
func TestOpenInUseKeepsLog(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := heldStore(t, dir)
	if _, err := s.PutRoom(ctx, roomAt("r", 1), 0, t0); err != nil {
		t.Fatal(err)
	}
	if s2, err := embedded.Open(dir, embedded.Options{}); !errors.Is(err, embedded.ErrInUse) {
		if err == nil {
			s2.Close()
		}
		t.Fatalf("second Open: %v, want ErrInUse", err)
	}
	mustVersion(t, s, "r", 1)
	s2, err := embedded.Open(snapshot(t, dir), embedded.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	mustVersion(t, s2, "r", 1)
}

// Close applies the log to the file and deletes it: nothing is left to replay.
func TestCloseAppliesLog(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := embedded.Open(dir, embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 100; i++ {
		if _, err := s.PutRoom(ctx, roomAt(fmt.Sprint("r", i), 1), 0, t0); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "madang.wal.*")); len(m) != 0 {
		t.Errorf("log left after Close: %v", m)
	}
	s, err = embedded.Open(dir, embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	mustVersion(t, s, "r99", 1)
}

// killChild is the server of TestKill9: it writes rooms (version after version) and prints
// each acknowledged write, until it is killed.
func killChild(dir string, hold bool) {
	s, err := embedded.Open(dir, embedded.Options{})
	if err != nil {
		fmt.Println("open:", err)
		os.Exit(1)
	}
	if hold {
		s.SetBeforeCommit(func(int) { select {} })
	}
	out := bufio.NewWriter(os.Stdout)
	for v := int64(1); ; v++ {
		for i := 0; i < 10; i++ {
			id := fmt.Sprint("r", i)
			if _, err := s.PutRoom(context.Background(), roomAt(id, v), v-1, t0); err != nil {
				fmt.Println("put:", err)
				os.Exit(1)
			}
			fmt.Fprintln(out, id, v)
			out.Flush()
		}
	}
}

// kill -9 of the server loses no acknowledged write: a child process writes, the test
// kills it after N acknowledgements, and every acknowledged version is there after Open
// (with the commits running, and with them held so that every write is only in the log).
func TestKill9(t *testing.T) {
	if dir := os.Getenv("MADANG_KILL_CHILD"); dir != "" {
		killChild(dir, os.Getenv("MADANG_KILL_HOLD") != "")
		return
	}
	for _, hold := range []bool{false, true} {
		t.Run(fmt.Sprint("held=", hold), func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(os.Args[0], "-test.run=^TestKill9$")
			cmd.Env = append(os.Environ(), "MADANG_KILL_CHILD="+dir)
			if hold {
				cmd.Env = append(cmd.Env, "MADANG_KILL_HOLD=1")
			}
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			cmd.Stderr = os.Stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			acked := map[string]int64{}
			sc := bufio.NewScanner(out)
			for n := 0; n < 3000 && sc.Scan(); n++ {
				f := strings.Fields(sc.Text())
				if len(f) != 2 {
					t.Fatalf("child: %s", sc.Text())
				}
				v, _ := strconv.ParseInt(f[1], 10, 64)
				acked[f[0]] = v
			}
			cmd.Process.Kill() // SIGKILL
			io.Copy(io.Discard, out)
			cmd.Wait()
			if len(acked) != 10 {
				t.Fatalf("child acknowledged %d rooms", len(acked))
			}
			s, err := embedded.Open(dir, embedded.Options{NoSync: true})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			for id, v := range acked {
				r, err := s.GetRoom(context.Background(), id, t0)
				if err != nil || r.Version < v {
					t.Errorf("room %s after kill -9: %+v, %v, want version ≥ %d (acknowledged)", id, r, err, v)
				}
			}
		})
	}
}

// A key bbolt would refuse (empty, over 32 KB) is refused before it is logged: once
// acknowledged, a write must be one the commit can apply, or every later commit (and the
// next Open's replay) would fail on it.
func TestBadKeysRefusedBeforeLog(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := embedded.Open(dir, embedded.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("k", 40<<10)
	for _, id := range []string{"", long} {
		if _, err := s.PutRoom(ctx, roomAt(id, 1), 0, t0); err == nil {
			t.Errorf("PutRoom with a %d-byte id succeeded", len(id))
		}
		if err := s.PutConn(ctx, room.Conn{ID: id, Room: "r"}); err == nil {
			t.Errorf("PutConn with a %d-byte id succeeded", len(id))
		}
	}
	if err := s.DeleteConn(ctx, ""); err != nil {
		t.Errorf("DeleteConn of an empty id: %v, want nil (no such connection)", err)
	}
	if _, err := s.PutRoom(ctx, roomAt("r", 1), 0, t0); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = embedded.Open(dir, embedded.Options{NoSync: true})
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer s.Close()
	if !s.InFile("r") {
		t.Error("the good write never reached the file")
	}
}
