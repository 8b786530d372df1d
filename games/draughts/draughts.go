// Package draughts is the draughts family of games (checkers and international draughts):
// importing it registers both games' rules (madang/rules/draughts) and the family's
// descriptor in package games: the games' Korean names, their room rules (seed 001) and
// their pages. It links no engine, so the programs that never search (the connect and
// disconnect functions, through madang/games/allrules) stay small; the engine is
// madang/ai/draughts, linked by madang/games/draughts/cli (the tools' hooks, imported by
// madang/games/all) and by the family's WebAssembly module.
package draughts

import (
	"time"

	"madang/games"
	rd "madang/rules/draughts"
)

// Family is the draughts family as registered in package games.
var Family = &games.Family{
	Name:  "draughts",
	Order: 1,
	Games: []games.Game{{
		ID:          rd.English.ID,
		Title:       "영미식 체커",
		Description: "영미식 체커(8×8)를 브라우저에서 둡니다. AI와 대결하거나, 한 기기에서 둘이, 또는 링크를 보내 친구와 온라인으로 겨룹니다.",
		Card:        games.Card{Text: "8×8 판, 말 12개씩. 대각선으로 나아가며 상대 말을 뛰어넘어 잡습니다.", Art: "art-checkers"},
		Room:        seedRoom,
		Figures:     games.Figures{VsBeginner: 20, Self: 10, Advanced: 6},
	}, {
		ID:          rd.International.ID,
		Title:       "국제식 드래프트",
		Description: "국제식 드래프트(10×10)를 브라우저에서 둡니다. AI와 대결하거나, 한 기기에서 둘이, 또는 링크를 보내 친구와 온라인으로 겨룹니다.",
		Card:        games.Card{Text: "10×10 판, 말 20개씩. 멀리 나는 왕과 최대 따먹기 규칙.", Art: "art-draughts"},
		Room:        seedRoom,
		Figures:     games.Figures{VsBeginner: 20, Self: 10, Advanced: 6},
	}},
	Site: games.Site{
		Page:    "draughts/index.html",
		Render:  "squares",
		Records: true,
		// the first move and every reply (two people on one device), in the page
		FirstMoves: 2,
		// the learned weights and opening books, kept out of the module (its 620,000-byte budget)
		EngineFiles: []games.EngineFile{
			{Game: rd.English.ID, Kind: "weights", Path: "ai/draughts/weights/checkers.bin"},
			{Game: rd.English.ID, Kind: "book", Path: "ai/draughts/book/checkers.txt"},
			{Game: rd.International.ID, Kind: "weights", Path: "ai/draughts/weights/draughts.bin"},
			{Game: rd.International.ID, Kind: "book", Path: "ai/draughts/book/draughts.txt"},
		},
	},
}

// seedRoom is seed 001's room: draw offers ride on a move and are limited after a decline
// until a man moves or a piece is taken; the opponent of a seat away 2 min may replace it
// by the AI.
var seedRoom = games.Room{
	DrawOffers:    true,
	DrawReset:     rd.ReopensDrawOffers,
	TakeoverAfter: 2 * time.Minute,
	// Fischer controls, as lidraughts and FMJD events play
	Clocks: []games.Clock{games.Fischer(3, 2), games.Fischer(5, 3), games.Fischer(10, 5)},
}

func init() { games.Register(Family) }
