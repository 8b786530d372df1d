// Package cli sets the backgammon family's hooks for the command-line tools (games.Tools):
// the .mat match records of madang/rules/backgammon/mat and `madang engine --game
// backgammon` (a line protocol). It also links the family's engine
// (madang/ai/backgammon) for the programs that search. madang/games/all imports it; the
// family's WebAssembly module does not.
package cli

import (
	"bytes"
	"errors"
	"strconv"
	"strings"

	"madang/games"
	"madang/games/backgammon"
	"madang/rules/backgammon/mat"

	_ "madang/ai/backgammon" // the engine: the tools and the server search with it
)

func init() {
	games.SetTools(backgammon.Family, games.Tools{
		Records: []games.RecordFormat{MAT},
		Engine:  &games.Engine{Summary: "backgammon over a line protocol", Run: runBackgammonEngine},
	})
}

// MAT reads Jellyfish-style match exports (BackgammonGalaxy and Backgammon Studio, see
// rules/backgammon/mat): .mat files, and files of other names (those sites export .txt)
// whose first line is a "; [Tag" line, "N point match" or "Game 1".
var MAT = games.RecordFormat{
	Name:       "MAT",
	Extensions: []string{".mat"},
	Sniff:      sniffMAT,
	Replay:     replayMAT,
}

// sniffMAT: a match starts with "; [Tag ...]" lines, " N point match" or " Game 1".
func sniffMAT(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	t := strings.TrimLeft(string(head), " \t\r\n")
	first, _, _ := strings.Cut(t, "\n")
	first = strings.TrimSpace(first)
	return strings.HasPrefix(first, "; [") || strings.HasSuffix(first, "point match") || strings.HasPrefix(first, "Game ")
}

func replayMAT(data []byte, opt games.ReplayOptions) games.ReplayReport {
	// opt.Game is backgammon or empty: madang replay refuses a --game of another family
	// before it asks a format (replayOptions)
	var rep games.ReplayReport
	m, err := mat.Read(bytes.NewReader(data))
	if err != nil {
		rep.Problems = append(rep.Problems, err.Error())
		return rep
	}
	if len(m.Games) == 0 {
		rep.Problems = append(rep.Problems, "no game found")
	}
	for i := range m.Games {
		g := &m.Games[i]
		rep.Games++
		r := mat.Replay(g, m.Length)
		rep.Moves += r.Plays
		where := "game " + strconv.Itoa(g.Number) + " (line " + strconv.Itoa(g.Line) + ")"
		for _, n := range r.Notes {
			rep.Notes = append(rep.Notes, where+": note: line "+strconv.Itoa(g.Actions[n.Action].Line)+": "+n.Text)
		}
		if len(r.Problems) == 0 && !g.Ended() {
			rep.Problems = append(rep.Problems, where+": the game has no result (no \"Wins N point\" line): the record is cut off before the game's end")
		}
		for _, p := range r.Problems {
			if p.Action < 0 {
				rep.Problems = append(rep.Problems, where+": "+p.Err.Error())
			} else {
				rep.Problems = append(rep.Problems, where+": line "+strconv.Itoa(g.Actions[p.Action].Line)+": "+p.Err.Error())
			}
		}
	}
	if opt.Export {
		rep.ExportErr = errors.New("writing .mat matches is not supported")
	}
	return rep
}
