//go:build js && wasm

package main

// The games and engines this build answers for.
import (
	_ "madang/ai/draughts"
	_ "madang/rules/draughts"
)
