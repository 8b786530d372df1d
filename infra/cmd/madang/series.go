package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"madang/rules"
)

// selfplayReport is the last line of `madang selfplay` and `madang match`.
type selfplayReport struct {
	Games    int     `json:"games"`
	AWins    int     `json:"aWins"`
	BWins    int     `json:"bWins"`
	Draws    int     `json:"draws"`
	AvgPlies float64 `json:"avgPlies"`
}

// series is a run of games between two players, a and b.
type series struct {
	game     rules.Game
	games    int   // number of games
	seed     int64 // seed of the opening plies
	open     int   // random opening plies, shared by each pair of games
	maxPlies int   // plies after which a game counts as a draw (rules.MoveLimit)
	// newGame is called before each game (index i from 0).
	newGame func(i int)
	// choose returns the move of player who (0 = a, 1 = b) in game i. An error forfeits the
	// game for that player; it is reported on stderr.
	choose func(i, who int, st rules.State) (rules.Move, error)
}

// play runs the series: colours alternate (a takes seat 0 in even games), each pair of games
// starts from the same random opening plies, the rules end a game (no moves, threefold, draw
// counts) and maxPlies caps it. It prints one line per game and the JSON summary last.
func (s series) play(name string, stdout, stderr io.Writer) {
	rep := selfplayReport{Games: s.games}
	totalPlies := 0
	for i := 0; i < s.games; i++ {
		st, err := s.game.New(nil)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			return
		}
		aSeat := rules.Seat(i % 2)
		rng := rand.New(rand.NewPCG(uint64(s.seed), uint64(i/2)))
		for k := 0; k < s.open && st.Phase() == rules.PhaseMove; k++ {
			ms := st.Moves()
			st, _ = st.Play(ms[rng.IntN(len(ms))]) // a move of Moves() is always legal
		}
		if s.newGame != nil {
			s.newGame(i)
		}
		start := time.Now()
		forfeit := rules.NoSeat
		for st.Phase() == rules.PhaseMove && st.Ply() < s.maxPlies {
			who := 0
			if st.ToMove() != aSeat {
				who = 1
			}
			m, err := s.choose(i, who, st)
			if err == nil {
				var next rules.State
				if next, err = st.Play(m); err == nil {
					st = next
					continue
				}
			}
			fmt.Fprintf(stderr, "%s: game %d: %s forfeits: %v\n", name, i+1, string(rune('a'+who)), err)
			forfeit = st.ToMove()
			break
		}
		o := st.Outcome()
		result := "draw"
		switch {
		case forfeit != rules.NoSeat && forfeit != aSeat, forfeit == rules.NoSeat && o.Status == rules.Win && o.Winner == aSeat:
			rep.AWins++
			result = "a wins"
		case forfeit != rules.NoSeat, o.Status == rules.Win:
			rep.BWins++
			result = "b wins"
		default:
			rep.Draws++
			if !o.Over() {
				o.Reason = rules.MoveLimit
			}
		}
		if forfeit != rules.NoSeat {
			o.Reason = rules.Abandoned
		}
		totalPlies += st.Ply()
		fmt.Fprintf(stdout, "game %d: a plays seat %d: %s (%s) in %d plies, %v, final %s\n", i+1, aSeat,
			result, o.Reason, st.Ply(), time.Since(start).Round(time.Millisecond), st.Encode())
	}
	rep.AvgPlies = float64(totalPlies) / float64(s.games)
	b, _ := json.Marshal(rep)
	fmt.Fprintln(stdout, string(b))
}
