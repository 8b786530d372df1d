package session

import (
	"madang/rules"
	"madang/rules/match"
)

// View is the whole picture the page draws, as plain values (map[string]any, []any, int,
// string, bool) that syscall/js converts without reflection. The session's fields:
//
//	game      the game id
//	options   {name: int} the validated options (e.g. players)
//	seats     number of seats
//	ply       entries in the log (moves and rolls)
//	toMove    seat to act (0 acts first), -1 when over
//	phase     "move" | "roll" | "over"
//	dice      [a, b] the dice the seat to act plays with (dice games in phase move), else nil
//	opening   a dice game waits for its opening roll (rules.IsOpening)
//	moves     []any of move maps {i, text, ...family fields}, the legal moves in order
//	          (none while a roll is due or the game is over)
//	last      the last entry: its move map plus seat, or {text, roll: true, opening?, seat}; nil
//	          at the start
//	history   []any of {text, offer, seat, ...the family's HistoryFields}, rolls with roll: true
//	          (and opening: true for the opening roll)
//	outcome   {status: "ongoing"|"win"|"draw", winner, reason, points}
//	counters  []any of {rule, pliesLeft}
//	offer     a draw offer awaits the side to move
//	canOffer  the side to move may attach a draw offer
//	fen       the position in the game's own encoding (PDN FEN for checkers and draughts)
//
// The family adds its own (Family.Position), e.g. board and squares. Without a game the
// view is {game: ""}.
func (s *Session) View() map[string]any {
	if s.game == nil {
		return map[string]any{"game": ""}
	}
	st := s.cur()
	out := s.Outcome()
	var infos []map[string]any
	if s.Phase() == rules.PhaseMove {
		ms := st.Moves()
		infos = s.fam.Moves(st, ms)
		for i, m := range ms {
			infos[i]["i"] = i
			infos[i]["text"] = m.String()
		}
	}
	moves := make([]any, len(infos))
	for i, in := range infos {
		moves[i] = in
	}
	fields := s.fam.HistoryFields()
	n := s.m.Len()
	hist := make([]any, n)
	var last any
	for i := 0; i < n; i++ {
		e, view := s.m.Entry(i), s.views[i]
		h := map[string]any{"text": e.Text, "offer": e.Offer, "seat": int(e.Seat)}
		if e.Roll {
			h["roll"] = true
		}
		if e.Opening {
			h["opening"] = true
		}
		for _, f := range fields {
			if v, ok := view[f]; ok {
				h[f] = v
			}
		}
		hist[i] = h
		if i == n-1 {
			l := map[string]any{"text": e.Text, "seat": int(e.Seat)}
			if e.Roll {
				l["roll"] = true
			}
			if e.Opening {
				l["opening"] = true
			}
			for k, v := range view {
				l[k] = v
			}
			last = l
		}
	}
	counters := []any{}
	if !out.Over() {
		for _, c := range st.Counters() {
			counters = append(counters, map[string]any{"rule": c.Rule.String(), "pliesLeft": c.PliesLeft})
		}
	}
	opts := map[string]any{}
	for k, v := range s.opts {
		opts[k] = v
	}
	var dice any
	if d, ok := rules.DiceOf(st); ok && !out.Over() {
		dice = []any{int(d[0]), int(d[1])}
	}
	v := map[string]any{
		"game":     s.game.ID(),
		"options":  opts,
		"seats":    st.Seats(),
		"ply":      n,
		"toMove":   s.ToMove(),
		"phase":    match.PhaseName(s.Phase()),
		"dice":     dice,
		"opening":  !out.Over() && rules.IsOpening(st),
		"moves":    moves,
		"last":     last,
		"history":  hist,
		"outcome":  map[string]any{"status": match.OutcomeName(out), "winner": int(out.Winner), "reason": out.Reason.String(), "points": out.Points},
		"counters": counters,
		"offer":    s.PendingOffer(),
		"canOffer": s.CanOffer(),
		"fen":      st.Encode(),
	}
	s.fam.Position(st, infos, v)
	return v
}
