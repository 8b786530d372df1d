package cli

import (
	"bytes"
	"errors"
	"strconv"

	"madang/games"
	"madang/rules/draughts/pdn"
)

// PDN reads PDN files (PDN 3.0) of checkers and draughts games; records without a
// GameType tag are played as ReplayOptions.Game, checkers by default.
var PDN = games.RecordFormat{
	Name:       "PDN",
	Extensions: []string{".pdn"},
	Sniff:      sniffPDN,
	Replay:     replayPDN,
}

// sniffPDN: a PDN file starts (after a byte-order mark and blank space) with a tag
// ("[Event ...") or a move number ("1.").
func sniffPDN(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	head = bytes.TrimLeft(head, " \t\r\n")
	if len(head) == 0 {
		return false
	}
	if head[0] == '[' {
		return true
	}
	i := 0
	for i < len(head) && head[i] >= '0' && head[i] <= '9' {
		i++
	}
	return i > 0 && i < len(head) && head[i] == '.'
}

func replayPDN(data []byte, opt games.ReplayOptions) games.ReplayReport {
	var rep games.ReplayReport
	game := opt.Game
	if game == "" {
		game = rd0
	}
	read, err := pdn.Read(data)
	var el pdn.ErrorList
	switch {
	case errors.As(err, &el):
		for _, e := range el {
			rep.Problems = append(rep.Problems, e.Error())
		}
	case err != nil:
		rep.Problems = append(rep.Problems, err.Error())
	case len(read) == 0:
		rep.Problems = append(rep.Problems, "no PDN game found")
	}
	if opt.Explicit {
		if why := otherGame(read, game); why != "" {
			rep.Problems = append(rep.Problems, why)
			rep.Refused = true
			return rep
		}
	}
	var exported []pdn.Game
	for i := range read {
		g := &read[i]
		rep.Games++
		// the game (--game or the default) is the game of untagged records unless only the
		// other one plays them, as on the game page
		r := pdn.ReplayGuess(g, game)
		rep.Moves += len(r.Played)
		where := "game " + strconv.Itoa(g.Index) + " (line " + strconv.Itoa(g.Line) + ")"
		for _, n := range r.Notes {
			m := g.Moves[n.Move]
			rep.Notes = append(rep.Notes, where+": note: move "+moveNumber(m)+" "+m.Text+": "+n.Text)
		}
		for _, p := range r.Problems {
			if p.Move < 0 {
				rep.Problems = append(rep.Problems, where+": "+p.Err.Error())
			} else {
				m := g.Moves[p.Move]
				rep.Problems = append(rep.Problems, where+": move "+moveNumber(m)+" "+m.Text+": "+p.Err.Error())
			}
		}
		if opt.Export && r.Start != nil {
			exported = append(exported, r.Export())
		}
	}
	if opt.Export {
		rep.Export, rep.ExportErr = pdn.Append(nil, exported...)
	}
	return rep
}

// otherGame says why records of which some name another game than the game the user chose
// (their GameType tag) are not replayed as it: "the record is of draughts, not checkers
// (--game checkers)" when every record names that other game, else names the first record
// that names another; "" when none does.
func otherGame(read []pdn.Game, game string) string {
	for i := range read {
		g := &read[i]
		v, err := pdn.Variant(g, game)
		if err != nil || v == game {
			continue
		}
		if i == 0 && allNamed(read, v) {
			return "the record is of " + v + ", not " + game + " (--game " + game + ")"
		}
		return "game " + strconv.Itoa(g.Index) + " (line " + strconv.Itoa(g.Line) + ") is of " + v + ", not " + game +
			" (--game " + game + "): the file is not replayed"
	}
	return ""
}

// allNamed: every record's GameType tag names game.
func allNamed(read []pdn.Game, game string) bool {
	for i := range read {
		if v, err := pdn.Variant(&read[i], ""); err != nil || v != game {
			return false
		}
	}
	return true
}

// rd0 is the game of PDN records without a GameType tag when the caller names none.
const rd0 = "checkers"

// moveNumber writes a move's number as PDN does: "12." or "12...".
func moveNumber(m pdn.Move) string {
	if m.Second {
		return strconv.Itoa(m.Number) + "..."
	}
	return strconv.Itoa(m.Number) + "."
}
