package main

import "testing"

// --clock reads BASE+INC (minutes + seconds) into create's time control and refuses the rest.
func TestParseLoadClock(t *testing.T) {
	tc, err := parseLoadClock("10+5")
	if err != nil || tc["baseMs"] != 600000 || tc["incrementMs"] != 5000 {
		t.Fatalf("10+5: %v, %v", tc, err)
	}
	if tc, err := parseLoadClock(""); tc != nil || err != nil {
		t.Fatalf("empty: %v, %v", tc, err)
	}
	for _, bad := range []string{"10", "0+5", "10+-1", "a+b", "10+5s"} {
		if _, err := parseLoadClock(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
