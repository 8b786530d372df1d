//go:build js && wasm

// Command draughts-records is the WebAssembly module of the draughts family's game records:
// PDN files downloaded and imported on the checkers and draughts pages (package
// draughtsrecords), run in a second Web Worker the page starts only when it needs one. It
// holds the rules without the AI engine; the message interface is package jsapi's.
package main

import (
	_ "madang/rules/draughts" // checkers and international draughts in the rules registry

	draughtsrecords "madang/site/wasm/draughts/records"
	"madang/site/wasm/jsapi"
)

func main() { jsapi.ServeRecords(draughtsrecords.Family{}) }
