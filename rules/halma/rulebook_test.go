package halma

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"madang/rules"
)

// Hole names used below (axial q, r as in board.go): row 9 is the middle row, 9.1 .. 9.9
// from left to right, so "east" runs along it; in rows 5..9 position = q+5, in rows 9..13
// position = q+5+r. The positions are hand-built in Encode's text: side, pieces by seat
// (K a king), plies, passes.

// Seed 004 "도약은 임의의 합법 착지점에서 종료": a chain may stop at any landing hole; the
// jumped pieces of either colour stay (seed 004's A-B-C-D-E example).
func TestChainStopsMidwayOverEitherColour(t *testing.T) {
	// Red on 9.1 and 9.2, blue on 9.4: 9.1 jumps its own 9.2 to 9.3, then blue's 9.4 to 9.5.
	p := decode(t, &ChineseCheckers, 2, 10, "0 9.1,9.2/9.4 0 0")
	wantDests(t, p, "9.1", "10.1", "10.2", "8.1", "8.2", "9.3", "9.5")
	if got := PathText(p.Path(Move{hole(t, "9.1"), hole(t, "9.5")})); got != "9.1-9.3-9.5" {
		t.Errorf("path of 9.1-9.5 = %s, want 9.1-9.3-9.5", got)
	}
	for _, text := range []string{"9.1-9.5", "9.1-9.3-9.5"} {
		q := play(t, p, text)
		for _, h := range []string{"9.2", "9.4"} {
			if _, _, ok := q.At(hole(t, h)); !ok {
				t.Errorf("after %s the jumped piece on %s is gone", text, h)
			}
		}
		if s, _, _ := q.At(hole(t, "9.5")); s != 0 {
			t.Errorf("after %s: 9.5 holds seat %d", text, s)
		}
	}
	// The route as written is kept for the record (seed 004: the record shows the route).
	for text, want := range map[string]string{"9.1-9.5": "9.1-9.5", " 9.1-9.3-9.5 ": "9.1-9.3-9.5", "9.1-10.1": "9.1-10.1"} {
		m, route, err := p.ParseRoute(text)
		if err != nil || route != want || m.String() != strings.Split(want, "-")[0]+"-"+strings.Split(want, "-")[len(strings.Split(want, "-"))-1] {
			t.Errorf("ParseRoute(%q) = %v %q %v, want route %q", text, m, route, err, want)
		}
	}
	if _, _, err := p.ParseRoute("9.1-9.2-9.5"); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("ParseRoute of a broken chain: %v, want illegal", err)
	}
	// Stopping midway is its own move.
	if m, err := p.ParseMove("9.1-9.3"); err != nil || m != (Move{hole(t, "9.1"), hole(t, "9.3")}) {
		t.Errorf("9.1-9.3: %v %v", m, err)
	}
}

// Seeds 000/002/004: a turn is one step or jumps only, never both; a jump lands on the empty
// hole straight beyond one adjacent piece, never on an occupied hole.
func TestNoMixOfStepAndJump(t *testing.T) {
	// A step to 9.2 then a jump over 9.3 would reach 9.4.
	p := decode(t, &ChineseCheckers, 2, 10, "0 9.1/9.3 0 0")
	wantDests(t, p, "9.1", "9.2", "10.1", "10.2", "8.1", "8.2")
	if _, err := p.ParseMove("9.1-9.2-9.4"); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("step then jump: %v, want illegal", err)
	}
	// A jump to 9.3 then a step would reach 9.4.
	p = decode(t, &ChineseCheckers, 2, 10, "0 9.1/9.2 0 0")
	wantDests(t, p, "9.1", "9.3", "10.1", "10.2", "8.1", "8.2")
	if _, err := p.ParseMove("9.1-9.3-9.4"); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("jump then step: %v, want illegal", err)
	}
	// Two pieces in a row: no jump (the landing 9.3 is occupied).
	p = decode(t, &ChineseCheckers, 2, 10, "0 9.1/9.2,9.3 0 0")
	wantDests(t, p, "9.1", "10.1", "10.2", "8.1", "8.2")
}

// Seed 002 "출발한 자리로 되돌아와 끝낼 수는 없어요", seed 004 (no landing twice): a three-jump
// loop returns to the start, which is not a move; the chain may go on from there.
func TestLoopBackToStartIsNotAMove(t *testing.T) {
	// 9.5 jumps 9.6 to 9.7, 10.7 to 11.7, 10.6 back to 9.5; 9.4 then lets it go on to 9.3.
	p := decode(t, &ChineseCheckers, 2, 10, "0 9.5/9.4,9.6,10.6,10.7 0 0")
	wantDests(t, p, "9.5", "10.5", "8.5", "8.6", "9.7", "11.7", "9.3")
	var l MoveList
	p.Generate(&l)
	for _, m := range l.Slice() {
		if m.From == m.To {
			t.Errorf("move %v ends where it started", m)
		}
	}
	for text, want := range map[string]error{
		"9.5-9.7-11.7-9.5":     rules.ErrIllegal, // ends on its start
		"9.5-9.7-11.7-9.7":     rules.ErrIllegal, // lands on 9.7 twice
		"9.5-9.5":              rules.ErrIllegal,
		"9.5-9.7-11.7-9.5-9.3": nil, // through the start after the loop, then on
		"9.5-11.7-9.7":         nil,
	} {
		_, err := p.ParseMove(text)
		if (want == nil) != (err == nil) || (want != nil && !errors.Is(err, want)) {
			t.Errorf("%s: %v, want %v", text, err, want)
		}
	}
	if m, _ := p.ParseMove("9.5-9.7-11.7-9.5-9.3"); m != (Move{hole(t, "9.5"), hole(t, "9.3")}) {
		t.Errorf("loop path read as %v, want 9.5-9.3", m)
	}
}

// Seed 000 "왕": the king jumps a run of one or more consecutive pieces of any colour,
// landing on the first hole after the run, which must be empty and open to it; no run with
// a king in it; an ordinary piece jumps exactly one piece and never a king.
func TestKingRuns(t *testing.T) {
	steps := []string{"10.2", "10.3", "9.1", "8.2", "8.3"} // the king on 9.2 steps
	for _, c := range []struct {
		name, pos string
		want      []string // jump destinations of 9.2
	}{
		{"run of 1", "0 K9.2/9.3 0 0", []string{"9.4"}},
		{"run of 2", "0 K9.2,9.3/9.4 0 0", []string{"9.5"}},
		{"run of 4", "0 K9.2,9.3,9.5/9.4,9.6 0 0", []string{"9.7"}},
		{"king in the run", "0 K9.2,9.3/K9.4 0 0", nil},
		{"king first in the run", "0 K9.2/K9.3,9.4 0 0", nil},
		{"run to the edge", "0 K9.2,9.3,9.4,9.5/9.6,9.7,9.8,9.9 0 0", nil},
	} {
		p := decode(t, &Diamond, 2, 15, c.pos)
		t.Run(c.name, func(t *testing.T) {
			wantDests(t, p, "9.2", append(append([]string(nil), steps...), c.want...)...)
		})
	}
	// A run ending on a closed camp's hole gives no landing; one ending on a border hole
	// does (8.1 lies in green's camp 1, 8.2 on its border).
	p := decode(t, &Diamond, 2, 15, "0 K8.4/8.3 0 0")
	wantDests(t, p, "8.4", "8.5", "9.3", "9.4", "7.4", "7.5", "8.2")
	p = decode(t, &Diamond, 2, 15, "0 K8.4/8.3,8.2 0 0")
	wantDests(t, p, "8.4", "8.5", "9.3", "9.4", "7.4", "7.5")
	// The king chains like any piece: run of 2 to 9.5, then a run of 1 (9.6) to 9.7.
	p = decode(t, &Diamond, 2, 15, "0 K9.2,9.3/9.4,9.6 0 0")
	wantDests(t, p, "9.2", append(append([]string(nil), steps...), "9.5", "9.7")...)
	if got := PathText(p.Path(Move{hole(t, "9.2"), hole(t, "9.7")})); got != "9.2-9.5-9.7" {
		t.Errorf("king path %s, want 9.2-9.5-9.7", got)
	}
	// The same runs do not carry an ordinary piece: one piece only, never a king.
	for _, c := range []struct{ name, pos string }{
		{"two in a row", "0 9.2,9.3/9.4 0 0"},
		{"over a king of another colour", "0 9.2/K9.3 0 0"},
		{"over its own king", "0 9.2,K9.3/9.5 0 0"},
	} {
		p := decode(t, &Diamond, 2, 15, c.pos)
		t.Run(c.name, func(t *testing.T) {
			wantDests(t, p, "9.2", steps...)
		})
	}
	// An ordinary piece over one ordinary piece.
	p = decode(t, &Diamond, 2, 15, "0 9.2/9.3 0 0")
	wantDests(t, p, "9.2", append(append([]string(nil), steps...), "9.4")...)
}

// Seed 000: no landing (step, chain end, mid-chain) in another colour's camp, green's
// included in a two-player game, but its five border holes stay open; chinese-checkers has
// no closed camps.
func TestClosedCamps(t *testing.T) {
	// Red on 7.3, on the border of green's camp 1: 7.2 and 6.3 lie inside it.
	p := decode(t, &Diamond, 2, 15, "0 7.3/13.7 0 0")
	wantDests(t, p, "7.3", "7.4", "8.3", "8.2", "6.4")
	p = decode(t, &ChineseCheckers, 2, 10, "0 7.3/13.7 0 0")
	wantDests(t, p, "7.3", "7.4", "8.3", "8.2", "6.4", "7.2", "6.3")
	// 7.4 could jump 7.3 into 7.2 (closed) and on over 8.2 to 9.2: neither in diamond.
	p = decode(t, &Diamond, 2, 15, "0 7.4/7.3,8.2 0 0")
	wantDests(t, p, "7.4", "7.5", "8.4", "8.3", "6.4", "6.5")
	if _, err := p.ParseMove("7.4-7.2-9.2"); !errors.Is(err, rules.ErrIllegal) || !strings.Contains(err.Error(), "closed camp") {
		t.Errorf("chain through a closed camp: %v", err)
	}
	p = decode(t, &ChineseCheckers, 2, 10, "0 7.4/7.3,8.2 0 0")
	wantDests(t, p, "7.4", "7.5", "8.4", "8.3", "6.4", "6.5", "7.2", "9.2")
	// A jump onto a border hole (8.2) is fine.
	p = decode(t, &Diamond, 2, 15, "0 8.4/8.3 0 0")
	wantDests(t, p, "8.4", "8.5", "9.3", "9.4", "7.4", "7.5", "8.2")
	// Yellow's target camp 5 is closed to red with two and three players, open to yellow.
	for _, players := range []int{2, 3} {
		lists := "7.9/13.7"
		if players == 3 {
			lists += "/9.5"
		}
		p := decode(t, &Diamond, players, 15, "0 "+lists+" 0 0")
		wantDests(t, p, "7.9", "8.9", "8.8", "7.8", "6.9")
		p = decode(t, &Diamond, players, 15, "1 "+lists+" 0 0")
		wantDests(t, p, "13.7", "13.6", "13.8", "12.6", "12.7") // 14.2, 14.3: red's camp 3
	}
	p = decode(t, &Diamond, 2, 15, "1 13.7/7.9 0 0")
	wantDests(t, p, "7.9", "8.9", "8.8", "7.8", "6.9", "7.10", "6.10")
}

// Seed 004: the strict win (all 10 target holes own pieces); the win test reads only the
// target holes (opponent pieces in the winner's home do not matter); pieces may leave the
// target camp.
func TestChineseCheckersWin(t *testing.T) {
	target := "14.2,14.3,14.4,15.1,15.2,15.3,16.1,16.2,17.1"
	p := decode(t, &ChineseCheckers, 2, 10, "0 13.5,"+target+"/1.1,2.1 0 0")
	if !slicesContain(destinations(t, p, "14.2"), "13.6") {
		t.Error("a piece may leave the target camp")
	}
	q := play(t, p, "13.5-14.1")
	if o := q.Outcome(); o != rules.WinFor(0, rules.CampFilled) {
		t.Errorf("red fills its target: %+v", o)
	}
	if n, size := q.Arrived(0); n != 10 || size != 10 {
		t.Errorf("arrived %d/%d, want 10/10", n, size)
	}
	// A blue piece left in the target: no win however full it is.
	p = decode(t, &ChineseCheckers, 2, 10, "0 13.5,"+target+"/14.1 0 0")
	if o := p.Outcome(); o.Over() {
		t.Errorf("blue on 14.1: %+v", o)
	}
	if n, _ := p.Arrived(0); n != 9 {
		t.Errorf("arrived %d, want 9", n)
	}
}

func slicesContain(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

// Seed 002 "상대가 남긴 말": a full target with at least one own piece wins, the opponent's
// unmoved pieces counting as filling it; the same position is no win in chinese-checkers.
func TestDiamondKRWinWithUnmovedPieces(t *testing.T) {
	pos := "0 13.5,14.2,14.3,14.4,15.1,15.2,15.3/16.1,16.2,17.1 0 0"
	p := decode(t, &DiamondKR, 2, 10, pos)
	if o := play(t, p, "13.5-14.1").Outcome(); o != rules.WinFor(0, rules.CampFilled) {
		t.Errorf("diamond-kr: %+v, want red's win", o)
	}
	p = decode(t, &ChineseCheckers, 2, 10, pos)
	if o := play(t, p, "13.5-14.1").Outcome(); o.Over() {
		t.Errorf("chinese-checkers: %+v, want ongoing", o)
	}
	// 15 pieces: the target is 15 holes; the same fill is not yet a win.
	p = decode(t, &DiamondKR, 2, 15, pos)
	if o := play(t, p, "13.5-14.1").Outcome(); o.Over() {
		t.Errorf("diamond-kr 15: %+v, want ongoing (row 13's five holes empty)", o)
	}
}

// Sturtevant's rule: in diamond-kr a move that completes the opponent's win
// without completing the mover's own is illegal. Blue's target is camp 0, where blue has
// 1.1 and 2.1 and red's unmoved pieces fill all but 4.4.
func TestDiamondKRGiftRefused(t *testing.T) {
	pos := "0 2.2,3.1,3.2,3.3,4.1,4.2,4.3,5.9/1.1,2.1 0 0"
	p := decode(t, &DiamondKR, 2, 10, pos)
	var l MoveList
	p.Generate(&l)
	for _, m := range l.Slice() {
		if m.To == hole(t, "4.4") && m.From == hole(t, "5.9") {
			t.Errorf("%v fills blue's target camp", m)
		}
	}
	if _, err := p.ParseMove("5.9-4.4"); !errors.Is(err, rules.ErrIllegal) || !strings.Contains(err.Error(), "win") {
		t.Errorf("5.9-4.4: %v, want illegal (completes blue's win)", err)
	}
	// The refusal has its own error and stable code, so a page can say why (seed 002).
	_, err := p.ParseMove("5.9-4.4")
	var coded interface{ Code() string }
	if !errors.Is(err, ErrGift) || !errors.As(err, &coded) || coded.Code() != "hands-win" {
		t.Errorf("5.9-4.4: %v, want ErrGift with code hands-win", err)
	}
	// An ordinary illegal move is not a gift.
	if _, err := p.ParseMove("5.9-1.1"); errors.Is(err, ErrGift) || !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("5.9-1.1: %v, want illegal and not ErrGift", err)
	}
	wantDests(t, p, "4.3", "4.4", "5.7", "5.8") // 4.3-4.4 empties 4.3: the camp stays open
	if !slicesContain(destinations(t, p, "4.2"), "4.4") {
		t.Error("4.2-4.4 (over 4.3) leaves 4.2 empty and is legal")
	}
	// chinese-checkers has no such rule: blue's strict win cannot come from red's pieces.
	p = decode(t, &ChineseCheckers, 2, 10, pos)
	if _, err := p.ParseMove("5.9-4.4"); err != nil {
		t.Errorf("chinese-checkers 5.9-4.4: %v", err)
	}
}

// Seed 000: a move that makes another player's win true is illegal. Yellow's target is
// camp 5 (5.10-8.10 and the border 5.9-9.9) with its king on the apex 5.13 and every hole
// but the border hole 9.9 full; red's 9.8-9.9 would complete it.
func TestDiamondGiftRefused(t *testing.T) {
	yellow := "5.9,5.10,5.11,5.12,6.9,6.10,6.11,6.12,7.9,7.10,7.11,8.9,8.10"
	p := decode(t, &Diamond, 2, 15, "0 9.8/K5.13,"+yellow+" 0 0")
	if _, err := p.ParseMove("9.8-9.9"); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("9.8-9.9: %v, want illegal", err)
	}
	wantDests(t, p, "9.8", "10.8", "10.9", "9.7", "8.8")
	// With an ordinary piece on yellow's apex (its king elsewhere) the move gives nothing.
	p = decode(t, &Diamond, 2, 15, "0 9.8/5.13,K"+yellow+" 0 0")
	if _, err := p.ParseMove("9.8-9.9"); err != nil {
		t.Errorf("9.8-9.9 with yellow's king off the apex: %v", err)
	}
}

// Seed 000: the win needs the 15 target holes occupied (other colours on the border holes
// count) and the king on the target apex; an ordinary piece on the apex blocks it until
// moved out.
func TestDiamondWinNeedsKingOnApex(t *testing.T) {
	// The camp full (yellow on the border hole 13.9) with an ordinary piece on the apex.
	p := decode(t, &Diamond, 2, 15, "0 17.1,16.1,16.2,15.1,15.2,15.3,14.1,14.2,14.3,14.4,13.5,13.6,13.7,13.8,K12.4/K9.1,13.9 0 0")
	if p.Wins(0) || p.Outcome().Over() {
		t.Errorf("full camp, ordinary piece on the apex: %+v", p.Outcome())
	}
	// The king on 12.4 sees the line 13.5-14.1-15.1-16.1 to the apex, held by a plain
	// piece: it cannot get there until that piece moves out.
	red := "17.1,16.2,15.1,15.2,15.3,14.1,14.2,14.3,14.4,13.5,13.6,13.7,13.8,K12.4,9.5"
	p = decode(t, &Diamond, 2, 15, "0 "+red+"/K9.1,13.9 0 0")
	if slicesContain(destinations(t, p, "12.4"), "17.1") {
		t.Error("the king lands on an occupied apex")
	}
	q := play(t, p, "17.1-16.1")
	if q.Outcome().Over() {
		t.Errorf("apex emptied: %+v", q.Outcome())
	}
	q = play(t, q, "9.1-9.2")
	// A run of four (13.5, 14.1, 15.1, 16.1) onto the apex.
	q = play(t, q, "12.4-17.1")
	if o := q.Outcome(); o != rules.WinFor(0, rules.CampFilled) {
		t.Errorf("king on the apex, camp full: %+v, want red's win", o)
	}
	// The king on the apex with a hole of the camp empty is no win.
	p = decode(t, &Diamond, 2, 15, "0 K17.1,16.1,16.2,15.1,15.2,15.3,14.1,14.2,14.3,14.4,13.5,13.6,13.7,13.8,9.5/K9.1 0 0")
	if p.Wins(0) {
		t.Error("13.9 empty: no win")
	}
}

// A seat with no legal move passes (Moves is exactly [pass]); "pass" is refused
// while another move exists; every seat passing in a row draws (all-passed).
func TestPass(t *testing.T) {
	// Red's only piece on its apex 1.1, walled in by blue.
	p := decode(t, &ChineseCheckers, 2, 10, "0 1.1/2.1,2.2,3.1,3.3 7 0")
	s := NewState(p)
	ms := s.Moves()
	if len(ms) != 1 || ms[0] != rules.Move(Pass) || ms[0].String() != "pass" {
		t.Fatalf("moves %v, want [pass]", ms)
	}
	m, err := s.ParseMove("pass")
	if err != nil || m != rules.Move(Pass) {
		t.Fatalf("pass: %v %v", m, err)
	}
	n, err := s.Play(m)
	if err != nil {
		t.Fatal(err)
	}
	ns, _ := AsState(n)
	if n.ToMove() != 1 || ns.Position().Passes() != 1 || ns.Position().Plies() != 8 || n.Outcome().Over() {
		t.Errorf("after the pass: to move %d, passes %d, plies %d, %+v", n.ToMove(), ns.Position().Passes(), ns.Position().Plies(), n.Outcome())
	}
	if _, err := n.ParseMove("pass"); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("blue passing with moves: %v, want illegal", err)
	}
	// A move resets the count.
	q := ns.Position()
	if q = q.Apply(ns.LegalMoves()[0]); q.Passes() != 0 {
		t.Errorf("passes %d after a move, want 0", q.Passes())
	}
}

// Seed 000: everyone passing in a row is a draw (all-passed). Hand-built: each seat's only
// piece sits on the apex of a camp closed to it, with no way out.
func TestAllPassedDraw(t *testing.T) {
	for _, c := range []struct {
		players int
		pos     string
	}{{2, "0 5.1/13.13 0 0"}, {3, "0 5.1/13.13/5.13 0 0"}} {
		s := NewState(decode(t, &Diamond, c.players, 15, c.pos))
		for i := 0; i < c.players; i++ {
			if s.Outcome().Over() {
				t.Fatalf("%d players: over after %d passes: %+v", c.players, i, s.Outcome())
			}
			ms := s.LegalMoves()
			if len(ms) != 1 || ms[0] != Pass {
				t.Fatalf("%d players, seat %d: moves %v, want [pass]", c.players, s.ToMove(), ms)
			}
			var err error
			if s, err = s.PlayMove(Pass); err != nil {
				t.Fatal(err)
			}
		}
		if o := s.Outcome(); o != rules.DrawBy(rules.AllPassed) || o.Reason.String() != "all-passed" || s.Moves() != nil || s.ToMove() != rules.NoSeat {
			t.Errorf("%d players after a round of passes: %+v", c.players, o)
		}
	}
}

// Draws at 200 moves a seat in chinese-checkers and diamond-kr (400 plies), 400 a
// seat in diamond (800 plies for two, 1,200 for three); a pass counts as a move; a win on
// the last ply is still a win.
func TestMoveLimits(t *testing.T) {
	for _, c := range []struct {
		r               *Rules
		players, pieces int
		lists           string
		limit           int
	}{
		{&ChineseCheckers, 2, 10, "9.5/12.5", 400},
		{&DiamondKR, 2, 10, "9.5/12.5", 400},
		{&DiamondKR, 2, 15, "9.5/12.5", 400},
		{&Diamond, 2, 15, "K9.5/K12.5", 800},
		{&Diamond, 3, 15, "K9.5/K12.5/K7.5", 1200},
	} {
		name := c.r.ID + " " + c.lists
		s := NewState(decode(t, c.r, c.players, c.pieces, "0 "+c.lists+" "+itoa(c.limit-1)+" 0"))
		if got := s.Counters(); len(got) != 1 || got[0] != (rules.Counter{Rule: rules.MoveLimit, PliesLeft: 1}) {
			t.Errorf("%s: counters %v", name, got)
		}
		n, err := s.PlayMove(s.LegalMoves()[0])
		if err != nil {
			t.Fatal(err)
		}
		if o := n.Outcome(); o != rules.DrawBy(rules.MoveLimit) {
			t.Errorf("%s: after ply %d: %+v, want a move-limit draw", name, c.limit, o)
		}
		if s := NewState(decode(t, c.r, c.players, c.pieces, "1 "+c.lists+" "+itoa(c.limit)+" 0")); s.Outcome() != rules.DrawBy(rules.MoveLimit) {
			t.Errorf("%s: decoded at the limit: %+v", name, s.Outcome())
		}
		if _, err := c.r.Decode(c.players, c.pieces, "1 "+c.lists+" "+itoa(c.limit+1)+" 0"); !errors.Is(err, rules.ErrNotation) {
			t.Errorf("%s: plies beyond the limit: %v", name, err)
		}
	}
	// A pass on the last ply draws too.
	s := NewState(decode(t, &ChineseCheckers, 2, 10, "0 1.1/2.1,2.2,3.1,3.3 399 0"))
	if n, _ := s.PlayMove(Pass); n == nil || n.Outcome() != rules.DrawBy(rules.MoveLimit) {
		t.Errorf("pass on ply 400: %v", n)
	}
	// A win on the last ply is a win.
	p := decode(t, &ChineseCheckers, 2, 10, "0 13.5,14.2,14.3,14.4,15.1,15.2,15.3,16.1,16.2,17.1/1.1 399 0")
	if o := play(t, p, "13.5-14.1").Outcome(); o != rules.WinFor(0, rules.CampFilled) {
		t.Errorf("win on ply 400: %+v", o)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// Python-Checkers #2 (long chains cut at the board edge): a six-jump chain up the right
// edge of camp 0 and the hexagon, from 1.1 to the apex of camp 4 (13.13), with pieces on
// every other hole of the line.
func TestLongChainToTheEdge(t *testing.T) {
	p := decode(t, &ChineseCheckers, 2, 10, "0 1.1,4.4,8.9,12.12/2.2,6.9,10.10 0 0")
	m := Move{hole(t, "1.1"), hole(t, "13.13")}
	if !p.IsLegal(m) {
		t.Fatalf("1.1-13.13 not legal; destinations %v", destinations(t, p, "1.1"))
	}
	want := "1.1-3.3-5.9-7.9-9.9-11.11-13.13"
	if got := PathText(p.Path(m)); got != want {
		t.Errorf("path %s, want %s", got, want)
	}
	if pm, err := p.ParseMove(want); err != nil || pm != m {
		t.Errorf("%s: %v %v", want, pm, err)
	}
	wantDests(t, p, "1.1", "2.1", "3.3", "5.9", "7.9", "9.9", "11.11", "13.13")
}
