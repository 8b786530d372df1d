package room

import (
	"strings"
	"time"

	"madang/rules"
)

// The room policies of the six games, each from its seed. The rules packages register the
// games themselves; a game without a policy here cannot be played online.
func init() {
	// Seed 001: draw offers ride on a move and are limited after a decline; the opponent of a
	// seat away 2 min may replace it by the AI; rooms last 30 min idle, 24 h at most.
	draughtsLike := Policy{
		DrawOffers:    true,
		DrawReset:     manMovedOrCaptured,
		TakeoverAfter: 2 * time.Minute,
	}
	RegisterPolicy("checkers", draughtsLike)
	RegisterPolicy("draughts", draughtsLike)

	// Seed 000 (and the issue for every star game): a person away 45 s is played by the AI on
	// their turns; in three-player diamond `leave` hands the seat to the AI and a resignation
	// is won by the remaining player nearest the goal.
	star := Policy{AwayAI: 45 * time.Second}
	RegisterPolicy("chinese-checkers", star)
	RegisterPolicy("diamond-kr", star)
	diamond := star
	diamond.LeaveToAI = func(s rules.State) bool { return s.Seats() == 3 }
	diamond.ResignWinner = NearestGoalWins
	RegisterPolicy("diamond", diamond)

	// Seed 003 describes no online room rules beyond the defaults.
	RegisterPolicy("backgammon", Policy{})
}

// GoalDistancer is implemented by states that can tell how far a seat is from its goal
// (the star games: the sum over its pieces of the distance to the target apex, seed 000).
type GoalDistancer interface {
	GoalDistance(seat rules.Seat) int
}

// NearestGoalWins is the resign rule of three-player diamond (seed 000, "기권"): of the
// seats other than the resigner, the one whose pieces are nearest their goal wins; on a tie,
// the first such seat in turn order after the resigner. A state that is not a GoalDistancer
// gives the seat after the resigner.
func NearestGoalWins(s rules.State, resigner rules.Seat) rules.Seat {
	n := s.Seats()
	gd, ok := s.(GoalDistancer)
	best, bestD := rules.NoSeat, 0
	for i := 1; i < n; i++ {
		seat := rules.Seat((int(resigner) + i) % n)
		if !ok {
			return seat
		}
		if d := gd.GoalDistance(seat); best == rules.NoSeat || d < bestD {
			best, bestD = seat, d
		}
	}
	return best
}

// manMovedOrCaptured reports whether a checkers/draughts move moved a man or captured
// (seed 001: such a move re-opens draw offers after a decline). It compares the PDN FEN
// encodings: a capture changes the number of pieces; a man move (including a promotion)
// changes the set of squares holding men.
func manMovedOrCaptured(before, after rules.State) bool {
	mb, nb, ok1 := fenMen(before.Encode())
	ma, na, ok2 := fenMen(after.Encode())
	if !ok1 || !ok2 {
		return true
	}
	return nb != na || mb != ma
}

// fenMen reads a PDN FEN ("W:W21,22,K5:B1-3,K9") and returns a canonical text of the
// squares of men per colour and the number of pieces.
func fenMen(fen string) (men string, pieces int, ok bool) {
	parts := strings.Split(strings.TrimSpace(strings.TrimSuffix(fen, ".")), ":")
	if len(parts) < 2 {
		return "", 0, false
	}
	var w, b [64]bool
	for _, p := range parts[1:] {
		if p == "" {
			continue
		}
		var side *[64]bool
		switch p[0] {
		case 'W', 'w':
			side = &w
		case 'B', 'b':
			side = &b
		default:
			return "", 0, false
		}
		for _, item := range strings.Split(p[1:], ",") {
			item = strings.TrimSpace(item)
			if item == "" {
				continue
			}
			king := item[0] == 'K' || item[0] == 'k'
			if king {
				item = item[1:]
			}
			lo, hi, isRange := strings.Cut(item, "-")
			a, ok1 := atoiSmall(lo)
			z := a
			ok2 := true
			if isRange {
				z, ok2 = atoiSmall(hi)
			}
			if !ok1 || !ok2 || z < a {
				return "", 0, false
			}
			for sq := a; sq <= z; sq++ {
				pieces++
				if !king {
					side[sq] = true
				}
			}
		}
	}
	var sb strings.Builder
	for i := range w {
		switch {
		case w[i] && b[i]:
			sb.WriteByte('x')
		case w[i]:
			sb.WriteByte('w')
		case b[i]:
			sb.WriteByte('b')
		default:
			sb.WriteByte('.')
		}
	}
	return sb.String(), pieces, true
}

func atoiSmall(s string) (int, bool) {
	if s == "" || len(s) > 2 {
		return 0, false
	}
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, n >= 1 && n <= 63
}
