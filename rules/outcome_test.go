package rules

import "testing"

func TestReasonCodesRoundTrip(t *testing.T) {
	seen := map[string]bool{}
	for r := ReasonNone + 1; int(r) < len(reasonCodes); r++ {
		code := r.String()
		if code == "" || seen[code] {
			t.Fatalf("reason %d has empty or duplicate code %q", r, code)
		}
		seen[code] = true
		back, ok := ParseReason(code)
		if !ok || back != r {
			t.Fatalf("ParseReason(%q) = %v, %v; want %v", code, back, ok, r)
		}
	}
	if _, ok := ParseReason("no-such-reason"); ok {
		t.Fatal("ParseReason accepted an unknown code")
	}
	if got := Reason(200).String(); got != "reason-200" {
		t.Fatalf("unknown reason prints %q", got)
	}
}

func TestOutcomeConstructors(t *testing.T) {
	if OngoingOutcome.Over() {
		t.Fatal("ongoing outcome reports over")
	}
	w := WinFor(1, NoMoves)
	if !w.Over() || w.Winner != 1 || w.Points != 1 || w.Reason.String() != "no-moves" {
		t.Fatalf("WinFor = %+v", w)
	}
	d := DrawBy(Threefold)
	if !d.Over() || d.Winner != NoSeat || d.Status != Draw {
		t.Fatalf("DrawBy = %+v", d)
	}
}
