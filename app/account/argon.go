package account

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"souk/app/apperr"
)

// argonGate bounds how many argon2 computations run at once. Each one takes
// argonMemory (64 MiB): fifty parallel wrong logins once took the server
// from 370 MB to almost 3 GB. A request that finds every slot taken waits a
// little, then is told to try again (441) rather than queueing without end.
type argonGate struct {
	slots chan struct{}
	wait  time.Duration

	// Counters for tests and metrics: computations started, password
	// verifications among them, running now, the most that ever ran at once.
	runs, verifies, running, peak atomic.Int64
}

func newArgonGate(slots int, wait time.Duration) *argonGate {
	return &argonGate{slots: make(chan struct{}, slots), wait: wait}
}

// do runs fn in a slot, or answers RateLimited after waiting g.wait for one.
func (g *argonGate) do(ctx context.Context, fn func()) error {
	if err := g.acquire(ctx); err != nil {
		return err
	}
	defer func() { <-g.slots }()
	n := g.running.Add(1)
	defer g.running.Add(-1)
	for p := g.peak.Load(); n > p && !g.peak.CompareAndSwap(p, n); p = g.peak.Load() {
	}
	g.runs.Add(1)
	fn()
	return nil
}

// acquire takes a free slot at once, or waits up to g.wait for one (a
// select on a ready timer and a free slot picks at random, so the free
// slot is tried first).
func (g *argonGate) acquire(ctx context.Context) error {
	select {
	case g.slots <- struct{}{}:
		return nil
	default:
	}
	timer := time.NewTimer(g.wait)
	defer timer.Stop()
	select {
	case g.slots <- struct{}{}:
		return nil
	case <-timer.C:
		return apperr.New(apperr.RateLimited, "SignInBusy")
	case <-ctx.Done():
		return fmt.Errorf("account: wait for an argon2 slot: %w", ctx.Err())
	}
}

// hashPassword is HashPassword inside the gate.
func (s *Service) hashPassword(ctx context.Context, p string) (string, error) {
	var h string
	err := s.argon.do(ctx, func() { h = hashPassword(p, s.hashMemory) })
	return h, err
}

// verifyPassword is VerifyPassword inside the gate. An empty hash (no
// password set) never matches and costs nothing.
func (s *Service) verifyPassword(ctx context.Context, p, encoded string) (bool, error) {
	if encoded == "" {
		return false, nil
	}
	var ok bool
	err := s.argon.do(ctx, func() {
		s.argon.verifies.Add(1)
		ok = VerifyPassword(p, encoded)
	})
	return ok, err
}
