package media

import (
	"context"
	"sync/atomic"
)

// DecodeSlots is how many pictures are decoded at once, across uploads and
// search by image: one decode can take ~250 MB at its peak.
const DecodeSlots = 2

// Gate bounds how many pictures are decoded at once. Every path that
// decodes a picture from a client shares one Gate, and enters it only once
// the request body has fully arrived, so slow clients cannot hold a slot.
type Gate struct {
	slots chan struct{}
	inUse atomic.Int64
	most  atomic.Int64
}

// NewGate makes a gate of n slots.
func NewGate(n int) *Gate {
	return &Gate{slots: make(chan struct{}, max(n, 1))}
}

// Enter waits for a slot, or for ctx to end. Call release when the decoded
// picture is no longer needed.
func (g *Gate) Enter(ctx context.Context) (release func(), err error) {
	select {
	case g.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	n := g.inUse.Add(1)
	for m := g.most.Load(); n > m && !g.most.CompareAndSwap(m, n); m = g.most.Load() {
	}
	var once atomic.Bool
	return func() {
		if once.CompareAndSwap(false, true) {
			g.inUse.Add(-1)
			<-g.slots
		}
	}, nil
}

// Cap is the number of slots.
func (g *Gate) Cap() int { return cap(g.slots) }

// MaxInUse is the most slots ever taken at once (for tests and metrics).
func (g *Gate) MaxInUse() int { return int(g.most.Load()) }
