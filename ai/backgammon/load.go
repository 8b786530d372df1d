package backgammon

// Shipped is the trained net the advanced level evaluates with: net.bin, embedded by the
// native build (shipped.go) and handed over by the browser's worker (LoadNet,
// shipped_js.go); nil while there is none, and then the advanced level evaluates with the
// hand-made Evaluate.
var Shipped = func() *Net {
	n, err := UnmarshalNet(shippedNet)
	if err != nil {
		return nil
	}
	return n
}()

// LoadNet makes the net in data (the bytes of a net.bin file, UnmarshalNet) the Shipped
// net. The browser's build calls it with the file its worker fetched; it is not safe while
// an engine or analysis runs. A file that does not load leaves Shipped unchanged and
// returns UnmarshalNet's error.
func LoadNet(data []byte) error {
	n, err := UnmarshalNet(data)
	if err != nil {
		return err
	}
	Shipped = n
	return nil
}
