//go:build js && wasm

package view

import (
	"syscall/js"
	"testing"

	"madang/rules"
)

// Every game's view crosses into JavaScript as it is (run by make site-wasm-test under
// node): js.ValueOf panics on a value it cannot convert.
func TestViewToJS(t *testing.T) {
	for _, c := range []struct {
		game string
		opts rules.Options
	}{{"chinese-checkers", nil}, {"diamond-kr", rules.Options{"pieces": 15}}, {"diamond", rules.Options{"players": 3}}} {
		s := start(t, c.game, "", c.opts)
		if err := s.Play(0, false); err != nil {
			t.Fatal(err)
		}
		o := js.ValueOf(s.View())
		if got := o.Get("holes").Length(); got != 121 {
			t.Errorf("%s: %d holes in JavaScript", c.game, got)
		}
		if got := o.Get("last").Get("path").Length(); got < 2 {
			t.Errorf("%s: last move's path of %d holes", c.game, got)
		}
	}
}
