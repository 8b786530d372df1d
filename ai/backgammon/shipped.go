package backgammon

import _ "embed"

//go:embed net.bin
var shippedNet []byte

// Shipped is the trained net the advanced level evaluates with (see README for the
// training command); nil if net.bin does not load.
var Shipped = func() *Net {
	n, err := UnmarshalNet(shippedNet)
	if err != nil {
		return nil
	}
	return n
}()
