// Package chat owns conversations between shoppers and sellers' identities
// or customer service: who may read and write them, messages numbered per
// conversation, read marks and unread counts, and reports. Every change is
// committed first and fanned out afterwards (see Fanout).
package chat

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"

	"souk/app/catalog"
	"souk/app/ratelimit"
	"souk/ent"
)

// Conversation kinds.
const (
	KindGoods    = "goods"
	KindIdentity = "identity"
	KindService  = "service"
)

// Sides of a conversation.
const (
	SideShopper = "shopper"
	SidePeer    = "peer"
)

// Message types (SPEC §3 Chat: type, content, appId).
const (
	TypeText  = 1
	TypeImage = 2
	TypeGoods = 3
	TypeOrder = 4
)

// Limits.
const (
	MaxTextRunes = 2000
	MaxAppID     = 64
	MaxReason    = 2000
	MaxPageLimit = 100
	ListPageSize = 20
	SendsPerWin  = 20 // messages per conversation and sender...
	SendWindow   = 10 * time.Second
	// ReportsPerWin reports per conversation and reporter in ReportWindow.
	ReportsPerWin = 3
	ReportWindow  = time.Hour
)

// Translator renders a catalogue key in a language.
type Translator func(lang, key string, args ...string) string

// Options are the service's collaborators.
type Options struct {
	Fanout Fanout     // where frames go after commit; nil drops them
	T      Translator // names in views ("Customer service")
	Now    func() time.Time
}

// Service is the chat service. Safe for concurrent use.
type Service struct {
	db     *ent.Client
	cat    *catalog.Service
	fanout Fanout
	t      Translator
	now    func() time.Time
	sends  *ratelimit.Window // per conversation and sender
	// reports has its own, tighter window: each report is a row staff read.
	reports *ratelimit.Window
	// OnServiceText hears each new shopper text in a customer-service
	// conversation (the assistant); it must not block.
	OnServiceText func(ctx context.Context, h Heard)
}

// New makes the service.
func New(db *ent.Client, cat *catalog.Service, o Options) *Service {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.T == nil {
		o.T = func(_, key string, _ ...string) string { return key }
	}
	return &Service{db: db, cat: cat, fanout: o.Fanout, t: o.T, now: o.Now,
		sends: ratelimit.New(SendsPerWin, SendWindow, o.Now), reports: ratelimit.New(ReportsPerWin, ReportWindow, o.Now)}
}

// Locale is the caller's language and currency, for names, cards and prices.
type Locale struct{ Lang, Currency string }

func newConvUID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return "cv" + hex.EncodeToString(b)
}
