package order

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"souk/app/apperr"
	"souk/app/payment"
	"souk/app/store/storetest"
	"souk/ent"
	"souk/ent/identity"
	"souk/ent/order"
	"souk/ent/orderevent"
)

// sellerOf attaches the selling identity of an order to a new user with a
// login (demo identities' users have none), once, and returns that user.
func (f *fixture) sellerOf(t testing.TB, number string) int {
	t.Helper()
	ctx := context.Background()
	o := f.db.Order.Query().Where(order.NumberEQ(number)).OnlyX(ctx)
	if u, err := f.db.Identity.Query().Where(identity.IDEQ(o.SellerID)).QueryUser().Only(ctx); err == nil && u.Email != nil {
		return u.ID
	}
	n := userSeq.Add(1)
	u := f.db.User.Create().SetUID(fmt.Sprintf("usell%06d", n)).SetEmail(fmt.Sprintf("seller%d@example.com", n)).SaveX(ctx)
	f.db.Identity.UpdateOneID(o.SellerID).SetUser(u).ExecX(ctx)
	return u.ID
}

// otherSeller is a user owning an identity that sold none of the orders.
func (f *fixture) otherSeller(t testing.TB, notIdentity int) int {
	ctx := context.Background()
	id := f.db.Identity.Query().Where(identity.IDNEQ(notIdentity)).FirstIDX(ctx)
	n := userSeq.Add(1)
	u := f.db.User.Create().SetUID(fmt.Sprintf("uoth%06d", n)).SetEmail(fmt.Sprintf("other%d@example.com", n)).SaveX(ctx)
	f.db.Identity.UpdateOneID(id).SetUser(u).ExecX(ctx)
	return u.ID
}

// paidOrder places and pays one order of simple goods for a new shopper.
func (f *fixture) paidOrder(t testing.TB, dress bool) (buyer int, number string) {
	t.Helper()
	return f.paidOrderOf(t, f.simple(t), dress)
}

// otherSellersGoods is simple goods of another seller than g's.
func (f *fixture) otherSellersGoods(t testing.TB, g *ent.Goods) *ent.Goods {
	t.Helper()
	seller := g.QueryOwner().OnlyIDX(context.Background())
	for skip := []int{g.ID}; ; {
		b := f.simple(t, skip...)
		if b.QueryOwner().OnlyIDX(context.Background()) != seller {
			return b
		}
		skip = append(skip, b.ID)
	}
}

func (f *fixture) paidOrderOf(t testing.TB, g *ent.Goods, dress bool) (buyer int, number string) {
	t.Helper()
	ctx := context.Background()
	buyer = f.shopper(t)
	f.add(t, buyer, g, 1)
	p := f.place(t, buyer, fmt.Sprintf("paid-%d", buyer))
	number = p.OrderNumbers[0]
	if dress { // a made-to-measure order, as checkout makes for spe 1 goods
		f.db.Order.Update().Where(order.NumberEQ(number)).SetDelivery(dressDelivery(f.clock.now())).ExecX(ctx)
	}
	if _, err := f.Pay(ctx, buyer, PayInput{PayUID: p.PayUID, Method: payment.Card, Card: card(payment.CardSucceeds)}); err != nil {
		t.Fatal(err)
	}
	if s := f.status(t, number); s != Paid {
		t.Fatalf("after paying: status %d, want %d (made-to-measure work waits for its seller)", s, Paid)
	}
	return buyer, number
}

// TestSellerCallsAnswerOnlyTheOwner tries every seller call as a visitor,
// a shopper, the buyer, another seller and the owning seller.
func TestSellerCallsAnswerOnlyTheOwner(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		buyer, n := f.paidOrder(t, true)
		owner := f.sellerOf(t, n)
		o := db.Order.Query().Where(order.NumberEQ(n)).OnlyX(ctx)
		other, shopper := f.otherSeller(t, o.SellerID), f.shopper(t)
		calls := []struct {
			name string
			do   func(a Actor) error
		}{
			{"detail", func(a Actor) error { _, err := f.SellerDetail(ctx, a, n); return err }},
			{"list", func(a Actor) error {
				r, err := f.SellerList(ctx, a, SellerQuery{Search: n})
				if err == nil && r.Total == 0 {
					return apperr.New(apperr.NotFound, "OrderNotFound") // listed nothing: as good as not found
				}
				return err
			}},
			{"produce", func(a Actor) error { _, err := f.StartProduction(ctx, a, n); return err }},
			{"ship", func(a Actor) error {
				_, err := f.Ship(ctx, a, ShipInput{Number: n, Carrier: "ups", Tracking: "1Z999AA10123456784"})
				return err
			}},
			{"track", func(a Actor) error {
				_, err := f.AddTracking(ctx, a, TrackInput{Number: n, Key: "TrackInTransit", Place: "Leipzig"})
				return err
			}},
		}
		who := []struct {
			name string
			id   int
			want apperr.Code
		}{
			{"visitor", 0, apperr.Unauthorized}, {"shopper", shopper, apperr.NotFound}, {"buyer", buyer, apperr.NotFound},
			{"another seller", other, apperr.NotFound}, {"owner", owner, apperr.OK},
		}
		for _, w := range who {
			for _, c := range calls {
				t.Run(w.name+"/"+c.name, func(t *testing.T) {
					wantCode(t, c.do(Actor{UserID: w.id, Lang: "en"}), w.want)
				})
			}
		}
		if s := f.status(t, n); s != Shipped {
			t.Fatalf("status %d after the owner's calls, want shipped", s)
		}
		// The buyer reads the shipment and the tracking event.
		v, err := f.Detail(ctx, buyer, n)
		if err != nil || v.Carrier != "UPS" || v.TrackingNumber != "1Z999AA10123456784" {
			t.Fatalf("buyer's view: %+v %v", v, err)
		}
		var track *Event
		for i, e := range v.Events {
			if e.Key == "TrackInTransit" {
				track = &v.Events[i]
			}
		}
		if track == nil || track.Place != "Leipzig" {
			t.Fatalf("events %+v", v.Events)
		}
	})
}

// TestSellerSteps: paid → in production → shipped → tracking, each mailed
// in the recipient's language, with clear refusals out of order.
func TestSellerSteps(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		buyer, n := f.paidOrder(t, true)
		seller := Actor{UserID: f.sellerOf(t, n), Lang: "de"}
		sellerMail := *db.User.GetX(ctx, seller.UserID).Email
		buyerMail := *db.User.GetX(ctx, buyer).Email
		_, err := f.AddTracking(ctx, seller, TrackInput{Number: n, Key: "TrackInTransit"})
		wantCode(t, err, apperr.Conflict) // not shipped yet
		v, err := f.StartProduction(ctx, seller, n)
		if err != nil || v.Status != InProduction || v.Seller.Produce || !v.Seller.Ship {
			t.Fatalf("produce: %+v %v", v, err)
		}
		if _, err := f.StartProduction(ctx, seller, n); err != nil { // a double click
			t.Fatal(err)
		}
		v, err = f.Ship(ctx, seller, ShipInput{Number: n, Carrier: "other", CarrierName: "Kurier Müller", Tracking: " km 12-345 "})
		if err != nil || v.Status != Shipped || v.Carrier != "Kurier Müller" || v.TrackingNumber != "KM12-345" || !v.Seller.Track {
			t.Fatalf("ship: %+v %v", v, err)
		}
		_, err = f.StartProduction(ctx, seller, n)
		wantCode(t, err, apperr.Conflict)
		at := f.clock.now().Truncate(time.Second)
		for i := 0; i < 2; i++ { // the same event twice is one event
			if v, err = f.AddTracking(ctx, seller, TrackInput{Number: n, Key: "TrackCustoms", Place: "Frankfurt", Remark: "Zoll", At: at}); err != nil {
				t.Fatal(err)
			}
		}
		if c := db.OrderEvent.Query().Where(orderevent.HasOrderWith(order.NumberEQ(n)), orderevent.NoteEQ("TrackCustoms")).CountX(ctx); c != 1 {
			t.Fatalf("%d customs events, want 1", c)
		}
		// The seller asked in German: their notices are German from then on.
		if ms := f.mailsTo(sellerMail, 1); len(ms) == 0 || !strings.Contains(ms[len(ms)-1].subject, n) {
			t.Fatalf("seller mails: %+v", ms)
		} else if last := ms[len(ms)-1]; last.text == "" || strings.HasPrefix(last.text, "MailOrder") {
			t.Fatalf("seller mail not rendered: %+v", last)
		}
		ms := f.mailsTo(buyerMail, 5) // placed, paid, in production, shipped, customs: sent in the background, so wait for all five
		var subjects []string
		for _, m := range ms {
			subjects = append(subjects, m.subject)
			if strings.Contains(m.text, "Mail") && strings.Contains(m.text, "[") {
				t.Errorf("a notice shows a raw key: %q", m.text)
			}
		}
		joined := strings.Join(subjects, "|")
		for _, want := range []string{"Paid", "In production", "Shipped", "Customs"} {
			if !strings.Contains(joined, want) {
				t.Errorf("buyer mails %q lack %q", joined, want)
			}
		}
	})
}

// TestShipRefusesBadInput: nothing changes on any of these.
func TestShipRefusesBadInput(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		g := f.simple(t)
		_, n := f.paidOrderOf(t, g, false)
		seller := Actor{UserID: f.sellerOf(t, n)}
		// Unpaid and cancelled orders of the same seller.
		unpaidBuyer := f.shopper(t)
		f.add(t, unpaidBuyer, g, 1)
		unpaid := f.place(t, unpaidBuyer, "unpaid").OrderNumbers[0]
		cancelled := f.place(t, func() int { u := f.shopper(t); f.add(t, u, g, 1); return u }(), "cx").OrderNumbers[0]
		if o := db.Order.Query().Where(order.NumberEQ(cancelled)).OnlyX(ctx); true {
			_, err := f.Cancel(ctx, o.UserID, cancelled)
			if err != nil {
				t.Fatal(err)
			}
		}
		_, other := f.paidOrderOf(t, f.otherSellersGoods(t, g), false)
		for _, c := range []struct {
			name string
			in   ShipInput
			want apperr.Code
			key  string
		}{
			{"unknown carrier", ShipInput{Number: n, Carrier: "pigeon", Tracking: "AB123456"}, apperr.InvalidInput, "CarrierUnknown"},
			{"other without a name", ShipInput{Number: n, Carrier: "other", Tracking: "AB123456"}, apperr.InvalidInput, "CarrierNameInvalid"},
			{"empty tracking", ShipInput{Number: n, Carrier: "dhl", Tracking: "  "}, apperr.InvalidInput, "TrackingNumberInvalid"},
			{"overlong tracking", ShipInput{Number: n, Carrier: "dhl", Tracking: strings.Repeat("A", 41)}, apperr.InvalidInput, "TrackingNumberInvalid"},
			{"NUL in tracking", ShipInput{Number: n, Carrier: "dhl", Tracking: "AB12\x0034"}, apperr.InvalidInput, "TrackingNumberInvalid"},
			{"NUL in carrier name", ShipInput{Number: n, Carrier: "other", CarrierName: "A\x00B", Tracking: "AB123456"}, apperr.InvalidInput, "CarrierNameInvalid"},
			{"unpaid", ShipInput{Number: unpaid, Carrier: "dhl", Tracking: "AB123456"}, apperr.Conflict, "OrderShipUnpaid"},
			{"cancelled", ShipInput{Number: cancelled, Carrier: "dhl", Tracking: "AB123456"}, apperr.Conflict, "OrderShipCancelled"},
			{"overlong number", ShipInput{Number: strings.Repeat("S", 33), Carrier: "dhl", Tracking: "AB123456"}, apperr.NotFound, "OrderNotFound"},
		} {
			t.Run(c.name, func(t *testing.T) {
				_, err := f.Ship(ctx, seller, c.in)
				wantCode(t, err, c.want)
				if e, _ := apperr.As(err); e.Key != c.key {
					t.Fatalf("key %s, want %s", e.Key, c.key)
				}
			})
		}
		// Someone else's order is not found for this seller, and stays paid.
		_, err := f.Ship(ctx, seller, ShipInput{Number: other, Carrier: "dhl", Tracking: "AB123456"})
		wantCode(t, err, apperr.NotFound)
		if s := f.status(t, other); s != Paid {
			t.Fatalf("another seller's order: status %d", s)
		}
		if s := f.status(t, n); s != Paid {
			t.Fatalf("status %d after refusals", s)
		}
		if got := db.Order.Query().Where(order.NumberEQ(n)).OnlyX(ctx); got.Carrier != "" || got.TrackingNumber != "" {
			t.Fatalf("half-saved: %+v", got)
		}
		if _, err := f.Ship(ctx, seller, ShipInput{Number: n, Carrier: "dhl", Tracking: "AB123456"}); err != nil {
			t.Fatal(err)
		}
		_, err = f.Ship(ctx, seller, ShipInput{Number: n, Carrier: "dhl", Tracking: "ZZ999999"})
		wantCode(t, err, apperr.Conflict) // shipped with another number: not changed
		for _, in := range []TrackInput{
			{Number: n, Key: "TrackTeleported"},
			{Number: n, Key: "TrackInTransit", Place: "Berlin\x00"},
			{Number: n, Key: "TrackInTransit", Remark: strings.Repeat("x", 501)},
			{Number: n, Key: "TrackInTransit", At: f.clock.now().Add(24 * time.Hour)},
			{Number: n, Key: "TrackInTransit", At: f.clock.now().Add(-30 * 24 * time.Hour)},
		} {
			_, err := f.AddTracking(ctx, seller, in)
			wantCode(t, err, apperr.InvalidInput)
		}
	})
}

// TestParallelShipShipsOnce: two tabs ship at once: one shipment, one event.
func TestParallelShipShipsOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		_, n := f.paidOrder(t, false)
		seller := Actor{UserID: f.sellerOf(t, n)}
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range errs {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				_, errs[i] = f.Ship(ctx, seller, ShipInput{Number: n, Carrier: "fedex", Tracking: "794612345678"})
			}(i)
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Errorf("the same shipment from another tab: %v", err)
			}
		}
		c := db.OrderEvent.Query().Where(orderevent.HasOrderWith(order.NumberEQ(n)), orderevent.StatusEQ(Shipped)).CountX(ctx)
		if c != 1 || f.status(t, n) != Shipped {
			t.Fatalf("%d shipped events, status %d", c, f.status(t, n))
		}
		// Different numbers at once: one wins, the others are told.
		_, m := f.paidOrder(t, false)
		seller = Actor{UserID: f.sellerOf(t, m)}
		ok := make([]bool, 6)
		for i := range ok {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				_, err := f.Ship(ctx, seller, ShipInput{Number: m, Carrier: "dhl", Tracking: fmt.Sprintf("JD%08d", i)})
				ok[i] = err == nil
				if err != nil && apperr.CodeOf(err) != apperr.Conflict {
					t.Errorf("parallel ship: %v", err)
				}
			}(i)
		}
		wg.Wait()
		wins := 0
		for _, x := range ok {
			if x {
				wins++
			}
		}
		c = db.OrderEvent.Query().Where(orderevent.HasOrderWith(order.NumberEQ(m)), orderevent.StatusEQ(Shipped)).CountX(ctx)
		if wins != 1 || c != 1 {
			t.Fatalf("%d ships won, %d events; want 1 and 1", wins, c)
		}
	})
}
