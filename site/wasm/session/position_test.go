package session

import "testing"

// PDN FEN as the cases file writes it: ranges, kings, either colour first.
func TestParseFEN(t *testing.T) {
	b, err := parseFEN("W:W31-50:B1-20", 10, 'W')
	if err != nil {
		t.Fatal(err)
	}
	if b[31] != Man0 || b[50] != Man0 || b[1] != Man1 || b[20] != Man1 || b[25] != Empty {
		t.Errorf("draughts start read wrong: %v", b)
	}
	b, err = parseFEN("B:W21,22:B1,K5.", 8, 'B')
	if err != nil {
		t.Fatal(err)
	}
	if b[1] != Man0 || b[5] != King0 || b[21] != Man1 || b[22] != Man1 {
		t.Errorf("checkers FEN read wrong: %v", b)
	}
	for _, bad := range []string{"", "W", "W:X1", "W:W0", "W:W51", "W:W20-10", "W:Wa", "W:WK"} {
		if _, err := parseFEN(bad, 10, 'W'); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{"W:W31-50:B1-20", "B:W21,22:B1,K5", "W:WK4:B13,20,32,37", "B::", "W:W1-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, size := range []int{8, 10} {
			b, err := parseFEN(s, size, 'W')
			if err == nil && len(b) != size*size/2+1 {
				t.Fatalf("%q: board of %d squares", s, len(b))
			}
		}
	})
}
