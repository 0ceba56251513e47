// Package order turns a shopper's selected cart lines into orders (one per
// seller, made in one transaction that holds their stock), takes payment
// through app/payment, and moves orders through the status state machine of
// status.go. The server computes every price; nothing the client says about
// money is trusted, only compared.
package order

import (
	"context"
	"crypto/rand"
	"fmt"
	"log/slog"
	"math/big"
	"time"

	"souk/app/catalog"
	"souk/app/payment"
	"souk/ent"
)

// Mailer sends one notice.
type Mailer func(ctx context.Context, to, subject, text string) error

// Options configure the service; zero values take the defaults.
type Options struct {
	PayWindow     time.Duration // an unpaid order is cancelled after this (default 30 min)
	Now           func() time.Time
	Mail          Mailer
	Provider      payment.Provider
	Chain         payment.Chain
	WebhookSecret []byte
	OnStock       func(goodsUID string) // stock changed: the product page must re-render
	// OnStatus is told, after commit, that an order reached a status (for
	// the buyer's realtime notices).
	OnStatus func(o *ent.Order)
	Log      *slog.Logger
	// T renders notices in a recipient's language (i18n.Catalogs.T).
	T func(lang, key string, args ...string) string
	// Auth decides whose orders a user fulfils (default Owners).
	Auth Authorizer
	// MakeLineRespond is how long a maker has, from payment, to accept a
	// make-line order (app/makeline reads it through MakerRespond).
	MakeLineRespond time.Duration
}

// Shipping per seller group, in USD cents, converted to the order's currency.
const (
	ShippingUSD     = 499
	FreeShippingUSD = 4900
)

// Service is the order service.
type Service struct {
	db   *ent.Client
	cat  *catalog.Service
	opts Options
	lang string // the reader's language, set by For
}

// New makes the service.
func New(db *ent.Client, cat *catalog.Service, o Options) *Service {
	if o.PayWindow <= 0 {
		o.PayWindow = 30 * time.Minute
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Mail == nil {
		o.Mail = func(context.Context, string, string, string) error { return nil }
	}
	if o.OnStock == nil {
		o.OnStock = func(string) {}
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.T == nil {
		o.T = func(_, key string, args ...string) string { return key + fmt.Sprint(args) }
	}
	if o.MakeLineRespond <= 0 {
		o.MakeLineRespond = DefaultRespond
	}
	if o.Auth == nil {
		o.Auth = Owners{DB: db}
	}
	return &Service{db: db, cat: cat, opts: o}
}

// Run sweeps in the background until ctx ends: unpaid orders past their
// time are cancelled (releasing stock) and Doge payments are checked.
func (s *Service) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if n, err := s.ExpireUnpaid(ctx); err != nil {
			s.opts.Log.Error("order: expire unpaid", "err", err)
		} else if n > 0 {
			s.opts.Log.Info("order: cancelled unpaid orders", "n", n)
		}
		if err := s.WatchDoge(ctx); err != nil {
			s.opts.Log.Error("order: watch doge", "err", err)
		}
	}
}

// newNumber makes an order number people can read out: the date and ten
// random digits.
func newNumber(now time.Time) string {
	n, _ := rand.Int(rand.Reader, big.NewInt(1e10))
	return fmt.Sprintf("S%s%010d", now.UTC().Format("060102"), n.Int64())
}
