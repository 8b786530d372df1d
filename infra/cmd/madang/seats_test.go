package main

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"madang/internal/trackgame"
	"madang/rules"
)

func lastReport(t *testing.T, out string) (selfplayReport, []string) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var r selfplayReport
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &r); err != nil {
		t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
	}
	return r, lines[:len(lines)-1]
}

// Three players rotate over the three seats; every win gives its player the rules' points
// and its seat a win.
func TestSelfplayThreeSeats(t *testing.T) {
	code, out, errs := run(t, "selfplay", "--game", "track", "--players", "3", "--levels", "random,random,random",
		"--games", "3", "--open", "0", "--seed", "7")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	r, games := lastReport(t, out)
	for i, seats := range []string{"a,b,c", "c,a,b", "b,c,a"} {
		if !strings.HasPrefix(games[i], "game "+string(rune('1'+i))+": seats "+seats+": ") {
			t.Errorf("game %d: %q, want seats %s", i+1, games[i], seats)
		}
	}
	wins, points, seatWins := 0, 0, 0
	for i := range 3 {
		wins += r.Wins[i]
		points += r.Points[i]
		seatWins += r.SeatWins[i]
	}
	if r.Games != 3 || len(r.Wins) != 3 || wins+r.Draws != 3 || points != wins || seatWins != wins {
		t.Errorf("summary %+v", r)
	}
	// Two levels for three seats is refused.
	if code, _, errs := run(t, "selfplay", "--game", "track", "--players", "3", "--a", "random", "--b", "random"); code != 2 || !strings.Contains(errs, "3 seats") {
		t.Errorf("two levels for three seats: exit %d, %q", code, errs)
	}
}

// Without --max-plies the rules end the game: on a track of 40 random play reaches the
// track game's own limit, 60 plies (trackgame.MaxPlies), as a move-limit draw.
func TestSelfplayRulesLimit(t *testing.T) {
	code, out, errs := run(t, "selfplay", "--game", "track", "--opt", "length=40", "--a", "random", "--b", "random",
		"--games", "1", "--open", "0", "--seed", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	_, games := lastReport(t, out)
	want := "draw (move-limit) in " + strconv.Itoa(trackgame.MaxPlies) + " plies"
	if !strings.Contains(games[0], want) {
		t.Errorf("game line %q, want %q", games[0], want)
	}
}

// A forfeit in a three-seat game gives the win to the next seat (the default resignation
// outcome while the rules define none).
func TestSeriesForfeitThreeSeats(t *testing.T) {
	g, _ := rules.Lookup(trackgame.ID)
	opts, err := g.Validate(rules.Options{"players": 3})
	if err != nil {
		t.Fatal(err)
	}
	var out, errb strings.Builder
	err = series{game: g, opts: opts, games: 3, seed: 1,
		choose: func(_, who int, rec *record) (rules.Move, error) {
			if who == 1 {
				return nil, errors.New("gone")
			}
			return trackgame.Move("wait"), nil
		},
	}.play("test", &out, &errb)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := lastReport(t, out.String())
	// b sits at seat 1, 2, 0 in games 1-3; the next seats 2, 0, 1 hold c, c, c.
	if r.Wins[2] != 3 || r.Points[2] != 3 || r.Wins[0] != 0 || r.Wins[1] != 0 {
		t.Errorf("summary %+v, want c to win all three by b's forfeit", r)
	}
	if strings.Count(errb.String(), "b forfeits: gone") != 3 {
		t.Errorf("stderr %q", errb.String())
	}
}
