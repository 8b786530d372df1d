//go:build js

package draughts

// In the browser the shipped weights and books are separate files (the
// WebAssembly module's size), which the engine worker fetches and hands over with
// LoadWeights and LoadBook (site/wasm/jsapi, op "data"). Until they arrive, or if they
// fail, the variants play with the hand-made evaluation and without a book.
var shippedCheckers, shippedDraughts, bookCheckers, bookDraughts []byte
