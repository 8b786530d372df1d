//go:build js && wasm

// Command backgammon-records is the WebAssembly module of backgammon's game records: .mat
// matches downloaded and imported on the backgammon page (package backgammonrecords), run in a
// second Web Worker the page starts only when it needs one. It holds the rules without the
// AI engine; the message interface is package jsapi's.
package main

import (
	_ "madang/rules/backgammon" // backgammon in the rules registry

	backgammonrecords "madang/site/wasm/backgammon/records"
	"madang/site/wasm/jsapi"
)

func main() { jsapi.ServeRecords(backgammonrecords.Family{}) }
