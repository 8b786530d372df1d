// Package halma is the star-board family of games (chinese-checkers, diamond-kr, diamond):
// importing it registers the three games' rules (madang/rules/halma) and the family's
// descriptor in package games: the games' Korean names, their room rules (seed 000) and
// their pages. It links no engine (see madang/games/draughts): the engine is
// madang/ai/halma, linked by madang/games/halma/cli and by the family's WebAssembly module.
package halma

import (
	"time"

	"madang/games"
	"madang/rules"
	rh "madang/rules/halma"
)

// Family is the star-board family as registered in package games.
var Family = &games.Family{
	Name:  "halma",
	Order: 2,
	Games: []games.Game{{
		ID:          rh.ChineseCheckers.ID,
		Title:       "차이니즈 체커",
		Description: "별 모양 판에서 말 열 개를 건너편 진영으로 먼저 옮기는 차이니즈 체커를 둡니다. AI, 한 기기에서 둘이, 또는 링크로 친구와 겨룹니다.",
		Card:        card("별 모양 판에서 말 10개를 건너편 진영으로 모두 옮기면 이깁니다.", rh.ChineseCheckers.ID),
		Room:        seedRoom,
		Figures:     games.Figures{VsBeginner: 10, Self: 6, Advanced: 4},
	}, {
		ID:          rh.DiamondKR.ID,
		Title:       "다이아몬드 게임",
		Description: "말 10개 또는 15개로 두는 한국식 다이아몬드 게임. 휴대폰에서 바로 AI나 친구와, 또는 한 기기에서 둘이 둡니다.",
		Card:        card("우리에게 익숙한 규칙의 다이아몬드 게임. 말 10개 또는 15개.", rh.DiamondKR.ID),
		Room:        seedRoom,
		Figures:     games.Figures{Flags: []string{"--pieces", "10"}, VsBeginner: 20, Self: 10, Advanced: 6},
		// the page's choice of pieces (site/src/js/halma/page.js options)
		Starts: []rules.Options{{"pieces": 10}, {"pieces": 15}},
	}, {
		ID:          rh.Diamond.ID,
		Title:       "다이아몬드 게임 (왕 말)",
		Description: "왕 말이 있는 다이아몬드 게임을 둘이나 셋이서 둡니다. AI와 대결하거나, 한 기기에서, 또는 링크로 친구와 온라인으로 겨룹니다.",
		Card:        card("2명 또는 3명이 왕 말 하나를 포함한 15개의 말로 겨룹니다.", rh.Diamond.ID),
		// seed 000: in three-player diamond `leave` hands the seat to the AI
		Room:    games.Room{AwayAI: seedRoom.AwayAI, LeaveToAI: func(s rules.State) bool { return s.Seats() == 3 }, Clocks: starClocks},
		Figures: games.Figures{Flags: []string{"--players", "2"}, VsBeginner: 10, Self: 6, Advanced: 4},
		// the page's choice of players
		Starts: []rules.Options{{"players": 2}, {"players": 3}},
	}},
	Site: games.Site{Page: "halma/index.html", Render: "star", Records: true, FirstMoves: 1},
}

// seedRoom is seed 000's room (and the issue for every star game): a person away 45 s is played
// by the AI on their turns. The resign rule (the remaining player nearest the goal wins) is
// the game's rules.ResignOutcome.
var seedRoom = games.Room{AwayAI: 45 * time.Second, Clocks: starClocks}

// starClocks: a delay per move with a reserve (30 s a move and 3 min; 60 s and 5 min).
var starClocks = []games.Clock{games.Delayed(30, 3), games.Delayed(60, 5)}

// card is a star game's home card: its start position drawn as the engine sets it
// (site/src/halma/cards/<id>.svg; site/test/ux29-layout.test.mjs checks them).
func card(text, id string) games.Card {
	return games.Card{Text: text, Art: "art-star", ArtFile: "halma/cards/" + id + ".svg"}
}

func init() { games.Register(Family) }
