// Package train makes the weights of the learned draughts and checkers evaluation
// (ai/draughts learned.go): it plays seeded self-play games with the
// hand-made evaluation at a fixed search depth, labels every quiet position of a game by
// the game's result, and fits the pattern and whole-board weights by logistic regression
// (per-sample gradient descent with AdaGrad step sizes and L2 decay, seeded shuffles).
// The same configuration gives the same weights byte for byte on any machine and any
// number of workers.
package train

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"sync"

	"madang/ai"
	"madang/ai/draughts"
	"madang/rules"
	rd "madang/rules/draughts"
)

// Config is one training run.
type Config struct {
	Games      int     // self-play games
	Depth      int     // plies of search per self-play move
	Open       int     // random opening plies of each game (its diversity)
	MaxPlies   int     // a game still going after this many plies counts as a draw
	Adjudicate int     // |score| in centi-men at which both sides' searches end a game as a win
	Seed       uint64  // seeds the openings and the training shuffles
	Epochs     int     // passes over the samples
	Rate       float64 // AdaGrad step size
	L2         float64 // weight decay per step
	// Lambda weighs the game's result in the target; the rest is the self-play search's
	// score turned into a probability (sigmoid(score/s), s fitted to the results).
	Lambda float64
	// Prior starts every AdaGrad sum of squared gradients, so that a rare pattern's first
	// steps are small (a rare pattern stays near 0 instead of learning its few games).
	Prior float64
	// Phases is 1 for one set of pattern tables, 2 for an opening's and an ending's set
	// weighed by the ending factor (draughts.Weights).
	Phases int
	// WindowTables gives every window a pattern table of its own (Variant.WindowTables);
	// false: the windows of a band of rows share one (Variant.PatternTables).
	WindowTables bool
	Validate     int // every Validate-th game is held out of the fit to measure it (0: none)
	Workers      int // self-play goroutines (the result does not depend on it)
	// PlayWeights, when not nil, are the learned weights the self-play searches evaluate
	// with (a later generation: the games of weights fitted to earlier games), blended with
	// the hand-made evaluation by PlayMix (in 1/draughts.MixUnit); nil: the hand-made
	// evaluation alone, the first generation.
	PlayWeights *draughts.Weights
	PlayMix     int
	// Generations is how many self-plays the command runs (madang train-eval): each after
	// the first plays with the weights fitted to the one before it, at the variant's mix.
	// Selfplay and Fit play and fit one generation; they ignore it.
	Generations int
	// GenerationMixes[i] is the learned share (in 1/draughts.MixUnit) generation i+2's
	// self-play evaluates with; a generation past its end plays at the variant's mix. The
	// shipped files record them because the variant's mix may change after a generation
	// was played (draughts' second generation was played at 192, it ships at 224).
	GenerationMixes []int
}

// GenerationMix is the learned share generation gen (2, 3, ...) of cfg plays with; def is
// the variant's mix (draughts.Variant.Mix).
func (c Config) GenerationMix(gen, def int) int {
	if i := gen - 2; i >= 0 && i < len(c.GenerationMixes) {
		return c.GenerationMixes[i]
	}
	return def
}

// Defaults are the configurations of the shipped weights, by variant id.
var Defaults = map[string]Config{
	"draughts": {Games: 24000, Depth: 4, Open: 6, MaxPlies: 300, Adjudicate: 600, Seed: 1, Epochs: 4, Rate: 0.2, L2: 1e-4, Lambda: 0.5, Prior: 10, Phases: 2, Validate: 10, Workers: 1, Generations: 2, GenerationMixes: []int{192}},
	"checkers": {Games: 2500, Depth: 6, Open: 4, MaxPlies: 250, Adjudicate: 500, Seed: 1, Epochs: 4, Rate: 0.02, L2: 1e-4, Lambda: 0.5, Prior: 1, Phases: 1, Validate: 10, Workers: 1},
}

// Sample is one quiet position of a self-play game with the game's result.
type Sample struct {
	F     draughts.Features
	Label float64 // 1 seat 0 won, 0 seat 1 won, 0.5 a draw
	Score int     // the self-play search's score, centi-men from seat 0's view
	Game  int
}

// ErrConfig is returned for a configuration that cannot run.
var ErrConfig = errors.New("train: bad configuration")

func (c Config) check() error {
	if c.PlayWeights != nil && (c.PlayMix < 0 || c.PlayMix > draughts.MixUnit) {
		return ErrConfig
	}
	for _, m := range c.GenerationMixes {
		if m < 0 || m > draughts.MixUnit {
			return ErrConfig
		}
	}
	if c.Games < 1 || c.Depth < 1 || c.Open < 0 || c.MaxPlies < 1 || c.Adjudicate < 0 || c.Epochs < 1 || c.Rate <= 0 || c.L2 < 0 || c.Validate < 0 || c.Workers < 1 || c.Lambda < 0 || c.Lambda > 1 || c.Prior < 0 || c.Phases < 1 || c.Phases > 2 {
		return ErrConfig
	}
	return nil
}

// Selfplay plays cfg.Games games of v with its hand-made evaluation (or cfg.PlayWeights
// blended by cfg.PlayMix) and returns their quiet positions after the opening, in game
// order. progress (may be nil) is called after each finished game with the number
// finished so far.
func Selfplay(v *draughts.Variant, cfg Config, progress func(done int)) ([]Sample, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	player := v.WithWeights(nil)
	if cfg.PlayWeights != nil {
		player = v.WithWeights(cfg.PlayWeights).WithMix(cfg.PlayMix)
	}
	out := make([][]Sample, cfg.Games)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for range cfg.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := draughts.NewSearcher(player, 8)
			for g := range next {
				out[g] = playGame(player, s, cfg, g)
				mu.Lock()
				done++
				if progress != nil {
					progress(done)
				}
				mu.Unlock()
			}
		}()
	}
	for g := range cfg.Games {
		next <- g
	}
	close(next)
	wg.Wait()
	var all []Sample
	for _, o := range out {
		all = append(all, o...)
	}
	return all, nil
}

// playGame plays game g: cfg.Open seeded random plies, then a depth-cfg.Depth search for
// every move (the searcher cleared at the start, so the game does not depend on the
// worker), until the rules end it, MaxPlies passes (a draw) or two successive searches
// agree that one side is Adjudicate ahead (its win).
func playGame(v *draughts.Variant, s *draughts.Searcher, cfg Config, g int) []Sample {
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(g)))
	st := rd.NewState(v.R.Start())
	s.Clear()
	var samples []Sample
	label := 0.5
	lastWinner := rules.NoSeat
	var l rd.MoveList
	for ply := 0; ; ply++ {
		if o := st.Outcome(); o.Over() {
			if o.Status == rules.Win {
				label = 1 - float64(o.Winner)
			}
			break
		}
		if ply >= cfg.MaxPlies {
			break
		}
		p, lim := draughts.StateLimits(st)
		var m rd.Move
		if ply < cfg.Open {
			p.Generate(&l)
			m = l.Moves[rng.IntN(l.N)]
		} else {
			if !p.HasCapture() {
				var sm Sample
				v.Features(&p, &sm.F)
				sm.Game = g
				samples = append(samples, sm)
			}
			lim.Depth = cfg.Depth
			res := s.Search(p, lim, ai.NewControl(context.Background(), ai.Budget{}))
			m = res.Move
			if !p.HasCapture() {
				sc := res.Score
				if p.Side() == 1 {
					sc = -sc
				}
				samples[len(samples)-1].Score = sc
			}
			winner := rules.NoSeat
			if cfg.Adjudicate > 0 && res.Score >= cfg.Adjudicate {
				winner = p.Side()
			} else if cfg.Adjudicate > 0 && res.Score <= -cfg.Adjudicate {
				winner = p.Side() ^ 1
			}
			if winner != rules.NoSeat && winner == lastWinner {
				label = 1 - float64(winner)
				break
			}
			lastWinner = winner
		}
		next, err := st.PlayMove(m)
		if err != nil {
			break // cannot happen: m is legal
		}
		st = next
	}
	for i := range samples {
		samples[i].Label = label
	}
	return samples
}

// Report is what a fit measured.
type Report struct {
	Train, Held         int     // samples fitted and held out
	TrainLoss, HeldLoss float64 // mean log-loss (natural log) against the results after the fit
	BaseLoss            float64 // held-out log-loss of always answering the mean label
	SearchLoss          float64 // held-out log-loss of the self-play search's sigmoid(score/ScoreScale)
	ScoreScale          float64 // centi-men per logit of the self-play scores, fitted to the results
}

// scalarScale divides each whole-board term during the fit so that all inputs are of
// about one unit (the weights are scaled back after).
var scalarScale = [draughts.NumScalars]float64{1, 1, 1, 1, 10, 10, 1, 1, 1, 5, 1}

// Fit fits the learned evaluation's weights to samples by logistic regression: the
// sigmoid of the evaluation (seat 0's view, in logits) predicts the label. Every
// cfg.Validate-th game's samples are held out and measured.
func Fit(v *draughts.Variant, samples []Sample, cfg Config) (*draughts.Weights, Report, error) {
	if err := cfg.check(); err != nil {
		return nil, Report{}, err
	}
	var train, held []int
	for i, s := range samples {
		if cfg.Validate > 0 && s.Game%cfg.Validate == cfg.Validate-1 {
			held = append(held, i)
		} else {
			train = append(train, i)
		}
	}
	if len(train) == 0 {
		return nil, Report{}, ErrConfig
	}
	scale := fitScale(samples, train)
	var f0 draughts.Features
	p0 := v.R.Start()
	v.Features(&p0, &f0)
	tables := v.PatternTables()
	if cfg.WindowTables {
		tables = v.WindowTables()
	}
	nw := cfg.Phases * tables * draughts.Patterns
	m := &model{
		pat: make([]float64, nw), patG: make([]float64, nw),
		windows: f0.Windows, tables: tables, phases: cfg.Phases,
	}
	for i := range f0.Windows {
		m.table[i] = v.TableOf(i, tables)
	}
	// Start from the hand-made evaluation at the self-play scores' scale.
	m.scal[len(m.scal)-1] = 100 / scale
	for i := range m.patG {
		m.patG[i] = cfg.Prior
	}
	target := make([]float64, len(samples))
	for i := range samples {
		target[i] = cfg.Lambda*samples[i].Label + (1-cfg.Lambda)*sigmoid(float64(samples[i].Score)/scale)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x5eed))
	for epoch := range cfg.Epochs {
		rng.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		rate := cfg.Rate / (1 + float64(epoch)/2)
		for _, i := range train {
			m.step(&samples[i], target[i], rate, cfg.L2)
		}
	}
	rep := Report{Train: len(train), Held: len(held), ScoreScale: scale}
	rep.TrainLoss = m.loss(samples, train)
	if len(held) > 0 {
		rep.HeldLoss = m.loss(samples, held)
		mean := 0.0
		for _, i := range train {
			mean += samples[i].Label
		}
		mean /= float64(len(train))
		for _, i := range held {
			rep.BaseLoss += logLoss(mean, samples[i].Label)
			rep.SearchLoss += logLoss(sigmoid(float64(samples[i].Score)/scale), samples[i].Label)
		}
		rep.BaseLoss /= float64(len(held))
		rep.SearchLoss /= float64(len(held))
	}
	scal := make([]float64, draughts.NumScalars)
	for k := range scal {
		scal[k] = m.scal[k] / scalarScale[k]
	}
	w, err := v.NewWeights(m.pat, scal, tables)
	return w, rep, err
}

// model is the fit's state: weights in logits and AdaGrad's sums of squared gradients.
type model struct {
	windows    int
	tables     int     // pattern tables a phase
	table      [16]int // window i's table (Variant.TableOf); its flipped twin tables-1-table[i]
	phases     int     // sets of pattern tables: phase ph's table t is ph*tables+t
	pat, patG  []float64
	scal, scaG [draughts.NumScalars]float64
}

// phaseShares are the shares of each phase's pattern tables in f's evaluation: all of
// the one phase, or 1-e of the opening's and e of the ending's (e the ending factor).
func (m *model) phaseShares(f *draughts.Features) [2]float64 {
	if m.phases == 1 {
		return [2]float64{1, 0}
	}
	e := float64(f.EndNum) / float64(f.EndDen)
	return [2]float64{1 - e, e}
}

func (m *model) logit(f *draughts.Features) float64 {
	z := 0.0
	share := m.phaseShares(f)
	for ph := range m.phases {
		base := ph * m.tables
		zp := 0.0
		for i := 0; i < m.windows; i++ {
			t := m.table[i]
			zp += m.pat[(base+t)*draughts.Patterns+int(f.A[i])]
			zp -= m.pat[(base+m.tables-1-t)*draughts.Patterns+int(f.B[i])]
		}
		z += share[ph] * zp
	}
	for k := range draughts.NumScalars {
		z += m.scal[k] * f.Value(k) / scalarScale[k]
	}
	return z
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

func logLoss(p, y float64) float64 {
	p = min(max(p, 1e-9), 1-1e-9)
	return -(y*math.Log(p) + (1-y)*math.Log(1-p))
}

// fitScale finds the s (centi-men per logit, 25 to 2000 in steps of 5%) for which
// sigmoid(score/s) predicts the results of samples idx best.
func fitScale(samples []Sample, idx []int) float64 {
	best, bestLoss := 100.0, math.Inf(1)
	for s := 25.0; s <= 2000; s *= 1.05 {
		loss := 0.0
		for _, i := range idx {
			loss += logLoss(sigmoid(float64(samples[i].Score)/s), samples[i].Label)
		}
		if loss < bestLoss {
			best, bestLoss = s, loss
		}
	}
	return best
}

// step is one AdaGrad step on one sample towards target y.
func (m *model) step(s *Sample, y, rate, l2 float64) {
	g := sigmoid(m.logit(&s.F)) - y
	upd := func(w, acc *float64, grad float64) {
		grad += l2 * *w
		*acc += grad * grad
		*w -= rate * grad / (math.Sqrt(*acc) + 1e-8)
	}
	share := m.phaseShares(&s.F)
	for ph := range m.phases {
		base := ph * m.tables
		gp := g * share[ph]
		if gp == 0 {
			continue
		}
		for i := 0; i < m.windows; i++ {
			t := m.table[i]
			a := (base+t)*draughts.Patterns + int(s.F.A[i])
			upd(&m.pat[a], &m.patG[a], gp)
			b := (base+m.tables-1-t)*draughts.Patterns + int(s.F.B[i])
			upd(&m.pat[b], &m.patG[b], -gp)
		}
	}
	for k := range draughts.NumScalars {
		if x := s.F.Value(k) / scalarScale[k]; x != 0 {
			upd(&m.scal[k], &m.scaG[k], g*x)
		}
	}
}

func (m *model) loss(samples []Sample, idx []int) float64 {
	sum := 0.0
	for _, i := range idx {
		sum += logLoss(sigmoid(m.logit(&samples[i].F)), samples[i].Label)
	}
	return sum / float64(len(idx))
}
