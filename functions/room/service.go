package room

import (
	"io"
	"log/slog"
)

// Deps are the ports a Service uses. Store, Notifier and Clock are required; Invoker,
// Scheduler and AI may be nil when a deployment runs without AI seats or timers (the
// corresponding features then do nothing).
type Deps struct {
	Store    Store
	Notifier Notifier
	// Prober finds sockets whose $disconnect was lost; nil: the Notifier when it is a
	// Prober too (the local gateway, the management API notifier), else no probing.
	Prober    Prober
	Invoker   Invoker
	Scheduler Scheduler
	Clock     Clock
	AI        AI
	Log       *slog.Logger // nil: slog.Default()
	Rand      io.Reader    // nil: crypto/rand; tokens and room ids come from it
	// SerialRooms makes the writes of one room in this process take turns instead of
	// racing (the local stack, where every writer shares one process); the conditional
	// write still guards against writers in other processes (Lambda instances).
	SerialRooms bool
	// Limits are the service's limits on a public server; zero fields take the defaults.
	Limits Limits
}

// Service is the room service. Its methods are safe for concurrent use; all room state is in
// the Store, so many Services (Lambda instances) may share one store.
type Service struct {
	d       Deps
	cache   stateCache
	locks   *roomLocks // nil unless Deps.SerialRooms
	creates createCounter
}

// New makes a Service.
func New(d Deps) *Service {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Rand == nil {
		d.Rand = cryptoRand
	}
	if d.Limits.CreatesPerMinute == 0 {
		d.Limits.CreatesPerMinute = DefaultCreatesPerMinute
	}
	if d.Limits.MaxSpectators <= 0 {
		d.Limits.MaxSpectators = DefaultMaxSpectators
	}
	d.Limits.MaxSpectators = min(d.Limits.MaxSpectators, MaxConns)
	if p, ok := d.Notifier.(Prober); ok && d.Prober == nil {
		d.Prober = p
	}
	s := &Service{d: d, creates: createCounter{m: map[string]createWindow{}}}
	if d.SerialRooms {
		s.locks = &roomLocks{m: map[string]*roomLock{}}
	}
	return s
}
