package mat

import (
	"errors"
	"strconv"

	"madang/rules"
	"madang/rules/backgammon"
)

// Problem is one disagreement between a record and the rules.
type Problem struct {
	Action int // index in Game.Actions; -1 for the whole game
	Err    error
}

func (p Problem) Error() string {
	if p.Action < 0 {
		return p.Err.Error()
	}
	return "action " + strconv.Itoa(p.Action) + ": " + p.Err.Error()
}

// Replayed is a game played through the rules.
type Replayed struct {
	Game     *Game
	Final    *backgammon.State
	Log      []string // the game as madang logs it: rolls ("5-3") and plays in gnubg notation
	Clocks   []string // each entry of Log's clock: a roll's Clock on its play, or on the roll when it has none; "" elsewhere
	Plays    int      // plays made (rolls with a play)
	Notes    []Note
	Problems []Problem
}

// Note is something the replay met and got past.
type Note struct {
	Action int
	Text   string
}

// Ended reports whether the game has its result: "Wins N point(s)" (or "Losses"), the line
// every game of an export ends with once the game is over (after a bear-off, a dropped cube
// or a resignation). A game without it is in play or cut off.
func (g *Game) Ended() bool {
	if g.Winner != rules.NoSeat {
		return true
	}
	for _, a := range g.Actions {
		if a.Kind == Win || a.Kind == Loss {
			return true
		}
	}
	return false
}

// capped is the points a win of full points scores in a match of length points.
func capped(full int, g *Game, length int) int {
	if length > 0 && g.Winner != rules.NoSeat {
		if need := length - g.Score[g.Winner]; need > 0 && need < full {
			return need
		}
	}
	return full
}

// Replay plays g from the opening through backgammon's rules: its first roll is the
// opening roll (the mover's dice, so the higher die is the mover's and the lower the
// other seat's); each later roll must be the seat the rules have on roll, a play must match
// a legal play of its roll (State.ParseMove), a roll written without a play must be one
// with no legal play, and one written with a play must have some. Cube actions are
// skipped; a dropped cube or a resignation ends the game without the rules deciding it.
// When the rules end the game by bearing off, a recorded "Wins" must name the same seat
// and its points must be the rules' points (1, 2 or 3) times the cube in play, or that capped in a
// match of length points (0 for none) at what the winner still needed or at the match
// length (Galaxy writes all three). A play written
// "????" (Galaxy's mark for a play it did not record, before a forfeit) ends the replay of
// the game with a Note. A game without its result is replayed as far as it goes (the
// site's export of a game in play is one); Game.Ended tells it.
func Replay(g *Game, length int) *Replayed {
	r := &Replayed{Game: g}
	s := backgammon.NewState()
	r.Final = s
	cube := 1
	for i, a := range g.Actions {
		switch a.Kind {
		case Double:
			cube = a.Points
			continue
		case Take, Drop, Win, Loss:
			continue
		}
		if s.Phase() == rules.PhaseOver {
			r.fail(i, errors.New("a roll after the game ended"))
			return r
		}
		next, text, err := r.roll(s, a)
		if err != nil {
			r.fail(i, err)
			return r
		}
		r.Log = append(r.Log, text)
		r.Clocks = append(r.Clocks, "")
		s = next
		if a.Play == "" {
			r.Clocks[len(r.Clocks)-1] = a.Clock
			if s.Phase() == rules.PhaseMove {
				r.fail(i, errors.New("no play written for "+a.Dice.String()+" but the rules have "+strconv.Itoa(len(s.LegalMoves()))+" (e.g. "+s.LegalMoves()[0].String()+")"))
				return r
			}
			r.Final = s
			continue
		}
		if a.Play == "????" {
			r.Notes = append(r.Notes, Note{i, "play not recorded (\"????\"); the game ended outside the rules"})
			return r
		}
		if s.Phase() != rules.PhaseMove {
			r.fail(i, errors.New("play "+strconv.Quote(a.Play)+" written but "+a.Dice.String()+" has no legal play"))
			return r
		}
		m, err := s.ParseText(a.Play)
		if err != nil {
			r.fail(i, err)
			return r
		}
		if s, err = s.PlayMove(m); err != nil {
			r.fail(i, err)
			return r
		}
		r.Log = append(r.Log, m.String())
		r.Clocks = append(r.Clocks, a.Clock)
		r.Plays++
		r.Final = s
	}
	o := s.Outcome()
	if o.Over() && g.Winner != rules.NoSeat {
		if g.Winner != o.Winner {
			r.fail(-1, errors.New("recorded winner is seat "+strconv.Itoa(int(g.Winner))+" but seat "+strconv.Itoa(int(o.Winner))+" bore off"))
		} else if full := o.Points * cube; g.Points != full && g.Points != capped(full, g, length) && (length == 0 || g.Points != min(full, length)) {
			r.fail(-1, errors.New("recorded "+strconv.Itoa(g.Points)+" points but the rules give "+o.Reason.String()+" ("+strconv.Itoa(o.Points)+") with the cube at "+strconv.Itoa(cube)))
		}
	}
	return r
}

// roll enters a roll for the seat of a: the opening roll first, then the seat on roll.
func (r *Replayed) roll(s *backgammon.State, a Action) (*backgammon.State, string, error) {
	d := a.Dice
	if s.Opening() {
		if d[0] == d[1] {
			return nil, "", errors.New("opening roll " + d.String() + " is a double")
		}
		hi, lo := max(d[0], d[1]), min(d[0], d[1])
		od := rules.Dice{hi, lo}
		if a.Seat == 1 {
			od = rules.Dice{lo, hi}
		}
		n, err := s.RollDice(od)
		if err != nil {
			return nil, "", err
		}
		return n, od.String(), nil
	}
	if s.ToMove() != a.Seat {
		return nil, "", errors.New("seat " + strconv.Itoa(int(a.Seat)) + " rolls but seat " + strconv.Itoa(int(s.ToMove())) + " is on roll")
	}
	n, err := s.RollDice(d)
	if err != nil {
		return nil, "", err
	}
	return n, d.String(), nil
}

func (r *Replayed) fail(i int, err error) {
	r.Problems = append(r.Problems, Problem{Action: i, Err: err})
}
