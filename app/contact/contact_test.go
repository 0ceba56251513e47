package contact

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"souk/app/apperr"
	"souk/app/mail"
)

// mailbox records what the service mails.
type mailbox struct {
	mu   sync.Mutex
	sent []mail.Message
}

func (m *mailbox) Send(_ context.Context, msg mail.Message) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sent = append(m.sent, msg)
	return nil
}

func newTestService(box *mailbox) *Service {
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	return New(Options{Mail: box, To: "help@souk.test", Now: func() time.Time { return now },
		T: func(_, key string, _ ...string) string { return key }})
}

func form(i int, trap string) Input {
	return Input{Name: "N", Email: fmt.Sprintf("s%d@example.com", i), Subject: "S", Message: "M", Trap: trap}
}

func limited(err error) bool {
	e, ok := apperr.As(err)
	return ok && e.Code == apperr.RateLimited && e.Key == "ContactTooOften"
}

// TestHoneypotCounts: a bot's honeypot hit sends nothing but is counted
// like a real message against the client address's and the whole shop's
// caps, so the trap gives a bot no free requests.
func TestHoneypotCounts(t *testing.T) {
	t.Run("per client address", func(t *testing.T) {
		box := &mailbox{}
		s := newTestService(box)
		for i := range PerAddress {
			if _, err := s.Send(context.Background(), nil, form(i, "http://spam.example"), Client{IP: "192.0.2.1"}); err != nil {
				t.Fatalf("trap hit %d: %v", i, err)
			}
		}
		if _, err := s.Send(context.Background(), nil, form(99, ""), Client{IP: "192.0.2.1"}); !limited(err) {
			t.Fatalf("after %d trap hits a real message from the address: %v, want rate limited", PerAddress, err)
		}
		if len(box.sent) != 0 {
			t.Fatalf("%d mails sent", len(box.sent))
		}
	})
	t.Run("shop-wide", func(t *testing.T) {
		box := &mailbox{}
		s := newTestService(box)
		for i := range PerStore {
			ip := fmt.Sprintf("198.51.%d.%d", i/200, i%200)
			if _, err := s.Send(context.Background(), nil, form(i, "x"), Client{IP: ip}); err != nil {
				t.Fatalf("trap hit %d: %v", i, err)
			}
		}
		if _, err := s.Send(context.Background(), nil, form(-1, ""), Client{IP: "203.0.113.9"}); !limited(err) {
			t.Fatalf("after %d trap hits: %v, want the shop-wide cap", PerStore, err)
		}
	})
}
