package makeline

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/order"
	"souk/app/payment"
	"souk/app/store"
	"souk/app/store/storetest"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/identity"
	"souk/ent/makelinequote"
	entorder "souk/ent/order"
	"souk/ent/scenariolabel"
	"souk/ent/schema"
)

// madeDress is a dress on sale that offers a custom size, with a complete
// choice: its first sku, one option of every label, custom size measured.
func (f *fixture) madeDress(t testing.TB) (*ent.Goods, Ask) {
	t.Helper()
	ctx := context.Background()
	g, err := f.db.Goods.Query().Where(goods.SpeEQ(1), goods.SaleableEQ(1),
		goods.HasLabelsWith(scenariolabel.LabelIDEQ(catalog.LabelSize))).
		WithSkus().WithAttrs().WithLabels(func(q *ent.ScenarioLabelQuery) { q.WithOptions() }).
		Order(ent.Asc(goods.FieldID)).First(ctx)
	if err != nil {
		t.Fatalf("no dress with sizes: %v", err)
	}
	ask := Ask{TreID: g.UID}
	if len(g.Edges.Attrs) > 0 {
		ask.SkuID = g.Edges.Skus[0].UID
	}
	for _, l := range g.Edges.Labels {
		c := schema.ScenarioChoice{LabelID: l.LabelID, OptionID: l.Edges.Options[0].OptionID}
		if l.LabelID == catalog.LabelSize {
			c = schema.ScenarioChoice{LabelID: l.LabelID, OptionID: catalog.CustomSizeOption,
				SizeData: map[string]int{"type": 1, "a": 88, "b": 70, "c": 95, "d": 150}}
		}
		ask.Options = append(ask.Options, c)
	}
	return g, ask
}

// makerUser is the user acting for a maker identity.
func (f *fixture) makerUser(t testing.TB, makerUID string) order.Actor {
	t.Helper()
	u, err := f.db.Identity.Query().Where(identity.UIDEQ(makerUID)).QueryUser().Only(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return order.Actor{UserID: u.ID, Lang: "en"}
}

// paidMakeLine fixes, places and pays a make-line dress for a new shopper.
func (f *fixture) paidMakeLine(t testing.TB) (buyer int, number string, maker order.Actor) {
	t.Helper()
	ctx := context.Background()
	_, ask := f.madeDress(t)
	buyer = f.shopper(t)
	q, err := f.Service.Fix(ctx, buyer, ask, "en", "USD")
	if err != nil {
		t.Fatal(err)
	}
	p, err := f.Service.Place(ctx, buyer, q.UID, order.PlaceInput{RequestID: "ml-" + q.UID, Total: q.Total.Amount, Lang: "en", Cur: "USD"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Pay(ctx, buyer, order.PayInput{PayUID: p.PayUID, Method: payment.Card, Card: card(payment.CardSucceeds)}); err != nil {
		t.Fatal(err)
	}
	return buyer, p.OrderNumbers[0], f.makerUser(t, q.MakerUID)
}

// TestMakeLineFlow: priced with its parts, fixed, placed as one order of
// the maker, paid by card, accepted, produced, shipped; the buyer sees it.
func TestMakeLineFlow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		g, ask := f.madeDress(t)
		buyer := f.shopper(t)
		start, err := f.Service.Preview(ctx, buyer, Ask{TreID: g.UID}, "en", "USD")
		if err != nil || start.Priced || start.Goods == nil || len(start.Goods.ScenarioLabels) == 0 || len(start.Makers) == 0 {
			t.Fatalf("nothing chosen yet: %+v %v", start, err)
		}
		pv, err := f.Service.Preview(ctx, buyer, ask, "en", "USD")
		if err != nil || !pv.Priced || pv.Goods != nil {
			t.Fatal(err)
		}
		sum := pv.Base.Amount + pv.OptionsPrice.Amount + pv.SizeSurcharge.Amount
		if pv.UID != "" || pv.Base.Amount <= 0 || fmt.Sprintf("%.2f", sum) != fmt.Sprintf("%.2f", pv.Unit.Amount) ||
			fmt.Sprintf("%.2f", pv.Unit.Amount+pv.Shipping.Amount) != fmt.Sprintf("%.2f", pv.Total.Amount) {
			t.Fatalf("preview parts do not add up: %+v", pv)
		}
		d := catalog.DressDelivery(f.clock.now())
		if !pv.Delivery.AcceptedBy.Equal(time.UnixMilli(d.Accepted).UTC()) || pv.Delivery.TailoringDays != 71 || pv.Delivery.ShippingDays != 35 {
			t.Fatalf("delivery: %+v", pv.Delivery)
		}
		// The default maker of a dress is the demo's dress maker.
		if len(pv.Makers) == 0 || pv.MakerUID != "suzhou-huqiu-bridal" || pv.TreID != g.UID {
			t.Fatalf("makers: %+v", pv)
		}
		q, err := f.Service.Fix(ctx, buyer, ask, "en", "USD")
		if err != nil || q.UID == "" || q.ExpiresAt == nil || q.Total != pv.Total {
			t.Fatalf("fix: %+v %v", q, err)
		}
		again, err := f.Service.Quote(ctx, buyer, q.UID, "", "en")
		if err != nil || again.Total != q.Total || again.MakerUID != q.MakerUID {
			t.Fatalf("quote read back: %+v %v", again, err)
		}
		p, err := f.Service.Place(ctx, buyer, q.UID, order.PlaceInput{RequestID: "r1", Total: q.Total.Amount, Lang: "en", Cur: "USD"})
		if err != nil || len(p.OrderNumbers) != 1 {
			t.Fatalf("place: %+v %v", p, err)
		}
		n := p.OrderNumbers[0]
		replay, err := f.Service.Place(ctx, buyer, q.UID, order.PlaceInput{RequestID: "r1", Total: q.Total.Amount, Lang: "en", Cur: "USD"})
		if err != nil || replay.OrderNumbers[0] != n {
			t.Fatalf("the same request again: %+v %v", replay, err)
		}
		o := db.Order.Query().Where(entorder.NumberEQ(n)).OnlyX(ctx)
		maker := db.Identity.Query().Where(identity.UIDEQ(q.MakerUID)).OnlyX(ctx)
		if o.SellerID != maker.ID || o.MakelineUID != q.UID || o.Delivery == nil || o.StockHeld {
			t.Fatalf("order: %+v", o)
		}
		if _, err := f.Pay(ctx, buyer, order.PayInput{PayUID: p.PayUID, Method: payment.Card, Card: card(payment.CardSucceeds)}); err != nil {
			t.Fatal(err)
		}
		m := f.makerUser(t, q.MakerUID)
		sv, err := f.SellerDetail(ctx, m, n)
		if err != nil || !sv.Seller.Accept || !sv.Seller.Decline || sv.Seller.Produce || sv.Seller.Ship || sv.MakeLine == nil || sv.MakeLine.RespondBy == nil {
			t.Fatalf("maker's view before answering: %+v %v", sv, err)
		}
		_, err = f.StartProduction(ctx, m, n)
		wantKey(t, err, "MakeLineNotAccepted")
		_, err = f.Ship(ctx, m, order.ShipInput{Number: n, Carrier: "dhl", Tracking: "JD0001"})
		wantKey(t, err, "MakeLineNotAccepted")
		for i := 0; i < 2; i++ { // a double click accepts once
			if sv, err = f.Service.Accept(ctx, m, n); err != nil || sv.MakeLine.AcceptedAt == nil || !sv.Seller.Produce || sv.Seller.Accept {
				t.Fatalf("accept: %+v %v", sv, err)
			}
		}
		_, err = f.Service.Decline(ctx, m, n)
		wantKey(t, err, "MakeLineAnswerTooLate")
		_, err = f.Cancel(ctx, buyer, n)
		wantKey(t, err, "OrderCancelTooLate")
		if sv, err = f.StartProduction(ctx, m, n); err != nil || sv.Status != order.InProduction {
			t.Fatalf("produce: %+v %v", sv, err)
		}
		if sv, err = f.Ship(ctx, m, order.ShipInput{Number: n, Carrier: "dhl", Tracking: "JD0001"}); err != nil || sv.Status != order.Shipped {
			t.Fatalf("ship: %+v %v", sv, err)
		}
		v, err := f.Detail(ctx, buyer, n)
		if err != nil || v.Status != order.Shipped || v.MakeLine == nil || v.MakeLine.AcceptedAt == nil || !v.Actions.SureReceived {
			t.Fatalf("buyer's view: %+v %v", v, err)
		}
		var notes []string
		for _, e := range v.Events {
			notes = append(notes, e.Note)
		}
		if got := strings.Join(notes, ","); !strings.Contains(got, "NoteMakerAccepted") || !strings.Contains(got, "NoteTailoringStarted") {
			t.Fatalf("timeline: %s", got)
		}
	})
}

func wantKey(t testing.TB, err error, key string) {
	t.Helper()
	if e, ok := apperr.As(err); !ok || e.Key != key {
		t.Fatalf("error %v, want %s", err, key)
	}
}

// TestMakeLineBadInput: each is refused with its own message and leaves
// no order or quote behind.
func TestMakeLineBadInput(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		_, ask := f.madeDress(t)
		buyer := f.shopper(t)
		with := func(change func(a *Ask)) Ask {
			a := ask
			a.Options = make([]schema.ScenarioChoice, len(ask.Options))
			for i, o := range ask.Options {
				o.SizeData = cloneMap(o.SizeData)
				a.Options[i] = o
			}
			change(&a)
			return a
		}
		size := func(a *Ask) map[string]int {
			for _, o := range a.Options {
				if o.LabelID == catalog.LabelSize {
					return o.SizeData
				}
			}
			t.Fatal("no size")
			return nil
		}
		simple := f.simple(t)
		cases := []struct {
			name string
			ask  Ask
			key  string
		}{
			{"bust too small", with(func(a *Ask) { size(a)["a"] = 20 }), "MeasureOutOfRange"},
			{"hips too big", with(func(a *Ask) { size(a)["c"] = 400 }), "MeasureOutOfRange"},
			{"a measure missing", with(func(a *Ask) { delete(size(a), "d") }), "MeasuresAllFour"},
			{"no unit", with(func(a *Ask) { size(a)["type"] = 7 }), "MeasureUnitRequired"},
			{"NUL in the uid", with(func(a *Ask) { a.TreID = "tr\x00x" }), "InvalidCharacters"},
			{"nothing chosen", Ask{}, "MakeLineNothingChosen"},
			{"unknown goods", with(func(a *Ask) { a.TreID = "tr-nothing" }), "GoodsNotFound"},
			{"not made to measure", Ask{TreID: simple.UID}, "MakeLineNotMadeToMeasure"},
			{"unknown maker", with(func(a *Ask) { a.MakerUID = "atelier-lumiere" }), "MakeLineMakerUnknown"},
			{"someone else's version", with(func(a *Ask) { a.VersionUID = "cv-nobody" }), "CreationNotFound"},
		}
		for _, c := range cases {
			_, err := f.Service.Preview(ctx, buyer, c.ask, "en", "USD")
			if e, ok := apperr.As(err); !ok || e.Key != c.key {
				t.Errorf("%s: %v, want %s", c.name, err, c.key)
			}
			if _, err := f.Service.Fix(ctx, buyer, c.ask, "en", "USD"); err == nil {
				t.Errorf("%s: fixed", c.name)
			}
		}
		// Standard size: nothing to make to measure.
		std := with(func(a *Ask) {
			for i, o := range a.Options {
				if o.LabelID == catalog.LabelSize {
					a.Options[i] = schema.ScenarioChoice{LabelID: o.LabelID, OptionID: f.standardSize(t, a.TreID)}
				}
			}
		})
		_, err := f.Service.Preview(ctx, buyer, std, "en", "USD")
		wantKey(t, err, "MakeLineNeedsMeasures")
		if n := db.MakeLineQuote.Query().CountX(ctx); n != 0 {
			t.Fatalf("%d quotes after refusals", n)
		}

		q, err := f.Service.Fix(ctx, buyer, ask, "en", "USD")
		if err != nil {
			t.Fatal(err)
		}
		place := func(user int, uid, req string, total float64) error {
			_, err := f.Service.Place(ctx, user, uid, order.PlaceInput{RequestID: req, Total: total, Lang: "en", Cur: "USD"})
			return err
		}
		wantKey(t, place(f.shopper(t), q.UID, "x1", q.Total.Amount), "MakeLineQuoteNotFound") // someone else's
		wantKey(t, place(buyer, "ml\x00", "x2", q.Total.Amount), "MakeLineQuoteNotFound")
		wantKey(t, place(buyer, "ml-wrong", "x3", q.Total.Amount), "MakeLineQuoteNotFound")
		wantKey(t, place(buyer, q.UID, "x4", q.Total.Amount-1), "PricesChangedTotal") // the client cannot change the price
		f.clock.add(DefaultQuoteTTL + time.Second)
		wantKey(t, place(buyer, q.UID, "x5", q.Total.Amount), "MakeLineQuoteExpired")
		f.clock.add(25 * time.Hour) // a day after it expired, an unordered quote is forgotten
		if _, err := f.Service.Expire(ctx); err != nil {
			t.Fatal(err)
		}
		wantKey(t, place(buyer, q.UID, "x6", q.Total.Amount), "MakeLineQuoteNotFound")
		if n := db.Order.Query().Where(entorder.MakelineUIDNEQ("")).CountX(ctx); n != 0 {
			t.Fatalf("%d orders after refusals", n)
		}
		if n := db.Payment.Query().CountX(ctx); n != 0 {
			t.Fatalf("%d payments after refusals", n)
		}
	})
}

func cloneMap(m map[string]int) map[string]int {
	if m == nil {
		return nil
	}
	c := make(map[string]int, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// standardSize is a size option of the goods other than custom.
func (f *fixture) standardSize(t testing.TB, treID string) int {
	t.Helper()
	l := f.db.ScenarioLabel.Query().Where(scenariolabel.LabelIDEQ(catalog.LabelSize), scenariolabel.HasGoodsWith(goods.UIDEQ(treID))).
		WithOptions().OnlyX(context.Background())
	for _, o := range l.Edges.Options {
		if o.OptionID != catalog.CustomSizeOption {
			return o.OptionID
		}
	}
	t.Fatal("no standard size")
	return 0
}

// TestMakeLineQuoteOrderedOnce: tabs placing the same quote at once make
// exactly one order and one payment.
func TestMakeLineQuoteOrderedOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		_, ask := f.madeDress(t)
		buyer := f.shopper(t)
		q, err := f.Service.Fix(ctx, buyer, ask, "en", "USD")
		if err != nil {
			t.Fatal(err)
		}
		const tabs = 6
		var wg sync.WaitGroup
		errs := make([]error, tabs)
		for i := range tabs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = f.Service.Place(ctx, buyer, q.UID, order.PlaceInput{RequestID: fmt.Sprintf("tab-%d", i), Total: q.Total.Amount, Lang: "en", Cur: "USD"})
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else if e, _ := apperr.As(err); e == nil || e.Key != "MakeLineQuoteUsed" {
				t.Errorf("a losing tab: %v", err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d tabs placed the quote, want 1", ok)
		}
		if n := db.Order.Query().Where(entorder.MakelineUIDEQ(q.UID)).CountX(ctx); n != 1 {
			t.Fatalf("%d orders, want 1", n)
		}
		if n := db.Payment.Query().Where().CountX(ctx); n != 1 {
			t.Fatalf("%d payments, want 1", n)
		}
	})
}

// TestMakeLineAnswerRaces: the maker's accept against the expiry sweep (a
// node whose clock is past the deadline) and against a decline or the
// buyer's cancel: exactly one wins; a refund reaches Refunded.
func TestMakeLineAnswerRaces(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		late := &clock{t: f.clock.now().Add(order.DefaultRespond + time.Minute)}
		sweeper := New(db, f.cat, order.New(db, f.cat, order.Options{Now: late.now, Provider: f.provider, Log: f.log, T: f.strs.T}),
			Options{Now: late.now, Log: f.log})
		for round := range 3 {
			buyer, n, maker := f.paidMakeLine(t)
			var wg sync.WaitGroup
			var acceptErr, otherErr error
			wg.Add(2)
			go func() { defer wg.Done(); _, acceptErr = f.Service.Accept(ctx, maker, n) }()
			go func() {
				defer wg.Done()
				switch round {
				case 0:
					var k int
					k, otherErr = sweeper.Expire(ctx)
					if otherErr == nil && k == 0 {
						otherErr = apperr.New(apperr.Conflict, "nothing expired")
					}
				case 1:
					_, otherErr = f.Service.Decline(ctx, maker, n)
				case 2:
					_, otherErr = f.Cancel(ctx, buyer, n)
				}
			}()
			wg.Wait()
			if (acceptErr == nil) == (otherErr == nil) {
				t.Fatalf("round %d: accept %v, other %v: want exactly one to win", round, acceptErr, otherErr)
			}
			o := db.Order.Query().Where(entorder.NumberEQ(n)).OnlyX(ctx)
			if acceptErr == nil && (o.Status != order.Paid || o.AcceptedAt == nil) {
				t.Fatalf("round %d: accepted, but %d %v", round, o.Status, o.AcceptedAt)
			}
			if otherErr == nil {
				if o.AcceptedAt != nil {
					t.Fatalf("round %d: refunded and accepted", round)
				}
				f.provider.Wait()
				if s := f.status(t, n); s != order.Refunded {
					t.Fatalf("round %d: status %d, want Refunded", round, s)
				}
			}
		}
	})
}

// TestMakeLineStaleRefund: a refund decided on an order read before its
// maker accepted (the sweep's read, a decline's) changes nothing: the
// claim is in the UPDATE, not in what was read.
func TestMakeLineStaleRefund(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		_, n, maker := f.paidMakeLine(t)
		stale := db.Order.Query().Where(entorder.NumberEQ(n)).OnlyX(ctx)
		if _, err := f.Service.Accept(ctx, maker, n); err != nil {
			t.Fatal(err)
		}
		err := store.InTx(ctx, db, func(tx *ent.Tx) error {
			_, err := order.RefundUnaccepted(ctx, tx, stale, "NoteMakerNoAnswer")
			return err
		})
		wantKey(t, err, "OrderChangedMeanwhile")
		if o := db.Order.Query().Where(entorder.NumberEQ(n)).OnlyX(ctx); o.Status != order.Paid || o.AcceptedAt == nil {
			t.Fatalf("after a stale refund: %d %v", o.Status, o.AcceptedAt)
		}
	})
}

// TestMakeLineFromVersion: a creation version is made from its goods with
// the options chosen (no custom size needed); another user's version is
// not found until it is shared.
func TestMakeLineFromVersion(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		g, ask := f.madeDress(t)
		owner, other := f.shopper(t), f.shopper(t)
		c := db.Creation.Create().SetUID("cr-test").SetUserID(owner).SetGoodsID(g.ID).SetModel("m").SaveX(ctx)
		v := db.CreationVersion.Create().SetUID("0123456789abcdef01234567").SetCreationID(c.ID).SetUserID(owner).SetGoodsID(g.ID).
			SetStatus("done").SetImages([]schema.CreationImage{{SmallURL: "/media/cr/v1-s.webp"}}).SaveX(ctx)
		ask.TreID, ask.VersionUID = "", v.UID
		for i, o := range ask.Options { // a standard size is fine for a creation
			if o.LabelID == catalog.LabelSize {
				ask.Options[i] = schema.ScenarioChoice{LabelID: o.LabelID, OptionID: f.standardSize(t, g.UID)}
			}
		}
		pv, err := f.Service.Preview(ctx, owner, ask, "en", "USD")
		if err != nil || pv.VersionUID != v.UID || pv.TreID != g.UID || pv.ImageURL != "/media/cr/v1-s.webp" || pv.SizeSurcharge.Amount != 0 {
			t.Fatalf("version preview: %+v %v", pv, err)
		}
		_, err = f.Service.Preview(ctx, other, ask, "en", "USD")
		wantKey(t, err, "CreationNotFound")
		db.CreationVersion.UpdateOneID(v.ID).SetShared(true).ExecX(ctx)
		q, err := f.Service.Fix(ctx, other, ask, "en", "USD")
		if err != nil {
			t.Fatalf("a shared version: %v", err)
		}
		got := db.MakeLineQuote.Query().Where(makelinequote.UIDEQ(q.UID)).OnlyX(ctx)
		if got.VersionID == nil || *got.VersionID != v.ID {
			t.Fatalf("the quote does not keep the version: %+v", got)
		}
	})
}

// TestMakeLineQuoteLimit: quotes fixed in parallel past the hourly limit:
// no more than the limit are kept, the rest are refused with the limit's
// message and leave no row behind.
func TestMakeLineQuoteLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		_, ask := f.madeDress(t)
		buyer := f.shopper(t)
		const tries = MakeLineQuotesHour + 12
		var wg sync.WaitGroup
		errs := make([]error, tries)
		sem := make(chan struct{}, 8)
		for i := range tries {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				_, errs[i] = f.Service.Fix(ctx, buyer, ask, "en", "USD")
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else if e, _ := apperr.As(err); e == nil || e.Key != "MakeLineTooManyQuotes" {
				t.Errorf("a refused quote: %v", err)
			}
		}
		kept := db.MakeLineQuote.Query().CountX(ctx)
		if ok > MakeLineQuotesHour || kept != ok || ok < MakeLineQuotesHour-8 {
			t.Fatalf("%d quotes fixed, %d kept, limit %d", ok, kept, MakeLineQuotesHour)
		}
	})
}
