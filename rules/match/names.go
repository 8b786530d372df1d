package match

import "madang/rules"

// Room statuses on the wire (functions/room/PROTOCOL.md, "The snapshot": status).
const (
	StatusWaiting = "waiting" // seats are still empty
	StatusPlaying = "playing"
	StatusOver    = "over"
)

// Phase names on the wire and in the browser's view: what the game waits for.
const (
	PhaseMove = "move"
	PhaseRoll = "roll"
	PhaseOver = "over"
)

// PhaseName is p's name: "move", "roll" or "over".
func PhaseName(p rules.Phase) string {
	switch p {
	case rules.PhaseRoll:
		return PhaseRoll
	case rules.PhaseMove:
		return PhaseMove
	}
	return PhaseOver
}

// Outcome statuses in the browser's view: "ongoing", "win" or "draw".
const (
	OutcomeOngoing = "ongoing"
	OutcomeWin     = "win"
	OutcomeDraw    = "draw"
)

// OutcomeName is the name of o's status: "ongoing", "win" or "draw".
func OutcomeName(o rules.Outcome) string {
	switch o.Status {
	case rules.Win:
		return OutcomeWin
	case rules.Draw:
		return OutcomeDraw
	}
	return OutcomeOngoing
}
