package rulestest_test

import (
	"fmt"
	"strings"
	"testing"

	"madang/internal/trackgame"
	"madang/rules"
	"madang/rules/rulestest"
)

// recorder is a testing.TB whose Fatalf stops the run by panicking with the message.
type recorder struct {
	testing.TB
}

type fatal string

func (recorder) Helper()                        {}
func (recorder) Fatalf(format string, a ...any) { panic(fatal(fmt.Sprintf(format, a...))) }

// failure runs the suite on g and returns its first failure, "" when it passes.
func failure(g rules.Game) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			f, ok := r.(fatal)
			if !ok {
				panic(r)
			}
			msg = string(f)
		}
	}()
	rulestest.Run(recorder{}, g, rulestest.Config{Playouts: 3})
	return ""
}

// Broken games: each wraps the track game and breaks one promise.
type brokenGame struct {
	id   string
	wrap func(rules.State) rules.State
}

func (g brokenGame) ID() string { return g.id }
func (g brokenGame) Validate(o rules.Options) (rules.Options, error) {
	return trackgame.Game{}.Validate(o)
}
func (g brokenGame) New(o rules.Options) (rules.State, error) {
	s, err := trackgame.Game{}.New(o)
	if err != nil {
		return nil, err
	}
	return g.wrap(s), nil
}
func (g brokenGame) Decode(o rules.Options, p string) (rules.State, error) {
	s, err := trackgame.Game{}.Decode(o, p)
	if err != nil {
		return nil, err
	}
	return g.wrap(s), nil
}

// sliceMove is not comparable.
type sliceMove struct{ text []string }

func (m sliceMove) String() string { return m.text[0] }

type uncomparable struct{ rules.State }

func (s uncomparable) Moves() []rules.Move {
	var out []rules.Move
	for _, m := range s.State.Moves() {
		out = append(out, sliceMove{[]string{m.String()}})
	}
	return out
}

type duplicated struct{ rules.State }

func (s duplicated) Moves() []rules.Move {
	ms := s.State.Moves()
	return append(ms, ms[0])
}

// mutating changes its receiver on Play.
type mutating struct{ *counter }
type counter struct {
	rules.State
	plays int
}

func (s mutating) Play(m rules.Move) (rules.State, error) {
	n, err := s.State.Play(m)
	if err != nil {
		return nil, err
	}
	s.plays++
	return mutating{&counter{State: n}}, nil
}
func (s mutating) Ply() int { return s.State.Ply() + s.plays }

type badParse struct{ rules.State }

func (s badParse) ParseMove(string) (rules.Move, error) { return trackgame.Move("wait"), nil }

func TestSuiteCatchesBrokenGames(t *testing.T) {
	if msg := failure(trackgame.Game{}); msg != "" {
		t.Fatalf("the track game fails: %s", msg)
	}
	for _, c := range []struct {
		g    brokenGame
		want string
	}{
		{brokenGame{"uncomparable", func(s rules.State) rules.State { return uncomparable{s} }}, "not comparable"},
		{brokenGame{"duplicated", func(s rules.State) rules.State { return duplicated{s} }}, "same value"},
		{brokenGame{"mutating", func(s rules.State) rules.State { return mutating{&counter{State: s}} }}, "changed its receiver"},
		{brokenGame{"bad-parse", func(s rules.State) rules.State { return badParse{s} }}, "ParseMove"},
	} {
		msg := failure(c.g)
		if !strings.Contains(msg, c.want) {
			t.Errorf("%s: failure %q, want one about %q", c.g.id, msg, c.want)
		}
	}
}
