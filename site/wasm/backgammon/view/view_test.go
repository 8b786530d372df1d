package view

import (
	"errors"
	"slices"
	"testing"

	"madang/ai"
	_ "madang/games/backgammon" // the rules and the engine, as the module registers them
	"madang/rules"
	"madang/site/wasm/session"
)

func start(t *testing.T, position string, log ...string) *session.Session {
	t.Helper()
	s := session.New(Family{})
	if err := s.Load("backgammon", position, nil, 1, log); err != nil {
		t.Fatalf("load %q %q: %v", position, log, err)
	}
	return s
}

func ints(t *testing.T, v any) []int {
	t.Helper()
	xs, ok := v.([]any)
	if !ok {
		t.Fatalf("%v is not a list", v)
	}
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = x.(int)
	}
	return out
}

func moveMaps(v map[string]any) []map[string]any {
	var out []map[string]any
	for _, m := range v["moves"].([]any) {
		out = append(out, m.(map[string]any))
	}
	return out
}

// step is a step map as a comparable value.
type step struct {
	from, to, die int
	hit           bool
}

func steps(t *testing.T, m map[string]any) []step {
	t.Helper()
	var out []step
	for _, x := range m["steps"].([]any) {
		s := x.(map[string]any)
		out = append(out, step{s["from"].(int), s["to"].(int), s["die"].(int), s["hit"].(bool)})
	}
	return out
}

// The start (seed 003): two checkers on each seat's 24-point, five on the 13, three on the
// 8, five on the 6; seat 1's point p is seat 0's 25-p; 167 pips each; the opening roll due.
func TestStartView(t *testing.T) {
	v := start(t, "").View()
	want := make([]int, 25)
	for p, n := range map[int]int{24: 2, 13: 5, 8: 3, 6: 5} {
		want[p] += n
		want[25-p] -= n
	}
	if got := ints(t, v["points"]); !slices.Equal(got, want) {
		t.Errorf("points %v, want %v", got, want)
	}
	rows := v["rows"].([]any)
	for s := range 2 {
		row := ints(t, rows[s])
		if len(row) != 26 || row[24] != 2 || row[13] != 5 || row[8] != 3 || row[6] != 5 || row[0] != 0 || row[25] != 0 {
			t.Errorf("row of seat %d: %v", s, row)
		}
	}
	if got := ints(t, v["pips"]); !slices.Equal(got, []int{167, 167}) {
		t.Errorf("pips %v, want 167 each", got)
	}
	if !slices.Equal(ints(t, v["bar"]), []int{0, 0}) || !slices.Equal(ints(t, v["off"]), []int{0, 0}) {
		t.Errorf("bar %v off %v", v["bar"], v["off"])
	}
	if v["phase"] != "roll" || v["opening"] != true || len(v["moves"].([]any)) != 0 || len(v["openingRolls"].([]any)) != 0 {
		t.Errorf("phase %v opening %v moves %v openingRolls %v", v["phase"], v["opening"], v["moves"], v["openingRolls"])
	}
}

// The opening roll 3-1 (seat 0's die 3, seat 1's 1) gives seat 0 the move with 3-1: 16
// plays (shared/cases/backgammon.md); 8/5 6/5 moves one checker 8→5 with the 3 and one
// 6→5 with the 1; after it seat 0 has two on its 5-point and seat 1 is to roll.
func TestOpeningThenPlay(t *testing.T) {
	s := start(t, "", "6-6", "3-1")
	v := s.View()
	rolls := v["openingRolls"].([]any)
	if len(rolls) != 2 || !slices.Equal(ints(t, rolls[0]), []int{6, 6}) || !slices.Equal(ints(t, rolls[1]), []int{3, 1}) {
		t.Fatalf("openingRolls %v, want the tie 6-6 then 3-1", rolls)
	}
	ms := moveMaps(v)
	if v["toMove"] != 0 || v["opening"] != false || len(ms) != 16 || !slices.Equal(ints(t, v["dice"]), []int{3, 1}) {
		t.Fatalf("toMove %v opening %v dice %v, %d plays, want seat 0, 3-1, 16", v["toMove"], v["opening"], v["dice"], len(ms))
	}
	k := slices.IndexFunc(ms, func(m map[string]any) bool { return m["text"] == "8/5 6/5" })
	if k < 0 {
		t.Fatal("no 8/5 6/5")
	}
	got := steps(t, ms[k])
	slices.SortFunc(got, func(a, b step) int { return b.from - a.from })
	if want := []step{{8, 5, 3, false}, {6, 5, 1, false}}; !slices.Equal(got, want) {
		t.Errorf("8/5 6/5 steps %v, want %v", got, want)
	}
	if ms[k]["pips"] != 4 || ms[k]["hits"] != 0 {
		t.Errorf("8/5 6/5: pips %v hits %v", ms[k]["pips"], ms[k]["hits"])
	}
	if err := s.Play(k, false); err != nil {
		t.Fatal(err)
	}
	v = s.View()
	pts := ints(t, v["points"])
	if pts[5] != 2 || pts[6] != 4 || pts[8] != 2 || v["toMove"] != 1 || v["phase"] != "roll" {
		t.Errorf("after 8/5 6/5: points %v toMove %v phase %v", pts, v["toMove"], v["phase"])
	}
	if got := ints(t, v["pips"]); !slices.Equal(got, []int{163, 167}) {
		t.Errorf("pips %v, want 163 and 167", got)
	}
	last := v["last"].(map[string]any)
	if last["text"] != "8/5 6/5" || last["seat"] != 0 || len(last["steps"].([]any)) != 2 {
		t.Errorf("last %v", last)
	}
	hist := v["history"].([]any)
	if h := hist[len(hist)-1].(map[string]any); h["steps"] == nil {
		t.Errorf("history entry without steps: %v", h)
	}
}

// Entering from the bar (shared/cases/backgammon.md): only the 5 enters, so bar/14 is
// bar→20 with the 5, then 20→14 with the 6; bar/20 8/2 enters with the 5 and moves 8→2
// with the 6. The mover's checker waiting on the bar shows in bar[0].
func TestBarSteps(t *testing.T) {
	v := start(t, "22YAAD7gc+gDQA", "6-5").View()
	ms := moveMaps(v)
	var texts []string
	byText := map[string][]step{}
	for _, m := range ms {
		texts = append(texts, m["text"].(string))
		byText[m["text"].(string)] = steps(t, m)
	}
	slices.Sort(texts)
	if want := []string{"bar/14", "bar/20 12/6", "bar/20 13/7", "bar/20 8/2"}; !slices.Equal(texts, want) {
		t.Fatalf("plays %v, want %v", texts, want)
	}
	if got, want := byText["bar/14"], []step{{25, 20, 5, false}, {20, 14, 6, false}}; !slices.Equal(got, want) {
		t.Errorf("bar/14 steps %v, want %v", got, want)
	}
	if got := byText["bar/20 8/2"]; len(got) != 2 || got[0] != (step{25, 20, 5, false}) || got[1] != (step{8, 2, 6, false}) {
		t.Errorf("bar/20 8/2 steps %v", got)
	}
	if bar := ints(t, v["bar"]); bar[0] < 1 {
		t.Errorf("bar %v: seat 0 has a checker on the bar", bar)
	}
}

// A higher die bears off only when no checker stands higher (shared/cases/backgammon.md,
// 5-4: 6/1 3/off and 6/2 3/off): 3/off uses the 4 in the first, the 5 in the second.
func TestBearOffDice(t *testing.T) {
	ms := moveMaps(start(t, "sP8PAAD/zwgAAA", "5-4").View())
	got := map[string]map[int]int{} // text: from -> die
	for _, m := range ms {
		got[m["text"].(string)] = map[int]int{}
		for _, s := range steps(t, m) {
			got[m["text"].(string)][s.from] = s.die
		}
	}
	if len(got) != 2 || got["6/1 3/off"][6] != 5 || got["6/1 3/off"][3] != 4 || got["6/2 3/off"][6] != 4 || got["6/2 3/off"][3] != 5 {
		t.Errorf("step dice %v", got)
	}
}

// A roll with no play (the closed board of shared/cases/backgammon.md) passes the turn:
// the view says so, and the other seat is to roll.
func TestNoPlay(t *testing.T) {
	v := start(t, "27YBADjgc/ADQA", "6-5").View()
	if v["noPlay"] != true || v["phase"] != "roll" || v["toMove"] != 1 {
		t.Errorf("noPlay %v phase %v toMove %v", v["noPlay"], v["phase"], v["toMove"])
	}
	if v := start(t, "27YBADjgc/ADQA").View(); v["noPlay"] != false {
		t.Errorf("before the roll: noPlay %v", v["noPlay"])
	}
}

// The session's local roll then a play: the seeded dice are rolled until the opening roll
// is decided, the seat with the higher die moves with both, and its play is entered; the
// same seed rolls the same dice.
func TestLocalRollThenPlay(t *testing.T) {
	run := func() (rules.Dice, string) {
		s := start(t, "")
		var d rules.Dice
		for s.View()["phase"] == "roll" {
			var err error
			if d, err = s.Roll(); err != nil {
				t.Fatal(err)
			}
		}
		v := s.View()
		first := 0
		if d[1] > d[0] {
			first = 1
		}
		if d.Double() || v["toMove"] != first || len(v["openingRolls"].([]any)) == 0 {
			t.Fatalf("opening %v: toMove %v, openingRolls %v", d, v["toMove"], v["openingRolls"])
		}
		if _, err := s.Roll(); !errors.Is(err, session.ErrNoRoll) {
			t.Errorf("a second roll during the play: %v", err)
		}
		text := moveMaps(v)[0]["text"].(string)
		if err := s.Play(0, false); err != nil {
			t.Fatal(err)
		}
		if v := s.View(); v["toMove"] != 1-first || v["phase"] != "roll" || v["last"].(map[string]any)["text"] != text {
			t.Errorf("after the play: toMove %v phase %v last %v", v["toMove"], v["phase"], v["last"])
		}
		return d, text
	}
	d1, t1 := run()
	d2, t2 := run()
	if d1 != d2 || t1 != t2 {
		t.Errorf("the same seed rolled %v (%s) then %v (%s)", d1, t1, d2, t2)
	}
}

// The AI's play at every level is one of the legal plays and plays; the AI is not asked
// while a roll is due; no draw offers in backgammon.
func TestAIPlay(t *testing.T) {
	for _, level := range []string{"beginner", "intermediate", "advanced"} {
		s := start(t, "", "3-1")
		c, err := s.AIMove(level, 5)
		if err != nil {
			t.Fatalf("%s: %v", level, err)
		}
		ms := moveMaps(s.View())
		if c.Index < 0 || c.Index >= len(ms) || ms[c.Index]["text"] != c.Text || c.Offer || c.Accept {
			t.Fatalf("%s: choice %+v not among the %d plays", level, c, len(ms))
		}
		if level == "advanced" && c.Text != "8/5 6/5" {
			t.Errorf("advanced plays the opening 3-1 as %s, want 8/5 6/5", c.Text)
		}
		if err := s.Play(c.Index, c.Offer); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AIMove(level, 5); !errors.Is(err, rules.ErrPhase) {
			t.Errorf("%s: the AI asked while a roll is due: %v", level, err)
		}
		if s.View()["canOffer"] != false {
			t.Errorf("%s: a draw offer allowed in backgammon", level)
		}
	}
	s := start(t, "", "3-1")
	if _, err := s.AIMove("grandmaster", 1); !errors.Is(err, ai.ErrBadLevel) {
		t.Errorf("unknown level: %v", err)
	}
}

// A play as each seat reads it (seed 003: numbers from the reader's own side): seat 1's
// point p is seat 0's 25-p; bar, off, hits and counts stay.
func TestRenumber(t *testing.T) {
	for in, want := range map[string]string{
		"24/18*/13 8/5(2)": "1/7*/12 17/20(2)",
		"bar/22":           "bar/3",
		"6/off 1/off":      "19/off 24/off",
		"13/7(2) 6/4(2)":   "12/18(2) 19/21(2)",
		"":                 "",
	} {
		if got := Renumber(in); got != want {
			t.Errorf("Renumber(%q) = %q, want %q", in, got, want)
		}
		if back := Renumber(Renumber(in)); back != in {
			t.Errorf("Renumber twice (%q) = %q", in, back)
		}
	}
}

// Every listed play and every history entry carries its text as both seats read it: the
// mover's own text and the other seat's renumbered one; the best play of an analysis too.
func TestSeenTexts(t *testing.T) {
	v := start(t, "", "6-5", "24/13", "3-1").View()
	if v["toMove"] != 1 {
		t.Fatalf("toMove %v", v["toMove"])
	}
	found := false
	for _, m := range moveMaps(v) {
		seen := m["seen"].([]any)
		if seen[1] != m["text"] || seen[0] != Renumber(m["text"].(string)) {
			t.Errorf("seen %v of %q", seen, m["text"])
		}
		if m["text"] == "8/5 6/5" {
			found = seen[0] == "17/20 19/20"
		}
	}
	if !found {
		t.Errorf("no play 8/5 6/5 seen by seat 0 as 17/20 19/20")
	}
	h := v["history"].([]any)
	var first map[string]any
	for _, e := range h {
		if e.(map[string]any)["roll"] != true {
			first = e.(map[string]any)
			break
		}
	}
	if first == nil || first["text"] != "24/13" {
		t.Fatalf("history %v", h)
	}
	if seen := first["seen"].([]any); seen[0] != "24/13" || seen[1] != "1/12" {
		t.Errorf("history seen %v", seen)
	}
}

// The dice a turn plays (seed 003): both dice of a roll, four of a double, none while a
// roll is due.
func TestTurnDice(t *testing.T) {
	for _, c := range []struct {
		log  []string
		want []int
	}{
		{nil, []int{}},
		{[]string{"6-5"}, []int{6, 5}},
		{[]string{"4-4"}, []int{4, 4, 4, 4}},
	} {
		v := start(t, "sP8PAAD/zwgAAA", c.log...).View()
		if got := ints(t, v["turnDice"]); !slices.Equal(got, c.want) {
			t.Errorf("after %v: turnDice %v, want %v", c.log, got, c.want)
		}
	}
}
