package backgammon

import (
	"flag"
	"strconv"
	"strings"
	"testing"
)

var tuneWeights = flag.String("w", "", "weights to change before TestPubeval, e.g. Pip=0.8,BlotBase=6")

func init() { setWeightsHook = applyWeightFlag }

// applyWeightFlag changes Default's scalar weights as -w says (for tuning runs only).
func applyWeightFlag(t *testing.T) {
	if *tuneWeights == "" {
		return
	}
	for _, kv := range strings.Split(*tuneWeights, ",") {
		k, v, _ := strings.Cut(kv, "=")
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			t.Fatalf("-w %s: %v", kv, err)
		}
		switch k {
		case "Pip":
			Default.Pip = x
		case "OnRoll":
			Default.OnRoll = x
		case "BarBase":
			Default.BarBase = x
		case "BarHome":
			Default.BarHome = x
		case "Stack":
			Default.Stack = x
		case "BlotBase":
			Default.BlotBase = x
		case "BlotPip":
			Default.BlotPip = x
		case "BlotHome":
			Default.BlotHome = x
		case "Exposure":
			Default.Exposure = x
		case "Back":
			Default.Back = x
		case "PointScale":
			for i := range Default.Point {
				Default.Point[i] *= x
			}
		case "PrimeScale":
			for i := range Default.Prime {
				Default.Prime[i] *= x
			}
		default:
			t.Fatalf("-w: unknown weight %s", k)
		}
	}
	t.Logf("weights %+v", Default)
}
