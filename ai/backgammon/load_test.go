//go:build !js

package backgammon

import (
	"testing"
)

// The native build (server, command line) embeds net.bin: the advanced level evaluates
// with it from the start. LoadNet refuses a file that is not a net and keeps the one it has.
func TestNativeEmbedsNet(t *testing.T) {
	if len(shippedNet) == 0 || Shipped == nil {
		t.Fatal("the native build has no net")
	}
	old := Shipped
	if err := LoadNet([]byte("not a net")); err == nil || Shipped != old {
		t.Fatalf("a bad file: %v, net kept %v", err, Shipped == old)
	}
	if err := LoadNet(shippedNet); err != nil || Shipped == nil {
		t.Fatalf("net.bin: %v", err)
	}
	Shipped = old
}
