package account

import (
	"context"
	"fmt"
	"sync"
	"time"

	"souk/app/apperr"
	"souk/app/store"
	"souk/ent"
)

// QR login states (SPEC §4).
const (
	QRWaiting   = 0
	QRScanned   = 1
	QRConfirmed = 2
	QRLife      = 2 * time.Minute
)

// QREvent is what the waiting screen is told.
type QREvent struct {
	State int
	Login *Login // with QRConfirmed
}

// qrTicket is one QR code shown on a screen that wants to sign in.
type qrTicket struct {
	expires time.Time
	state   int
	scanner int // user id of the app session that scanned it
	events  chan QREvent
}

// QRHub holds the live QR tickets. They live two minutes, in memory: a
// waiting screen is connected to this node by its websocket anyway.
type QRHub struct {
	mu      sync.Mutex
	tickets map[string]*qrTicket
	now     func() time.Time
}

// NewQRHub makes an empty hub.
func NewQRHub(now func() time.Time) *QRHub {
	return &QRHub{tickets: map[string]*qrTicket{}, now: now}
}

// Open makes a ticket for a waiting screen; events arrive on the channel
// until Close.
func (h *QRHub) Open() (string, <-chan QREvent) {
	id := newToken()
	t := &qrTicket{expires: h.now().Add(QRLife), events: make(chan QREvent, 4)}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.sweep()
	h.tickets[id] = t
	return id, t.events
}

// Close forgets a ticket (the screen went away or asked for a new code).
func (h *QRHub) Close(id string) {
	h.mu.Lock()
	delete(h.tickets, id)
	h.mu.Unlock()
}

func (h *QRHub) sweep() {
	now := h.now()
	for id, t := range h.tickets {
		if now.After(t.expires.Add(time.Minute)) {
			delete(h.tickets, id)
		}
	}
}

func (h *QRHub) live(id string) (*qrTicket, error) {
	t := h.tickets[id]
	if t == nil || h.now().After(t.expires) {
		return nil, apperr.New(apperr.NotFound, "QrTicketExpired")
	}
	return t, nil
}

// ScanQR marks a ticket scanned by a signed-in app session (state 1).
func (s *Service) ScanQR(c *Caller, id string) error {
	h := s.QR
	h.mu.Lock()
	defer h.mu.Unlock()
	t, err := h.live(id)
	if err != nil {
		return err
	}
	if t.state != QRWaiting && t.scanner != c.User.ID {
		return apperr.New(apperr.Conflict, "QrScannedByOther")
	}
	t.state, t.scanner = QRScanned, c.User.ID
	notify(t, QREvent{State: QRScanned})
	return nil
}

// ConfirmQR signs the waiting screen in as the scanner (state 2).
func (s *Service) ConfirmQR(ctx context.Context, c *Caller, id string, client Client) error {
	h := s.QR
	h.mu.Lock()
	t, err := h.live(id)
	if err == nil && (t.state != QRScanned || t.scanner != c.User.ID) {
		err = apperr.New(apperr.Conflict, "QrScanFirst")
	}
	if err == nil {
		t.state = QRConfirmed // claim it: a second confirm cannot sign in twice
	}
	h.mu.Unlock()
	if err != nil {
		return err
	}
	var login *Login
	err = store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		login, err = s.startSession(ctx, tx, c.User, "qr", client)
		return err
	})
	if err != nil {
		return fmt.Errorf("account: qr session: %w", err)
	}
	notify(t, QREvent{State: QRConfirmed, Login: login})
	return nil
}

func notify(t *qrTicket, e QREvent) {
	select {
	case t.events <- e:
	default: // the screen is not reading; it will time out and refresh
	}
}
