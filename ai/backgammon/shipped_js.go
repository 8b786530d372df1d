//go:build js

package backgammon

// In the browser the shipped net is a separate file (the WebAssembly module's size), which
// the engine worker fetches and hands over with LoadNet (site/wasm/jsapi, op "engineFile").
// Until it arrives, or if it fails, the advanced level evaluates with the hand-made
// Evaluate and the analysis answers ai.ErrNoEngine.
var shippedNet []byte
