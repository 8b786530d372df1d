// Package rulestest is the conformance suite every game's tests run: it plays seeded random
// games through the generic API and checks what package rules promises of a State and its
// Moves. It imports "testing" and is meant for _test.go files only.
//
//	func TestConformance(t *testing.T) {
//		rulestest.Run(t, draughts.English.Game(), rulestest.Config{})
//	}
package rulestest

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"madang/rules"
)

// Config tunes a conformance run; zero fields take the defaults.
type Config struct {
	Options  rules.Options // the game's options (nil: defaults)
	Seed     uint64        // the random playouts' seed
	Playouts int           // games played (default 10)
	MaxTexts int           // texts (rolls and moves) per game at most (default 400)
}

// Run plays c.Playouts random games of g from its start position and checks at every state:
//   - every move is comparable with == and the moves are distinct (as values and as text);
//   - ParseMove(m.String()) gives m back;
//   - Play of every legal move (and Roll of a random roll in PhaseRoll) leaves the receiver
//     unchanged (its text, phase, seat to act, ply, moves, counters, dice and outcome);
//   - Decode(Encode()) gives the same position text (and, while the game goes on, the same
//     seat to act, phase and legal moves);
//   - the phase agrees with ToMove, Moves and Outcome; Roll outside PhaseRoll is ErrPhase;
//   - dice text round-trips through ParseDice;
//   - rules.Replay of the game's texts reaches the same final state.
func Run(t testing.TB, g rules.Game, c Config) {
	t.Helper()
	if c.Playouts == 0 {
		c.Playouts = 10
	}
	if c.MaxTexts == 0 {
		c.MaxTexts = 400
	}
	rng := rand.New(rand.NewPCG(c.Seed, 0x6d6164616e67))
	for game := 0; game < c.Playouts; game++ {
		start, err := g.New(c.Options)
		if err != nil {
			t.Fatalf("%s: New(%v): %v", g.ID(), c.Options, err)
		}
		var log []string
		s := start
		fail := func(format string, args ...any) {
			t.Helper()
			args = append(args, g.ID(), game, strings.Join(log, " "))
			t.Fatalf(format+"\n(%s, playout %d, after: %s)", args...)
		}
		for len(log) < c.MaxTexts && s.Phase() != rules.PhaseOver {
			checkState(g, s, fail)
			switch s.Phase() {
			case rules.PhaseRoll:
				d := rules.Dice{int8(1 + rng.IntN(6)), int8(1 + rng.IntN(6))}
				if back, err := rules.ParseDice(d.String()); err != nil || back != d {
					fail("ParseDice(%q) = %v, %v", d.String(), back, err)
				}
				before := fingerprint(s)
				next, err := s.Roll(d)
				if err != nil {
					fail("Roll(%s) in PhaseRoll: %v", d, err)
				}
				if after := fingerprint(s); after != before {
					fail("Roll(%s) changed its receiver:\n%s\n->\n%s", d, before, after)
				}
				log = append(log, d.String())
				s = next
			case rules.PhaseMove:
				ms := s.Moves()
				before := fingerprint(s)
				states := make([]rules.State, len(ms))
				for i, m := range ms {
					next, err := s.Play(m)
					if err != nil {
						fail("Play(%s) of a legal move: %v", m, err)
					}
					if after := fingerprint(s); after != before {
						fail("Play(%s) changed its receiver:\n%s\n->\n%s", m, before, after)
					}
					states[i] = next
				}
				i := rng.IntN(len(ms))
				log = append(log, ms[i].String())
				s = states[i]
			}
		}
		checkState(g, s, fail)
		again, n, err := rules.Replay(start, log)
		if err != nil || n != len(log) {
			fail("Replay of the game's texts stopped at %d: %v", n, err)
		}
		if a, b := fingerprint(again), fingerprint(s); a != b {
			fail("Replay reached another state:\n%s\nwant\n%s", a, b)
		}
	}
}

// checkState checks one state's invariants; fail reports and stops.
func checkState(g rules.Game, s rules.State, fail func(string, ...any)) {
	ph, to, o := s.Phase(), s.ToMove(), s.Outcome()
	if (ph == rules.PhaseOver) != o.Over() {
		fail("phase %d but outcome %+v", ph, o)
	}
	if (to == rules.NoSeat) != (ph == rules.PhaseOver) || int(to) >= s.Seats() {
		fail("phase %d but ToMove %d of %d seats", ph, to, s.Seats())
	}
	ms := s.Moves()
	if (len(ms) > 0) != (ph == rules.PhaseMove) {
		fail("phase %d with %d moves (PhaseMove needs moves, the others none)", ph, len(ms))
	}
	if ph != rules.PhaseRoll {
		if _, err := s.Roll(rules.Dice{3, 1}); !errors.Is(err, rules.ErrPhase) {
			fail("Roll outside PhaseRoll: err %v, want ErrPhase", err)
		}
	}
	seen := make(map[rules.Move]int, len(ms))
	texts := make(map[string]int, len(ms))
	for i, m := range ms {
		if m == nil {
			fail("move %d is nil", i)
		}
		if !comparable(m) {
			fail("move %s (%T) is not comparable with ==", m, m)
		}
		if j, dup := seen[m]; dup {
			fail("moves %d and %d are the same value %s", j, i, m)
		}
		seen[m] = i
		if j, dup := texts[m.String()]; dup {
			fail("moves %d and %d have the same text %q", j, i, m.String())
		}
		texts[m.String()] = i
		back, err := s.ParseMove(m.String())
		if err != nil {
			fail("ParseMove(%q) of a legal move: %v", m.String(), err)
		}
		if !comparable(back) || back != m {
			fail("ParseMove(%q) = %v (%T), not the move %v (%T)", m.String(), back, back, m, m)
		}
	}
	enc := s.Encode()
	d, err := g.Decode(s.Options(), enc)
	if err != nil {
		fail("Decode(Encode() = %q): %v", enc, err)
	}
	if got := d.Encode(); got != enc {
		fail("Decode(%q).Encode() = %q", enc, got)
	}
	if !o.Over() && d.Phase() != rules.PhaseOver {
		if d.Phase() != ph || d.ToMove() != to || moveTexts(d) != moveTexts(s) {
			fail("Decode(%q) differs: phase %d/%d, to move %d/%d, moves %s / %s", enc, d.Phase(), ph, d.ToMove(), to, moveTexts(d), moveTexts(s))
		}
	}
}

// comparable reports whether m == m works (== panics on a slice, map or func inside).
func comparable(m rules.Move) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return m == m
}

func moveTexts(s rules.State) string {
	var b strings.Builder
	for _, m := range s.Moves() {
		b.WriteString(m.String())
		b.WriteByte(' ')
	}
	return b.String()
}

// fingerprint is everything the generic API shows of a state, as text.
func fingerprint(s rules.State) string {
	var b strings.Builder
	b.WriteString(s.Encode())
	b.WriteString(" phase=" + strconv.Itoa(int(s.Phase())))
	b.WriteString(" toMove=" + strconv.Itoa(int(s.ToMove())))
	b.WriteString(" ply=" + strconv.Itoa(s.Ply()))
	o := s.Outcome()
	b.WriteString(" outcome=" + strconv.Itoa(int(o.Status)) + "/" + strconv.Itoa(int(o.Winner)) + "/" + o.Reason.String() + "/" + strconv.Itoa(o.Points))
	if d, ok := rules.DiceOf(s); ok {
		b.WriteString(" dice=" + d.String())
	}
	if rules.IsOpening(s) {
		b.WriteString(" opening")
	}
	for _, k := range s.Counters() {
		b.WriteString(" " + k.Rule.String() + "=" + strconv.Itoa(k.PliesLeft))
	}
	b.WriteString(" moves=" + moveTexts(s))
	return b.String()
}
