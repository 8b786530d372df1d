//go:build js && wasm

// Command backgammon is the WebAssembly engine of the backgammon family, built with
// GOOS=js GOARCH=wasm to site/.build/backgammon.wasm and run in the engine Web Worker
// (site/src/js/worker.js); the message interface is package jsapi's. Only the backgammon
// page loads it. It answers the op analyse: the records panel's engine view, gnubg-style
// (backgammonview Analyse). The advanced level's net (ai/backgammon/net.bin) is not in the module:
// the worker fetches it and hands it over (op engineFile, backgammonview.LoadEngineFile).
package main

import (
	_ "madang/ai/backgammon" // the family's rules and engine (its descriptor, games/backgammon, is not needed here)

	backgammonview "madang/site/wasm/backgammon/view"
	"madang/site/wasm/jsapi"
)

func main() { jsapi.Serve(backgammonview.Family{}, backgammonview.Analyse, jsapi.EngineFile) }
