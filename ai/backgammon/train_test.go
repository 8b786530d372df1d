package backgammon

import (
	"flag"
	"math/rand/v2"
	"os"
	"testing"
	"time"
)

var (
	trainGames  = flag.Int("train.games", 0, "self-play games for TestTrainNet (0 skips it)")
	trainHidden = flag.Int("train.hidden", 40, "hidden units of a new net")
	trainAlpha  = flag.Float64("train.alpha", 0.1, "learning rate")
	trainSeed   = flag.Uint64("train.seed", 1, "seed of the weights and the dice")
	trainIn     = flag.String("train.in", "", "net to continue training (default: a new one)")
	trainOut    = flag.String("train.out", "", "where to write the net")
)

// TestTrainNet trains a net by temporal-difference self-play (Train), the way the first
// shipped net was made; the shipped net is now fitted to GNU Backgammon's evaluations
// (TestFitNet, make backgammon-train):
// go test ./ai/backgammon -run TestTrainNet -timeout 0 -v -args -train.games N -train.out FILE
func TestTrainNet(t *testing.T) {
	if *trainGames <= 0 {
		t.Skip("training: pass -train.games N")
	}
	var n *Net
	if *trainIn != "" {
		data, err := os.ReadFile(*trainIn)
		if err != nil {
			t.Fatal(err)
		}
		if n, err = UnmarshalNet(data); err != nil {
			t.Fatal(err)
		}
	} else {
		n = NewNet(*trainHidden, rand.New(rand.NewPCG(*trainSeed, 1)))
	}
	start := time.Now()
	Train(n, *trainGames, *trainSeed, float32(*trainAlpha), func(g int) {
		if g%5000 == 0 {
			t.Logf("%d games, %s", g, time.Since(start).Round(time.Second))
		}
	})
	t.Logf("%d games in %s", *trainGames, time.Since(start).Round(time.Second))
	if *trainOut != "" {
		if err := os.WriteFile(*trainOut, n.Marshal(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
