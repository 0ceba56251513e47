package order

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"souk/app/apperr"
	"souk/app/payment"
	"souk/app/store/storetest"
	"souk/ent"
	"souk/ent/cartline"
	"souk/ent/dogetransfer"
	"souk/ent/goods"
	"souk/ent/order"
	"souk/ent/user"
)

func TestPlaceMakesOneOrderPerSellerAndHoldsStock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		ana := f.shopper(t)
		a := f.simple(t)
		var b *ent.Goods
		for skip := []int{a.ID}; ; skip = append(skip, b.ID) { // goods of another seller
			b = f.simple(t, skip...)
			if b.QueryOwner().OnlyIDX(ctx) != a.QueryOwner().OnlyIDX(ctx) {
				break
			}
		}
		f.add(t, ana, a, 2)
		f.add(t, ana, b, 3)
		p := f.place(t, ana, "req-1")
		if len(p.OrderNumbers) != 2 {
			t.Fatalf("orders %v, want one per seller", p.OrderNumbers)
		}
		if got := db.Goods.GetX(ctx, a.ID).Stock; got != a.Stock-2 {
			t.Fatalf("stock %d, want %d", got, a.Stock-2)
		}
		if n := db.CartLine.Query().Where(cartline.HasUserWith(user.IDEQ(ana))).CountX(ctx); n != 0 {
			t.Fatalf("%d cart lines left", n)
		}
		again, err := f.Place(ctx, ana, PlaceInput{RequestID: "req-1", Total: p.Total.Amount, Lang: "en", Cur: "USD"})
		if err != nil || again.PayUID != p.PayUID || len(again.OrderNumbers) != 2 {
			t.Fatalf("replay: %+v %v", again, err)
		}
		if n := db.Order.Query().CountX(ctx); n != 2 {
			t.Fatalf("%d orders after a replay, want 2", n)
		}
		v, err := f.Detail(ctx, ana, p.OrderNumbers[0])
		if err != nil || v.Status != AwaitingPayment || len(v.Lines) == 0 || v.Address.PostalCode != "94103" || !v.Actions.Pay {
			t.Fatalf("detail: %+v %v", v, err)
		}
		// The buyer is told of each order placed (notices go out in the background).
		for deadline := time.Now().Add(5 * time.Second); f.mails.Load() < 2; {
			if time.Now().After(deadline) {
				t.Fatalf("%d notices mailed, want one per order", f.mails.Load())
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}

func TestPlaceRefusesWhatChanged(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		ana := f.shopper(t)
		g := f.simple(t)
		f.add(t, ana, g, 2)
		pv, err := f.Preview(ctx, ana, "", "en", "USD")
		if err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			name string
			in   PlaceInput
			code apperr.Code
		}{
			{"tampered lower total", PlaceInput{RequestID: "a", Total: pv.Total.Amount - 1}, apperr.Conflict},
			{"negative total", PlaceInput{RequestID: "b", Total: -5}, apperr.InvalidInput},
			{"no request id", PlaceInput{Total: pv.Total.Amount}, apperr.InvalidInput},
			{"another user's address", PlaceInput{RequestID: "c", Total: pv.Total.Amount, AddressID: "ad-nobody"}, apperr.NotFound},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				tt.in.Lang, tt.in.Cur = "en", "USD"
				_, err := f.Place(ctx, ana, tt.in)
				wantCode(t, err, tt.code)
			})
		}
		// The price changed between preview and order: refused, nothing written.
		db.Goods.UpdateOneID(g.ID).AddPrice(100).ExecX(ctx)
		_, err = f.Place(ctx, ana, PlaceInput{RequestID: "d", Total: pv.Total.Amount, Lang: "en", Cur: "USD"})
		wantCode(t, err, apperr.Conflict)
		if n := db.Order.Query().CountX(ctx); n != 0 {
			t.Fatalf("%d orders written", n)
		}
		if got := db.Goods.GetX(ctx, g.ID).Stock; got != g.Stock {
			t.Fatalf("stock %d, want %d untouched", got, g.Stock)
		}
		// Taken off sale: the check names the line.
		db.Goods.UpdateOneID(g.ID).SetSaleable(0).ExecX(ctx)
		chk, err := f.CreateCheck(ctx, ana, nil, "en", "USD")
		if err != nil || chk.OK || len(chk.Problems) != 1 || chk.Problems[0].Kind != "offSale" {
			t.Fatalf("check: %+v %v", chk, err)
		}
	})
}

// Two hundred shoppers race for ten pieces: exactly ten are sold.
func TestConcurrentCheckoutsSellExactlyTheStock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		g := f.simple(t)
		users := make([]int, 200)
		for i := range users {
			users[i] = f.shopper(t)
			f.add(t, users[i], g, 1)
		}
		db.Goods.UpdateOneID(g.ID).SetStock(10).ExecX(ctx)
		pv, err := f.Preview(ctx, users[0], "", "en", "USD")
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make(chan error, len(users))
		for i, u := range users {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := f.Place(ctx, u, PlaceInput{RequestID: fmt.Sprintf("race-%d", i), Total: pv.Total.Amount, Lang: "en", Cur: "USD"})
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		sold := 0
		for err := range errs {
			switch {
			case err == nil:
				sold++
			case apperr.CodeOf(err) != apperr.Conflict:
				t.Fatalf("a checkout failed with %v, want success or a clear conflict", err)
			}
		}
		if sold != 10 {
			t.Fatalf("sold %d, want 10", sold)
		}
		if s := db.Goods.GetX(ctx, g.ID).Stock; s != 0 {
			t.Fatalf("stock %d, want 0", s)
		}
	})
}

// The same request sent fifty times at once makes one checkout.
func TestSameRequestConcurrentlyPlacesOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		ana := f.shopper(t)
		f.add(t, ana, f.simple(t), 1)
		pv, _ := f.Preview(ctx, ana, "", "en", "USD")
		var wg sync.WaitGroup
		pays := make(chan string, 50)
		for range 50 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p, err := f.Place(ctx, ana, PlaceInput{RequestID: "same", Total: pv.Total.Amount, Lang: "en", Cur: "USD"})
				if err == nil {
					pays <- p.PayUID
				} else if apperr.CodeOf(err) != apperr.Conflict && apperr.CodeOf(err) != apperr.InvalidInput {
					t.Errorf("unexpected %v", err)
				}
			}()
		}
		wg.Wait()
		close(pays)
		first := ""
		for p := range pays {
			if first == "" {
				first = p
			} else if p != first {
				t.Fatalf("two checkouts: %s and %s", first, p)
			}
		}
		if n := db.Order.Query().CountX(ctx); n != 1 {
			t.Fatalf("%d orders, want 1", n)
		}
	})
}

func TestCardPayments(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		g := f.simple(t)
		tests := []struct {
			name    string
			card    string
			approve *bool
			status  string
			want    int
		}{
			{"succeeds", payment.CardSucceeds, nil, payment.Succeeded, Paid},
			{"declines", payment.CardDeclines, nil, payment.Failed, AwaitingPayment},
			{"no funds", payment.CardNoFunds, nil, payment.Failed, AwaitingPayment},
			{"invalid number", "4242424242424241", nil, payment.Failed, AwaitingPayment},
			{"confirmed", payment.CardNeedsAction, ptr(true), payment.Action, Paid},
			{"not confirmed", payment.CardNeedsAction, ptr(false), payment.Action, AwaitingPayment},
		}
		for i, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				u := f.shopper(t)
				f.add(t, u, g, 1)
				p := f.place(t, u, fmt.Sprintf("card-%d", i))
				res, err := f.Pay(ctx, u, PayInput{PayUID: p.PayUID, Method: payment.Card, Card: card(tt.card)})
				if err != nil || res.Status != tt.status {
					t.Fatalf("pay: %+v %v", res, err)
				}
				if tt.approve != nil {
					if got := f.status(t, p.OrderNumbers[0]); got != PaymentProcessing {
						t.Fatalf("awaiting confirmation: status %d", got)
					}
					if _, err := f.Confirm(ctx, u, p.PayUID, *tt.approve); err != nil {
						t.Fatal(err)
					}
				}
				f.provider.Wait()
				if got := f.status(t, p.OrderNumbers[0]); got != tt.want {
					t.Fatalf("status %d, want %d", got, tt.want)
				}
			})
		}
	})
}

func ptr[T any](v T) *T { return &v }

// A callback twice, or a failure after the success, changes the order once.
func TestCallbacksAreIdempotentAndOrderSafe(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		u := f.shopper(t)
		f.add(t, u, f.simple(t), 1)
		p := f.place(t, u, "cb")
		if _, err := f.Pay(ctx, u, PayInput{PayUID: p.PayUID, Method: payment.PayPal}); err != nil {
			t.Fatal(err)
		}
		f.provider.Wait() // the wallet's success callback
		pay := db.Payment.Query().OnlyX(ctx)
		send := func(ev payment.Event) error {
			body, _ := json.Marshal(ev)
			return f.Callback(ctx, body, payment.Sign(secret, body))
		}
		events := func() int { return db.OrderEvent.Query().CountX(ctx) }
		before := events()
		late := payment.Event{ID: "evt_late_fail", Kind: payment.EventFailed, Ref: pay.ProviderRef, Payment: pay.UID, Reason: "CardDeclined"}
		for range 2 {
			if err := send(late); err != nil {
				t.Fatal(err)
			}
			if err := send(payment.Event{ID: "evt_dup_ok", Kind: payment.EventSucceeded, Ref: pay.ProviderRef, Payment: pay.UID}); err != nil {
				t.Fatal(err)
			}
		}
		if got := f.status(t, p.OrderNumbers[0]); got != Paid || events() != before {
			t.Fatalf("status %d, events %d→%d: a repeated or late callback changed the order", got, before, events())
		}
		body, _ := json.Marshal(late)
		wantCode(t, f.Callback(ctx, body, "sha256=forged"), apperr.Forbidden)
	})
}

func TestStateMachineAndOwnership(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		ana, bob := f.shopper(t), f.shopper(t)
		g := f.simple(t)
		f.add(t, ana, g, 1)
		p := f.place(t, ana, "sm")
		n := p.OrderNumbers[0]
		// Bob can neither see nor touch Ana's order or payment.
		_, err := f.Detail(ctx, bob, n)
		wantCode(t, err, apperr.NotFound)
		_, err = f.Cancel(ctx, bob, n)
		wantCode(t, err, apperr.NotFound)
		_, err = f.Pay(ctx, bob, PayInput{PayUID: p.PayUID, Method: payment.Card, Card: card(payment.CardSucceeds)})
		wantCode(t, err, apperr.NotFound)
		_, err = f.DogePage(ctx, bob, p.PayUID)
		wantCode(t, err, apperr.NotFound)
		wantCode(t, f.Delete(ctx, bob, n), apperr.NotFound)
		// Unfinished orders cannot be deleted or confirmed received.
		wantCode(t, f.Delete(ctx, ana, n), apperr.Conflict)
		_, err = f.SureReceived(ctx, ana, n)
		wantCode(t, err, apperr.Conflict)
		if _, err := f.Pay(ctx, ana, PayInput{PayUID: p.PayUID, Method: payment.Card, Card: card(payment.CardSucceeds)}); err != nil {
			t.Fatal(err)
		}
		_, err = f.Pay(ctx, ana, PayInput{PayUID: p.PayUID, Method: payment.Card, Card: card(payment.CardSucceeds)})
		wantCode(t, err, apperr.Conflict) // paid once only
		if _, err := f.Ship(ctx, Actor{UserID: f.sellerOf(t, n)}, ShipInput{Number: n, Carrier: "dhl", Tracking: "SP1234"}); err != nil {
			t.Fatal(err)
		}
		_, err = f.Cancel(ctx, ana, n)
		wantCode(t, err, apperr.Conflict) // shipped: no cancelling
		v, err := f.SureReceived(ctx, ana, n)
		if err != nil || v.Status != Received || !v.Actions.Delete {
			t.Fatalf("received: %+v %v", v, err)
		}
		if err := f.Delete(ctx, ana, n); err != nil {
			t.Fatal(err)
		}
		_, err = f.Detail(ctx, ana, n)
		wantCode(t, err, apperr.NotFound) // hidden from the buyer
		if !db.Order.Query().Where(order.NumberEQ(n)).ExistX(ctx) {
			t.Fatal("a deleted order must stay for the seller")
		}
	})
}

func TestCancelPaidOrderRefundsAndReleasesStock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		u := f.shopper(t)
		g := f.simple(t)
		f.add(t, u, g, 3)
		p := f.place(t, u, "refund")
		if _, err := f.Pay(ctx, u, PayInput{PayUID: p.PayUID, Method: payment.Card, Card: card(payment.CardSucceeds)}); err != nil {
			t.Fatal(err)
		}
		v, err := f.Cancel(ctx, u, p.OrderNumbers[0])
		if err != nil || (v.Status != RefundPending && v.Status != Refunded) { // the refund may be quick
			t.Fatalf("cancel: %+v %v", v, err)
		}
		f.provider.Wait()
		if got := f.status(t, p.OrderNumbers[0]); got != Refunded {
			t.Fatalf("status %d, want refunded", got)
		}
		if s := db.Goods.GetX(ctx, g.ID).Stock; s != g.Stock {
			t.Fatalf("stock %d, want %d back", s, g.Stock)
		}
	})
}

// An unpaid order releases its stock after the pay window; a payment that
// arrives later is refunded.
func TestUnpaidOrdersExpire(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		u := f.shopper(t)
		g := f.simple(t)
		f.add(t, u, g, 2)
		p := f.place(t, u, "expire")
		if n, err := f.ExpireUnpaid(ctx); err != nil || n != 0 {
			t.Fatalf("expired %d early (%v)", n, err)
		}
		f.clock.add(31 * time.Minute)
		if n, err := f.ExpireUnpaid(ctx); err != nil || n != 1 {
			t.Fatalf("expired %d (%v), want 1", n, err)
		}
		if got := f.status(t, p.OrderNumbers[0]); got != Cancelled {
			t.Fatalf("status %d", got)
		}
		if s := db.Goods.GetX(ctx, g.ID).Stock; s != g.Stock {
			t.Fatalf("stock %d, want %d released", s, g.Stock)
		}
		_, err := f.Pay(ctx, u, PayInput{PayUID: p.PayUID, Method: payment.Card, Card: card(payment.CardSucceeds)})
		wantCode(t, err, apperr.Conflict)
	})
}

// A restart between placing and paying loses nothing; Doge pays on the
// simulated chain, once however often the wallet button is pressed.
func TestRestartThenPayWithDoge(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		u := f.shopper(t)
		f.add(t, u, f.simple(t), 1)
		p := f.place(t, u, "doge")
		f.Service = f.service() // the server restarted
		res, err := f.Pay(ctx, u, PayInput{PayUID: p.PayUID, Method: payment.Doge})
		if err != nil || res.DogeURL == "" {
			t.Fatalf("doge: %+v %v", res, err)
		}
		page, err := f.DogePage(ctx, u, p.PayUID)
		if err != nil || page.Address[0] != 'D' || page.AmountDoge == "0.00000000" || len(page.QR) < 100 {
			t.Fatalf("page: %+v %v", page, err)
		}
		for range 3 {
			if _, err := f.SimulateSend(ctx, u, p.PayUID); err != nil {
				t.Fatal(err)
			}
		}
		if n := db.DogeTransfer.Query().Where(dogetransfer.ToAddressEQ(page.Address)).CountX(ctx); n != 1 {
			t.Fatalf("%d transfers, want 1", n)
		}
		if got := f.status(t, p.OrderNumbers[0]); got != PaymentProcessing {
			t.Fatalf("status %d, want processing while confirming", got)
		}
		f.chainAdvance(10 * time.Second)
		pr, err := f.DogeProgress(ctx, u, p.PayUID)
		if err != nil || pr.Status != "succeeded" || pr.Confirmations != pr.Required {
			t.Fatalf("progress: %+v %v", pr, err)
		}
		if got := f.status(t, p.OrderNumbers[0]); got != Paid {
			t.Fatalf("status %d, want paid", got)
		}
		refunds, err := f.RefundAddresses(ctx, u, p.OrderNumbers[0])
		if err != nil || len(refunds) != 1 || refunds[0].Address != payment.WalletAddress(p.PayUID) {
			t.Fatalf("refund addresses: %+v %v", refunds, err)
		}
	})
}

// chainAdvance ages the simulated transfers, as blocks found would.
func (f *fixture) chainAdvance(d time.Duration) {
	ctx := context.Background()
	for _, tr := range f.db.DogeTransfer.Query().AllX(ctx) {
		f.db.DogeTransfer.UpdateOneID(tr.ID).SetSeenAt(tr.SeenAt.Add(-d)).ExecX(ctx)
	}
}

func TestListFiltersAndPages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		u := f.shopper(t)
		g := f.simple(t)
		var numbers []string
		for i := range 3 {
			f.add(t, u, g, 1)
			numbers = append(numbers, f.place(t, u, fmt.Sprintf("list-%d", i)).OrderNumbers...)
		}
		if _, err := f.Cancel(ctx, u, numbers[0]); err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			status, page, size, want int
			next                     bool
		}{
			{0, 1, 2, 2, true}, {0, 2, 2, 1, false}, {AwaitingPayment, 1, 10, 2, false}, {Cancelled, 1, 10, 1, false}, {Shipped, 1, 10, 0, false},
		}
		for _, tt := range tests {
			r, err := f.List(ctx, u, tt.status, tt.page, tt.size)
			if err != nil || len(r.List) != tt.want || r.HasNext != tt.next {
				t.Fatalf("list %+v: %d orders next=%v (%v)", tt, len(r.List), r.HasNext, err)
			}
		}
		_, err := f.List(ctx, u, 777, 1, 10)
		wantCode(t, err, apperr.InvalidInput)
		if n := db.Goods.Query().Where(goods.IDEQ(g.ID)).OnlyX(ctx).Stock; n != g.Stock-2 {
			t.Fatalf("stock %d, want %d", n, g.Stock-2)
		}
	})
}
