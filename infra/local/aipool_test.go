package local_test

import (
	"context"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"madang/functions/room"
	"madang/functions/store/memory"
	"madang/infra/local"
	"madang/rules"
)

// slowAI thinks 30 ms per move (the first legal one) and records how many searches run at
// once, per position (each room's positions are its own here) and in all.
type slowAI struct {
	mu          sync.Mutex
	running     int
	maxRunning  int
	perState    map[string]int
	maxPerState int
	searches    int
}

func (a *slowAI) Choose(ctx context.Context, s rules.State, _ string, _ int64) (rules.Move, error) {
	key := s.Encode()
	a.mu.Lock()
	a.running++
	a.searches++
	a.perState[key]++
	a.maxRunning = max(a.maxRunning, a.running)
	a.maxPerState = max(a.maxPerState, a.perState[key])
	a.mu.Unlock()
	select {
	case <-time.After(30 * time.Millisecond):
	case <-ctx.Done():
	}
	a.mu.Lock()
	a.running--
	a.perState[key]--
	a.mu.Unlock()
	return s.Moves()[0], nil
}
func (a *slowAI) AcceptDraw(rules.State) bool { return false }
func (a *slowAI) OfferDraw(rules.State) bool  { return false }

// resume at the rate limit during an AI turn, rotating over more tabs than a seat keeps so
// that every resume is a write that asks for the AI, starts no concurrent searches:
// at most one search per room at a time, at most AIWorkers in all, and
// the AI still answers each move.
func TestAIOneSearchPerRoom(t *testing.T) {
	ai := &slowAI{perState: map[string]int{}}
	st := local.New(local.Config{Store: memory.New(), AI: ai, AIWorkers: 2, Log: quietLog})
	srv := httptest.NewServer(st.Handler())
	defer srv.Close()
	defer st.Close()

	const rooms = 3
	var wg sync.WaitGroup
	for r := 0; r < rooms; r++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cl := newClient(t, srv, "p")
			// Each room opens with another move, so that its positions are its own.
			fs, err := cl.ask(map[string]any{"action": "create", "game": "checkers", "options": map[string]any{}}, 5*time.Second)
			if err != nil {
				t.Error(err)
				return
			}
			tok, id := fs[0].Token, snapOf(t, fs).ID
			var tabs []*wsClient // each resume from the next tab rebinds the seat: a write
			for k := 0; k <= room.MaxSeatSockets; k++ {
				tabs = append(tabs, newClient(t, srv, "tab"))
			}
			cl.ask(map[string]any{"action": "fillAI", "room": id, "token": tok, "level": "beginner"}, 5*time.Second)
			for ply := 0; ply < 4; ply += 2 {
				s := cl.snap()
				if _, err := cl.ask(map[string]any{"action": "move", "room": id, "token": tok, "ply": ply, "move": s.Legal[(r+ply)%len(s.Legal)]}, 5*time.Second); err != nil {
					t.Error(err)
					return
				}
				for k := 0; k < 25; k++ { // 50 a second, from more tabs than a seat keeps
					tabs[k%len(tabs)].ask(map[string]any{"action": "resume", "room": id, "token": tok}, 5*time.Second)
					time.Sleep(20 * time.Millisecond)
				}
				// The burst let cl's socket go (a seat keeps its newest sockets): cl resumes
				// so that it hears the AI's answer whenever it comes.
				if _, err := cl.ask(map[string]any{"action": "resume", "room": id, "token": tok}, 5*time.Second); err != nil {
					t.Error(err)
					return
				}
				deadline := time.Now().Add(5 * time.Second)
				for cl.snap().Ply < ply+2 && time.Now().Before(deadline) {
					time.Sleep(5 * time.Millisecond)
				}
				if got := cl.snap().Ply; got != ply+2 {
					t.Errorf("the AI did not answer the move at ply %d (ply %d)", ply, got)
					return
				}
			}
		}()
	}
	wg.Wait()
	ai.mu.Lock()
	defer ai.mu.Unlock()
	if ai.maxPerState > 1 || ai.maxRunning > 2 {
		t.Fatalf("searches at once: %d for one position, %d in all (bound 1 and 2); %d searches for %d AI moves",
			ai.maxPerState, ai.maxRunning, ai.searches, 2*rooms)
	}
	t.Logf("%d searches for %d AI moves, at most %d at once", ai.searches, 2*rooms, ai.maxRunning)
}
