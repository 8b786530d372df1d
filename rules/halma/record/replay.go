package record

import (
	"errors"
	"strconv"

	"madang/rules"
)

// Problem is one disagreement between a record and the rules.
type Problem struct {
	Move int // index in Game.Moves; -1 for the whole game
	Code string
	Err  error
}

// Problem codes.
const (
	CodeGame     = "game-type"    // Game names no star game
	CodeOptions  = "bad-options"  // Players or Pieces not a number the game allows
	CodeFEN      = "bad-position" // FEN the rules cannot decode
	CodeIllegal  = "illegal-move" // a move the rules refuse in its position
	CodeNotation = "bad-notation" // a move text the rules cannot read
	CodeResult   = "bad-result"   // a result token of another shape, or not the rules' result
)

// Replayed is a game played through the rules.
type Replayed struct {
	ID       string        // the game id
	Options  rules.Options // the options played with (the game's defaults filled in)
	Start    rules.State   // nil when the game could not start
	Played   []string      // the moves played, in the rules' text with the landing path
	Final    rules.State
	Problems []Problem
}

// Games are the game ids a record may name.
var Games = map[string]bool{"chinese-checkers": true, "diamond-kr": true, "diamond": true}

// Replay plays g through the rules (the game of its Game tag, else fallback; its Players and
// Pieces as options; its FEN as the start): moves until the first the rules refuse, which is
// a Problem at its index; then, when the result token is not "*", it must be a token for the
// game's seats and agree with the rules' outcome once they have ended the game.
func Replay(g *Game, fallback string) *Replayed {
	r := &Replayed{ID: fallback}
	if id, ok := g.Tag("Game"); ok {
		r.ID = id
	} else if gt, ok := g.Tag("GameType"); ok {
		// PDN's game tag (checkers 21, draughts 20): another family's record, whose numbered
		// moves would otherwise read as a star game's.
		r.fail(-1, CodeGame, errors.New("GameType "+strconv.Quote(gt)+": a PDN record, not a star game"))
		return r
	}
	if !Games[r.ID] {
		r.fail(-1, CodeGame, errors.New("Game "+strconv.Quote(r.ID)+" is not a star game"))
		return r
	}
	gm, ok := rules.Lookup(r.ID)
	if !ok {
		r.fail(-1, CodeGame, rules.ErrUnknown)
		return r
	}
	opts := rules.Options{}
	for _, name := range []string{"Players", "Pieces"} {
		if v, ok := g.Tag(name); ok {
			n, err := strconv.Atoi(v)
			if err != nil {
				r.fail(-1, CodeOptions, errors.New(name+" "+strconv.Quote(v)+" is not a number"))
				return r
			}
			opts[map[string]string{"Players": "players", "Pieces": "pieces"}[name]] = n
		}
	}
	opts, err := gm.Validate(opts)
	if err != nil {
		r.fail(-1, CodeOptions, err)
		return r
	}
	r.Options = opts
	var st rules.State
	if fen, ok := g.Tag("FEN"); ok && fen != "" {
		st, err = gm.Decode(opts, fen)
		if err != nil {
			r.fail(-1, CodeFEN, err)
			return r
		}
	} else if st, err = gm.New(opts); err != nil {
		r.fail(-1, CodeOptions, err)
		return r
	}
	r.Start, r.Final = st, st
	for i, t := range g.Moves {
		m, route, err := rules.ParseRoute(st, t)
		if err != nil {
			code := CodeIllegal
			if errors.Is(err, rules.ErrNotation) {
				code = CodeNotation
			}
			r.fail(i, code, err)
			return r
		}
		next, err := st.Play(m)
		if err != nil {
			r.fail(i, CodeIllegal, err)
			return r
		}
		st = next
		r.Played = append(r.Played, route)
		r.Final = st
	}
	seats := opts["players"]
	if g.Result != "" && g.Result != "*" {
		o, ok := TokenOutcome(g.Result, seats)
		switch {
		case !ok:
			r.fail(-1, CodeResult, errors.New("result "+strconv.Quote(g.Result)+" is not a result of "+strconv.Itoa(seats)+" players"))
		case st.Outcome().Over() && (o.Status != st.Outcome().Status || o.Winner != st.Outcome().Winner):
			r.fail(-1, CodeResult, errors.New("result "+g.Result+" but the rules give "+ResultToken(st.Outcome(), seats)))
		}
	}
	return r
}

func (r *Replayed) fail(i int, code string, err error) {
	r.Problems = append(r.Problems, Problem{Move: i, Code: code, Err: err})
}
