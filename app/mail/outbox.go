package mail

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// outboxSize bounds memory: a dev server left running for days keeps only
// the newest messages.
const outboxSize = 500

// Entry is one recorded message, shaped for a JSON dev endpoint.
type Entry struct {
	To      string    `json:"to"`
	Subject string    `json:"subject"`
	Text    string    `json:"text"`
	ReplyTo string    `json:"replyTo,omitempty"`
	At      time.Time `json:"at"`
}

// Outbox is a Sender that records messages in memory (a ring of the newest
// 500) and logs each one, so codes are readable without a mail server.
type Outbox struct {
	log  *slog.Logger
	mu   sync.Mutex
	ring []Entry // grows to outboxSize, then overwritten at next
	next int     // slot of the next write once the ring is full
}

// NewOutbox returns an empty Outbox; a nil log means slog.Default().
func NewOutbox(log *slog.Logger) *Outbox {
	if log == nil {
		log = slog.Default()
	}
	return &Outbox{log: log}
}

// Send validates like SMTP would, then records and logs m.
func (o *Outbox) Send(ctx context.Context, m Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if _, err := validate(m); err != nil {
		return err
	}
	o.put(Entry{To: m.To, Subject: m.Subject, Text: m.Text, ReplyTo: m.ReplyTo, At: time.Now()})
	o.log.InfoContext(ctx, "mail outbox", "to", m.To, "subject", m.Subject, "text", m.Text)
	return nil
}

func (o *Outbox) put(e Entry) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.ring) < outboxSize {
		o.ring = append(o.ring, e)
		return
	}
	o.ring[o.next] = e
	o.next = (o.next + 1) % outboxSize
}

// List returns a copy of the recorded messages, newest first.
func (o *Outbox) List() []Entry {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := len(o.ring)
	out := make([]Entry, n)
	// The newest entry sits just before next (which is 0 until the ring fills).
	for i := range n {
		out[i] = o.ring[(o.next-1-i+2*n)%n]
	}
	return out
}
