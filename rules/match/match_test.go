package match_test

import (
	"errors"
	"slices"
	"testing"

	"madang/internal/trackgame"
	"madang/rules"
	"madang/rules/draughts"
	"madang/rules/halma"
	"madang/rules/match"
)

// advanced is the track game's stand-in for seed 001's draw reset: "+1" and "+2" (a man
// moved or a piece was taken) lift a declined offer's ban, "wait" (a king move) does not.
func advanced(_ rules.State, m rules.Move) bool { return m.String() != "wait" }

func track(t *testing.T, opts rules.Options) rules.State {
	t.Helper()
	g, ok := rules.Lookup(trackgame.ID)
	if !ok {
		t.Fatal("track game not registered")
	}
	st, err := g.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// step is one move of a table: its text, with a draw offer riding on it when offer is set.
type step struct {
	text  string
	offer bool
}

func play(t *testing.T, m *match.Match, steps []step) {
	t.Helper()
	for i, s := range steps {
		if err := m.PlayText(s.text, s.offer); err != nil {
			t.Fatalf("step %d %q (offer %v): %v", i, s.text, s.offer, err)
		}
	}
}

// Seed 001, "무승부를 제안할 때는": an offer rides on a move; the opponent declines it by
// moving; the declined side may not offer again until either side moves a man or takes a
// piece, and the move carrying the new offer does not count, so a move without an offer
// comes between. Seats alternate: seat 0 plays steps 0, 2, 4, ...
func TestDrawOfferBan(t *testing.T) {
	o, w, adv := step{"wait", true}, step{"wait", false}, step{"+1", false}
	for _, c := range []struct {
		name       string
		reset      func(rules.State, rules.Move) bool
		steps      []step
		may0, may1 bool
		pending    bool // an offer stands for the seat to move
	}{
		{"nothing offered: both may offer", advanced, []step{w, w}, true, true, false},
		{"an offer stands for the opponent's turn", advanced, []step{o}, true, true, true},
		{"declined by a king move: the offerer is banned", advanced, []step{o, w}, false, true, false},
		{"the declining move does not lift it, even a man move", advanced, []step{o, adv}, false, true, false},
		{"king moves only: still banned", advanced, []step{o, w, w, w}, false, true, false},
		{"the banned seat's own man move (no offer) lifts it", advanced, []step{o, w, adv, w}, true, true, false},
		{"the opponent's man move lifts it", advanced, []step{o, w, w, adv}, true, true, false},
		{"a second offer declined bans again", advanced, []step{o, w, adv, w, o, w}, false, true, false},
		{"the opponent's offer: its own ban only", advanced, []step{w, o, w}, true, false, false},
		{"no draw-reset rule: every later move lifts it", nil, []step{o, w, w}, true, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := match.New(track(t, nil), match.Rules{DrawOffers: true, DrawReset: c.reset})
			play(t, m, c.steps)
			if got := m.MayOffer(0); got != c.may0 {
				t.Errorf("seat 0 may offer: %v, want %v", got, c.may0)
			}
			if got := m.MayOffer(1); got != c.may1 {
				t.Errorf("seat 1 may offer: %v, want %v", got, c.may1)
			}
			if got := m.OfferFor(int(m.State().ToMove())); got != c.pending {
				t.Errorf("offer pending for the seat to move: %v, want %v", got, c.pending)
			}
		})
	}
}

// The same ban with checkers' own predicate (seed 001, rules/draughts.ReopensDrawOffers):
// king moves keep it, a man move lifts it.
func TestDrawOfferBanCheckers(t *testing.T) {
	g, ok := rules.Lookup(draughts.English.ID)
	if !ok {
		t.Fatal("checkers not registered")
	}
	// Black (seat 0, to move) has a king on 1 and a man on 12; white a king on 32 and a man
	// on 21: kings can wait, men can advance.
	st, err := g.Decode(nil, "B:WK32,21:BK1,12")
	if err != nil {
		t.Fatal(err)
	}
	m := match.New(st, match.Rules{DrawOffers: true, DrawReset: draughts.ReopensDrawOffers})
	play(t, m, []step{{"1-6", true}, {"32-27", false}, {"6-1", false}, {"27-32", false}})
	if m.MayOffer(0) {
		t.Fatal("black may offer after king moves only")
	}
	play(t, m, []step{{"12-16", false}}) // a man moves
	if !m.MayOffer(0) {
		t.Fatal("black may not offer after its man moved")
	}
}

// Refusals change nothing: an offer without the rule, an offer while banned, accepting
// one's own offer or none, accepting after the offer was declined.
func TestDrawOfferRefusals(t *testing.T) {
	m := match.New(track(t, nil), match.Rules{})
	if err := m.PlayText("wait", true); !errors.Is(err, match.ErrOffer) || m.Len() != 0 {
		t.Fatalf("offer without draw offers: %v, %d entries", err, m.Len())
	}
	m = match.New(track(t, nil), match.Rules{DrawOffers: true, DrawReset: advanced})
	if err := m.AcceptDraw(0); !errors.Is(err, match.ErrNoOffer) {
		t.Fatalf("accepting no offer: %v", err)
	}
	play(t, m, []step{{"wait", true}})
	if err := m.AcceptDraw(0); !errors.Is(err, match.ErrNoOffer) {
		t.Fatalf("accepting one's own offer: %v", err)
	}
	play(t, m, []step{{"wait", false}})
	if err := m.AcceptDraw(0); !errors.Is(err, match.ErrNoOffer) {
		t.Fatalf("accepting a declined offer: %v", err)
	}
	if err := m.PlayText("wait", true); !errors.Is(err, match.ErrOffer) || m.Len() != 2 {
		t.Fatalf("offer while banned: %v, %d entries", err, m.Len())
	}
	if m.Over() {
		t.Fatal("a refusal ended the match")
	}
}

// Seed 001: "상대가 수락하면 무승부" — accepting draws by agreement; nothing more is played.
func TestAcceptDraw(t *testing.T) {
	m := match.New(track(t, nil), match.Rules{DrawOffers: true})
	play(t, m, []step{{"+1", true}})
	if off, ok := m.PendingOffer(); !ok || off != (match.Offer{Seat: 0, Ply: 1}) {
		t.Fatalf("pending offer %+v %v", off, ok)
	}
	if err := m.AcceptDraw(1); err != nil {
		t.Fatal(err)
	}
	if o := m.Outcome(); o != rules.DrawBy(rules.Agreement) {
		t.Fatalf("outcome %+v", o)
	}
	if _, ok := m.PendingOffer(); ok || m.MayOffer(1) {
		t.Fatal("an offer stands after the draw")
	}
	if err := m.PlayText("wait", false); !errors.Is(err, match.ErrOver) {
		t.Fatalf("a move after the draw: %v", err)
	}
	if err := m.Resign(0, rules.Resign); !errors.Is(err, match.ErrOver) {
		t.Fatalf("resigning after the draw: %v", err)
	}
}

// Resignation follows rules.ResignOutcome: seed 001, the opponent wins; seed 000,
// three-player diamond, "남은 2명 가운데 말이 목표 진영에 가까운 사람 ... 같으면 기권한 사람의
// 다음 차례인 사람"; a room that rules on a leaving seat replaces the reason (rules.Abandoned).
func TestResign(t *testing.T) {
	dia, ok := rules.Lookup(halma.Diamond.ID)
	if !ok {
		t.Fatal("diamond not registered")
	}
	three, err := dia.New(rules.Options{"players": 3})
	if err != nil {
		t.Fatal(err)
	}
	ahead := three.Moves()[0] // red steps or jumps towards its goal: red is nearest after it
	redAhead, err := three.Play(ahead)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		start  rules.State
		seat   int
		why    rules.Reason
		winner rules.Seat
		reason rules.Reason
	}{
		{"seed 001: two seats, the opponent wins", track(t, nil), 0, rules.ReasonNone, 1, rules.Resign},
		{"seed 001: the second seat resigns", track(t, nil), 1, rules.Resign, 0, rules.Resign},
		{"seed 000: three seats level, the next after the resigner (0 -> 1)", three, 0, rules.ReasonNone, 1, rules.Resign},
		{"seed 000: three seats level, the next after the resigner (1 -> 2)", three, 1, rules.ReasonNone, 2, rules.Resign},
		{"seed 000: three seats level, the next after the resigner (2 -> 0)", three, 2, rules.ReasonNone, 0, rules.Resign},
		{"seed 000: the nearest to its goal wins over the next in turn", redAhead, 1, rules.ReasonNone, 0, rules.Resign},
		{"a seat left: the room's reason, the rules' winner", three, 0, rules.Abandoned, 1, rules.Abandoned},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := match.New(c.start, match.Rules{})
			if err := m.Resign(c.seat, c.why); err != nil {
				t.Fatal(err)
			}
			o := m.Outcome()
			if o.Status != rules.Win || o.Winner != c.winner || o.Reason != c.reason || o.Points != 1 {
				t.Fatalf("outcome %+v, want seat %d wins by %v", o, c.winner, c.reason)
			}
		})
	}
	m := match.New(three, match.Rules{})
	for _, seat := range []int{-1, 3} {
		if err := m.Resign(seat, rules.Resign); !errors.Is(err, match.ErrSeat) || m.Over() {
			t.Fatalf("seat %d resigns: %v", seat, err)
		}
	}
}

// The log keeps each entry's text and who entered it: the opening roll is nobody's (the
// room's server makes it, Actor -1), later rolls and moves are the seat's.
func TestLogOfMovesAndRolls(t *testing.T) {
	m := match.New(track(t, rules.Options{"dice": 1}), match.Rules{})
	if err := m.Roll(rules.Dice{2, 2}); err != nil { // a tie rolls again
		t.Fatal(err)
	}
	if err := m.Roll(rules.Dice{1, 3}); err != nil { // seat 1 begins with both dice
		t.Fatal(err)
	}
	play(t, m, []step{{"+3", false}, {"4-4", false}})
	want := []match.Entry{
		{Text: "2-2", Seat: 0, Roll: true, Opening: true},
		{Text: "1-3", Seat: 0, Roll: true, Opening: true},
		{Text: "+3", Seat: 1},
		{Text: "4-4", Seat: 0, Roll: true},
	}
	for i, w := range want {
		if got := m.Entry(i); got != w {
			t.Errorf("entry %d: %+v, want %+v", i, got, w)
		}
	}
	if m.Len() != len(want) || !slices.Equal(m.Texts(), []string{"2-2", "1-3", "+3", "4-4"}) {
		t.Fatalf("texts %v", m.Texts())
	}
	if a := []int{m.Entry(0).Actor(), m.Entry(2).Actor(), m.Entry(3).Actor()}; !slices.Equal(a, []int{-1, 1, 0}) {
		t.Fatalf("actors %v", a)
	}
	if m.Prev() == nil || m.Prev().Phase() != rules.PhaseRoll || m.State().Phase() != rules.PhaseMove {
		t.Fatal("prev and state are not the states around the last roll")
	}
	if err := m.Roll(rules.Dice{1, 1}); !errors.Is(err, rules.ErrPhase) || m.Len() != 4 {
		t.Fatalf("a roll where a move is due: %v", err)
	}
}

// Resume, as a room reads its stored log, offers and result, gives the match that was
// played; Clone copies it apart.
func TestResumeAndClone(t *testing.T) {
	r := match.Rules{DrawOffers: true, DrawReset: advanced}
	played := match.New(track(t, nil), r)
	play(t, played, []step{{"wait", true}, {"wait", false}, {"wait", false}, {"+2", true}})
	offer, bans := played.Offers()
	back, n, err := match.Resume(track(t, nil), r, played.Texts(), offer, bans, nil)
	if err != nil || n != 4 {
		t.Fatalf("resume: %v at %d", err, n)
	}
	for i := 0; i < 4; i++ {
		got, want := back.Entry(i), played.Entry(i)
		want.Offer = false // the stored log holds texts only
		if got != want {
			t.Errorf("entry %d: %+v, want %+v", i, got, want)
		}
	}
	o2, b2 := back.Offers()
	if *o2 != *offer || !slices.Equal(b2, bans) || back.State().Encode() != played.State().Encode() {
		t.Fatalf("resumed offers %+v %v, want %+v %v", o2, b2, offer, bans)
	}
	if !back.MayOffer(1) || back.MayOffer(0) != played.MayOffer(0) || !back.OfferFor(0) {
		t.Fatal("resumed offers do not answer as the played ones")
	}
	ended := rules.WinFor(1, rules.Resign)
	over, _, err := match.Resume(track(t, nil), r, played.Texts(), nil, nil, &ended)
	if err != nil || over.Outcome() != ended {
		t.Fatalf("resumed result %+v %v", over.Outcome(), err)
	}
	if _, k, err := match.Resume(track(t, nil), r, []string{"wait", "jump"}, nil, nil, nil); err == nil || k != 1 {
		t.Fatalf("a bad text: %v at %d", err, k)
	}

	c := played.Clone()
	play(t, c, []step{{"+1", false}})
	if err := c.Resign(0, rules.Resign); err != nil {
		t.Fatal(err)
	}
	if played.Len() != 4 || played.Over() || !played.OfferFor(0) {
		t.Fatal("playing on a clone changed the original")
	}
}

// The names on the wire (functions/room/PROTOCOL.md) and in the browser's view.
func TestNames(t *testing.T) {
	for p, want := range map[rules.Phase]string{rules.PhaseMove: "move", rules.PhaseRoll: "roll", rules.PhaseOver: "over"} {
		if got := match.PhaseName(p); got != want {
			t.Errorf("phase %d: %q, want %q", p, got, want)
		}
	}
	for _, c := range []struct {
		o    rules.Outcome
		want string
	}{{rules.OngoingOutcome, "ongoing"}, {rules.WinFor(1, rules.NoMoves), "win"}, {rules.DrawBy(rules.Agreement), "draw"}} {
		if got := match.OutcomeName(c.o); got != c.want {
			t.Errorf("%+v: %q, want %q", c.o, got, c.want)
		}
	}
	if match.StatusWaiting != "waiting" || match.StatusPlaying != "playing" || match.StatusOver != "over" {
		t.Error("room statuses renamed")
	}
}

// Ban answers each seat's ban, the zero Ban out of range.
func TestBan(t *testing.T) {
	m := match.New(track(t, nil), match.Rules{DrawOffers: true, DrawReset: advanced})
	play(t, m, []step{{"wait", true}, {"wait", false}})
	if b := m.Ban(0); b != (match.Ban{On: true, After: 2}) {
		t.Fatalf("seat 0: %+v", b)
	}
	if m.Ban(1) != (match.Ban{}) || m.Ban(-1) != (match.Ban{}) || m.Ban(2) != (match.Ban{}) {
		t.Fatal("a ban where none is")
	}
}
