package session

import (
	"context"
	"time"

	"madang/ai"
	"madang/rules"
)

// Records is implemented by families whose games are kept in a record file format of their
// field (the draughts family: PDN). The page downloads and imports game records through it;
// the format's own package does the reading and writing, the same one the CLI uses.
type Records interface {
	// RecordFormat names the format: {name: "PDN", ext: "pdn", mime: "..."}.
	RecordFormat() map[string]any
	// ExportRecord writes r as one game of the format. Errors: a game id not of the family,
	// moves the rules refuse, or what the format's writer refuses.
	ExportRecord(r Record) ([]byte, error)
	// ImportRecords reads every game of a file (raw bytes: the reader decodes them) and
	// replays each through the rules; fallback is the game id of records that name none. It
	// answers plain maps for the page: {games: [game...], errors: [syntax error...]} (see the
	// family's documentation for the fields).
	ImportRecords(data []byte, fallback string) map[string]any
}

// ImportProgress, when set (the records worker sets it around an import), is told as an
// importer replays a file's games: done of total games. A large file (tens of thousands of
// games) takes seconds, and the page shows how far it is.
var ImportProgress func(done, total int)

// ReportImport tells ImportProgress, when set, that done of total games are replayed; a
// family's ImportRecords calls it after each game.
func ReportImport(done, total int) {
	if ImportProgress != nil {
		ImportProgress(done, total)
	}
}

// Record is one game to write: the game id, its options (nil: the defaults), its start
// position in the game's own encoding ("" for the initial position), the canonical move
// texts in order, how it ended, and the header tags (name, value) in order, e.g. Event,
// Date, the players.
type Record struct {
	Game     string
	Options  rules.Options
	Position string
	Moves    []string
	Outcome  rules.Outcome
	Tags     [][2]string
	// Comments is a comment after each entry of Moves ("" for none; may be shorter): the
	// online room's clock, "[%clk 0:04:51]". A format without move comments
	// leaves them out.
	Comments []string
}

// Family returns the family the session answers for.
func (s *Session) Family() Family { return s.fam }

// Analysis is the engine's judgement of one position.
type Analysis struct {
	Over    bool          // the game has ended here (no score: see Outcome)
	Outcome rules.Outcome // the rules' outcome of the position
	ToMove  int           // the seat to move
	Score   int           // the engine's score from ToMove's view, in the engine's units (draughts: centi-men)
	Best    int           // index of the engine's move among the legal moves; -1 when over
	Text    string        // its canonical text
	View    map[string]any
	Depth   int   // deepest completed iteration
	Nodes   int64 // positions searched

	// Set by a family that judges the log's next entry itself (backgammonview RatePlay).
	Rated bool           // Loss is set
	Loss  int            // what the next entry gives away against Best, ≥ 0, in Score's units (0: a roll, an only play)
	Extra map[string]any // the family's own fields of the answer (plain values)
}

// Analyse scores the position after texts (a log as Load takes it) from position of gameID
// with the game's engine at the advanced level for budget of wall time, without touching
// the session's own game. A family that judges the played move itself answers with an
// analyse op of its own instead (backgammonview, halmaview; jsapi.HandleOps). Errors: those of Load
// (the log's first bad text), ai.ErrNoEngine, rules.ErrPhase for a position waiting for
// dice.
func (s *Session) Analyse(gameID, position string, opts rules.Options, texts []string, budget time.Duration, seed int64) (Analysis, error) {
	t := New(s.fam)
	if err := t.Load(gameID, position, opts, uint64(seed), texts); err != nil {
		return Analysis{}, err
	}
	st := t.cur()
	a := Analysis{Outcome: st.Outcome(), ToMove: int(st.ToMove()), Best: -1}
	if a.Outcome.Over() {
		a.Over = true
		return a, nil
	}
	if st.Phase() != rules.PhaseMove {
		return Analysis{}, rules.ErrPhase
	}
	e, err := ai.For(gameID)
	if err != nil {
		return Analysis{}, err
	}
	r, err := e.Choose(context.Background(), ai.Request{State: st, Level: ai.Advanced, Budget: ai.Budget{Time: budget}, Seed: seed})
	if err != nil {
		return Analysis{}, err
	}
	ms := st.Moves()
	for i, m := range ms {
		if m == r.Move {
			a.Best, a.Text = i, m.String()
			a.View = s.fam.Moves(st, ms)[i]
			a.View["text"] = a.Text
			break
		}
	}
	if a.Best < 0 {
		return Analysis{}, ai.ErrNoMove
	}
	a.Score, a.Depth, a.Nodes = r.Score, r.Depth, r.Nodes
	return a, nil
}
