package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"madang/ai"
	"madang/rules"
	bg "madang/rules/backgammon"
)

// maxBackgammonLine is the longest input line the backgammon engine reads; a longer one is
// answered with an error line.
const maxBackgammonLine = 4096

// runBackgammonEngine: madang engine --game backgammon [--level L] [--seed S]: the
// backgammon line protocol on in and out (README "Engine protocol"). Each input line is
//
//	POSITION DICE
//
// POSITION a gnubg Position ID (the player on roll's view; bare, the player on roll is seat
// 0) or PositionID:MatchID; DICE two dice "6 5" or "6-5" (any order), the roll of the player
// on roll. A Match ID that carries dice may go without DICE; given, they must be the same.
// The answer is one line: the chosen play in gnubg notation ("24/18 13/11"), "none" when
// the roll has no legal play, or "error <reason>" for a line it cannot answer. Blank lines
// are skipped; "quit" or the end of input ends the session. Exit status 2 for bad flags.
func runBackgammonEngine(args []string, in io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("engine", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.String("game", bg.ID, "game id: backgammon (other games: see madang engine -game ID -h)")
	levelText := fs.String("level", string(ai.Advanced), "AI level: beginner, intermediate or advanced")
	seed := fs.Int64("seed", 1, "seed of the beginner level's random choice")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "engine: unexpected argument", fs.Arg(0))
		return 2
	}
	level, err := ai.ParseLevel(*levelText)
	if err != nil {
		fmt.Fprintf(stderr, "engine: unknown level %q (want %s, %s or %s)\n", *levelText, ai.Beginner, ai.Intermediate, ai.Advanced)
		return 2
	}
	e, err := ai.For(bg.ID)
	if err != nil {
		fmt.Fprintln(stderr, "engine:", err)
		return 2
	}
	r := bufio.NewReaderSize(in, maxBackgammonLine)
	for {
		line, err := readLimitedLine(r)
		if errors.Is(err, errLineTooLong) {
			fmt.Fprintf(stdout, "error line longer than %d bytes\n", maxBackgammonLine)
			continue
		}
		if err != nil && line == "" {
			return 0
		}
		line = strings.TrimSpace(line)
		switch line {
		case "":
			if err != nil {
				return 0
			}
			continue
		case "quit":
			return 0
		}
		fmt.Fprintln(stdout, answerBackgammon(e, level, *seed, line))
		if err != nil {
			return 0
		}
	}
}

var errLineTooLong = errors.New("line too long")

// readLimitedLine reads one line without its end; a line longer than the reader's buffer is
// consumed to its end and reported as errLineTooLong. At the end of input err is io.EOF
// (with the last line's text when it had no newline).
func readLimitedLine(r *bufio.Reader) (string, error) {
	b, prefix, err := r.ReadLine()
	if err != nil {
		return "", err
	}
	if !prefix {
		return string(b), nil
	}
	for prefix && err == nil {
		_, prefix, err = r.ReadLine()
	}
	return "", errLineTooLong
}

// answerBackgammon is the answer line to one request line (never panics: a fault inside
// the rules or the AI is an error line too).
func answerBackgammon(e ai.Engine, level ai.Level, seed int64, line string) (answer string) {
	defer func() {
		if p := recover(); p != nil {
			answer = fmt.Sprintf("error internal fault: %v", p)
		}
	}()
	st, err := backgammonRequest(line)
	if err != nil {
		return "error " + err.Error()
	}
	if st.Phase() != rules.PhaseMove {
		return "none"
	}
	res, err := e.Choose(context.Background(), ai.Request{State: st, Level: level, Seed: seed})
	if err != nil {
		return "error " + err.Error()
	}
	return res.Move.String()
}

// backgammonRequest reads "POSITION [DICE]" and enters the dice: the state is in PhaseMove
// with the plays of the roll, or in PhaseRoll (the other seat's) when the roll has none.
func backgammonRequest(line string) (*bg.State, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return nil, errors.New("want POSITION DICE, e.g. 4HPwATDgc/ABMA 3 1")
	}
	// The position first: a line that does not start with one is answered about it, not
	// about its dice ("hello world" is no request at all).
	pos, mid, hasMatch := strings.Cut(f[0], ":")
	if _, err := bg.ParsePositionID(pos, 0); err != nil {
		return nil, err
	}
	var info bg.MatchInfo
	if hasMatch {
		var err error
		if info, err = bg.ParseMatchID(mid); err != nil {
			return nil, err
		}
	}
	var diceText string
	switch len(f) {
	case 1:
	case 2:
		diceText = f[1]
	case 3:
		diceText = f[1] + "-" + f[2]
	default:
		return nil, errors.New("want POSITION DICE, e.g. 4HPwATDgc/ABMA 3 1")
	}
	var given rules.Dice
	if diceText != "" {
		d, err := rules.ParseDice(diceText)
		if err != nil {
			return nil, err
		}
		given = d
	}
	var dice rules.Dice
	if hasMatch {
		switch info.State {
		case bg.NoGame:
			return nil, errors.New("the Match ID is of the opening roll; give the position of a game in play")
		case bg.GameOver:
			return nil, errors.New("the game is over")
		}
		if info.Dice != (rules.Dice{}) {
			if given != (rules.Dice{}) && !sameDice(given, info.Dice) {
				return nil, fmt.Errorf("dice %s differ from the Match ID's %s", given, info.Dice)
			}
			dice = info.Dice
			info.Dice = rules.Dice{} // rolled below, so that a roll without a play reads "none"
			mid = bg.MatchID(info)
		}
		pos += ":" + mid
	}
	if dice == (rules.Dice{}) {
		dice = given
	}
	if dice == (rules.Dice{}) {
		return nil, errors.New("no dice: want POSITION DICE, e.g. 4HPwATDgc/ABMA 3 1")
	}
	st, err := bg.Decode(pos)
	if err != nil {
		return nil, err
	}
	if st.Phase() == rules.PhaseOver {
		return nil, errors.New("the game is over")
	}
	return st.RollDice(dice)
}

func sameDice(a, b rules.Dice) bool {
	return a == b || a == rules.Dice{b[1], b[0]}
}
