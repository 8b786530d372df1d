//go:build js && wasm

package view

import (
	"syscall/js"
	"testing"
)

// Every view converts to a JavaScript object (run by make site-wasm-test under node):
// the opening, a play due, after a play, a roll with no play.
func TestViewsConvert(t *testing.T) {
	for _, s := range []struct {
		pos string
		log []string
	}{{"", nil}, {"", []string{"3-1"}}, {"", []string{"3-1", "8/5 6/5"}}, {"27YBADjgc/ADQA", []string{"6-5"}}} {
		v := js.ValueOf(start(t, s.pos, s.log...).View())
		if v.Get("points").Length() != 25 || v.Get("rows").Index(1).Length() != 26 {
			t.Errorf("%q %q: points %d", s.pos, s.log, v.Get("points").Length())
		}
	}
}
