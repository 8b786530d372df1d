package backgammon

import (
	"encoding/base64"
	"strconv"

	"madang/rules"
)

// Key is a board packed as in the gnubg Position ID (gnubg manual, "A technical description
// of the Position ID"): two runs of 25 slots, first the player not on roll, then the player
// on roll, each that side's points 1..24 in its own numbering and then its bar; every slot
// is one 1-bit per checker followed by a 0-bit, padded to 80 bits and packed least
// significant bit first. Two boards with the same side on roll are equal exactly when their
// Keys are.
type Key [10]byte

// keyOf packs the rows of the player not on roll (op) and on roll (me).
func keyOf(op, me *Row) Key {
	var k Key
	bit := 0
	for _, r := range [2]*Row{op, me} {
		for p := 1; p <= 25; p++ {
			for c := r[p]; c > 0; c-- {
				if bit < 80 {
					k[bit>>3] |= 1 << (bit & 7)
				}
				bit++
			}
			bit++
		}
	}
	return k
}

// Key packs b from the view of seat onRoll.
func (b *Board) Key(onRoll rules.Seat) Key {
	return keyOf(&b[1-onRoll&1], &b[onRoll&1])
}

// String is the 14-character Position ID of the key.
func (k Key) String() string { return base64.RawStdEncoding.EncodeToString(k[:]) }

// PositionID is the gnubg Position ID of b with seat onRoll on roll (start: "4HPwATDgc/ABMA").
func PositionID(b *Board, onRoll rules.Seat) string { return b.Key(onRoll).String() }

// ParsePositionID reads a gnubg Position ID (14 Base64 characters, with or without the
// "==" padding) into a board where seat onRoll is the player on roll. Checkers that are
// neither on a point nor on the bar are borne off. Errors wrap rules.ErrNotation: bad
// Base64 ("is not Base64"), or Base64 that is no position ("is not a legal position": more
// than 15 checkers a side, a point held by both sides, bits past the 80th).
func ParsePositionID(id string, onRoll rules.Seat) (Board, error) {
	var b Board
	k, err := parseKey(id)
	if err != nil {
		return b, err
	}
	var rows [2]Row
	bit := 0
	for side := 0; side < 2; side++ {
		for p := 1; p <= 25; p++ {
			for bit < 80 && k[bit>>3]&(1<<(bit&7)) != 0 {
				rows[side][p]++
				if rows[side][p] > Checkers {
					return b, notation("Position ID " + strconv.Quote(id) + " is not a legal position: more than 15 checkers on a point")
				}
				bit++
			}
			if bit >= 80 {
				return b, notation("Position ID " + strconv.Quote(id) + " is not a legal position: its checkers run past 80 bits")
			}
			bit++
		}
	}
	for ; bit < 80; bit++ {
		if k[bit>>3]&(1<<(bit&7)) != 0 {
			return b, notation("Position ID " + strconv.Quote(id) + " is not a legal position: bits are set after both sides' checkers")
		}
	}
	for side := 0; side < 2; side++ {
		n := 0
		for p := 1; p <= 25; p++ {
			n += int(rows[side][p])
		}
		if n > Checkers {
			return b, notation("Position ID " + strconv.Quote(id) + " is not a legal position: " + strconv.Itoa(n) + " checkers for one side")
		}
		rows[side][Off] = int8(Checkers - n)
	}
	on := onRoll & 1
	b[on], b[1-on] = rows[1], rows[0]
	if err := b.Validate(); err != nil {
		return Board{}, notation("Position ID " + strconv.Quote(id) + " is not a legal position: " + err.Error())
	}
	return b, nil
}

func parseKey(id string) (Key, error) {
	var k Key
	s := id
	if len(s) == 16 && s[14:] == "==" {
		s = s[:14]
	}
	if len(s) != 14 {
		return k, notation("Position ID " + strconv.Quote(id) + " is not 14 Base64 characters")
	}
	raw, err := base64.RawStdEncoding.Strict().DecodeString(s)
	if err != nil || len(raw) != 10 {
		if loose, err := base64.RawStdEncoding.DecodeString(s); err == nil && len(loose) == 10 {
			// Base64 whose last character sets bits past the 80th ("//////////////")
			return k, notation("Position ID " + strconv.Quote(id) + " is not a legal position: bits are set past the 80th")
		}
		return k, notation("Position ID " + strconv.Quote(id) + " is not Base64")
	}
	copy(k[:], raw)
	return k, nil
}

// GameState is the game-state field of the gnubg Match ID.
type GameState uint8

const (
	NoGame   GameState = 0 // no game started; madang uses it for the opening roll
	Playing  GameState = 1
	GameOver GameState = 2
	Resigned GameState = 3
	Dropped  GameState = 4
)

// MatchInfo is the content of a gnubg Match ID (gnubg manual, "A technical description of
// the Match ID"): 66 bits packed least significant bit first into 9 bytes, 12 Base64
// characters. Players are 0 and 1 (madang's seats).
type MatchInfo struct {
	CubeLog   uint8      // log2 of the cube value (0 for a cube of 1)
	CubeOwner uint8      // 0 or 1 the owner, 3 a centred cube
	OnRoll    rules.Seat // the player on roll (fMove), whose view the Position ID takes
	Crawford  bool
	State     GameState
	Turn      rules.Seat // the player to make a decision (fTurn)
	Double    bool       // a double is offered
	Resign    uint8      // 0 none, 1..3 single, gammon, backgammon offered
	Dice      rules.Dice // {0,0} when not rolled
	Length    int        // match length, 0 for a money game
	Score     [2]int
}

// MatchID encodes m (money game, centred cube: "cAkAAAAAAAAA" with player 1 on roll).
func MatchID(m MatchInfo) string {
	var b [9]byte
	bit := 0
	put := func(v uint64, n int) {
		for i := 0; i < n; i++ {
			if v&(1<<i) != 0 {
				b[bit>>3] |= 1 << (bit & 7)
			}
			bit++
		}
	}
	put(uint64(m.CubeLog), 4)
	put(uint64(m.CubeOwner), 2)
	put(uint64(m.OnRoll&1), 1)
	put(boolBit(m.Crawford), 1)
	put(uint64(m.State), 3)
	put(uint64(m.Turn&1), 1)
	put(boolBit(m.Double), 1)
	put(uint64(m.Resign), 2)
	put(uint64(m.Dice[0]&7), 3)
	put(uint64(m.Dice[1]&7), 3)
	put(uint64(m.Length), 15)
	put(uint64(m.Score[0]), 15)
	put(uint64(m.Score[1]), 15)
	return base64.RawStdEncoding.EncodeToString(b[:])
}

func boolBit(v bool) uint64 {
	if v {
		return 1
	}
	return 0
}

// ParseMatchID decodes a gnubg Match ID. Errors wrap rules.ErrNotation: not 12 Base64
// characters, bits set past the 66th, a die above 6.
func ParseMatchID(id string) (MatchInfo, error) {
	var m MatchInfo
	if len(id) != 12 {
		return m, notation("Match ID " + strconv.Quote(id) + " is not 12 Base64 characters")
	}
	raw, err := base64.RawStdEncoding.Strict().DecodeString(id)
	if err != nil || len(raw) != 9 {
		return m, notation("Match ID " + strconv.Quote(id) + " is not Base64")
	}
	bit := 0
	get := func(n int) uint64 {
		var v uint64
		for i := 0; i < n; i++ {
			if raw[bit>>3]&(1<<(bit&7)) != 0 {
				v |= 1 << i
			}
			bit++
		}
		return v
	}
	m.CubeLog = uint8(get(4))
	m.CubeOwner = uint8(get(2))
	m.OnRoll = rules.Seat(get(1))
	m.Crawford = get(1) == 1
	m.State = GameState(get(3))
	m.Turn = rules.Seat(get(1))
	m.Double = get(1) == 1
	m.Resign = uint8(get(2))
	m.Dice[0] = int8(get(3))
	m.Dice[1] = int8(get(3))
	m.Length = int(get(15))
	m.Score[0] = int(get(15))
	m.Score[1] = int(get(15))
	if get(6) != 0 {
		return m, notation("Match ID " + strconv.Quote(id) + " has bits past the 66th")
	}
	if m.Dice[0] > 6 || m.Dice[1] > 6 {
		return m, notation("Match ID " + strconv.Quote(id) + " has a die above 6")
	}
	if m.State > Dropped {
		return m, notation("Match ID " + strconv.Quote(id) + " has an unknown game state")
	}
	return m, nil
}
