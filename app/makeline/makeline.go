// Package makeline prices, places and answers make-line orders (SPEC
// makeline/{uid}; order/preMakeLineData, order/getPreMakeLineUid,
// order/makeLineOrderData): one piece, made by a Maker identity, of either
// a creation version (its goods with the options chosen) or a
// made-to-measure dress (custom size chosen).
//
// The order it places is an ordinary app/order order (makeline_uid set):
// paid, shown, cancelled and refunded there. This package imports
// app/order, never the reverse.
package makeline

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"souk/app/address"
	"souk/app/apperr"
	"souk/app/cart"
	"souk/app/catalog"
	"souk/app/form"
	"souk/app/order"
	"souk/app/payment"
	"souk/app/store"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/makelinequote"
	"souk/ent/scenariolabel"
	"souk/ent/schema"
)

// The flow:
//
//	Preview ── Fix (a stored quote, expires) ── Place (claims the quote,
//	one payment and one order through the usual checkout) ── Pay
//	(app/order) ── Paid ── the maker accepts in time, or declines, or lets
//	it expire (refunded) ── InProduction ── Shipped
//
// The price is the server's: base price, options, custom size surcharge
// and shipping, fixed in the quote; the client names only the quote's uid.

// Make-line limits.
const (
	MaxMakers          = 20  // makers offered for one piece
	MakeLineQuotesHour = 120 // quotes one user may fix an hour
	DefaultQuoteTTL    = 30 * time.Minute
)

// Options configure the service; zero values take the defaults.
type Options struct {
	// QuoteTTL is how long a fixed quote may be ordered (DefaultQuoteTTL).
	QuoteTTL time.Duration
	Now      func() time.Time
	Log      *slog.Logger
}

// Service is the make-line service, over the order service that writes,
// pays and shows its orders.
type Service struct {
	db     *ent.Client
	cat    *catalog.Service
	orders *order.Service
	opts   Options
}

// New makes the service.
func New(db *ent.Client, cat *catalog.Service, orders *order.Service, o Options) *Service {
	if o.QuoteTTL <= 0 {
		o.QuoteTTL = DefaultQuoteTTL
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	return &Service{db: db, cat: cat, orders: orders, opts: o}
}

// For is the service answering views in lang (order.Service.For).
func (s *Service) For(lang string) *Service {
	c := *s
	c.orders = s.orders.For(lang)
	return &c
}

// now is the service clock, in UTC.
func (s *Service) now() time.Time { return s.opts.Now().UTC() }

// Ask is what the shopper wants made.
type Ask struct {
	TreID      string                  // a made-to-measure dress (without VersionUID)
	VersionUID string                  // a creation version (createVUid)
	SkuID      string                  // the sku, when the goods have attributes
	Options    []schema.ScenarioChoice // one option of every label; sizeData for custom size
	MakerUID   string                  // empty: the default maker
	AddressID  string                  // the address to show; empty: the default
}

// Maker is a maker the shopper may choose.
type Maker struct {
	UID     string `json:"uid"`
	Name    string `json:"name"`
	Country string `json:"country"`
}

// Price answers order/preMakeLineData (and, with a uid, is the
// fixed quote of order/getPreMakeLineUid).
type Price struct {
	UID           string                  `json:"uid,omitempty"`
	ExpiresAt     *time.Time              `json:"expiresAt,omitempty"`
	TreID         string                  `json:"treId"`
	VersionUID    string                  `json:"createVUid,omitempty"`
	Name          string                  `json:"name"`
	ImageURL      string                  `json:"imageUrl"`
	SkuID         string                  `json:"skuId"`
	Options       []schema.ScenarioChoice `json:"options"`
	Base          catalog.Price           `json:"basePrice"`
	OptionsPrice  catalog.Price           `json:"optionsPrice"`
	SizeSurcharge catalog.Price           `json:"customSizePrice"`
	Unit          catalog.Price           `json:"unitPrice"`
	Shipping      catalog.Price           `json:"shipping"`
	Total         catalog.Price           `json:"total"`
	Delivery      order.Delivery          `json:"delivery"`
	MakerUID      string                  `json:"makerUid"`
	Makers        []Maker                 `json:"makers"`
	RespondHours  int                     `json:"respondHours"` // how long the maker has to accept
	// Priced is false when nothing was chosen yet: then Goods holds what
	// there is to choose (skus, options, custom size) and no price is set.
	Priced bool           `json:"priced"`
	Goods  *catalog.Goods `json:"goods,omitempty"`
	// The buyer's address to deliver to (the default unless AddressID
	// chose one; nil when they have none) and how they may pay.
	Address    *address.Address `json:"address"`
	PayMethods []int            `json:"payMethods"`
}

// makeJob is an ask checked and priced.
type makeJob struct {
	g        *ent.Goods
	sku      *ent.Sku
	version  *ent.CreationVersion
	maker    *ent.Identity
	makers   []*ent.Identity
	opts     []schema.ScenarioChoice
	cur      string
	base     int64
	options  int64
	size     int64
	shipping int64
}

func (j *makeJob) unit() int64  { return j.base + j.options + j.size }
func (j *makeJob) total() int64 { return j.unit() + j.shipping }

// PreviewMakeLine prices what the shopper wants made (nothing is stored).
func (s *Service) Preview(ctx context.Context, userID int, ask Ask, lang, cur string) (*Price, error) {
	var out *Price
	var err error
	if len(ask.Options) == 0 && ask.SkuID == "" {
		out, err = s.makeStart(ctx, userID, ask, lang, cur)
	} else {
		var j *makeJob
		if j, err = s.makeJob(ctx, userID, ask, cur); err == nil {
			out, err = s.makePrice(ctx, j, lang)
		}
	}
	if err != nil {
		return nil, err
	}
	return out, s.buying(ctx, userID, ask.AddressID, out)
}

// buying adds the buyer's address and the payment methods.
func (s *Service) buying(ctx context.Context, userID int, addressID string, out *Price) error {
	if len(addressID) > 64 || !form.Printable(addressID) {
		return apperr.New(apperr.NotFound, "AddressNotFound")
	}
	a, err := order.ChosenAddress(ctx, s.db, userID, addressID)
	if err != nil {
		return err
	}
	out.Address, out.PayMethods = address.ViewOf(a), payment.Methods
	return nil
}

// FixMakeLine prices the ask and stores the quote: from now on the client
// names only its uid, until it expires or an order claims it.
func (s *Service) Fix(ctx context.Context, userID int, ask Ask, lang, cur string) (*Price, error) {
	now := s.opts.Now()
	j, err := s.makeJob(ctx, userID, ask, cur)
	if err != nil {
		return nil, err
	}
	c := s.db.MakeLineQuote.Create().SetUID(store.NewUID("ml")).SetUserID(userID).SetGoodsID(j.g.ID).SetMakerID(j.maker.ID).
		SetOptions(j.opts).SetCurrency(j.cur).SetBase(j.base).SetOptionsAmount(j.options).SetSizeAmount(j.size).
		SetShipping(j.shipping).SetTotal(j.total()).SetCreatedAt(now).SetExpiresAt(now.Add(s.opts.QuoteTTL))
	if j.sku != nil {
		c.SetSkuUID(j.sku.UID)
	}
	if j.version != nil {
		c.SetVersionID(j.version.ID)
	}
	q, err := c.Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("makeline: fix quote: %w", err)
	}
	if err := s.withinQuoteLimit(ctx, userID, q, now); err != nil {
		return nil, err
	}
	out, err := s.makePrice(ctx, j, lang)
	if err != nil {
		return nil, err
	}
	out.UID, out.ExpiresAt = q.UID, &q.ExpiresAt
	return out, s.buying(ctx, userID, ask.AddressID, out)
}

// withinQuoteLimit counts the user's quotes of the last hour after q is
// stored (reserve, then check: parallel requests each see the others'
// rows), and takes q back when it is one too many.
func (s *Service) withinQuoteLimit(ctx context.Context, userID int, q *ent.MakeLineQuote, now time.Time) error {
	n, err := s.db.MakeLineQuote.Query().Where(makelinequote.UserIDEQ(userID), makelinequote.CreatedAtGT(now.Add(-time.Hour))).Count(ctx)
	if err == nil && n <= MakeLineQuotesHour {
		return nil
	}
	if derr := s.db.MakeLineQuote.DeleteOne(q).Exec(ctx); derr != nil && err == nil {
		err = derr
	}
	if err != nil {
		return fmt.Errorf("makeline: count quotes: %w", err)
	}
	return apperr.New(apperr.RateLimited, "MakeLineTooManyQuotes")
}

// MakeLineQuote is a fixed quote as its owner reads it again (the page
// after a reload): another user's quote is not found.
func (s *Service) Quote(ctx context.Context, userID int, uid, addressID, lang string) (*Price, error) {
	q, err := s.ownQuote(ctx, userID, uid)
	if err != nil {
		return nil, err
	}
	j, err := s.quoteJob(ctx, q)
	if err != nil {
		return nil, err
	}
	out, err := s.makePrice(ctx, j, lang)
	if err != nil {
		return nil, err
	}
	out.UID, out.ExpiresAt = q.UID, &q.ExpiresAt
	return out, s.buying(ctx, userID, addressID, out)
}

// ownQuote finds the user's quote; a malformed uid or another user's quote
// is not found.
func (s *Service) ownQuote(ctx context.Context, userID int, uid string) (*ent.MakeLineQuote, error) {
	if uid == "" || len(uid) > 64 || !form.Printable(uid) {
		return nil, apperr.New(apperr.NotFound, "MakeLineQuoteNotFound")
	}
	q, err := s.db.MakeLineQuote.Query().Where(makelinequote.UIDEQ(uid), makelinequote.UserIDEQ(userID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apperr.New(apperr.NotFound, "MakeLineQuoteNotFound")
	}
	if err != nil {
		return nil, fmt.Errorf("makeline: quote: %w", err)
	}
	return q, nil
}

// quoteJob rebuilds a stored quote's job with its stored amounts.
func (s *Service) quoteJob(ctx context.Context, q *ent.MakeLineQuote) (*makeJob, error) {
	g, err := makeGoods(s.db.Goods.Query().Where(goods.IDEQ(q.GoodsID))).Only(ctx)
	if err != nil {
		return nil, fmt.Errorf("makeline: quote goods: %w", err)
	}
	j := &makeJob{g: g, sku: cart.SkuOf(g, q.SkuUID), opts: q.Options, cur: q.Currency, base: q.Base,
		options: q.OptionsAmount, size: q.SizeAmount, shipping: q.Shipping}
	if q.VersionID != nil {
		if j.version, err = s.db.CreationVersion.Get(ctx, *q.VersionID); err != nil {
			return nil, fmt.Errorf("makeline: quote version: %w", err)
		}
	}
	if j.maker, err = s.db.Identity.Get(ctx, q.MakerID); err != nil {
		return nil, fmt.Errorf("makeline: quote maker: %w", err)
	}
	j.makers = []*ent.Identity{j.maker}
	return j, nil
}

func makeGoods(q *ent.GoodsQuery) *ent.GoodsQuery {
	return q.WithOwner().WithSkus().WithAttrs().WithRanges().WithPrices().
		WithLabels(func(l *ent.ScenarioLabelQuery) { l.WithOptions().Order(ent.Asc(scenariolabel.FieldPosition)) })
}
