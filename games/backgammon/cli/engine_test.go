package cli

import (
	"strings"
	"testing"

	bg "madang/rules/backgammon"
)

// runBG runs one backgammon engine session in-process and returns its output lines.
func runBG(t *testing.T, input string, args ...string) []string {
	t.Helper()
	var out, errb strings.Builder
	if code := runBackgammonEngine(append([]string{"--game", "backgammon"}, args...), strings.NewReader(input), &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if out.Len() == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

// One answer line per request line: forced plays and a roll without a
// play from shared/cases/backgammon.md; the opening 3-1 and 6-6 as every strong program
// plays them (8/5 6/5; 24/18(2) 13/7(2)) at the advanced level; a Match ID carrying the
// dice; the same position with seat 1 on roll; errors as lines, the session going on.
func TestBackgammonEngine(t *testing.T) {
	// The start with seat 1 on roll and 3-1 rolled, as gnubg writes it.
	s, err := bg.Decode("4HPwATDgc/ABMA:cAkAAAAAAAAA")
	if err != nil {
		t.Fatal(err)
	}
	rolled, err := s.RollDice([2]int8{3, 1})
	if err != nil {
		t.Fatal(err)
	}
	withDice := rolled.Encode()
	cases := []struct{ in, want string }{
		{"wMAA/B//PwAAIA 6 5", "24/13"}, // both dice, only one order
		{"ADAA/x//PwAAIA 4-4", "24/16"}, // two of four
		{"27YBADjgc/ADQA 6 5", "none"},  // closed board
		{"4HPwATDgc/ABMA 3 1", "8/5 6/5"},
		{"4HPwATDgc/ABMA 6 6", "24/18(2) 13/7(2)"},
		{"", ""},                       // skipped
		{withDice, "8/5 6/5"},          // the Match ID's dice, none on the line
		{withDice + " 1 3", "8/5 6/5"}, // the same dice in the other order
		{withDice + " 6 5", "error dice 6-5 differ from the Match ID's 3-1"},
		{"4HPwATDgc/ABMA:cAkAAAAAAAAA 3-1", "8/5 6/5"}, // seat 1 on roll, the dice on the line
		{"4HPwATDgc/ABMA:AAAAAAAAAAAA 3 1", "error"},   // Match ID of the opening roll
		{"4HPwATDgc/ABMA", "error"},                    // no dice
		{"4HPwATDgc/ABMA 7 1", "error"},                // a die of 7
		{"4HPwATDgc/ABMA 3 1 2", "error"},              // too many fields
		{"#!? 3 1", "error"},                           // not a Position ID
		{"sP8PAAACAAAAAA 6 5", "2/off"},                // the last checker off
		{"quit", ""},
		{"4HPwATDgc/ABMA 3 1", ""}, // after quit: not answered
	}
	var in, want, asked []string
	for _, c := range cases {
		in = append(in, c.in)
		if c.want != "" {
			want = append(want, c.want)
			asked = append(asked, c.in)
		}
	}
	got := runBG(t, strings.Join(in, "\n")+"\n", "--level", "advanced")
	if len(got) != len(want) {
		t.Fatalf("%d answers %q, want %d", len(got), got, len(want))
	}
	for i, w := range want {
		if w == "error" && !strings.HasPrefix(got[i], "error ") || w != "error" && got[i] != w {
			t.Errorf("answer to %q: %q, want %q", asked[i], got[i], w)
		}
	}
}

// Every level answers with one of the legal plays; the end of input without a newline ends
// the session after answering; a line too long for the reader is an error line.
func TestBackgammonEngineLevels(t *testing.T) {
	legal := map[string]bool{}
	s, _ := bg.Decode("22YAAD7gc+gDQA")
	r, _ := s.RollDice([2]int8{6, 5})
	for _, m := range r.LegalMoves() {
		legal[m.String()] = true
	}
	for _, level := range []string{"beginner", "intermediate", "advanced"} {
		got := runBG(t, "22YAAD7gc+gDQA 6 5", "--level", level, "--seed", "3")
		if len(got) != 1 || !legal[got[0]] {
			t.Errorf("%s: %q, want one of %v", level, got, legal)
		}
	}
	got := runBG(t, strings.Repeat("x", 3*maxBackgammonLine)+"\nwMAA/B//PwAAIA 6 5\n")
	if len(got) != 2 || !strings.HasPrefix(got[0], "error line longer") || got[1] != "24/13" {
		t.Errorf("long line: %q", got)
	}
	if got := runBG(t, ""); got != nil {
		t.Errorf("no input: %q", got)
	}
}

// An unknown --level is named with the levels there are.
func TestBackgammonEngineBadLevel(t *testing.T) {
	var out, errb strings.Builder
	code := runBackgammonEngine([]string{"--game", "backgammon", "--level", "nope"}, strings.NewReader(""), &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), `"nope"`) || !strings.Contains(errb.String(), "beginner, intermediate or advanced") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
}

// A line whose first word is no Position ID (or PositionID:MatchID) is answered about that
// word, whatever follows it; a good position without dice is still "no dice".
func TestBackgammonEngineBadPosition(t *testing.T) {
	cases := []struct{ in, want string }{
		{"hello world", `error bad notation: Position ID "hello" is not 14 Base64 characters`},
		{"hello", `error bad notation: Position ID "hello" is not 14 Base64 characters`},
		{"hello 3 1 2", `error bad notation: Position ID "hello" is not 14 Base64 characters`},
		{"hello:MIEFAAAAAAAA", `error bad notation: Position ID "hello" is not 14 Base64 characters`},
		{"4HPwATDgc/ABMA:what", `error bad notation: Match ID "what" is not 12 Base64 characters`},
		{"4HPwATDgc/ABMA", "error no dice: want POSITION DICE, e.g. 4HPwATDgc/ABMA 3 1"},
		{"4HPwATDgc/ABMA world", `error bad notation "world": dice are written A-B with A and B in 1..6`},
		// Base64 that decodes to no position: said so, not "is not Base64"
		{"////////////// 3 1", `error bad notation: Position ID "//////////////" is not a legal position: bits are set past the 80th`},
		{"/////////////w 3 1", `error bad notation: Position ID "/////////////w" is not a legal position: more than 15 checkers on a point`},
	}
	var in []string
	for _, c := range cases {
		in = append(in, c.in)
	}
	got := runBG(t, strings.Join(in, "\n")+"\n", "--level", "beginner")
	if len(got) != len(cases) {
		t.Fatalf("%d answers %q, want %d", len(got), got, len(cases))
	}
	for i, c := range cases {
		if got[i] != c.want {
			t.Errorf("answer to %q: %q, want %q", c.in, got[i], c.want)
		}
	}
}
