package listing

import (
	"context"
	"slices"
	"sync"
	"testing"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/i18n"
	"souk/app/seed"
	"souk/app/store/storetest"
	"souk/app/version"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/sku"
	"souk/locales"
)

// fixture: a demo catalogue; owner owns the identity of one goods with
// skus and one without; seller owns another identity; shopper owns none.
type fixture struct {
	*Service
	db                     *ent.Client
	cat                    *catalog.Service
	owner, seller, shopper int
	withSkus, plain        *ent.Goods // the owner's
	others                 *ent.Goods // the other seller's, with skus
	sid, otherSid          string
	changed                []string
	mu                     sync.Mutex
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
	f := &fixture{db: db, cat: cat}
	f.Service = New(db, cat, Options{OnChange: func(_ context.Context, _ bool, uids ...string) {
		f.mu.Lock()
		f.changed = append(f.changed, uids...)
		f.mu.Unlock()
	}})
	mk := func(uid string) int { return db.User.Create().SetUID(uid).SetUserName(uid).SaveX(ctx).ID }
	f.owner, f.seller, f.shopper = mk("uowner"), mk("useller"), mk("ushopper")
	all := db.Goods.Query().Where(goods.SaleableEQ(1)).WithOwner().WithSkus().Order(ent.Asc(goods.FieldID)).AllX(ctx)
	for _, g := range all {
		if f.withSkus == nil && len(g.Edges.Skus) > 1 {
			f.withSkus = g
		}
	}
	for _, g := range all {
		if g.Edges.Owner.ID == f.withSkus.Edges.Owner.ID && len(g.Edges.Skus) == 0 && f.plain == nil {
			f.plain = g
		}
		if g.Edges.Owner.ID != f.withSkus.Edges.Owner.ID && len(g.Edges.Skus) > 0 && f.others == nil {
			f.others = g
		}
	}
	if f.plain == nil { // the identity may sell only goods with skus: give it one without
		f.plain = db.Goods.Create().SetUID("trplain").SetOwner(f.withSkus.Edges.Owner).SetStock(40).SaveX(ctx)
	}
	if f.others == nil {
		t.Fatal("fixture: no goods of another identity")
	}
	db.Identity.UpdateOne(f.withSkus.Edges.Owner).SetUserID(f.owner).ExecX(ctx)
	db.Identity.UpdateOne(f.others.Edges.Owner).SetUserID(f.seller).ExecX(ctx)
	f.sid, f.otherSid = f.withSkus.Edges.Owner.UID, f.others.Edges.Owner.UID
	return f
}

func wantCode(t *testing.T, what string, err error, code apperr.Code) {
	t.Helper()
	if got := apperr.CodeOf(err); got != code {
		t.Errorf("%s: error %v, code %d, want %d", what, err, got, code)
	}
}

func i64(v int64) *int64 { return &v }

// state is what a refused call must leave as it was.
func (f *fixture) state(t *testing.T, g *ent.Goods) []int64 {
	ctx := context.Background()
	x := f.db.Goods.Query().Where(goods.IDEQ(g.ID)).WithSkus(func(q *ent.SkuQuery) { q.Order(ent.Asc(sku.FieldID)) }).OnlyX(ctx)
	out := []int64{int64(x.Saleable), int64(x.Stock), x.Version}
	if x.DeletedAt != nil {
		out = append(out, -1)
	}
	for _, k := range x.Edges.Skus {
		out = append(out, int64(k.Stock))
	}
	return out
}

// TestPermissions tries every change as a shopper, another seller, the
// owner with a forged sid and the owner: only the last one changes anything
// (the visitor is refused before the service, server/listing_test.go).
func TestPermissions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		k := f.withSkus.Edges.Skus[0]
		calls := map[string]func(user int, tg Target) error{
			"upTreSaleStatus": func(u int, tg Target) error { return f.SetSaleable(ctx, u, tg, 0) },
			"changeInventory": func(u int, tg Target) error {
				_, err := f.ChangeStock(ctx, u, tg, []StockChange{{SkuID: k.UID, Delta: i64(1)}})
				return err
			},
			"deleteTre": func(u int, tg Target) error { return f.Delete(ctx, u, tg) },
		}
		own := Target{TreID: f.withSkus.UID, Sid: f.sid}
		for _, name := range []string{"upTreSaleStatus", "changeInventory", "deleteTre"} {
			call := calls[name]
			for _, c := range []struct {
				who  string
				user int
				tg   Target
				want apperr.Code
			}{
				{"shopper", f.shopper, own, apperr.Forbidden},
				{"another seller", f.seller, own, apperr.Forbidden},
				{"another seller with their sid", f.seller, Target{f.withSkus.UID, f.otherSid}, apperr.Forbidden},
				{"owner, forged sid", f.owner, Target{f.withSkus.UID, "forged"}, apperr.Forbidden},
				{"owner, another seller's sid", f.owner, Target{f.withSkus.UID, f.otherSid}, apperr.Forbidden},
				{"owner, no sid", f.owner, Target{f.withSkus.UID, ""}, apperr.InvalidInput},
				{"owner, unknown goods", f.owner, Target{"trnosuch", f.sid}, apperr.NotFound},
				{"owner, another seller's goods", f.owner, Target{f.others.UID, f.sid}, apperr.Forbidden},
			} {
				before, other := f.state(t, f.withSkus), f.state(t, f.others)
				wantCode(t, name+" as "+c.who, call(c.user, c.tg), c.want)
				if !slices.Equal(before, f.state(t, f.withSkus)) || !slices.Equal(other, f.state(t, f.others)) {
					t.Errorf("%s as %s changed something", name, c.who)
				}
			}
		}
		if len(f.changed) != 0 {
			t.Fatalf("refused calls reported changes: %v", f.changed)
		}
		// The owner may do each; delete last, after which nothing is found.
		for _, name := range []string{"upTreSaleStatus", "changeInventory", "deleteTre"} {
			if err := calls[name](f.owner, own); err != nil {
				t.Fatalf("%s as the owner: %v", name, err)
			}
		}
		if !slices.Equal(f.changed, []string{f.withSkus.UID, f.withSkus.UID, f.withSkus.UID}) {
			t.Fatalf("changes reported: %v", f.changed)
		}
		wantCode(t, "sale status of a deleted item", calls["upTreSaleStatus"](f.owner, own), apperr.NotFound)
		// The list: only one's own goods, each with its sid.
		for _, c := range []struct {
			who   string
			user  int
			want  string // a goods uid the list must hold
			never string
		}{
			{"shopper", f.shopper, "", f.plain.UID},
			{"another seller", f.seller, f.others.UID, f.plain.UID},
			{"owner", f.owner, f.plain.UID, f.others.UID},
		} {
			p, err := f.Mine(ctx, c.user, ListQuery{PageSize: 60})
			if err != nil {
				t.Fatal(err)
			}
			var uids []string
			for _, it := range p.List {
				uids = append(uids, it.TreID)
				if it.Sid == "" || (c.user == f.owner && it.Sid != f.sid) {
					t.Errorf("%s: card %s has sid %q", c.who, it.TreID, it.Sid)
				}
			}
			if (c.want != "" && !slices.Contains(uids, c.want)) || slices.Contains(uids, c.never) || slices.Contains(uids, f.withSkus.UID) {
				t.Errorf("%s's list: %v", c.who, uids)
			}
		}
	})
}
