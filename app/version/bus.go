package version

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"sort"
	"sync"
	"time"

	"souk/app/store/pgnotify"
)

// Channel is the PostgreSQL notification channel version bumps travel on.
const Channel = "souk_versions"

// maxPayload keeps a notification under PostgreSQL's 8000-byte limit.
const maxPayload = 7000

// note is one notification: the sending node and the names it bumped.
type note struct {
	Node  string   `json:"n"`
	Names []string `json:"k"`
}

// Bus relays version bumps between the nodes of one PostgreSQL database
// with LISTEN/NOTIFY, so a page cached on one node is re-rendered when the
// data changes through another. Publishing is asynchronous and coalesced:
// Bump never waits on the network. A node that loses its listening
// connection bumps everything when it is back, since it may have missed
// changes meanwhile. SQLite stores are single-node and need no bus.
type Bus struct {
	url  string
	reg  *Registry
	node string
	log  *slog.Logger

	mu      sync.Mutex
	pending map[string]struct{}
	wake    chan struct{}
}

// StartBus listens for other nodes' bumps and publishes this node's, until
// ctx ends. It returns once the first LISTEN is in place, so no bump made
// after it returns is missed.
func StartBus(ctx context.Context, url string, reg *Registry, log *slog.Logger) (*Bus, error) {
	id := make([]byte, 8)
	if _, err := rand.Read(id); err != nil {
		return nil, fmt.Errorf("version: node id: %w", err)
	}
	b := &Bus{url: url, reg: reg, node: hex.EncodeToString(id), log: log,
		pending: map[string]struct{}{}, wake: make(chan struct{}, 1)}
	l := &pgnotify.Listener{URL: url, Channel: Channel, Log: log, OnPayload: b.apply,
		OnReconnect: reg.BumpAll} // changes made while we were not listening are unknown
	if err := l.Start(ctx); err != nil {
		return nil, fmt.Errorf("version: %w", err)
	}
	publish := func(names []string) { b.queue(names) }
	reg.publish.Store(&publish)
	go b.send(ctx)
	return b, nil
}

// apply takes other nodes' bumps.
func (b *Bus) apply(_ context.Context, payload string) {
	var msg note
	if json.Unmarshal([]byte(payload), &msg) != nil || msg.Node == b.node {
		return
	}
	b.reg.apply(msg.Names)
}

func (b *Bus) queue(names []string) {
	b.mu.Lock()
	for _, n := range names {
		b.pending[n] = struct{}{}
	}
	b.mu.Unlock()
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

func (b *Bus) take() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	names := make([]string, 0, len(b.pending))
	for n := range b.pending {
		names = append(names, n)
	}
	clear(b.pending)
	sort.Strings(names)
	return names
}

// send publishes queued bumps on its own connection; what fails to go out
// is queued again and retried after a pause.
func (b *Bus) send(ctx context.Context) {
	pub := &pgnotify.Publisher{URL: b.url}
	defer pub.Close()
	for {
		select {
		case <-ctx.Done():
			return
		case <-b.wake:
		}
		names := b.take()
		if len(names) == 0 {
			continue
		}
		if err := b.notify(ctx, pub, names); err != nil {
			b.log.Warn("version bus: publish", "err", err)
			b.queue(names)
			pgnotify.Sleep(ctx, time.Second)
		}
	}
}

// notify sends names in as many notifications as the payload limit needs.
func (b *Bus) notify(ctx context.Context, pub *pgnotify.Publisher, names []string) error {
	for _, chunk := range chunks(names, maxPayload) {
		payload, _ := json.Marshal(note{Node: b.node, Names: chunk})
		if err := pub.Notify(ctx, Channel, string(payload)); err != nil {
			return err
		}
	}
	return nil
}

// chunks splits names so each chunk's JSON stays under limit bytes.
func chunks(names []string, limit int) [][]string {
	var out [][]string
	var cur []string
	size := 0
	for _, n := range names {
		if len(n)+64 > limit {
			continue // no real version name is this long
		}
		if size+len(n)+4 > limit-64 && len(cur) > 0 {
			out = append(out, cur)
			cur, size = nil, 0
		}
		cur = append(cur, n)
		size += len(n) + 4
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}
