package lambdalocal

import (
	"math"
	"sort"
	"sync"
)

// FunctionStats is what one function did, from the emulator's REPORT and INIT REPORT
// lines and /proc.
type FunctionStats struct {
	Name     string `json:"name"`
	MemoryMB int    `json:"memoryMB"`
	// Invocations run (injected failures included); FunctionErrors of them failed.
	Invocations    int `json:"invocations"`
	FunctionErrors int `json:"functionErrors"`
	// Environments is the execution environments started; ColdStarts the inits seen
	// (an environment inits again after its bootstrap exits).
	Environments int        `json:"environments"`
	ColdStarts   int        `json:"coldStarts"`
	InitMs       Summary    `json:"initMs"`
	DurationMs   Summary    `json:"durationMs"`
	BilledMs     float64    `json:"billedMsTotal"`
	PeakKB       int        `json:"peakMemoryKB"`
	Async        AsyncStats `json:"async"`
	durations    []float64
}

// AsyncStats counts the asynchronous invocations of a function.
type AsyncStats struct {
	Accepted, Duplicates, Retries, DroppedAge, ToDestination int
}

// Summary is a distribution of times in ms.
type Summary struct {
	N    int     `json:"n"`
	Min  float64 `json:"min"`
	P50  float64 `json:"p50"`
	P99  float64 `json:"p99"`
	Max  float64 `json:"max"`
	Mean float64 `json:"mean"`
}

// Summarize sorts a copy of xs and reads its percentiles (nearest rank).
func Summarize(xs []float64) Summary {
	if len(xs) == 0 {
		return Summary{}
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	rank := func(p float64) float64 { return s[max(0, int(math.Ceil(p*float64(len(s))))-1)] }
	sum := 0.0
	for _, x := range s {
		sum += x
	}
	return Summary{N: len(s), Min: s[0], P50: rank(0.5), P99: rank(0.99), Max: s[len(s)-1], Mean: sum / float64(len(s))}
}

type stats struct {
	mu                  sync.Mutex
	invocations, errors int
	environments        int
	inits, durations    []float64
	billed              float64
	peakKB              int
	async               AsyncStats
}

func (s *stats) count(failed bool) {
	s.mu.Lock()
	s.invocations++
	if failed {
		s.errors++
	}
	s.mu.Unlock()
}

func (s *stats) cold() { s.mu.Lock(); s.environments++; s.mu.Unlock() }

func (s *stats) addInit(ms float64) { s.mu.Lock(); s.inits = append(s.inits, ms); s.mu.Unlock() }

func (s *stats) addDuration(ms, billed float64) {
	if ms == 0 {
		return
	}
	s.mu.Lock()
	s.durations = append(s.durations, ms)
	s.billed += billed
	s.mu.Unlock()
}

func (s *stats) addPeak(kb int) {
	s.mu.Lock()
	s.peakKB = max(s.peakKB, kb)
	s.mu.Unlock()
}

func (s *stats) asyncf(f func(*AsyncStats)) { s.mu.Lock(); f(&s.async); s.mu.Unlock() }

// Stats returns every function's figures, by name.
func (s *Service) Stats() []FunctionStats {
	var out []FunctionStats
	for _, name := range s.Names() {
		f := s.fns[name]
		st := &f.stats
		st.mu.Lock()
		out = append(out, FunctionStats{
			Name: name, MemoryMB: f.cfg.MemoryMB, Invocations: st.invocations, FunctionErrors: st.errors,
			Environments: st.environments, ColdStarts: len(st.inits), InitMs: Summarize(st.inits),
			DurationMs: Summarize(st.durations), BilledMs: st.billed, PeakKB: st.peakKB, Async: st.async,
			durations: append([]float64(nil), st.durations...),
		})
		st.mu.Unlock()
	}
	return out
}
