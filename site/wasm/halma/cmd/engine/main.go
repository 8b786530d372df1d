//go:build js && wasm

// Command halma is the WebAssembly engine of the star-board family (chinese-checkers,
// diamond-kr, diamond), built with GOOS=js GOARCH=wasm to site/.build/halma.wasm and run in
// the engine Web Worker (site/src/js/worker.js); the message interface is package jsapi's.
// Only the star games' pages load it.
package main

import (
	_ "madang/ai/halma" // the family's rules and engine (its descriptor, games/halma, is not needed here)

	halmaview "madang/site/wasm/halma/view"
	"madang/site/wasm/jsapi"
)

func main() { jsapi.Serve(halmaview.Family{}, halmaview.Analyse, halmaview.RouteThrough) }
