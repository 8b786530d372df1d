//go:build !js

package backgammon

// The native build (command line, server) embeds the shipped net; the browser's build
// loads it separately (shipped_js.go).

import _ "embed"

// shippedNet is the trained net (see README for the training command). A file that does not
// load leaves the advanced level on the hand-made evaluation; TestShippedNetLoads fails then.
//
//go:embed net.bin
var shippedNet []byte
