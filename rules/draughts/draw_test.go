package draughts

import (
	"testing"

	"madang/rules"
)

// play decodes fen and plays the move texts, failing the test on any error.
func play(t *testing.T, r *Rules, fen string, texts ...string) *State {
	t.Helper()
	s0, err := r.Game().Decode(nil, fen)
	if err != nil {
		t.Fatal(err)
	}
	s := s0.(*State)
	for i, txt := range texts {
		m, err := s.ParseMove(txt)
		if err != nil {
			t.Fatalf("ply %d %q: %v (position %s)", i+1, txt, err, s.Encode())
		}
		n, err := s.Play(m)
		if err != nil {
			t.Fatalf("ply %d %q: %v", i+1, txt, err)
		}
		s = n.(*State)
	}
	return s
}

// counter returns the plies left of rule, or -1 when it is not running.
func counter(s *State, rule rules.Reason) int {
	for _, c := range s.Counters() {
		if c.Rule == rule {
			return c.PliesLeft
		}
	}
	return -1
}

func hasCapture(s *State) bool {
	for _, m := range s.LegalMoves() {
		if m.Move.IsCapture() {
			return true
		}
	}
	return false
}

// shuffle plays plies quiet king moves from s: at each ply the first legal non-capture
// king move, in Moves order, after which nobody has a capture, that keep(next) accepts, that
// leaves the opponent such a move in turn, and that leads to a position seen least often
// so far (so that no position comes a third time before the test wants it). It fails the
// test when no move qualifies.
func shuffle(t *testing.T, s *State, plies int, keep func(*State) bool) *State {
	t.Helper()
	seen := map[Position]int{}
	for _, p := range s.History() {
		seen[p]++
	}
	quiet := func(s *State) []*State {
		var out []*State
		for _, m := range s.LegalMoves() {
			if m.Move.IsCapture() || !m.Move.IsKingMove() {
				continue
			}
			n, err := s.PlayMove(m.Move)
			if err != nil {
				t.Fatal(err)
			}
			if hasCapture(n) || (keep != nil && !keep(n)) {
				continue
			}
			out = append(out, n)
		}
		return out
	}
	for i := 0; i < plies; i++ {
		var best *State
		for _, n := range quiet(s) {
			if i < plies-1 && (n.Outcome().Over() || len(quiet(n)) == 0) {
				continue
			}
			if best == nil || seen[n.pos] < seen[best.pos] {
				best = n
			}
		}
		if best == nil || seen[best.pos] >= 2 {
			t.Fatalf("no quiet move keeps the game going at ply %d (%s)", s.Ply(), s.Encode())
		}
		seen[best.pos]++
		s = best
	}
	return s
}

// Seed 001: "같은 국면이 3번째로 나왔을 때 ... 누구의 차례인지까지 같은 것을 셉니다".
func TestThreefoldCheckers(t *testing.T) {
	loop := []string{"4-8", "29-25", "8-4", "25-29"}
	s := play(t, &English, "B:WK29:BK4", loop...)
	if o := s.Outcome(); o.Over() {
		t.Fatalf("second occurrence ends the game: %+v", o)
	}
	s = play(t, &English, "B:WK29:BK4", append(append([]string{}, loop...), loop[:3]...)...)
	if o := s.Outcome(); o.Over() {
		t.Fatalf("ply 7 ends the game: %+v", o)
	}
	s = play(t, &English, "B:WK29:BK4", append(append([]string{}, loop...), loop...)...)
	if o := s.Outcome(); o.Status != rules.Draw || o.Reason != rules.Threefold {
		t.Fatalf("third occurrence at ply 8: %+v, want a threefold draw", o)
	}
	if s.Moves() != nil || s.ToMove() != rules.NoSeat {
		t.Error("a drawn game still offers moves")
	}
}

// FMJD art. 6 / seed 001: threefold in draughts, and a man move forgets the history.
func TestThreefoldDraughtsResetByManMove(t *testing.T) {
	fen := "W:W35,K50:BK1,16"
	loop := []string{"50-45", "1-6", "45-50", "6-1"}
	s := play(t, &International, fen, append(append([]string{}, loop...), loop[:3]...)...)
	if o := s.Outcome(); o.Over() {
		t.Fatalf("ply 7: %+v", o)
	}
	s = play(t, &International, fen, append(append([]string{}, loop...), loop...)...)
	if o := s.Outcome(); o.Status != rules.Draw || o.Reason != rules.Threefold {
		t.Fatalf("ply 8: %+v, want a threefold draw", o)
	}
	// The same loop interrupted by a man move (35-30) starts the count again.
	moves := append(append([]string{}, loop...), "35-30", "1-6", "50-45", "6-1", "45-50")
	s = play(t, &International, fen, moves...)
	if o := s.Outcome(); o.Over() {
		t.Fatalf("after a man move: %+v", o)
	}
	if len(s.History()) != 5 {
		t.Errorf("history %d positions, want the 5 since the man move", len(s.History()))
	}
}

// Seed 001 / WCDF: 40 moves each (80 plies) without a man move or capture draw.
func TestFortyMove(t *testing.T) {
	s := play(t, &English, "B:WK29,K30:BK3,K4")
	s = shuffle(t, s, 79, nil)
	if o := s.Outcome(); o.Over() {
		t.Fatalf("over after 79 quiet plies: %+v", o)
	}
	if got := counter(s, rules.FortyMove); got != 1 {
		t.Errorf("forty-move counter %d plies left after 79, want 1", got)
	}
	s = shuffle(t, s, 1, nil)
	if o := s.Outcome(); o.Status != rules.Draw || o.Reason != rules.FortyMove {
		t.Fatalf("after 80 quiet plies: %+v, want a forty-move draw", o)
	}
}

// A man move resets the quiet count (seed 001: "일반 말을 전진시키지 않고").
func TestQuietResetByManMove(t *testing.T) {
	s := play(t, &English, "B:W28,K30:B5,K3")
	s = shuffle(t, s, 10, nil)
	if got := counter(s, rules.FortyMove); got != 70 {
		t.Fatalf("forty-move counter %d after 10 quiet plies, want 70", got)
	}
	// Black to move (even ply): advance the man on 5.
	m, err := s.ParseMove("5-9")
	if err != nil {
		t.Fatal(err)
	}
	n, _ := s.Play(m)
	if got := counter(n.(*State), rules.FortyMove); got != -1 {
		t.Errorf("forty-move counter %d after a man move, want none running", got)
	}
}

// A king capture resets the quiet count as a man move does (seed 001 / WCDF: 40 moves
// "without a man move or a capture"; FMJD art. 6.1: 25 moves of kings "without capture"):
// after 10 quiet plies, a king steps where an enemy king takes it, and the count stops.
func TestQuietResetByKingCapture(t *testing.T) {
	for _, c := range []struct {
		r      *Rules
		fen    string
		rule   rules.Reason
		plies  int
		pieces int // on the board after the capture
	}{
		{&English, "B:WK29,K30,K31:BK3,K4", rules.FortyMove, 80, 4},
		{&International, "W:WK46,K50,K36:BK1,K5,K10", rules.TwentyFiveMove, 50, 5},
	} {
		s := shuffle(t, play(t, c.r, c.fen), 10, nil)
		if got := counter(s, c.rule); got != c.plies-10 {
			t.Fatalf("%s: %v counter %d after 10 quiet plies, want %d", c.r.ID, c.rule, got, c.plies-10)
		}
		var offer, took *State
		for _, m := range s.LegalMoves() {
			n, err := s.PlayMove(m.Move)
			if err != nil {
				t.Fatal(err)
			}
			for _, cm := range n.LegalMoves() {
				if cm.Move.IsCapture() && cm.Move.IsKingMove() {
					if took, err = n.PlayMove(cm.Move); err != nil {
						t.Fatal(err)
					}
					offer = n
					break
				}
			}
			if took != nil {
				break
			}
		}
		if took == nil {
			t.Fatalf("%s: no king move from %s lets a king capture", c.r.ID, s.Encode())
		}
		if got := counter(offer, c.rule); got != c.plies-11 {
			t.Errorf("%s: %v counter %d before the capture, want %d", c.r.ID, c.rule, got, c.plies-11)
		}
		p := took.Position()
		if n := p.CountKings(0) + p.CountKings(1) + p.CountMen(0) + p.CountMen(1); n != c.pieces || took.Outcome().Over() {
			t.Fatalf("%s: %d pieces after the capture (want %d), outcome %+v", c.r.ID, n, c.pieces, took.Outcome())
		}
		if got := counter(took, c.rule); got != -1 || took.QuietPlies() != 0 || len(took.History()) != 1 {
			t.Errorf("%s: after a king capture the %v counter is %d (quiet %d, history %d), want it reset",
				c.r.ID, c.rule, got, took.QuietPlies(), len(took.History()))
		}
	}
}

// Seed 001 / FMJD art. 6.1: 25 moves each (50 plies) of kings only without capture.
func TestTwentyFiveMove(t *testing.T) {
	s := play(t, &International, "W:WK46,K50,K36:BK1,K5")
	s = shuffle(t, s, 49, nil)
	if o := s.Outcome(); o.Over() {
		t.Fatalf("over after 49 plies: %+v", o)
	}
	if got := counter(s, rules.TwentyFiveMove); got != 1 {
		t.Errorf("twenty-five-move counter %d, want 1", got)
	}
	s = shuffle(t, s, 1, nil)
	if o := s.Outcome(); o.Status != rules.Draw || o.Reason != rules.TwentyFiveMove {
		t.Fatalf("after 50 plies: %+v, want a twenty-five-move draw", o)
	}
}

// Seed 001 / FMJD art. 6.2: 3 pieces with a king against a lone king, reached by a
// capture, draw after 16 moves each (32 plies) from then.
func TestSixteenMoveFromCapture(t *testing.T) {
	s := play(t, &International, "W:WK46,K50,39:BK1,33")
	if got := counter(s, rules.SixteenMove); got != -1 {
		t.Fatalf("sixteen-move running before the configuration: %d", got)
	}
	s = play(t, &International, "W:WK46,K50,39:BK1,33", "39x28")
	if got := counter(s, rules.SixteenMove); got != 32 {
		t.Fatalf("sixteen-move counter %d right after the capture, want 32", got)
	}
	// Keep a white piece on the main diagonal so the 5-move clause never applies.
	keepDiag := func(n *State) bool { return n.pos.Pieces(0)&International.MainDiagonal() != 0 }
	s = shuffle(t, s, 31, keepDiag)
	if o := s.Outcome(); o.Over() {
		t.Fatalf("over one ply before the deadline: %+v", o)
	}
	if got := counter(s, rules.SixteenMove); got != 1 {
		t.Errorf("counter %d, want 1", got)
	}
	s = shuffle(t, s, 1, keepDiag)
	if o := s.Outcome(); o.Status != rules.Draw || o.Reason != rules.SixteenMove {
		t.Fatalf("at the deadline: %+v, want a sixteen-move draw", o)
	}
}

// The count starts when the configuration first arises, by promotion too (cases file).
func TestSixteenMoveFromPromotion(t *testing.T) {
	fen := "W:W6,38,39:BK45"
	s := play(t, &International, fen)
	if got := counter(s, rules.SixteenMove); got != -1 {
		t.Fatalf("counter %d with three men against a king, want none", got)
	}
	s = play(t, &International, fen, "6-1")
	if got := counter(s, rules.SixteenMove); got != 32 {
		t.Fatalf("counter %d after the promotion, want 32", got)
	}
}

// Seed 001: a 3-1 becoming 2-1 starts the 5-move count then.
func TestThreeToTwoStartsFive(t *testing.T) {
	fen := "B:WK50,34,39:BK45"
	s := play(t, &International, fen)
	if got := counter(s, rules.SixteenMove); got != 32 {
		t.Fatalf("counter %d at the start of a 3-1, want 32", got)
	}
	s = play(t, &International, fen, "45x29")
	if got := counter(s, rules.FiveMove); got != 10 {
		t.Fatalf("five-move counter %d after 3-1 became 2-1, want 10", got)
	}
	if got := counter(s, rules.SixteenMove); got != -1 {
		t.Errorf("sixteen-move still shown: %d", got)
	}
}

// Seed 001's reading of the main-diagonal clause: a lone king on the main diagonal with
// no opposing piece on it switches a 3-1 to 5 moves each from then.
func TestMainDiagonalClause(t *testing.T) {
	fen := "B:WK50,38,39:BK45"
	s := play(t, &International, fen, "45-23")
	if got := counter(s, rules.FiveMove); got != 10 {
		t.Fatalf("five-move counter %d after the lone king reached the main diagonal, want 10", got)
	}
	// Leaving the diagonal again does not restore the 16 moves.
	s = play(t, &International, fen, "45-23", "50-44", "23-18")
	if got := counter(s, rules.FiveMove); got != 8 {
		t.Errorf("five-move counter %d two plies later, want 8", got)
	}
	// A white piece on the main diagonal keeps the 16 moves.
	s = play(t, &International, "B:WK46,38,39:BK45", "45-23")
	if got := counter(s, rules.SixteenMove); got != 31 {
		t.Errorf("sixteen-move counter %d with a white king on the diagonal, want 31", got)
	}
}

// Never beyond the first deadline: the main-diagonal switch late in a 16-move count keeps
// the 16-move deadline when it is nearer than 5 moves each.
func TestNeverBeyondFirstDeadline(t *testing.T) {
	s := play(t, &International, "B:WK46,38,39:BK45")
	offDiag := func(n *State) bool { return n.pos.Kings(1)&International.MainDiagonal() == 0 }
	s = shuffle(t, s, 26, offDiag) // black to move, 6 plies left
	if got := counter(s, rules.SixteenMove); got != 6 {
		t.Fatalf("sixteen-move counter %d, want 6", got)
	}
	// White leaves the diagonal, then black steps onto it: the switch to 5 moves each may
	// not push the deadline past the 16-move one.
	var next *State
	for _, m := range s.LegalMoves() {
		n, _ := s.PlayMove(m.Move)
		if n.pos.Kings(1)&International.MainDiagonal() == 0 && !hasCapture(n) {
			next = n
			break
		}
	}
	if next == nil {
		t.Fatal("no quiet black move")
	}
	s = next
	for _, m := range s.LegalMoves() {
		n, _ := s.PlayMove(m.Move)
		if m.Move.IsKingMove() && n.pos.Pieces(0)&International.MainDiagonal() == 0 && !hasCapture(n) {
			next = n
			break
		}
	}
	if next == s {
		t.Fatal("no white king move off the main diagonal")
	}
	s = next
	var onDiag *State
	for _, m := range s.LegalMoves() {
		n, _ := s.PlayMove(m.Move)
		if n.pos.Kings(1)&International.MainDiagonal() != 0 {
			onDiag = n
			break
		}
	}
	if onDiag == nil {
		t.Fatal("the lone king cannot reach the main diagonal from " + s.Encode() + ": the setup no longer tests the clause")
	}
	if got := counter(onDiag, rules.FiveMove); got != 3 {
		t.Errorf("five-move counter %d at ply %d, want 3 (the 16-move deadline)", got, onDiag.Ply())
	}
}

// Seed 001: "기한의 마지막 수로 상대를 움직일 수 없게 하거나 ... 그쪽이 승리합니다". The lone
// king stands on the main diagonal with no white piece on it, so the 5-move count (10
// plies) runs from the start; white's tenth-ply move shuts it in on square 6.
func TestWinOnDeadlineLastMove(t *testing.T) {
	fen := "B:WK45,11,17:BK23"
	line := []string{"23-1", "45-50", "1-18", "50-44", "18-23", "44-50", "23-1", "50-45", "1-6", "45-1"}
	s := play(t, &International, fen)
	if got := counter(s, rules.FiveMove); got != 10 {
		t.Fatalf("five-move counter %d at the start, want 10", got)
	}
	s = play(t, &International, fen, line[:9]...)
	if got := counter(s, rules.FiveMove); got != 1 {
		t.Fatalf("five-move counter %d before the last ply, want 1", got)
	}
	won := play(t, &International, fen, line...)
	if o := won.Outcome(); o.Status != rules.Win || o.Winner != 0 || o.Reason != rules.NoMoves {
		t.Errorf("shutting the king in on the last ply: %+v, want a white win by no-moves", o)
	}
	drawn := play(t, &International, fen, append(line[:9:9], "45-50")...)
	if o := drawn.Outcome(); o.Status != rules.Draw || o.Reason != rules.FiveMove {
		t.Errorf("another last ply: %+v, want a five-move draw", o)
	}
}

// Seed 001: "어느 경우든 먼저 시작된 16수의 기한은 넘지 않습니다" — a 3-1 that becomes a 2-1
// late in its 16-move count keeps the 16-move deadline when it is the nearer one, and an
// early 2-1 gets its own 5 moves each.
func TestThreeToTwoNeverBeyond(t *testing.T) {
	p, err := ParseFEN(&International, "B:WK50,39:BK29") // a 2-1 just after a capture
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		ply, limit16, want int
	}{
		{ply: 30, limit16: 32, want: 32}, // 2 plies left of the 16: 5 each would go past it
		{ply: 22, limit16: 32, want: 32}, // exactly 10 left: the same deadline
		{ply: 5, limit16: 32, want: 15},  // early: 5 moves each from now
	} {
		s := &State{pos: p, ply: c.ply}
		s.updateEndgame(rules.SixteenMove, c.limit16)
		if s.endRule != rules.FiveMove || s.endLimit != c.want {
			t.Errorf("3-1 became 2-1 at ply %d (16-move deadline %d): %v until %d, want five-move until %d",
				c.ply, c.limit16, s.endRule, s.endLimit, c.want)
		}
	}
}

// A 3-1 whose strong side loses its king (two men against the king: neither count) keeps
// its 16-move deadline: when a man is crowned later, the 5 moves each may not pass it.
func TestDeadlineRememberedOutsideCounts(t *testing.T) {
	twoMen, _ := ParseFEN(&International, "W:W38,39:BK29")
	s := &State{pos: twoMen, ply: 20}
	s.updateEndgame(rules.SixteenMove, 32)
	if s.endRule != rules.ReasonNone || len(s.Counters()) != 0 {
		t.Fatalf("two men against a king: %v running", s.endRule)
	}
	kingMan, _ := ParseFEN(&International, "B:WK3,39:BK29")
	n := &State{pos: kingMan, ply: 27}
	n.updateEndgame(s.endRule, s.endLimit)
	if n.endRule != rules.FiveMove || n.endLimit != 32 {
		t.Errorf("crowned at ply 27: %v until %d, want five-move until 32", n.endRule, n.endLimit)
	}
	// Without a 3-1 before, the crowning starts a full 5 moves each.
	n = &State{pos: kingMan, ply: 27}
	n.updateEndgame(rules.ReasonNone, 0)
	if n.endRule != rules.FiveMove || n.endLimit != 37 {
		t.Errorf("fresh 2-1 at ply 27: %v until %d, want five-move until 37", n.endRule, n.endLimit)
	}
}
