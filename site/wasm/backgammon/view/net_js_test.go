//go:build js && wasm

package view

import "os"

// The browser's build has no net until the worker hands it over (op engineFile,
// jsapi TestBackgammonNetFile); these tests load it first, as the page does, so the analysis
// and the advanced level run as on the page.
func init() {
	b, err := os.ReadFile("../../../../ai/backgammon/net.bin")
	if err != nil {
		panic(err)
	}
	if err := (Family{}).LoadEngineFile("backgammon", "net", b); err != nil {
		panic(err)
	}
}
