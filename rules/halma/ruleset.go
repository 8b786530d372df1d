package halma

import "madang/rules"

// WinRule is how a seat wins by filling its target camp.
type WinRule uint8

const (
	// WinAllOwn: every target hole holds one of the seat's own pieces (seed 004).
	WinAllOwn WinRule = iota
	// WinFullWithOwn: every target hole is occupied, at least one by the seat's own piece;
	// pieces the opponent never moved count as filling it (seed 002, Sturtevant 2019).
	WinFullWithOwn
	// WinFullWithKing: every target hole is occupied and the seat's king stands on the
	// target apex (seed 000).
	WinFullWithKing
)

// GiftRule is whether a move may complete another seat's win.
type GiftRule uint8

const (
	// GiftAllowed: no restriction (chinese-checkers: no move can complete the opponent's
	// strict win, since only the opponent's own pieces count).
	GiftAllowed GiftRule = iota
	// GiftUnlessOwnWin: a move that makes another seat's win true without making the
	// mover's own true is illegal (our rule decision for diamond-kr, after Sturtevant 2019).
	GiftUnlessOwnWin
	// GiftNever: a move that makes another seat's win true is illegal (seed 000).
	GiftNever
)

// Rules is one star-board ruleset. Its fields each cite the seed that fixes them.
type Rules struct {
	ID      string
	Players []int // allowed numbers of players, the default first (seed 000: 2 or 3)
	Pieces  []int // allowed numbers of pieces a seat, the default first (seed 002: 10 or 15)
	Win     WinRule
	Gift    GiftRule
	// King: each seat has one king starting on its camp's apex; it jumps runs of one or
	// more consecutive pieces in a line, none of them a king, and ordinary pieces cannot
	// jump a king (seed 000, "왕").
	King bool
	// ClosedCamps: no landing (step, chain end or mid-chain landing) in a camp that is
	// neither the mover's start nor its target, except on its five border holes; in a
	// two-player game green's camps are closed to both (seed 000).
	ClosedCamps bool
	// SeatCamps is the start camp of each seat (seat 0, 1, 2); its target is camp+3 mod 6.
	// Two-player games use the first two. Seed 004/002: red bottom (0), blue top (3).
	// Seed 000: red (0), yellow (2), green (4), clockwise from red.
	SeatCamps [3]int
	// MovesPerSeat is the move limit a seat: the game is drawn after Players*MovesPerSeat
	// plies, passes included (200 for chinese-checkers and diamond-kr; seed 000:
	// 400 a person, 800 plies for two and 1,200 for three).
	MovesPerSeat int
}

// ChineseCheckers is seed 004's game ("chinese-checkers").
var ChineseCheckers = Rules{
	ID:           "chinese-checkers",
	Players:      []int{2},
	Pieces:       []int{10},
	Win:          WinAllOwn,
	Gift:         GiftAllowed,
	SeatCamps:    [3]int{0, 3, 0},
	MovesPerSeat: 200,
}

// DiamondKR is seed 002's game ("diamond-kr"); 10 pieces by default (seed 002 advises 10 to
// beginners).
var DiamondKR = Rules{
	ID:           "diamond-kr",
	Players:      []int{2},
	Pieces:       []int{10, 15},
	Win:          WinFullWithOwn,
	Gift:         GiftUnlessOwnWin,
	SeatCamps:    [3]int{0, 3, 0},
	MovesPerSeat: 200,
}

// Diamond is seed 000's game ("diamond"), two players by default.
var Diamond = Rules{
	ID:           "diamond",
	Players:      []int{2, 3},
	Pieces:       []int{15},
	Win:          WinFullWithKing,
	Gift:         GiftNever,
	King:         true,
	ClosedCamps:  true,
	SeatCamps:    [3]int{0, 2, 4},
	MovesPerSeat: 400,
}

var rulesets = []*Rules{&ChineseCheckers, &DiamondKR, &Diamond}

// config is a ruleset with its options (players, pieces) and the tables derived from them.
// A Position refers to its config by index.
type config struct {
	rules         *Rules
	seats, pieces int
	limit         int        // plies before the move-limit draw
	start, target [3]holeSet // camp holes by seat
	apex          [3]Hole    // target apex by seat
	startApex     [3]Hole
	allowed       [3]holeSet // holes a seat may land on
	others        [3]holeSet // union of the other seats' targets
	targetSize    int
}

var configs []config

func init() {
	for _, r := range rulesets {
		for _, n := range r.Players {
			for _, k := range r.Pieces {
				configs = append(configs, newConfig(r, n, k))
			}
		}
	}
}

func newConfig(r *Rules, seats, pieces int) config {
	c := config{rules: r, seats: seats, pieces: pieces, limit: seats * r.MovesPerSeat, targetSize: pieces}
	campSet := func(k int) holeSet {
		if pieces == 15 {
			return geo.camp15[k]
		}
		return geo.tri[k]
	}
	for s := 0; s < seats; s++ {
		k := r.SeatCamps[s]
		c.start[s] = campSet(k)
		c.target[s] = campSet((k + 3) % 6)
		c.apex[s] = geo.apex[(k+3)%6]
		c.startApex[s] = geo.apex[k]
		c.allowed[s] = holeSet{^uint64(0), ^uint64(0)}
		if r.ClosedCamps {
			for camp := 0; camp < 6; camp++ {
				if camp != k && camp != (k+3)%6 {
					c.allowed[s] = c.allowed[s].andNot(geo.tri[camp])
				}
			}
		}
	}
	for s := 0; s < seats; s++ {
		for o := 0; o < seats; o++ {
			if o != s {
				c.others[s] = c.others[s].or(c.target[o])
			}
		}
	}
	return c
}

// configIndex finds the config of r with the given options, or -1.
func configIndex(r *Rules, seats, pieces int) int {
	for i := range configs {
		c := &configs[i]
		if c.rules == r && c.seats == seats && c.pieces == pieces {
			return i
		}
	}
	return -1
}

// wins reports whether seat's win condition holds with all pieces all, the seat's own
// pieces own and its king king.
func (c *config) wins(seat int, all, own holeSet, king Hole) bool {
	t := c.target[seat]
	switch c.rules.Win {
	case WinAllOwn:
		return own.and(t) == t
	case WinFullWithOwn:
		return all.and(t) == t && !own.and(t).empty()
	default:
		return all.and(t) == t && king == c.apex[seat]
	}
}

// Options are the rules.Options of the config.
func (c *config) options() rules.Options {
	return rules.Options{"players": c.seats, "pieces": c.pieces}
}
