package view

import (
	bgai "madang/ai/backgammon"
	bg "madang/rules/backgammon"
	"madang/site/wasm/session"
)

var _ session.EngineFiles = Family{}

// LoadEngineFile implements session.EngineFiles: kind "net" of backgammon is the advanced
// level's trained net (ai/backgammon/net.bin, ai/backgammon LoadNet), which the analysis
// (RatePlay) rates with too. The WebAssembly build does not embed it: until the worker
// hands it over the advanced level evaluates with the hand-made evaluation and the
// analysis answers no-engine. Errors: session.ErrNoFile for another kind or game, the net's
// error for a bad file (the net in use is kept).
func (Family) LoadEngineFile(gameID, kind string, data []byte) error {
	if gameID != bg.ID || kind != "net" {
		return session.ErrNoFile
	}
	return bgai.LoadNet(data)
}
