//go:build !js

package draughts

// The native build (command line, server) embeds the shipped files; the browser's build
// loads them separately (shipped_js.go).

import _ "embed"

// The shipped weights of the learned evaluation (learned.go), made by `make train-eval`
// (madang train-eval; ai/draughts/train). A file that does not load leaves the variant on
// the hand-made evaluation; TestShippedWeights fails then.
var (
	//go:embed weights/checkers.bin
	shippedCheckers []byte
	//go:embed weights/draughts.bin
	shippedDraughts []byte
)

// The shipped opening books (book.go), made by `madang book` from the engine's own
// searches with the shipped weights (make train-eval). A book that does not load leaves
// the variant without one; TestShippedBooks fails then.
var (
	//go:embed book/checkers.txt
	bookCheckers []byte
	//go:embed book/draughts.txt
	bookDraughts []byte
)
