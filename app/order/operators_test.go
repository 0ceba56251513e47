package order

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"souk/app/apperr"
	"souk/app/payment"
	"souk/app/staff"
	"souk/app/store/storetest"
	"souk/ent"
	"souk/ent/order"
	"souk/ent/orderevent"
	"souk/ent/staffaudit"
)

// countingProvider counts the refunds asked of the provider.
type countingProvider struct {
	payment.Provider
	refunds *atomic.Int64
}

func (c countingProvider) Refund(ctx context.Context, ref, uid string, amount int64, key string) error {
	c.refunds.Add(1)
	return c.Provider.Refund(ctx, ref, uid, amount, key)
}

// operators is the fixture with the back office's Authorizer, a counted
// provider, and an admin and a reviewer.
func (f *fixture) operators(t *testing.T) (admin, reviewer Actor, refunds *atomic.Int64) {
	ctx := context.Background()
	refunds = &atomic.Int64{}
	f.opts.Auth = Operators{DB: f.db, Next: Owners{DB: f.db}}
	f.opts.Provider = countingProvider{Provider: f.provider, refunds: refunds}
	n := userSeq.Add(1)
	a := f.db.User.Create().SetUID(fmt.Sprintf("uadm%06d", n)).SetEmail(fmt.Sprintf("admin%d@example.com", n)).SetRole(staff.Admin).SaveX(ctx)
	r := f.db.User.Create().SetUID(fmt.Sprintf("urev%06d", n)).SetEmail(fmt.Sprintf("rev%d@example.com", n)).SetRole(staff.Reviewer).SaveX(ctx)
	return Actor{UserID: a.ID}, Actor{UserID: r.ID}, refunds
}

// TestParallelRefundRefundsOnce: an admin's refund clicked in eight tabs at
// once moves the order once, asks the provider once and writes one audit
// row; all eight answer the refunded order.
func TestParallelRefundRefundsOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		admin, _, refunds := f.operators(t)
		_, n := f.paidOrder(t, false)
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range errs {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				_, errs[i] = f.Refund(ctx, admin, AdminAct{Number: n, Reason: "buyer asked by phone"})
			}(i)
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Errorf("refund from another tab: %v", err)
			}
		}
		f.provider.Wait()
		events := db.OrderEvent.Query().Where(orderevent.HasOrderWith(order.NumberEQ(n)), orderevent.StatusEQ(RefundPending)).CountX(ctx)
		audits := db.StaffAudit.Query().Where(staffaudit.ObjectKindEQ(AuditKind), staffaudit.ObjectUIDEQ(n)).AllX(ctx)
		if refunds.Load() != 1 || events != 1 || len(audits) != 1 || f.status(t, n) != Refunded {
			t.Fatalf("%d refunds, %d events, %d audit rows, status %d", refunds.Load(), events, len(audits), f.status(t, n))
		}
		if a := audits[0]; a.Action != "refund" || a.Reason != "buyer asked by phone" || a.ActorID != admin.UserID ||
			a.Before != `{"status":200}` || a.After != `{"status":50}` {
			t.Fatalf("audit row %+v", a)
		}
		// Once refunded, another click changes nothing and still answers.
		v, err := f.Refund(ctx, admin, AdminAct{Number: n, Reason: "again"})
		if err != nil || v.Admin == nil || len(v.Admin.Audit) != 1 || v.Admin.Buyer == "" || v.Admin.Payment == nil || refunds.Load() != 1 {
			t.Fatalf("refund again: %v %+v", err, v)
		}
	})
}

// TestAdminActs: who may refund and cancel, what needs a reason, and which
// statuses allow which.
func TestAdminActs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		admin, reviewer, refunds := f.operators(t)
		_, paid := f.paidOrder(t, false)
		seller := Actor{UserID: f.sellerOf(t, paid)}
		g := f.simple(t)
		buyer := f.shopper(t)
		f.add(t, buyer, g, 2)
		unpaid := f.place(t, buyer, "unpaid").OrderNumbers[0]
		stock := db.Goods.GetX(ctx, g.ID).Stock
		cases := []struct {
			name string
			do   func() error
			want apperr.Code
		}{
			{"seller refunds", func() error { _, err := f.Refund(ctx, seller, AdminAct{Number: paid, Reason: "x"}); return err }, apperr.NotFound},
			{"reviewer refunds", func() error { _, err := f.Refund(ctx, reviewer, AdminAct{Number: paid, Reason: "x"}); return err }, apperr.NotFound},
			{"buyer cancels as admin", func() error {
				_, err := f.CancelUnpaid(ctx, Actor{UserID: buyer}, AdminAct{Number: unpaid, Reason: "x"})
				return err
			}, apperr.NotFound},
			{"no reason", func() error { _, err := f.Refund(ctx, admin, AdminAct{Number: paid, Reason: "  "}); return err }, apperr.InvalidInput},
			{"NUL in reason", func() error { _, err := f.Refund(ctx, admin, AdminAct{Number: paid, Reason: "a\x00b"}); return err }, apperr.InvalidInput},
			{"unknown order", func() error { _, err := f.Refund(ctx, admin, AdminAct{Number: "S000", Reason: "x"}); return err }, apperr.NotFound},
			{"refund unpaid", func() error { _, err := f.Refund(ctx, admin, AdminAct{Number: unpaid, Reason: "x"}); return err }, apperr.Conflict},
			{"cancel paid", func() error { _, err := f.CancelUnpaid(ctx, admin, AdminAct{Number: paid, Reason: "x"}); return err }, apperr.Conflict},
		}
		for _, c := range cases {
			if got := apperr.CodeOf(c.do()); got != c.want {
				t.Errorf("%s: code %d, want %d", c.name, got, c.want)
			}
		}
		if f.status(t, paid) != Paid || f.status(t, unpaid) != AwaitingPayment || refunds.Load() != 0 ||
			db.StaffAudit.Query().CountX(ctx) != 0 {
			t.Fatal("a refused act changed something")
		}
		for i := 0; i < 2; i++ { // the second answers the cancelled order
			v, err := f.CancelUnpaid(ctx, admin, AdminAct{Number: unpaid, Reason: "fraud suspected"})
			if err != nil || v.Status != Cancelled || v.Admin == nil || v.Admin.Cancel || len(v.Admin.Audit) != 1 {
				t.Fatalf("cancel %d: %v %+v", i, err, v)
			}
		}
		if got := db.Goods.GetX(ctx, g.ID).Stock; got != stock+2 {
			t.Fatalf("stock %d after cancelling, want %d", got, stock+2)
		}
		// Admins list every seller's orders and find them by the buyer's email.
		email := *db.User.GetX(ctx, buyer).Email
		r, err := f.SellerList(ctx, admin, SellerQuery{Search: email})
		if err != nil || r.Total != 1 || r.List[0].Number != unpaid || r.List[0].Buyer != email || !r.Admin {
			t.Fatalf("search by email: %v %+v", err, r)
		}
		if r, err := f.SellerList(ctx, seller, SellerQuery{Search: email}); err != nil || r.Total != 0 || r.Admin {
			t.Fatalf("a seller searching by email: %v %+v", err, r)
		}
		if v, err := f.SellerDetail(ctx, seller, paid); err != nil || v.Admin != nil {
			t.Fatalf("the seller's view: %v admin %+v", err, v.Admin)
		}
	})
}
