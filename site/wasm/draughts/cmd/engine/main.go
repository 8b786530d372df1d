//go:build js && wasm

// Command draughts is the WebAssembly engine of the draughts family (checkers and
// international draughts), built with GOOS=js GOARCH=wasm to site/.build/draughts.wasm and
// run in the engine Web Worker (site/src/js/worker.js); the message interface is package
// jsapi's. Only the checkers and draughts pages load it. It carries neither the learned
// evaluation's weights nor the opening books (ai/draughts/shipped_js.go): the worker fetches
// them as files of their own and hands them over (op engineFile).
package main

import (
	_ "madang/ai/draughts" // the family's rules and engine (its descriptor, games/draughts, is not needed here)

	draughtsview "madang/site/wasm/draughts/view"
	"madang/site/wasm/jsapi"
)

func main() { jsapi.Serve(draughtsview.Family{}, jsapi.Analyse, jsapi.EngineFile) }
