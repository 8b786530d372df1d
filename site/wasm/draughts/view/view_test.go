package view

import (
	"errors"
	"strings"
	"testing"

	_ "madang/rules/draughts"
	"madang/rules/match"
	"madang/site/wasm/session"
)

func start(t *testing.T, game, fen string) *session.Session {
	t.Helper()
	s := session.New(Family{})
	if err := s.Start(game, fen, nil, 1); err != nil {
		t.Fatalf("start %s %q: %v", game, fen, err)
	}
	return s
}

func moveMaps(v map[string]any) []map[string]any {
	var out []map[string]any
	for _, m := range v["moves"].([]any) {
		out = append(out, m.(map[string]any))
	}
	return out
}

func intsOf(v any) []int {
	var out []int
	for _, x := range v.([]any) {
		out = append(out, x.(int))
	}
	return out
}

// The checkers start: the seven moves of the cases file, 11-15 read as c3-d4 (seed 001).
func TestStartView(t *testing.T) {
	s := start(t, "checkers", "")
	v := s.View()
	var texts []string
	alg := map[string]string{}
	for _, m := range moveMaps(v) {
		texts = append(texts, m["text"].(string))
		alg[m["text"].(string)] = m["alg"].(string)
	}
	if got, want := strings.Join(texts, ", "), "9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16"; !sameSet(got, want) {
		t.Errorf("moves %s, want %s", got, want)
	}
	if alg["11-15"] != "c3-d4" {
		t.Errorf("11-15 reads %q, want c3-d4", alg["11-15"])
	}
	if v["toMove"] != 0 || v["capture"] != false || v["size"] != 8 {
		t.Errorf("start view: toMove %v capture %v size %v", v["toMove"], v["capture"], v["size"])
	}
	c := v["count"].(map[string]any)
	if c["men0"] != 12 || c["men1"] != 12 || c["kings0"] != 0 {
		t.Errorf("count %v, want 12 men each", c)
	}
}

func sameSet(a, b string) bool {
	x, y := strings.Split(a, ", "), strings.Split(b, ", ")
	if len(x) != len(y) {
		return false
	}
	seen := map[string]int{}
	for _, v := range x {
		seen[v]++
	}
	for _, v := range y {
		seen[v]--
	}
	for _, n := range seen {
		if n != 0 {
			return false
		}
	}
	return true
}

// Capture paths and captured squares, from the cases file's exact legal-move sets.
func TestCapturePaths(t *testing.T) {
	// checkers: capture compulsory, free choice: 31x24 and 31x22x13
	v := start(t, "checkers", "W:W31:B26,27,17").View()
	got := map[string]int{}
	for _, m := range moveMaps(v) {
		got[m["text"].(string)] = len(intsOf(m["captured"]))
		if len(intsOf(m["path"])) != len(intsOf(m["captured"]))+1 {
			t.Errorf("%s: path %v for captures %v", m["text"], m["path"], m["captured"])
		}
	}
	if len(got) != 2 || got["31x24"] != 1 || got["31x22x13"] != 2 || v["capture"] != true {
		t.Errorf("checkers captures %v (capture %v), want 31x24 taking 1 and 31x22x13 taking 2", got, v["capture"])
	}
	// draughts king windmill: one move from 2 back to 2 taking 7, 8, 17, 18
	ms := moveMaps(start(t, "draughts", "W:WK2:B7,8,17,18").View())
	if len(ms) != 1 || ms[0]["from"] != 2 || ms[0]["to"] != 2 {
		t.Fatalf("windmill: %v, want one move 2 to 2", ms)
	}
	if c := intsOf(ms[0]["captured"]); !sameSet(joinInts(c), "7, 8, 17, 18") {
		t.Errorf("windmill captures %v, want 7, 8, 17, 18", c)
	}
	// the cases file: "king windmill: two paths, one move" — both may be tapped
	if ps := ms[0]["paths"].([]any); len(ps) != 2 {
		t.Errorf("windmill paths %v, want the two ways round", ps)
	}
	// same from and to, different captured sets: two moves whose algebraic texts differ
	ms = moveMaps(start(t, "draughts", "W:WK4:B13,20,32,37").View())
	if len(ms) != 2 || ms[0]["alg"] == ms[1]["alg"] {
		t.Errorf("4 to 15: %v, want two moves with different texts", ms)
	}
}

func joinInts(v []int) string {
	var parts []string
	for _, x := range v {
		parts = append(parts, itoa(x))
	}
	return strings.Join(parts, ", ")
}

func itoa(x int) string {
	if x < 10 {
		return string(rune('0' + x))
	}
	return itoa(x/10) + string(rune('0'+x%10))
}

// Undo replays from the start: back to the same position and move list.
func TestUndo(t *testing.T) {
	s := start(t, "checkers", "")
	before := s.View()["fen"]
	for _, m := range []string{"11-15", "23-19", "8-11"} {
		if err := s.PlayText(m, false); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.UndoTo(1); err != nil { // back to White (seat 1) to move: takes 8-11 and 23-19
		t.Fatal(err)
	}
	v := s.View()
	if v["ply"] != 1 || v["toMove"] != 1 {
		t.Fatalf("after UndoTo(1): ply %v toMove %v, want 1 and 1", v["ply"], v["toMove"])
	}
	if err := s.Undo(5); err != nil {
		t.Fatal(err)
	}
	if v := s.View(); v["fen"] != before || v["ply"] != 0 {
		t.Errorf("undo all: %v ply %v, want %v ply 0", v["fen"], v["ply"], before)
	}
}

// Draw offers as seed 001 ("무승부를 제안할 때는"): an offer rides on a move; moving on
// declines it; the offerer may offer again only after a later man move or capture that is
// not the offering move itself.
func TestDrawOffers(t *testing.T) {
	s := start(t, "checkers", "")
	play := func(m string, offer bool) {
		t.Helper()
		if err := s.PlayText(m, offer); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	play("11-15", true)
	if !s.PendingOffer() {
		t.Fatal("the offer should stand during the opponent's turn")
	}
	play("23-19", false) // declines
	if s.PendingOffer() || s.CanOffer() {
		t.Fatalf("after a refusal Black may not offer at once (pending %v can %v)", s.PendingOffer(), s.CanOffer())
	}
	if err := s.PlayText("8-11", true); !errors.Is(err, match.ErrOffer) {
		t.Fatalf("offer right after a refusal: %v, want ErrOffer", err)
	}
	play("8-11", false) // a man move without an offer
	play("22-17", false)
	if !s.CanOffer() {
		t.Fatal("after a man move without an offer Black may offer again")
	}
	play("9-13", true)
	if err := s.AcceptDraw(); err != nil {
		t.Fatal(err)
	}
	if o := s.Outcome(); o.Reason.String() != "agreement" || s.ToMove() != -1 {
		t.Errorf("accepted offer: %v, want a draw by agreement", o)
	}
	if err := s.Undo(1); err != nil || s.Outcome().Over() {
		t.Errorf("undo after agreement: %v over=%v", err, s.Outcome().Over())
	}
	if err := s.Resign(0); err != nil || s.Outcome().Winner != 1 {
		t.Errorf("resign: %v %v", err, s.Outcome())
	}
}

func TestBadInput(t *testing.T) {
	s := session.New(Family{})
	if err := s.Start("chess", "", nil, 1); err != session.ErrGame {
		t.Errorf("unknown game: %v", err)
	}
	if err := s.Play(0, false); err != session.ErrNoGame {
		t.Errorf("play without a game: %v", err)
	}
	if err := s.Start("checkers", "not a fen", nil, 1); err == nil {
		t.Error("a bad FEN must be refused")
	}
	s2 := start(t, "checkers", "")
	if err := s2.Play(99, false); err != session.ErrBadIndex {
		t.Errorf("index 99: %v", err)
	}
	if err := s2.PlayText("11-16x", false); err == nil {
		t.Error("bad text must be refused")
	}
}

// The majority rule (FMJD art. 4.13): the view says how many pieces the legal captures take,
// so the page can say why a shorter capture is refused; checkers (free choice) and a
// position without captures say 0.
func TestMostCaptured(t *testing.T) {
	for _, c := range []struct {
		game, fen string
		most      int
		moves     []string
	}{
		// 33x22x11 takes two; 33x24 (one) and 39x30 (one) are shorter
		{"draughts", "W:W33,39:B28,17,29,34", 2, []string{"33x22x11"}},
		{"draughts", "", 0, nil},
		{"checkers", "B:W18,27:B11,14", 0, nil},
	} {
		v := start(t, c.game, c.fen).View()
		if v["most"] != c.most {
			t.Errorf("%s %q: most %v, want %d", c.game, c.fen, v["most"], c.most)
		}
		if c.moves != nil {
			var got []string
			for _, m := range moveMaps(v) {
				got = append(got, m["text"].(string))
			}
			if strings.Join(got, " ") != strings.Join(c.moves, " ") {
				t.Errorf("%s %q: moves %v, want %v", c.game, c.fen, got, c.moves)
			}
		}
	}
}
