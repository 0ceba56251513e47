package makeline

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"souk/app/catalog"
	"souk/app/i18n"
	"souk/app/order"
	"souk/app/payment"
	"souk/app/seed"
	"souk/app/version"
	"souk/ent"
	"souk/ent/goods"
	entorder "souk/ent/order"
	"souk/locales"
)

// The part of app/order's test fixture these tests need: the demo data,
// an order service paying through the test provider, and this service
// over it, both on one settable clock.

var secret = []byte("test callback secret")

// clock is a settable now.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// orderService lets the fixture embed both services (its field name).
type orderService = order.Service

type fixture struct {
	*Service
	*orderService
	db       *ent.Client
	cat      *catalog.Service
	provider *payment.TestProvider
	clock    *clock
	strs     *i18n.Catalogs
	log      *slog.Logger
}

func newFixture(t *testing.T, db *ent.Client) *fixture {
	ctx := context.Background()
	if err := seed.Demo(ctx, db, 60); err != nil {
		t.Fatal(err)
	}
	langs, _ := i18n.LoadSet(locales.FS)
	cat, err := catalog.New(ctx, db, langs, version.New())
	if err != nil {
		t.Fatal(err)
	}
	strs, err := i18n.LoadCatalogs(locales.FS, langs)
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{db: db, cat: cat, clock: &clock{t: time.Now()}, strs: strs, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	var svc *order.Service
	f.provider = payment.NewTestProvider(secret, func(ctx context.Context, body []byte, sig string) error {
		return svc.Callback(ctx, body, sig)
	}, 0)
	svc = order.New(db, cat, order.Options{Now: f.clock.now, Provider: f.provider, Chain: payment.NewSimChain(db, time.Second, 6),
		WebhookSecret: secret, Log: f.log, T: strs.T})
	f.orderService = svc
	f.Service = New(db, cat, svc, Options{Now: f.clock.now, Log: f.log})
	return f
}

var userSeq atomic.Int64

// shopper makes a user with a default address.
func (f *fixture) shopper(t testing.TB) int {
	ctx := context.Background()
	n := userSeq.Add(1)
	email := fmt.Sprintf("shopper%d@example.com", n)
	u := f.db.User.Create().SetUID(fmt.Sprintf("ushop%06d", n)).SetUserName("shopper").SetEmail(email).SaveX(ctx)
	f.db.Address.Create().SetUID(fmt.Sprintf("ad%06d", n)).SetUserID(u.ID).SetName("Ana Lima").SetPhone("+1 415 555 0100").
		SetCountry("US").SetRegion("CA").SetCity("San Francisco").SetLine1("1 Market St").SetPostalCode("94103").
		SetIsDefault(true).ExecX(ctx)
	return u.ID
}

// simple finds goods with no sku or option to choose, on sale, minimum 1.
func (f *fixture) simple(t testing.TB) *ent.Goods {
	ctx := context.Background()
	rows := f.db.Goods.Query().Where(goods.SaleableEQ(1), goods.MinQtyEQ(1), goods.StockGTE(20)).
		WithAttrs().WithLabels().Order(ent.Asc(goods.FieldID)).AllX(ctx)
	for _, g := range rows {
		if len(g.Edges.Attrs) == 0 && len(g.Edges.Labels) == 0 {
			return g
		}
	}
	t.Fatal("no simple goods")
	return nil
}

func (f *fixture) status(t testing.TB, number string) int {
	t.Helper()
	o, err := f.db.Order.Query().Where(entorder.NumberEQ(number)).Only(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return o.Status
}

func card(number string) *payment.CardInput {
	return &payment.CardInput{Number: number, ExpMonth: 12, ExpYear: time.Now().Year() + 2, CVC: "123", Name: "Ana Lima"}
}
