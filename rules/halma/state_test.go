package halma

import (
	"errors"
	"maps"
	"math/rand/v2"
	"testing"

	"madang/rules"
)

func TestRegisteredAndOptions(t *testing.T) {
	for _, c := range []struct {
		id   string
		opts rules.Options
		want rules.Options // nil: bad options
	}{
		{"chinese-checkers", nil, rules.Options{"players": 2, "pieces": 10}},
		{"chinese-checkers", rules.Options{"pieces": 15}, nil},
		{"chinese-checkers", rules.Options{"players": 3}, nil},
		{"diamond-kr", nil, rules.Options{"players": 2, "pieces": 10}},
		{"diamond-kr", rules.Options{"pieces": 15}, rules.Options{"players": 2, "pieces": 15}},
		{"diamond-kr", rules.Options{"pieces": 12}, nil},
		{"diamond", nil, rules.Options{"players": 2, "pieces": 15}},
		{"diamond", rules.Options{"players": 3}, rules.Options{"players": 3, "pieces": 15}},
		{"diamond", rules.Options{"players": 4}, nil},
		{"diamond", rules.Options{"colour": 1}, nil},
	} {
		g, ok := rules.Lookup(c.id)
		if !ok {
			t.Fatalf("%s not registered", c.id)
		}
		got, err := g.Validate(c.opts)
		if c.want == nil {
			if !errors.Is(err, rules.ErrOptions) {
				t.Errorf("%s %v: %v, want an options error", c.id, c.opts, err)
			}
			if _, err := g.New(c.opts); !errors.Is(err, rules.ErrOptions) {
				t.Errorf("%s %v: New: %v", c.id, c.opts, err)
			}
			continue
		}
		if err != nil || !maps.Equal(got, c.want) {
			t.Errorf("%s %v: %v %v, want %v", c.id, c.opts, got, err, c.want)
		}
		s, err := g.New(c.opts)
		if err != nil {
			t.Fatal(err)
		}
		if !maps.Equal(s.Options(), c.want) || s.Seats() != c.want["players"] || s.Game().ID() != c.id {
			t.Errorf("%s: state options %v seats %d", c.id, s.Options(), s.Seats())
		}
		d, err := g.Decode(c.opts, s.Encode())
		if err != nil || d.Encode() != s.Encode() {
			t.Errorf("%s: Decode(Encode) %v", c.id, err)
		}
	}
}

func TestStateAPI(t *testing.T) {
	g, _ := rules.Lookup("chinese-checkers")
	s, _ := g.New(nil)
	if s.ToMove() != 0 || s.Phase() != rules.PhaseMove || s.Ply() != 0 {
		t.Errorf("start: %d %d %d", s.ToMove(), s.Phase(), s.Ply())
	}
	if _, err := s.Roll(rules.Dice{1, 2}); !errors.Is(err, rules.ErrPhase) {
		t.Errorf("roll: %v", err)
	}
	m, err := s.ParseMove("3.1-5.5")
	if err != nil {
		t.Fatal(err)
	}
	n, err := s.Play(m)
	if err != nil || n.ToMove() != 1 || n.Ply() != 1 {
		t.Fatalf("play: %v", err)
	}
	if s.Encode() == n.Encode() {
		t.Error("Play changed nothing")
	}
	if _, err := n.Play(m); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("replaying red's move for blue: %v", err)
	}
	if _, err := s.Play(Pass); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("pass with moves: %v", err)
	}
	if _, err := s.Play(nil); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("nil: %v", err)
	}
	mp := Move{HoleAt(3, 1), HoleAt(5, 5)}
	if _, err := s.Play(&mp); err != nil {
		t.Errorf("*Move: %v", err)
	}
	// Replay of a short game and a finished game.
	fin, _, err := rules.Replay(NewState(decode(t, &ChineseCheckers, 2, 10, "0 13.5,14.2,14.3,14.4,15.1,15.2,15.3,16.1,16.2,17.1/1.1 0 0")), []string{"13.5-14.1"})
	if err != nil || fin.Outcome() != rules.WinFor(0, rules.CampFilled) || fin.Phase() != rules.PhaseOver || fin.ToMove() != rules.NoSeat || fin.Moves() != nil {
		t.Fatalf("won game: %v %+v", err, fin.Outcome())
	}
	if _, err := fin.Play(mp); !errors.Is(err, rules.ErrOver) {
		t.Errorf("move after the end: %v", err)
	}
	if _, err := fin.ParseMove("1.1-2.1"); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("parse after the end: %v", err)
	}
	st, _ := AsState(s)
	if got := PathText(st.Path(Move{HoleAt(3, 1), HoleAt(5, 5)})); got != "3.1-5.5" {
		t.Errorf("path %s", got)
	}
}

// Seed 002's "3/10" counts and seed 000's resign rule for three players.
func TestArrivedGoalDistanceResign(t *testing.T) {
	p, _ := DiamondKR.Start(2, 15)
	if n, size := p.Arrived(0); n != 0 || size != 15 {
		t.Errorf("start arrived %d/%d", n, size)
	}
	// One piece on the apex of camp 0 is 16 steps from the opposite apex.
	p = decode(t, &ChineseCheckers, 2, 10, "0 1.1/17.1,16.1 0 0")
	if d0, d1 := p.GoalDistance(0), p.GoalDistance(1); d0 != 16 || d1 != 16+15 {
		t.Errorf("goal distances %d %d, want 16 31", d0, d1)
	}
	// Three players at the start: all equal, so a resignation goes to the next in turn.
	s, _ := Diamond.Game().New(rules.Options{"players": 3})
	st, _ := AsState(s)
	if st.GoalDistance(0) != st.GoalDistance(1) || st.GoalDistance(1) != st.GoalDistance(2) {
		t.Errorf("start distances differ: %d %d %d", st.GoalDistance(0), st.GoalDistance(1), st.GoalDistance(2))
	}
	for resigner, want := range []rules.Seat{1, 2, 0} {
		if o := st.ResignOutcome(rules.Seat(resigner)); o != rules.WinFor(want, rules.Resign) {
			t.Errorf("seat %d resigns at the start: %+v, want seat %d", resigner, o, want)
		}
	}
	// Green nearer its goal (target apex 5.1) than yellow (5.13): red resigns, green wins.
	s2 := NewState(decode(t, &Diamond, 3, 15, "0 K9.5/K12.4/K6.2 0 0"))
	if o := rules.ResignOutcome(s2, 0); o != rules.WinFor(2, rules.Resign) {
		t.Errorf("green nearer: %+v (distances %d %d)", o, s2.GoalDistance(1), s2.GoalDistance(2))
	}
	// Two players: the other seat wins.
	s3, _ := Diamond.Game().New(nil)
	st3, _ := AsState(s3)
	if o := st3.ResignOutcome(1); o != rules.WinFor(0, rules.Resign) {
		t.Errorf("two players: %+v", o)
	}
}

// Hash ignores the counters and tells apart the positions of a random walk.
func TestHash(t *testing.T) {
	p, _ := Diamond.Start(3, 15)
	q := p
	q.plies, q.passes = 9, 1
	if p.Hash() != q.Hash() {
		t.Error("the counters change the hash")
	}
	seen := map[uint64]Position{}
	_ = randomPlayouts(t, 2, 200, func(p Position, l *MoveList) {
		k := p
		k.plies, k.passes = 0, 0
		if o, ok := seen[p.Hash()]; ok && o != k {
			t.Fatalf("hash collision: %s and %s", o.Encode(), k.Encode())
		}
		seen[p.Hash()] = k
	})
}

// The state's moves are the generator's, each once, sorted by from then to hole; every one
// plays and has a path, and a move not among them is refused (State.legal's binary search),
// along seeded random games of each ruleset.
func TestStateMovesSorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 7))
	for _, c := range []struct {
		id   string
		opts rules.Options
	}{{"chinese-checkers", nil}, {"diamond-kr", rules.Options{"pieces": 15}}, {"diamond", rules.Options{"players": 3}}} {
		g, _ := rules.Lookup(c.id)
		st, err := g.New(c.opts)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 60 && !st.Outcome().Over(); ply++ {
			s, _ := AsState(st)
			ms := s.moves
			var l MoveList
			p := s.Position()
			p.Generate(&l)
			want := map[Move]bool{}
			for _, m := range l.Slice() {
				want[m] = true
			}
			if len(ms) != len(want) {
				t.Fatalf("%s ply %d: %d moves, the generator %d", c.id, ply, len(ms), len(want))
			}
			for i, m := range ms {
				if !want[m] || i > 0 && !moveBefore(ms[i-1], m) {
					t.Fatalf("%s ply %d: moves %v not the generator's in from/to order", c.id, ply, ms)
				}
				if !s.legal(m) || s.Path(m) == nil {
					t.Fatalf("%s ply %d: %v not found", c.id, ply, m)
				}
			}
			for _, m := range []Move{{ms[0].From, ms[0].From}, {NoHole, NoHole}, {Hole(NumHoles - 1), 0}} {
				if !want[m] && s.legal(m) {
					t.Fatalf("%s ply %d: %v taken for legal", c.id, ply, m)
				}
			}
			st, err = st.Play(ms[rng.IntN(len(ms))])
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}
