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

	"github.com/jackc/pgx/v5"
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
	conn, err := b.listen(ctx)
	if err != nil {
		return nil, err
	}
	publish := func(names []string) { b.queue(names) }
	reg.publish.Store(&publish)
	go b.receive(ctx, conn)
	go b.send(ctx)
	return b, nil
}

func (b *Bus) listen(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.Connect(ctx, b.url)
	if err != nil {
		return nil, fmt.Errorf("version: connect for LISTEN: %w", err)
	}
	if _, err := conn.Exec(ctx, "LISTEN "+Channel); err != nil {
		conn.Close(context.Background())
		return nil, fmt.Errorf("version: LISTEN: %w", err)
	}
	return conn, nil
}

// receive applies other nodes' bumps; it reconnects with backoff when the
// connection drops, and then bumps everything.
func (b *Bus) receive(ctx context.Context, conn *pgx.Conn) {
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		if conn == nil {
			var err error
			if conn, err = b.listen(ctx); err != nil {
				b.log.Warn("version bus: reconnect", "err", err)
				sleep(ctx, backoff)
				backoff = min(backoff*2, 10*time.Second)
				continue
			}
			backoff = 100 * time.Millisecond
			b.reg.BumpAll() // changes made while we were not listening are unknown
		}
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			conn.Close(context.Background())
			conn = nil
			continue
		}
		var msg note
		if json.Unmarshal([]byte(n.Payload), &msg) != nil || msg.Node == b.node {
			continue
		}
		b.reg.apply(msg.Names)
	}
	if conn != nil {
		conn.Close(context.Background())
	}
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
	var conn *pgx.Conn
	defer func() {
		if conn != nil {
			conn.Close(context.Background())
		}
	}()
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
		var err error
		if conn == nil {
			conn, err = pgx.Connect(ctx, b.url)
		}
		if err == nil {
			err = b.notify(ctx, conn, names)
		}
		if err != nil {
			b.log.Warn("version bus: publish", "err", err)
			if conn != nil {
				conn.Close(context.Background())
				conn = nil
			}
			b.queue(names)
			sleep(ctx, time.Second)
		}
	}
}

// notify sends names in as many notifications as the payload limit needs.
func (b *Bus) notify(ctx context.Context, conn *pgx.Conn, names []string) error {
	for _, chunk := range chunks(names, maxPayload) {
		payload, _ := json.Marshal(note{Node: b.node, Names: chunk})
		if _, err := conn.Exec(ctx, "SELECT pg_notify($1, $2)", Channel, string(payload)); err != nil {
			return fmt.Errorf("version: NOTIFY: %w", err)
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

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
