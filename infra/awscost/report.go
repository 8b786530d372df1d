package awscost

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
)

// Report is the part of `make aws-e2e`'s JSON report (infra/awse2e, bin/aws-e2e-report.json)
// that pricing reads: each room played, with its totals and per-ply means.
type Report struct {
	Functions []struct {
		Name     string `json:"name"`
		MemoryMB int    `json:"memoryMB"`
	} `json:"functions"`
	Games []Game `json:"games"`
}

// Game is one room of the report. A ply is one entry of the room's log: a move by any seat,
// or a roll in backgammon.
type Game struct {
	Label   string `json:"label"`
	Game    string `json:"game"`
	Mode    string `json:"mode"`
	Plies   int    `json:"plies"`
	Sockets int    `json:"sockets"`
	Over    bool   `json:"over"`
	Note    string `json:"note"`
	PerPly  Counts `json:"perPly"`
}

// Counts are the report's per-ply figures.
type Counts struct {
	ReadUnits   float64            `json:"readUnits"`
	WriteUnits  float64            `json:"writeUnits"`
	MessagesIn  float64            `json:"messagesIn"`
	MessagesOut float64            `json:"messagesOut"`
	Invocations map[string]float64 `json:"invocations"`
	GBSeconds   map[string]float64 `json:"gbSeconds"`
}

// ReadReport decodes a report.
func ReadReport(r io.Reader) (Report, error) {
	var rep Report
	if err := json.NewDecoder(r).Decode(&rep); err != nil {
		return Report{}, fmt.Errorf("awscost: not an aws-e2e report: %w", err)
	}
	if len(rep.Games) == 0 {
		return Report{}, fmt.Errorf("awscost: the report has no games")
	}
	return rep, nil
}

// PlyUsage is what one ply of g uses, its sockets' connection minutes left out (they depend on
// the pace, see Scenario).
func (g Game) PlyUsage() Usage {
	u := Usage{
		Messages: g.PerPly.MessagesIn + g.PerPly.MessagesOut, // each under 32 KB: one message
		WRU:      g.PerPly.WriteUnits,
		RRU:      g.PerPly.ReadUnits,
	}
	for _, n := range g.PerPly.Invocations {
		u.LambdaRequests += n
	}
	for _, gbs := range g.PerPly.GBSeconds {
		u.LambdaGBSeconds += gbs
	}
	return u
}

// Scenario is how the table prices games: a ply every Pace seconds per room, and each game
// as long as Plies says for its game id (log entries: a backgammon turn is a roll and a
// play).
type Scenario struct {
	PaceSeconds float64
	Plies       map[string]float64
}

// GameUsage is what one whole game of g uses under sc: its per-ply usage times the game's
// typical length, plus its sockets' connection minutes at sc's pace.
func (sc Scenario) GameUsage(g Game) (Usage, float64) {
	plies := sc.Plies[g.Game]
	if plies == 0 {
		plies = float64(g.Plies)
	}
	u := g.PlyUsage().Scale(plies)
	u.ConnectionMinutes = float64(max(g.Sockets, 1)) * plies * sc.PaceSeconds / 60
	return u, plies
}

// Month is what rooms rooms playing without pause for a 30-day month use, each at sc's
// pace, all of them like g.
func (sc Scenario) Month(g Game, rooms float64) Usage {
	const month = 30 * 24 * 3600.0
	plies := rooms * month / sc.PaceSeconds
	u := g.PlyUsage().Scale(plies)
	u.ConnectionMinutes = rooms * float64(max(g.Sockets, 1)) * month / 60
	return u
}

// Table writes the cost table of docs/measurements.md for every game row of rep (fault tests, marked so
// by their note, and rooms of fewer than 10 plies are left out: their connects weigh more
// than their plies): dollars per 1,000 games and per ply, and the month of
// rooms at sc's pace for the rows named in monthOf (labels).
func Table(w io.Writer, rep Report, p Prices, sc Scenario, rooms float64, monthOf []string) {
	games := append([]Game(nil), rep.Games...)
	sort.SliceStable(games, func(i, j int) bool { return games[i].Label < games[j].Label })
	fmt.Fprintf(w, "Prices: %s list prices (%s). A ply every %.0f s; game lengths in plies as given.\n\n", p.Region, p.Date, sc.PaceSeconds)
	fmt.Fprintln(w, "| game | plies a game | per 1,000 games | API Gateway | Lambda | DynamoDB | messages / ply | read, write units / ply |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	for _, g := range games {
		if strings.Contains(g.Note, "fault") || g.Plies < 10 {
			continue
		}
		u, plies := sc.GameUsage(g)
		b := p.Cost(u.Scale(1000))
		pp := g.PlyUsage()
		fmt.Fprintf(w, "| %s | %.0f | $%.2f | $%.2f | $%.2f | $%.2f | %.2f | %.2f, %.2f |\n",
			g.Label, plies, b.Total(), b.APIGateway, b.Lambda, b.DynamoDB, pp.Messages, pp.RRU, pp.WRU)
	}
	if len(monthOf) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s rooms playing all month, a ply every %.0f s each:\n\n", grouped(rooms), sc.PaceSeconds)
	fmt.Fprintln(w, "| every room like | a month | API Gateway | Lambda | DynamoDB |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	for _, label := range monthOf {
		for _, g := range games {
			if g.Label != label {
				continue
			}
			b := p.Cost(sc.Month(g, rooms))
			fmt.Fprintf(w, "| %s | $%s | $%s | $%s | $%s |\n", g.Label, grouped(b.Total()), grouped(b.APIGateway), grouped(b.Lambda), grouped(b.DynamoDB))
		}
	}
}

// grouped writes v rounded to a whole number with thousands separators (1,234,567).
func grouped(v float64) string {
	digits := fmt.Sprintf("%.0f", math.Abs(v))
	var b strings.Builder
	if v < 0 {
		b.WriteByte('-')
	}
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
