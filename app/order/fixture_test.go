package order

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"souk/app/apperr"
	"souk/app/cart"
	"souk/app/catalog"
	"souk/app/i18n"
	"souk/app/payment"
	"souk/app/seed"
	"souk/app/version"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/order"
	"souk/ent/schema"
	"souk/locales"
)

var secret = []byte("test callback secret")

// clock is a settable now.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

type fixture struct {
	*Service
	db       *ent.Client
	cat      *catalog.Service
	carts    *cart.Service
	provider *payment.TestProvider
	chain    *payment.SimChain
	clock    *clock
	mails    atomic.Int64
	strs     *i18n.Catalogs
	mu       sync.Mutex
	sent     []sentMail
}

type sentMail struct{ to, subject, text string }

// mailsTo waits a moment for the background notices and returns those to addr.
func (f *fixture) mailsTo(addr string, want int) []sentMail {
	var out []sentMail
	for i := 0; i < 100; i++ {
		out = out[:0]
		f.mu.Lock()
		for _, m := range f.sent {
			if m.to == addr {
				out = append(out, m)
			}
		}
		f.mu.Unlock()
		if len(out) >= want {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	return out
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
	f := &fixture{db: db, cat: cat, carts: cart.New(db, cat), clock: &clock{t: time.Now()}, strs: strs}
	f.Service = f.service()
	return f
}

// service makes a new order service over the same database, as a restarted
// server would.
func (f *fixture) service() *Service {
	var svc *Service
	f.provider = payment.NewTestProvider(secret, func(ctx context.Context, body []byte, sig string) error {
		return svc.Callback(ctx, body, sig)
	}, 0)
	f.chain = payment.NewSimChain(f.db, time.Second, 6)
	svc = New(f.db, f.cat, Options{
		Now: f.clock.now, Provider: f.provider, Chain: f.chain, WebhookSecret: secret,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		T:   f.strs.T,
		Mail: func(_ context.Context, to, subject, text string) error {
			f.mails.Add(1)
			f.mu.Lock()
			f.sent = append(f.sent, sentMail{to, subject, text})
			f.mu.Unlock()
			return nil
		},
	})
	return svc
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
func (f *fixture) simple(t testing.TB, skip ...int) *ent.Goods {
	ctx := context.Background()
	rows := f.db.Goods.Query().Where(goods.SaleableEQ(1), goods.MinQtyEQ(1), goods.StockGTE(20)).
		WithAttrs().WithLabels().Order(ent.Asc(goods.FieldID)).AllX(ctx)
	seen := map[int]bool{}
	for _, id := range skip {
		seen[id] = true
	}
	for _, g := range rows {
		if len(g.Edges.Attrs) == 0 && len(g.Edges.Labels) == 0 && !seen[g.ID] {
			return g
		}
	}
	t.Fatal("no simple goods")
	return nil
}

// add puts goods in a user's cart (q pieces).
func (f *fixture) add(t testing.TB, userID int, g *ent.Goods, q int, opts ...schema.ScenarioChoice) {
	ctx := context.Background()
	res, err := f.carts.Add(ctx, userID, cart.AddInput{RequestID: fmt.Sprintf("r%d-%d-%d", userID, g.ID, time.Now().UnixNano()), TreID: g.UID, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	if q != res.Quantity {
		if _, err := f.carts.SetQuantity(ctx, userID, res.LineID, q); err != nil {
			t.Fatal(err)
		}
	}
}

// place checks out a user's selection at the previewed total.
func (f *fixture) place(t testing.TB, userID int, req string) *Placed {
	t.Helper()
	ctx := context.Background()
	pv, err := f.Preview(ctx, userID, "", "en", "USD")
	if err != nil {
		t.Fatal(err)
	}
	p, err := f.Place(ctx, userID, PlaceInput{RequestID: req, Total: pv.Total.Amount, Lang: "en", Cur: "USD"})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (f *fixture) status(t testing.TB, number string) int {
	t.Helper()
	o, err := f.db.Order.Query().Where(order.NumberEQ(number)).Only(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return o.Status
}

func wantCode(t testing.TB, err error, code apperr.Code) {
	t.Helper()
	if got := apperr.CodeOf(err); got != code {
		t.Fatalf("error %v: code %d, want %d", err, got, code)
	}
}

func card(number string) *payment.CardInput {
	return &payment.CardInput{Number: number, ExpMonth: 12, ExpYear: time.Now().Year() + 2, CVC: "123", Name: "Ana Lima"}
}
