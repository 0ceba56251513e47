package realtime

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"souk/app/store/pgnotify"
	"souk/ent"
	"souk/ent/realtimespill"
)

// Channel is the PostgreSQL notification channel chat frames travel on.
const Channel = "souk_chat"

// Bus limits: a notification must stay under PostgreSQL's 8000 bytes;
// larger events are spilled to a table and the notification names the row.
const (
	maxNotify  = 7000
	spillLife  = 5 * time.Minute
	busBacklog = 4096 // events waiting to be published; beyond, they are dropped and logged
)

// note is one notification: the sending node and its frames, or the id of
// the spilled row holding them.
type note struct {
	Node  string `json:"n"`
	Wires []wire `json:"w,omitempty"`
	Spill int    `json:"s,omitempty"`
}

// Bus carries frames between the nodes of one PostgreSQL database with
// LISTEN/NOTIFY, so users connected to different servers chat with each
// other. SQLite stores are single-node and have no bus.
type Bus struct {
	url, node string
	db        *ent.Client
	hub       *Hub
	log       *slog.Logger
	out       chan []wire
}

// StartBus listens on a dedicated connection and publishes this hub's
// frames, until ctx ends. It returns once LISTEN is in place.
func StartBus(ctx context.Context, url string, db *ent.Client, h *Hub, log *slog.Logger) (*Bus, error) {
	id := make([]byte, 8)
	_, _ = rand.Read(id)
	b := &Bus{url: url, node: hex.EncodeToString(id), db: db, hub: h, log: log, out: make(chan []wire, busBacklog)}
	l := &pgnotify.Listener{URL: url, Channel: Channel, Log: log, OnPayload: b.apply}
	if err := l.Start(ctx); err != nil {
		return nil, fmt.Errorf("realtime: %w", err)
	}
	h.publish = b.queue
	go b.send(ctx)
	return b, nil
}

// queue hands frames to the sender without waiting: a stalled database
// must not hold up the request that sent a message (it is stored; the
// other node's clients resume from their last seq).
func (b *Bus) queue(ws []wire) {
	select {
	case b.out <- ws:
	default:
		b.log.Warn("realtime bus: backlog full, frames not published", "frames", len(ws))
	}
}

// apply delivers another node's frames to this node's connections.
func (b *Bus) apply(ctx context.Context, payload string) {
	var msg note
	if json.Unmarshal([]byte(payload), &msg) != nil || msg.Node == b.node {
		return
	}
	if msg.Spill > 0 {
		row, err := b.db.RealtimeSpill.Get(ctx, msg.Spill)
		if err != nil || json.Unmarshal([]byte(row.Payload), &msg.Wires) != nil {
			b.log.Warn("realtime bus: spilled frames", "id", msg.Spill, "err", err)
			return
		}
	}
	b.hub.local(msg.Wires)
}

// send publishes queued frames in order on its own connection.
func (b *Bus) send(ctx context.Context) {
	pub := &pgnotify.Publisher{URL: b.url}
	defer pub.Close()
	for {
		var ws []wire
		select {
		case <-ctx.Done():
			return
		case ws = <-b.out:
		}
		for try := 0; ctx.Err() == nil; try++ {
			err := b.notify(ctx, pub, ws)
			if err == nil {
				break
			}
			b.log.Warn("realtime bus: publish", "err", err)
			if try >= 3 {
				break // the clients resume from their last seq
			}
			pgnotify.Sleep(ctx, time.Duration(try+1)*200*time.Millisecond)
		}
	}
}

// notify sends ws in one notification, spilling it to a row when too large.
func (b *Bus) notify(ctx context.Context, pub *pgnotify.Publisher, ws []wire) error {
	payload, err := json.Marshal(note{Node: b.node, Wires: ws})
	if err != nil {
		return fmt.Errorf("realtime: encode note: %w", err)
	}
	if len(payload) > maxNotify {
		raw, _ := json.Marshal(ws)
		row, err := b.db.RealtimeSpill.Create().SetPayload(string(raw)).SetCreatedAt(time.Now()).Save(ctx)
		if err != nil {
			return fmt.Errorf("realtime: spill: %w", err)
		}
		payload, _ = json.Marshal(note{Node: b.node, Spill: row.ID})
		// Old rows were read by every node long ago.
		_, _ = b.db.RealtimeSpill.Delete().Where(realtimespill.CreatedAtLT(time.Now().Add(-spillLife))).Exec(ctx)
	}
	return pub.Notify(ctx, Channel, string(payload))
}
