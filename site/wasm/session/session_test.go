package session

import (
	"errors"
	"testing"

	"madang/ai"
	"madang/internal/trackgame"
	"madang/rules"
	"madang/rules/match"
)

func newSession(t *testing.T, game, position string, opts rules.Options, seed uint64) *Session {
	t.Helper()
	s := New(testFamily{})
	if err := s.Start(game, position, opts, seed); err != nil {
		t.Fatalf("start %s: %v", game, err)
	}
	return s
}

func rolls(t *testing.T, s *Session, n int) []rules.Dice {
	t.Helper()
	var out []rules.Dice
	for i := 0; i < n; i++ {
		d, err := s.Roll()
		if err != nil {
			t.Fatalf("roll %d: %v", i, err)
		}
		out = append(out, d)
		if s.Phase() == rules.PhaseMove {
			if err := s.PlayText("a", false); err != nil {
				t.Fatal(err)
			}
		}
		if s.Phase() == rules.PhaseOver {
			// a new game with the next seed of this one's (taking the game back would
			// roll the same dice again: TestUndoSameDice)
			if err := s.Start(s.game.ID(), "", nil, s.seed+1<<32); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// The local roll: dice 1..6 in the log as "a-b", the same for the same seed, other for
// another seed, every one of the 36 throws reachable.
func TestRollSeeded(t *testing.T) {
	s := newSession(t, diceID, "", nil, 7)
	if v := s.View(); v["phase"] != "roll" || len(v["moves"].([]any)) != 0 || v["toMove"] != 0 || v["dice"] != nil || v["opening"] != true {
		t.Fatalf("start: phase %v moves %v toMove %v dice %v opening %v, want roll, none, 0, nil, true",
			v["phase"], v["moves"], v["toMove"], v["dice"], v["opening"])
	}
	d, err := s.Roll()
	if err != nil {
		t.Fatal(err)
	}
	v := s.View()
	if v["phase"] != "move" || v["ply"] != 1 || len(v["moves"].([]any)) != 2 {
		t.Fatalf("after the roll: phase %v ply %v moves %v", v["phase"], v["ply"], v["moves"])
	}
	last := v["last"].(map[string]any)
	if last["text"] != d.String() || last["roll"] != true || last["opening"] != true || last["seat"] != 0 {
		t.Errorf("last %v, want the opening roll %s by seat 0", last, d.String())
	}
	h := v["history"].([]any)[0].(map[string]any)
	if h["text"] != d.String() || h["roll"] != true || h["opening"] != true {
		t.Errorf("history %v, want the opening roll", h)
	}
	if dv, ok := v["dice"].([]any); !ok || len(dv) != 2 || dv[0] != int(d[0]) || dv[1] != int(d[1]) || v["opening"] != false {
		t.Errorf("view dice %v opening %v, want %v and false", v["dice"], v["opening"], d)
	}
	if err := s.PlayText("a", false); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Roll(); err != nil {
		t.Fatal(err)
	}
	if h := s.View()["history"].([]any)[2].(map[string]any); h["roll"] != true || h["opening"] != nil {
		t.Errorf("second roll %v, want a roll that is not the opening", h)
	}

	a := rolls(t, newSession(t, diceID, "", nil, 7), 400)
	b := rolls(t, newSession(t, diceID, "", nil, 7), 400)
	c := rolls(t, newSession(t, diceID, "", nil, 8), 400)
	seen := map[rules.Dice]bool{}
	same := 0
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("seed 7 rolled %v then %v at %d", a[i], b[i], i)
		}
		if a[i] == c[i] {
			same++
		}
		for _, x := range a[i] {
			if x < 1 || x > 6 {
				t.Fatalf("die %d out of 1..6", x)
			}
		}
		seen[a[i]] = true
	}
	if len(seen) != 36 {
		t.Errorf("400 rolls showed %d of the 36 throws", len(seen))
	}
	if same == len(a) {
		t.Error("seeds 7 and 8 rolled the same dice")
	}
}

// Rolls and moves each in their phase; a roll with no legal play passes the turn.
func TestRollPhases(t *testing.T) {
	s := newSession(t, diceID, "", nil, 1)
	if err := s.Play(0, false); !errors.Is(err, rules.ErrPhase) {
		t.Errorf("move before the roll: %v, want ErrPhase", err)
	}
	if _, err := s.AIMove("beginner", 1); !errors.Is(err, rules.ErrPhase) {
		t.Errorf("AI before the roll: %v, want ErrPhase", err)
	}
	if err := s.Load(diceID, "", nil, 1, []string{"3-4", "a", "6-6"}); err != nil {
		t.Fatal(err)
	}
	if s.ToMove() != 0 || s.Phase() != rules.PhaseRoll {
		t.Errorf("after seat 1's 6-6: seat %d phase %v, want seat 0 to roll", s.ToMove(), s.Phase())
	}
	if v := s.View(); v["pos"] != "3,0" || v["ply"] != 3 {
		t.Errorf("view pos %v ply %v, want 3,0 and 3", v["pos"], v["ply"])
	}
	if _, err := s.Roll(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Roll(); !errors.Is(err, ErrNoRoll) {
		t.Errorf("second roll: %v, want ErrNoRoll", err)
	}
	for _, bad := range []string{"7-1", "3-", "a"} {
		if err := s.Load(diceID, "", nil, 1, []string{bad}); !errors.Is(err, rules.ErrNotation) {
			t.Errorf("log %q: %v, want bad notation", bad, err)
		}
	}
}

// UndoTo goes back to before the seat's last move with its dice still rolled.
func TestUndoKeepsDice(t *testing.T) {
	s := newSession(t, diceID, "", nil, 1)
	if err := s.Load(diceID, "", nil, 1, []string{"3-4", "a", "2-5", "b", "1-1"}); err != nil {
		t.Fatal(err)
	}
	if err := s.UndoTo(0); err != nil {
		t.Fatal(err)
	}
	v := s.View()
	if v["ply"] != 1 || v["toMove"] != 0 || v["phase"] != "move" || v["pos"] != "0,0" {
		t.Fatalf("UndoTo(0): ply %v toMove %v phase %v pos %v, want 1, 0, move, 0,0", v["ply"], v["toMove"], v["phase"], v["pos"])
	}
	if err := s.PlayText("b", false); err != nil || s.View()["pos"] != "4,0" {
		t.Errorf("the kept dice 3-4 should still move 4: %v %v", err, s.View()["pos"])
	}
	if err := s.Undo(-1); !errors.Is(err, ErrPlies) {
		t.Errorf("Undo(-1): %v, want ErrPlies", err)
	}
}

// Taking back never draws new dice: after an undo the same roll comes again, the opening
// roll and a later one alike (else undo against the AI would re-roll its dice until they
// suit the player: the new-user pass of 2026-12-07).
func TestUndoSameDice(t *testing.T) {
	s := newSession(t, diceID, "", nil, 11)
	first := rolls(t, s, 3)
	if err := s.Undo(s.m.Len()); err != nil {
		t.Fatal(err)
	}
	if again := rolls(t, s, 3); again[0] != first[0] || again[1] != first[1] || again[2] != first[2] {
		t.Fatalf("after taking everything back: %v, want %v", again, first)
	}
	// back over the last roll and its move: the same third roll
	if err := s.Undo(2); err != nil {
		t.Fatal(err)
	}
	if d, err := s.Roll(); err != nil || d != first[2] {
		t.Errorf("the third roll again: %v %v, want %v", d, err, first[2])
	}
	// a game resumed from its log rolls on as it would have: the third roll again
	resumed := New(testFamily{})
	texts := make([]string, 0, 4)
	for i := 0; i < 4; i++ {
		texts = append(texts, s.m.Entry(i).Text)
	}
	if err := resumed.Load(diceID, "", nil, 11, texts); err != nil {
		t.Fatal(err)
	}
	if d, err := resumed.Roll(); err != nil || d != first[2] {
		t.Errorf("resumed after two rolls: %v %v, want %v", d, err, first[2])
	}
	// a later roll is not the first one over again
	other := newSession(t, diceID, "", nil, 11)
	if all := rolls(t, other, 12); all[0] == all[1] && all[1] == all[2] && all[2] == all[3] {
		t.Errorf("the first four rolls of seed 11 are all %v", all[0])
	}
}

// Resignation as the rules define it: the next seat wins, one point, for any number of
// seats; a state's own rule when it has one; a seat out of range is refused.
func TestResign(t *testing.T) {
	for _, c := range []struct{ seat, winner int }{{0, 1}, {1, 2}, {2, 0}} {
		s := newSession(t, trackgame.ID, "", rules.Options{"players": 3}, 1)
		if err := s.Resign(c.seat); err != nil {
			t.Fatal(err)
		}
		o := s.Outcome()
		if o.Winner != rules.Seat(c.winner) || o.Reason != rules.Resign || o.Points != 1 || s.ToMove() != -1 {
			t.Errorf("3 seats, seat %d resigns: %+v, want seat %d to win 1 point", c.seat, o, c.winner)
		}
	}
	s := newSession(t, trackgame.ID, "", nil, 1)
	for _, bad := range []int{-1, 2} {
		if err := s.Resign(bad); !errors.Is(err, match.ErrSeat) {
			t.Errorf("resign seat %d of 2: %v, want match.ErrSeat", bad, err)
		}
	}
	s = newSession(t, diceID, "", nil, 1)
	if err := s.Resign(0); err != nil {
		t.Fatal(err)
	}
	if o := s.Outcome(); o.Winner != 1 || o.Points != 2 {
		t.Errorf("dice race resignation %+v, want the state's own rule (seat 1, 2 points)", o)
	}
	if v := s.View()["outcome"].(map[string]any); v["points"] != 2 || v["reason"] != "resign" {
		t.Errorf("view outcome %v", v)
	}
}

// Options are validated and shown; the view has the session's fields and the family's.
func TestOptionsAndView(t *testing.T) {
	s := newSession(t, trackgame.ID, "", rules.Options{"players": 3, "length": 5}, 1)
	v := s.View()
	o := v["options"].(map[string]any)
	if v["seats"] != 3 || o["players"] != 3 || o["length"] != 5 || v["pos"] != "0,0,0:0" {
		t.Errorf("view seats %v options %v pos %v", v["seats"], o, v["pos"])
	}
	if err := s.PlayText("+2", false); err != nil {
		t.Fatal(err)
	}
	v = s.View()
	h := v["history"].([]any)[0].(map[string]any)
	if h["label"] != "<+2>" || h["seat"] != 0 || h["text"] != "+2" {
		t.Errorf("history %v, want the family's label", h)
	}
	if m := v["moves"].([]any)[2].(map[string]any); m["i"] != 2 || m["text"] != "wait" || m["label"] != "<wait>" {
		t.Errorf("move 2 %v", m)
	}
	if err := New(testFamily{}).Start(trackgame.ID, "", rules.Options{"players": 4}, 1); !errors.Is(err, rules.ErrOptions) {
		t.Errorf("4 players: %v, want ErrOptions", err)
	}
	if err := New(testFamily{}).Start("checkers", "", nil, 1); !errors.Is(err, ErrGame) {
		t.Errorf("a game of another family: %v, want ErrGame", err)
	}
}

// A family without draw offers never lets a seat offer; a game without an engine says so.
func TestNoOffersNoEngine(t *testing.T) {
	s := newSession(t, trackgame.ID, "", nil, 1)
	if s.CanOffer() || s.View()["canOffer"] != false {
		t.Error("track has no draw offers")
	}
	if err := s.PlayText("+1", true); !errors.Is(err, match.ErrOffer) {
		t.Errorf("offer: %v, want match.ErrOffer", err)
	}
	if _, err := s.AIMove("beginner", 1); !errors.Is(err, ai.ErrNoEngine) {
		t.Errorf("AI: %v, want ErrNoEngine", err)
	}
}
