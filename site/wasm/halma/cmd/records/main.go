//go:build js && wasm

// Command halma-records is the WebAssembly module of the star games' records (package
// halmarecords), run in a second Web Worker the page starts only when it needs one. It
// holds the rules without the AI engine; the message interface is package jsapi's.
package main

import (
	_ "madang/rules/halma" // the star games in the rules registry

	halmarecords "madang/site/wasm/halma/records"
	"madang/site/wasm/jsapi"
)

func main() { jsapi.ServeRecords(halmarecords.Family{}) }
