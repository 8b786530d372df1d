package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"madang/rules"
)

// selfplayReport is the last line of `madang selfplay` and `madang match`. Players are
// named a, b, c in the order given; Wins and Points are theirs, SeatWins the wins of each
// seat of the board whoever sat there. AWins and BWins repeat Wins[0] and Wins[1].
type selfplayReport struct {
	Games    int     `json:"games"`
	AWins    int     `json:"aWins"`
	BWins    int     `json:"bWins"`
	Draws    int     `json:"draws"`
	AvgPlies float64 `json:"avgPlies"`
	Wins     []int   `json:"wins"`
	Points   []int   `json:"points"`
	SeatWins []int   `json:"seatWins"`
}

// step is one entry of a game's log: a move, or a roll when move is nil.
type step struct {
	before rules.State // the state the step was made in
	move   rules.Move
	dice   rules.Dice
}

// text is the step's text in the move log ("11-15", "5-3").
func (s step) text() string {
	if s.move == nil {
		return s.dice.String()
	}
	return s.move.String()
}

// record is a game in progress: its start, every move and roll since, the current state.
type record struct {
	start rules.State
	steps []step
	cur   rules.State
}

// series is a run of games between n players (n = the game's seats).
type series struct {
	game     rules.Game
	opts     rules.Options // validated options of every game
	games    int           // number of games
	seed     int64         // seed of the opening plies and of the dice
	open     int           // random opening plies, shared by each round of n games
	maxPlies int           // 0: only the rules end a game; else plies after which it is drawn (move-limit)
	// newGame is called before each game (index i from 0).
	newGame func(i int)
	// report, when not nil, receives the summary that play prints last.
	report *selfplayReport
	// choose returns the move of player who (0 = a, 1 = b, ...) in game i, at rec.cur. An
	// error forfeits the game for that player; it is reported on stderr.
	choose func(i, who int, rec *record) (rules.Move, error)
}

// forfeitOutcome is the outcome when seat forfeits at s: as if it resigned
// (rules.ResignOutcome), with the reason abandoned.
func forfeitOutcome(s rules.State, seat rules.Seat) rules.Outcome {
	o := rules.ResignOutcome(s, seat)
	o.Reason = rules.Abandoned
	return o
}

func playerName(who int) string { return string(rune('a' + who)) }

// play runs the series. Seats rotate: in game i player p sits at seat (p + i) mod n, so
// each round of n games gives every player every seat, and each round starts from the same
// random opening plies. Dice are rolled from a generator seeded by the seed and the round
// when a state waits for a roll. The rules end a game (and maxPlies when set). It prints
// one line per game and the JSON summary last; the error is a game that cannot start.
func (s series) play(name string, stdout, stderr io.Writer) error {
	first, err := s.game.New(s.opts)
	if err != nil {
		return err
	}
	n := first.Seats()
	rep := selfplayReport{Games: s.games, Wins: make([]int, n), Points: make([]int, n), SeatWins: make([]int, n)}
	totalPlies := 0
	for i := 0; i < s.games; i++ {
		st, err := s.game.New(s.opts)
		if err != nil {
			return err
		}
		rec := &record{start: st, cur: st}
		round := uint64(i / n)
		openRng := rand.New(rand.NewPCG(uint64(s.seed), round))
		diceRng := rand.New(rand.NewPCG(uint64(s.seed)^0x5eed_d1ce, round))
		playerAt := func(seat rules.Seat) int { return ((int(seat)-i)%n + n) % n }
		roll := func() error {
			d := rules.Dice{int8(1 + diceRng.IntN(6)), int8(1 + diceRng.IntN(6))}
			next, err := rec.cur.Roll(d)
			if err != nil {
				return err
			}
			rec.steps = append(rec.steps, step{before: rec.cur, dice: d})
			rec.cur = next
			return nil
		}
		for k := 0; k < s.open; {
			switch rec.cur.Phase() {
			case rules.PhaseRoll:
				err = roll()
			case rules.PhaseMove:
				ms := rec.cur.Moves()
				m := ms[openRng.IntN(len(ms))]
				var next rules.State
				if next, err = rec.cur.Play(m); err == nil {
					rec.steps = append(rec.steps, step{before: rec.cur, move: m})
					rec.cur = next
				}
				k++
			default:
				k = s.open
			}
			if err != nil {
				return fmt.Errorf("opening of game %d: %w", i+1, err)
			}
		}
		if s.newGame != nil {
			s.newGame(i)
		}
		start := time.Now()
		var o rules.Outcome
		for {
			cur := rec.cur
			if cur.Phase() == rules.PhaseOver {
				o = cur.Outcome()
				break
			}
			if s.maxPlies > 0 && cur.Ply() >= s.maxPlies {
				o = rules.DrawBy(rules.MoveLimit)
				break
			}
			if cur.Phase() == rules.PhaseRoll {
				if err := roll(); err != nil {
					return fmt.Errorf("game %d: roll: %w", i+1, err)
				}
				continue
			}
			who := playerAt(cur.ToMove())
			m, err := s.choose(i, who, rec)
			if err == nil {
				var next rules.State
				if next, err = cur.Play(m); err == nil {
					rec.steps = append(rec.steps, step{before: cur, move: m})
					rec.cur = next
					continue
				}
			}
			fmt.Fprintf(stderr, "%s: game %d: %s forfeits: %v\n", name, i+1, playerName(who), err)
			o = forfeitOutcome(cur, cur.ToMove())
			break
		}
		seats := make([]string, n)
		for seat := range n {
			seats[seat] = playerName(playerAt(rules.Seat(seat)))
		}
		result := "draw"
		if o.Status == rules.Win {
			w := playerAt(o.Winner)
			rep.Wins[w]++
			rep.Points[w] += o.Points
			rep.SeatWins[o.Winner]++
			result = fmt.Sprintf("%s wins %d point(s)", playerName(w), o.Points)
		} else {
			rep.Draws++
		}
		ply := rec.cur.Ply()
		totalPlies += ply
		fmt.Fprintf(stdout, "game %d: seats %s: %s (%s) in %d plies, %v, final %s\n", i+1, strings.Join(seats, ","),
			result, o.Reason, ply, time.Since(start).Round(time.Millisecond), rec.cur.Encode())
	}
	rep.AWins, rep.BWins = rep.Wins[0], rep.Wins[min(1, n-1)]
	rep.AvgPlies = float64(totalPlies) / float64(s.games)
	b, _ := json.Marshal(rep)
	fmt.Fprintln(stdout, string(b))
	if s.report != nil {
		*s.report = rep
	}
	return nil
}
