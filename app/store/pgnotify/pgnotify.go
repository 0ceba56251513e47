// Package pgnotify is PostgreSQL LISTEN/NOTIFY for the buses that relay
// events between the nodes of one database (page cache versions, chat
// frames): a listener that holds its own connection and comes back after
// a drop, and a publisher that connects when it must. What the events
// mean stays with each bus.
package pgnotify

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
)

// Listener receives the notifications of one channel.
type Listener struct {
	URL     string
	Channel string
	Log     *slog.Logger
	// OnPayload gets every notification's payload, in order.
	OnPayload func(ctx context.Context, payload string)
	// OnReconnect runs after the connection came back: notifications sent
	// while it was down are lost, and the bus may need to make up for them.
	OnReconnect func()
}

// Start opens the listening connection and returns once LISTEN is in
// place (so nothing sent after it returns is missed); it then listens
// until ctx ends, reconnecting with backoff (100 ms doubling to 10 s).
func (l *Listener) Start(ctx context.Context) error {
	conn, err := l.listen(ctx)
	if err != nil {
		return err
	}
	go l.receive(ctx, conn)
	return nil
}

func (l *Listener) listen(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.Connect(ctx, l.URL)
	if err != nil {
		return nil, fmt.Errorf("pgnotify: connect for LISTEN %s: %w", l.Channel, err)
	}
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{l.Channel}.Sanitize()); err != nil {
		conn.Close(context.Background())
		return nil, fmt.Errorf("pgnotify: LISTEN %s: %w", l.Channel, err)
	}
	return conn, nil
}

func (l *Listener) receive(ctx context.Context, conn *pgx.Conn) {
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		if conn == nil {
			var err error
			if conn, err = l.listen(ctx); err != nil {
				l.Log.Warn("pgnotify: reconnect", "channel", l.Channel, "err", err)
				Sleep(ctx, backoff)
				backoff = min(backoff*2, 10*time.Second)
				continue
			}
			backoff = 100 * time.Millisecond
			if l.OnReconnect != nil {
				l.OnReconnect()
			}
		}
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			conn.Close(context.Background())
			conn = nil
			continue
		}
		l.OnPayload(ctx, n.Payload)
	}
	if conn != nil {
		conn.Close(context.Background())
	}
}

// Publisher sends notifications on a connection of its own, opened when
// first needed and again after a failure. One goroutine uses it.
type Publisher struct {
	URL  string
	conn *pgx.Conn
}

// Notify sends payload on channel; after an error the connection is
// dropped, and the next call opens a new one.
func (p *Publisher) Notify(ctx context.Context, channel, payload string) error {
	if p.conn == nil {
		conn, err := pgx.Connect(ctx, p.URL)
		if err != nil {
			return fmt.Errorf("pgnotify: connect to publish: %w", err)
		}
		p.conn = conn
	}
	if _, err := p.conn.Exec(ctx, "SELECT pg_notify($1, $2)", channel, payload); err != nil {
		p.Close()
		return fmt.Errorf("pgnotify: NOTIFY %s: %w", channel, err)
	}
	return nil
}

// Close closes the connection, if open.
func (p *Publisher) Close() {
	if p.conn != nil {
		p.conn.Close(context.Background())
		p.conn = nil
	}
}

// Sleep waits d, or less if ctx ends first.
func Sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
