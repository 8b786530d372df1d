package rules

import (
	"errors"
	"strconv"
	"testing"
)

// nim is a tiny game for testing the generic API: one pile, take 1 or 2, taking the last
// stone wins.
type nim struct{}

type nimMove int8

func (m nimMove) String() string { return strconv.Itoa(int(m)) }

type nimState struct {
	pile, ply int
}

func (nim) ID() string                            { return "test-nim" }
func (nim) Validate(o Options) (Options, error)   { return Options{"pile": 5}, nil }
func (nim) New(Options) (State, error)            { return nimState{pile: 5}, nil }
func (nim) Decode(Options, string) (State, error) { return nil, ErrNotation }
func (s nimState) Game() Game                     { return nim{} }
func (s nimState) Options() Options               { return Options{"pile": 5} }
func (s nimState) Seats() int                     { return 2 }
func (s nimState) Ply() int                       { return s.ply }
func (s nimState) Roll(Dice) (State, error)       { return nil, ErrPhase }
func (s nimState) Counters() []Counter            { return nil }
func (s nimState) Encode() string                 { return strconv.Itoa(s.pile) }
func (s nimState) ToMove() Seat {
	if s.pile == 0 {
		return NoSeat
	}
	return Seat(s.ply % 2)
}
func (s nimState) Phase() Phase {
	if s.pile == 0 {
		return PhaseOver
	}
	return PhaseMove
}
func (s nimState) Moves() []Move {
	var ms []Move
	for n := 1; n <= 2 && n <= s.pile; n++ {
		ms = append(ms, nimMove(n))
	}
	return ms
}
func (s nimState) Play(m Move) (State, error) {
	if s.pile == 0 {
		return nil, ErrOver
	}
	for _, l := range s.Moves() {
		if l == m {
			return nimState{pile: s.pile - int(m.(nimMove)), ply: s.ply + 1}, nil
		}
	}
	return nil, &MoveError{Text: m.String(), Err: ErrIllegal}
}
func (s nimState) ParseMove(text string) (Move, error) {
	n, err := strconv.Atoi(text)
	if err != nil {
		return nil, &MoveError{Text: text, Err: ErrNotation, Detail: "not a number"}
	}
	for _, l := range s.Moves() {
		if l == nimMove(n) {
			return l, nil
		}
	}
	return nil, &MoveError{Text: text, Err: ErrIllegal}
}
func (s nimState) Outcome() Outcome {
	if s.pile == 0 {
		return WinFor(Seat((s.ply-1)%2), NoMoves)
	}
	return OngoingOutcome
}

// Registered once per test binary, as a family registers its games (go test -count=N reruns
// the tests, not init).
func init() { Register(nim{}) }

func TestRegistryAndReplay(t *testing.T) {
	g, ok := Lookup("test-nim")
	if !ok {
		t.Fatal("registered game not found")
	}
	if _, ok := Lookup("no-such-game"); ok {
		t.Fatal("Lookup found an unregistered id")
	}
	found := false
	for _, id := range IDs() {
		found = found || id == "test-nim"
	}
	if !found {
		t.Fatalf("IDs() = %v lacks test-nim", IDs())
	}
	s, _ := g.New(nil)
	end, n, err := Replay(s, []string{"2", "2", "1"})
	if err != nil || n != 3 {
		t.Fatalf("Replay = %d, %v", n, err)
	}
	if o := end.Outcome(); o.Winner != 0 || o.Reason != NoMoves {
		t.Fatalf("outcome %+v, want seat 0 wins (took the last stone on ply 3)", o)
	}
	// A failing replay stops at the bad move and keeps the last good state.
	last, i, err := Replay(s, []string{"1", "x", "1"})
	if i != 1 || !errors.Is(err, ErrNotation) || last.Ply() != 1 {
		t.Fatalf("Replay bad text: i=%d err=%v ply=%d", i, err, last.Ply())
	}
	_, i, err = Replay(s, []string{"2", "2", "2"})
	if i != 2 || !errors.Is(err, ErrIllegal) {
		t.Fatalf("Replay illegal: i=%d err=%v", i, err)
	}
}

func TestMoveErrorText(t *testing.T) {
	e := &MoveError{Text: "10x14", Err: ErrAmbiguous, Candidates: []string{"10x19x14", "10x23x14"}}
	want := `ambiguous move "10x14" (candidates: 10x19x14, 10x23x14)`
	if e.Error() != want {
		t.Fatalf("Error() = %q, want %q", e.Error(), want)
	}
	if !errors.Is(e, ErrAmbiguous) {
		t.Fatal("MoveError does not unwrap to its kind")
	}
}

// namedNim is nim under another id, to register games out of order.
type namedNim struct {
	nim
	id string
}

func (n namedNim) ID() string { return n.id }

// IDs lists every registered id once in sorted order, whatever order they were registered
// in, and a caller's change to the list leaves the registry's alone.
// Registered out of order, once per test binary.
func init() {
	for _, id := range []string{"test-ids-m", "test-ids-z", "test-ids-a", "test-ids-q"} {
		Register(namedNim{id: id})
	}
}

func TestIDsSorted(t *testing.T) {
	ids := IDs()
	if len(ids) != len(registry) {
		t.Fatalf("IDs() = %v, registry has %d", ids, len(registry))
	}
	for i, id := range ids {
		if _, ok := registry[id]; !ok || i > 0 && ids[i-1] >= id {
			t.Fatalf("IDs() = %v: not the registry's ids in sorted order", ids)
		}
	}
	ids[0] = "zzz"
	if IDs()[0] == "zzz" {
		t.Error("IDs() shares its list with the registry")
	}
}
