package room

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"madang/rules"
	"time"
)

// turnKey identifies whose turn it is, who plays it and whether anybody watches: a write
// that changes it may start the AI's turn. Writes that leave it alone (a second watcher
// joins, one of several sockets closes) do not invoke the AI again, so a running AI move is
// not wasted; the write that brings the first socket back to a room nobody watched does.
type turnKey struct {
	status    string
	game, ply int
	toMove    int
	aiPlays   bool
	watched   bool
}

// kickAI asks the Invoker to move when the AI plays the seat to move of a watched room.
func (s *Service) kickAI(ctx context.Context, l *loaded) {
	if s.d.Invoker == nil || l.b.Status != StatusPlaying || !l.aiPlays(l.toMove()) || !l.watched() {
		return
	}
	var err error
	if ti, ok := s.d.Invoker.(TurnInvoker); ok {
		err = ti.InvokeTurn(ctx, AITurn{Room: l.id, Version: l.version, Level: l.aiLevel(l.toMove())})
	} else {
		err = s.d.Invoker.InvokeAI(ctx, l.id, l.version)
	}
	if err != nil {
		s.d.Log.Error("room: invoke ai", "room", l.id, "err", err)
	}
}

// RunAI lets the AI act for the seat to move in a room (from the Invoker, which names the
// version that started the turn). It acts on the room as it is now: writes that left the
// turn alone since that version (a socket closing, a spectator joining, a resume) do not
// cancel the AI's move, and it does nothing when the room is not playing, nobody watches it
// (no socket at all) or a person plays the seat to act. It claims the turn before thinking
// (Store.ClaimTurn), so a duplicated invocation stops before it searches, and its write is
// conditional on the turn it thought about (game number, ply, seat to act, AI seat), so a
// duplicate or late invocation never moves twice.
func (s *Service) RunAI(ctx context.Context, roomID string, version int64) error {
	if s.d.AI == nil {
		return nil
	}
	rec, err := s.d.Store.GetRoom(ctx, roomID, s.d.Clock.Now())
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	l, err := s.decode(rec)
	if err != nil {
		return err
	}
	seatIdx := l.toMove()
	if !l.aiPlays(seatIdx) || !l.watched() {
		return nil // the socket that comes back invokes the AI again (turnKey)
	}
	// Claim the turn before a costly search: a second copy of this invocation (async
	// invocation is at least once) stops here instead of running a second one. Only the
	// level that searches for a time budget claims: the other levels answer in a few ms,
	// and their search costs less than the claim's write (docs/measurements.md, "What a game costs").
	turn := fmt.Sprintf("%d/%d/%d", l.b.GameNo, len(l.b.Moves), seatIdx)
	now := s.d.Clock.Now()
	until := now.Add(claimLease)
	if d, ok := ctx.Deadline(); ok {
		until = now.Add(time.Until(d)) // the run's deadline, on the service's clock
	}
	claimed, err := true, error(nil)
	costly := l.aiLevel(seatIdx) == claimLevel
	if costly {
		claimed, err = s.d.Store.ClaimTurn(ctx, roomID, turn, until, now)
	}
	if err != nil {
		// The claim only saves work: the move's conditional write still keeps one move.
		s.d.Log.Warn("room: claim ai turn", "room", roomID, "err", err)
	} else if !claimed {
		s.d.Log.Info("room: ai turn claimed by another run", "room", roomID, "turn", turn)
		return nil
	}
	moved := false
	if costly && claimed {
		defer func() {
			if !moved { // let a retry (or the next invocation of this turn) think at once
				rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
				defer cancel()
				if err := s.d.Store.ReleaseTurn(rctx, roomID, turn); err != nil {
					s.d.Log.Warn("room: release ai turn", "room", roomID, "err", err)
				}
			}
		}()
	}
	// Think outside the write: the write below is conditional on this version. A turn that
	// waits for a roll is rolled here and then moved, in one write.
	st := l.m.State()
	var dice *rules.Dice
	if st.Phase() == rules.PhaseRoll {
		d, err := drawDice(s.d.Rand)
		if err != nil {
			return err
		}
		if st, err = st.Roll(d); err != nil {
			return err
		}
		dice = &d
	}
	accept := false
	if dice == nil && l.b.DrawOffer != nil && l.b.DrawOffer.Seat != seatIdx {
		accept = s.d.AI.AcceptDraw(st)
	}
	var mv rules.Move
	offer := false
	if !accept && st.Phase() == rules.PhaseMove && int(st.ToMove()) == seatIdx {
		mv, err = s.d.AI.Choose(ctx, st, l.aiLevel(seatIdx), aiSeed(roomID, rec.Version))
		if err != nil {
			return err
		}
		offer = l.mayOfferDraw(seatIdx) && s.d.AI.OfferDraw(st)
	}
	// Write on the current room if the turn is still the one the AI thought about (a
	// watcher may have joined meanwhile); otherwise drop the move.
	// The write starts from the room read above (one read per AI move): a change since
	// makes the conditional write fail, and update re-reads then.
	game, ply := l.b.GameNo, len(l.b.Moves)
	l2, eff, err := s.updateQuietlyFrom(ctx, roomID, rec, func(l *loaded) (*effects, *Error) {
		if l.b.Status != StatusPlaying || l.b.GameNo != game || len(l.b.Moves) != ply ||
			l.toMove() != seatIdx || !l.aiPlays(seatIdx) {
			return &effects{noWrite: true}, nil
		}
		if accept && !l.m.OfferFor(seatIdx) {
			return &effects{noWrite: true}, nil
		}
		if accept { // the path a person's acceptance takes
			if e := l.agree(seatIdx); e != nil {
				return nil, e
			}
			return &effects{broadcast: true}, nil
		}
		if dice != nil {
			if e := l.rollDice(*dice); e != nil {
				return nil, e
			}
		}
		if mv != nil && l.b.Status == StatusPlaying {
			if e := l.play(seatIdx, mv, offer); e != nil {
				return nil, e
			}
		}
		return &effects{broadcast: true}, nil
	})
	if err != nil || l2 == nil {
		return err
	}
	moved = !eff.noWrite
	if moved {
		s.after(ctx, l2, eff)
	}
	return nil
}

// claimLease is how long an AI turn's claim holds when the run has no deadline of its own;
// with one (the AI function's timeout, template.yaml; the local pool's 30 s) the claim
// ends with it.
const claimLease = 60 * time.Second

// claimLevel is the AI level whose turns are claimed before the search (RunAI): the one
// that searches for a time budget (seed 001: up to 1.5 s a move).
const claimLevel = "advanced"

// aiSeed is the AI's seed for a room at a version: rooms at the same version get different
// seeds (FNV-1a of the room id).
func aiSeed(roomID string, version int64) int64 {
	h := fnv.New64a()
	h.Write([]byte(roomID))
	return int64(h.Sum64()) ^ version
}
