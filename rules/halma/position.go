package halma

import "madang/rules"

// Position is the whole game state without history: each seat's pieces, the kings, the
// seat to move, the plies played (for the move limit) and the passes in a row. It is a
// small comparable value (no slices or maps). The zero Position is not valid; make one with
// Rules.Start, Decode or Apply.
type Position struct {
	own    [3]holeSet // pieces by seat (the king included)
	all    holeSet    // union of own
	king   [3]Hole    // each seat's king, NoHole when it has none
	plies  uint16     // plies played in the game, passes included
	side   uint8      // seat to move
	passes uint8      // passes in a row just before this position
	cfg    uint8      // index into configs
}

// Start is the start position of r for the given players and pieces a seat (0 means the
// default); ok is false for options r does not allow. Every seat's pieces fill its start
// camp; in diamond the king stands on the camp's apex. Seat 0 moves first.
func (r *Rules) Start(players, pieces int) (Position, bool) {
	if players == 0 {
		players = r.Players[0]
	}
	if pieces == 0 {
		pieces = r.Pieces[0]
	}
	i := configIndex(r, players, pieces)
	if i < 0 {
		return Position{}, false
	}
	c := &configs[i]
	p := Position{cfg: uint8(i), king: [3]Hole{NoHole, NoHole, NoHole}}
	for s := 0; s < c.seats; s++ {
		p.own[s] = c.start[s]
		p.all = p.all.or(c.start[s])
		if r.King {
			p.king[s] = c.startApex[s]
		}
	}
	return p, true
}

func (p *Position) config() *config { return &configs[p.cfg] }

// Rules is the position's ruleset.
func (p Position) Rules() *Rules { return configs[p.cfg].rules }

// Seats is the number of players.
func (p Position) Seats() int { return configs[p.cfg].seats }

// PiecesPerSeat is the number of pieces a seat starts with (10 or 15).
func (p Position) PiecesPerSeat() int { return configs[p.cfg].pieces }

// Side is the seat to move.
func (p Position) Side() rules.Seat { return rules.Seat(p.side) }

// Plies is the number of plies played in the game (passes included), which the move limit
// counts.
func (p Position) Plies() int { return int(p.plies) }

// Passes is the number of passes in a row just played.
func (p Position) Passes() int { return int(p.passes) }

// At tells what stands on h: ok is false for an empty hole.
func (p Position) At(h Hole) (seat rules.Seat, king bool, ok bool) {
	if !h.Valid() || !p.all.has(h) {
		return rules.NoSeat, false, false
	}
	for s := 0; s < 3; s++ {
		if p.own[s].has(h) {
			return rules.Seat(s), p.king[s] == h, true
		}
	}
	return rules.NoSeat, false, false
}

// Pieces lists seat's holes in hole order.
func (p Position) Pieces(seat rules.Seat) []Hole {
	if seat < 0 || int(seat) >= p.Seats() {
		return nil
	}
	return p.own[seat].holes()
}

// King is seat's king, NoHole when it has none.
func (p Position) King(seat rules.Seat) Hole {
	if seat < 0 || seat > 2 {
		return NoHole
	}
	return p.king[seat]
}

// Arrived is the number of seat's pieces in its target camp and the camp's size (seed 002's
// "3/10").
//
//go:noinline
func (p Position) Arrived(seat rules.Seat) (n, size int) {
	c := p.config()
	if seat < 0 || int(seat) >= c.seats {
		return 0, 0
	}
	return p.own[seat].and(c.target[seat]).count(), c.targetSize
}

// GoalDistance is the sum over seat's pieces of their distance (in steps) to the seat's
// target apex (seed 000, the three-player resign rule).
func (p Position) GoalDistance(seat rules.Seat) int {
	c := p.config()
	if seat < 0 || int(seat) >= c.seats {
		return 0
	}
	d := 0
	for w := 0; w < 2; w++ {
		for b := p.own[seat][w]; b != 0; b &= b - 1 {
			d += Distance(Hole(w*64+trailingZeros(b)), c.apex[seat])
		}
	}
	return d
}

// Wins reports whether seat's win condition holds in p.
func (p Position) Wins(seat rules.Seat) bool {
	c := p.config()
	if seat < 0 || int(seat) >= c.seats {
		return false
	}
	return c.wins(int(seat), p.all, p.own[seat], p.king[seat])
}

// Apply returns the position after m, which must be a legal move of p (copy-make; p is
// unchanged). The pass moves nothing and counts a pass; any other move resets the count.
func (p Position) Apply(m Move) Position {
	c := p.config()
	me := p.side
	p.plies++
	p.side = uint8((int(me) + 1) % c.seats)
	if m == Pass {
		p.passes++
		return p
	}
	p.passes = 0
	p.own[me].del(m.From)
	p.own[me].add(m.To)
	p.all.del(m.From)
	p.all.add(m.To)
	if p.king[me] == m.From {
		p.king[me] = m.To
	}
	return p
}

// Outcome is decided for the seat that just moved first: a win when its win condition
// holds (rules.CampFilled); then (for a decoded position) any other seat whose condition
// holds, latest mover first; then the all-pass draw when every seat passed in a row; then
// the move-limit draw.
func (p Position) Outcome() rules.Outcome {
	c := p.config()
	for i := 1; i <= c.seats; i++ {
		s := (int(p.side) + c.seats - i) % c.seats
		if c.wins(s, p.all, p.own[s], p.king[s]) {
			return rules.WinFor(rules.Seat(s), rules.CampFilled)
		}
	}
	if int(p.passes) >= c.seats {
		return rules.DrawBy(rules.AllPassed)
	}
	if int(p.plies) >= c.limit {
		return rules.DrawBy(rules.MoveLimit)
	}
	return rules.OngoingOutcome
}

// MoveLimit is the number of plies after which the game is drawn.
func (p Position) MoveLimit() int { return p.config().limit }

// check verifies the position's invariants (sets disjoint, all the union, kings on their
// own pieces); tests call it after every Apply.
func (p Position) check() string {
	c := p.config()
	var union holeSet
	for s := 0; s < 3; s++ {
		if s >= c.seats && !p.own[s].empty() {
			return "pieces for a seat not in the game"
		}
		if !union.and(p.own[s]).empty() {
			return "two seats on one hole"
		}
		union = union.or(p.own[s])
		if p.king[s] != NoHole && !p.own[s].has(p.king[s]) {
			return "king not on its own piece"
		}
	}
	if union != p.all {
		return "occupancy disagrees with the piece sets"
	}
	if union[1]>>(NumHoles-64) != 0 {
		return "piece off the board"
	}
	if int(p.side) >= c.seats {
		return "bad side to move"
	}
	return ""
}

// Hash is a 64-bit key of the pieces, the kings, the side to move and the ruleset with its
// options (not the ply and pass counters), for transposition tables: equal arrangements have
// equal keys. It is computed on demand (a few multiply-xorshift rounds, no tables).
func (p Position) Hash() uint64 {
	h := uint64(p.cfg)<<8 | uint64(p.side)
	mix := func(x uint64) {
		h ^= x
		h *= 0x9e3779b97f4a7c15
		h ^= h >> 29
	}
	for s := 0; s < 3; s++ {
		mix(p.own[s][0])
		mix(p.own[s][1] | uint64(uint8(p.king[s]))<<56)
	}
	return h
}
