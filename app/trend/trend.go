// Package trend records what shoppers do with goods (views of a product
// page, adds to a cart, paid orders) as per-item daily counters, and ranks
// goods by a decayed, weighted score over the last days: the trending
// collections of hotspage and hots/trending…. Nothing is a fixed list: a
// ranking is computed from the counters and reused for a short while.
package trend

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"souk/app/catalog"
	"souk/app/ratelimit"
	"souk/ent"
)

// The ranking's rules.
const (
	// Days is the window: signals older than this many days (today
	// included) do not count, and their rows are pruned.
	Days = 7
	// HalfLife is how many days it takes a signal to weigh half as much.
	HalfLife = 2.0
	// Weights of the signals: an order says most, a view least.
	WeightView  = 1
	WeightCart  = 5
	WeightOrder = 20
)

// Bounds of what anonymous visitors can make us count.
const (
	// ViewsPerMinute is how many views one client address may report a
	// minute (on this node); each visitor counts once per item per day.
	ViewsPerMinute = 30
	// MaxUID bounds a goods id in a view report.
	MaxUID = 64
)

// Options configure the service; zero values take the defaults.
type Options struct {
	// Salt keys the hash that stands for a client address in view marks
	// (a server secret: addresses are few enough to guess a plain hash).
	Salt []byte
	// ViewsPerMinute per client address (default ViewsPerMinute).
	ViewsPerMinute int
	Now            func() time.Time
	// Every is how often Run recomputes the ranking (default 1 minute); a
	// computed ranking is reused for as long.
	Every time.Duration
	// Categories is the catalogue's category tree (catalog.Service's
	// CategoryTree): goods trend in their category and every one above it.
	// Without it they trend in their own category only.
	Categories func(ctx context.Context) ([]catalog.CategoryNode, error)
	// OnChange runs when Run finds the ranking changed, so pages showing it
	// are rendered again (the page cache's "trending" version).
	OnChange func()
	Log      *slog.Logger
}

// Service records signals and ranks goods.
type Service struct {
	db    *ent.Client
	o     Options
	limit *ratelimit.Window

	mu       sync.Mutex
	ranking  *Ranking
	computed time.Time
	compute  sync.Mutex // one computation at a time
}

// New makes the service.
func New(db *ent.Client, o Options) *Service {
	if o.ViewsPerMinute <= 0 {
		o.ViewsPerMinute = ViewsPerMinute
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Every <= 0 {
		o.Every = time.Minute
	}
	if o.OnChange == nil {
		o.OnChange = func() {}
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	return &Service{db: db, o: o, limit: ratelimit.New(o.ViewsPerMinute, time.Minute, o.Now)}
}

// dayOf is t's day number (UTC days since 1970-01-01).
func dayOf(t time.Time) int { return int(t.UTC().Unix() / 86400) }
