package backgammon

import (
	"errors"
	"testing"

	"madang/rules"
)

// FuzzDecode: Decode never panics; whatever it reads encodes and decodes to the same.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		"4HPwATDgc/ABMA", "4HPwATDgc/ABMA:cAkAAAAAAAAA", "4HPwATDgc/ABMA:cAkXAAAAAAAA",
		"22YAAD7gc+gDQA:MIEOAAAAAAAA", "sP8PAAACAAAAAA", "27YBADjgc/ADQA", "h+8DAIQAAAAAAA:cAkAAAAAAAAA",
		"AAAAAAAAAAAAAA", "//////////////", "4HPwATDgc/ABMA==", "4HPwATDgc/ABMA:cBkAAAAAAAAA",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := Decode(text)
		if err != nil {
			if !errors.Is(err, rules.ErrNotation) {
				t.Fatalf("Decode(%q): %v does not wrap ErrNotation", text, err)
			}
			return
		}
		if err := s.board.Validate(); err != nil {
			t.Fatalf("Decode(%q) gave a bad board: %v", text, err)
		}
		enc := s.Encode()
		d, err := Decode(enc)
		if err != nil || d.Encode() != enc {
			t.Fatalf("Decode(%q).Encode() = %q does not round-trip: %v", text, enc, err)
		}
	})
}

// FuzzParseMove: ParseMove never panics, fails with one of the documented errors, and a
// play it finds is a legal play whose own text finds it again.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{
		"24/18 13/11", "bar/22", "6/off", "24/18*/13", "13/7(2)", "25/21", "6/0", "bar/20* 21/20",
		"8/3 6/3", "24/13", "13/9(4)", "Cannot Move", "", "7/3*(3)", "24/18/13/7/1", "6/4 6/4 13/11 13/11",
	} {
		f.Add(s, uint8(0), uint8(6), uint8(5))
	}
	f.Add("bar/14", uint8(1), uint8(6), uint8(5))
	f.Add("6/1 3/off", uint8(2), uint8(5), uint8(4))
	starts := []string{"4HPwATDgc/ABMA", "22YAAD7gc+gDQA", "sP8PAAD/zwgAAA", "sP8PAAD/DxYAAA", "h+8DAIQAAAAAAA"}
	f.Fuzz(func(t *testing.T, text string, pos, d1, d2 uint8) {
		s, err := Decode(starts[int(pos)%len(starts)])
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.RollDice(rules.Dice{int8(d1%6) + 1, int8(d2%6) + 1})
		if err != nil {
			t.Fatal(err)
		}
		if r.Phase() != rules.PhaseMove {
			return
		}
		m, err := r.ParseText(text)
		if err != nil {
			if !errors.Is(err, rules.ErrNotation) && !errors.Is(err, rules.ErrIllegal) && !errors.Is(err, rules.ErrAmbiguous) {
				t.Fatalf("ParseMove(%q): %v", text, err)
			}
			return
		}
		back, err := r.ParseText(m.String())
		if err != nil || back != m {
			t.Fatalf("ParseMove(%q) = %q, which reads back as %v, %v", text, m, back, err)
		}
		if _, err := r.PlayMove(m); err != nil {
			t.Fatalf("ParseMove(%q) = %q does not play: %v", text, m, err)
		}
	})
}
