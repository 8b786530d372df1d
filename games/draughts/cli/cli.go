// Package cli sets the draughts family's hooks for the command-line tools (games.Tools):
// rules/draughts' fast perft, the algebraic move names, PDN records and the Hub engine
// protocol, `madang engine` (the Hub engine), the endgame tables and the family's commands
// (book, egdb, train-eval). It links the family's engine (madang/ai/draughts) for the
// programs that search. madang/games/all imports it; the family's WebAssembly module does not.
package cli

import (
	"madang/ai"
	aid "madang/ai/draughts"
	"madang/games"
	"madang/games/draughts"
	"madang/rules"
	rd "madang/rules/draughts"
)

func init() {
	t := games.Tools{
		Perft:   perft,
		AltText: algebraic,
		Records: []games.RecordFormat{PDN},
		Hub:     &games.HubCodec{Position: aid.HubPosition, MoveText: hubMove, ParseMove: aid.RulesMove},
	}
	addCommands(&t)
	games.SetTools(draughts.Family, t)
}

// perft is rules/draughts' allocation-free Perft (one node per move as identified by
// from, to and captured set; the draw rules do not stop it, as in published counts).
func perft(s rules.State, depth int) (uint64, bool) {
	st, ok := rd.AsState(s)
	if !ok {
		return 0, false
	}
	return rd.Perft(st.Position(), depth), true
}

// algebraic is a move's text with algebraic square names seen from seat 0 ("c3-d4").
func algebraic(s rules.State, m rules.Move) (string, bool) {
	st, ok := rd.AsState(s)
	if !ok {
		return "", false
	}
	mv, ok := rd.AsMove(m)
	if !ok {
		return "", false
	}
	return st.Position().AlgebraicText(mv), true
}

// hubMove writes a legal move of s as the Hub protocol does ("32-28", "28x19x23").
func hubMove(s rules.State, m rules.Move) (string, error) {
	v, ok := aid.VariantByID(s.Game().ID())
	mv, mok := rd.AsMove(m)
	if !ok || !mok {
		return "", ai.ErrNoEngine
	}
	return v.HubMove(mv), nil
}
