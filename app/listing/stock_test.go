package listing

import (
	"context"
	"fmt"
	"slices"
	"souk/app/review"
	"sync"
	"sync/atomic"
	"testing"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/store/storetest"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/identity"
	"souk/ent/predicate"
	"souk/ent/sku"
)

// TestStockBadInput: every malformed change is refused and nothing of the
// call is written, not even the lines before the bad one.
func TestStockBadInput(t *testing.T) {
	f := newFixture(t, storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()}))
	ctx := context.Background()
	own := Target{TreID: f.withSkus.UID, Sid: f.sid}
	k0, k1 := f.withSkus.Edges.Skus[0], f.withSkus.Edges.Skus[1]
	plain := Target{TreID: f.plain.UID, Sid: f.sid}
	many := make([]StockChange, MaxChanges+1)
	for i := range many {
		many[i] = StockChange{SkuID: fmt.Sprint("s", i), Delta: i64(1)}
	}
	for _, c := range []struct {
		name    string
		tg      Target
		changes []StockChange
		want    apperr.Code
	}{
		{"nothing", own, nil, apperr.InvalidInput},
		{"too many", own, many, apperr.InvalidInput},
		{"negative stock", own, []StockChange{{SkuID: k0.UID, Stock: i64(-1), Was: i64(int64(k0.Stock))}}, apperr.InvalidInput},
		{"huge stock", own, []StockChange{{SkuID: k0.UID, Stock: i64(MaxStock + 1), Was: i64(int64(k0.Stock))}}, apperr.InvalidInput},
		{"huge delta", own, []StockChange{{SkuID: k0.UID, Delta: i64(1 << 40)}}, apperr.InvalidInput},
		{"stock without was", own, []StockChange{{SkuID: k0.UID, Stock: i64(5)}}, apperr.InvalidInput},
		{"stock and delta", own, []StockChange{{SkuID: k0.UID, Stock: i64(5), Was: i64(0), Delta: i64(1)}}, apperr.InvalidInput},
		{"neither", own, []StockChange{{SkuID: k0.UID}}, apperr.InvalidInput},
		{"same sku twice", own, []StockChange{{SkuID: k0.UID, Delta: i64(1)}, {SkuID: k0.UID, Delta: i64(1)}}, apperr.InvalidInput},
		{"unknown sku", own, []StockChange{{SkuID: k0.UID, Delta: i64(1)}, {SkuID: "sknosuch", Delta: i64(1)}}, apperr.Forbidden},
		{"another seller's sku", own, []StockChange{{SkuID: k0.UID, Delta: i64(1)}, {SkuID: f.others.Edges.Skus[0].UID, Delta: i64(1)}}, apperr.Forbidden},
		{"no sku on goods with skus", own, []StockChange{{Delta: i64(1)}}, apperr.InvalidInput},
		{"a sku on goods without", plain, []StockChange{{SkuID: k0.UID, Delta: i64(1)}}, apperr.Forbidden},
		{"below zero", own, []StockChange{{SkuID: k1.UID, Delta: i64(1)}, {SkuID: k0.UID, Delta: i64(-int64(k0.Stock) - 1)}}, apperr.Conflict},
		{"above the maximum", own, []StockChange{{SkuID: k1.UID, Delta: i64(1)}, {SkuID: k0.UID, Delta: i64(MaxStock)}}, apperr.Conflict},
		{"stale was", own, []StockChange{{SkuID: k1.UID, Delta: i64(1)}, {SkuID: k0.UID, Stock: i64(3), Was: i64(int64(k0.Stock) + 1)}}, apperr.Conflict},
		{"below zero without skus", plain, []StockChange{{Delta: i64(-int64(f.plain.Stock) - 1)}}, apperr.Conflict},
	} {
		before, other := f.state(t, f.withSkus), f.state(t, f.plain)
		_, err := f.ChangeStock(ctx, f.owner, c.tg, c.changes)
		wantCode(t, c.name, err, c.want)
		if !slices.Equal(before, f.state(t, f.withSkus)) || !slices.Equal(other, f.state(t, f.plain)) {
			t.Errorf("%s changed something", c.name)
		}
	}
	wantCode(t, "saleable 2", f.SetSaleable(ctx, f.owner, own, 2), apperr.InvalidInput)
	wantCode(t, "saleable -1", f.SetSaleable(ctx, f.owner, own, -1), apperr.InvalidInput)
	// And what is allowed: set and add, on skus and on goods without them.
	got, err := f.ChangeStock(ctx, f.owner, own, []StockChange{
		{SkuID: k1.UID, Stock: i64(7), Was: i64(int64(k1.Stock))}, {SkuID: k0.UID, Delta: i64(-int64(k0.Stock))}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{k0.UID: 0, k1.UID: 7}
	for _, s := range got {
		if want[s.SkuID] != s.Stock {
			t.Errorf("after the change %v, want %v", got, want)
		}
	}
	if _, err := f.ChangeStock(ctx, f.owner, plain, []StockChange{{Stock: i64(MaxStock), Was: i64(int64(f.plain.Stock))}}); err != nil {
		t.Fatal(err)
	}
	if g := f.db.Goods.GetX(ctx, f.plain.ID); g.Stock != MaxStock || g.Version <= f.plain.Version {
		t.Fatalf("goods without skus: stock %d version %d", g.Stock, g.Version)
	}
}

// TestStockConcurrency: sellers adding and taking away, sellers setting
// what they saw, and buyers taking stock the way checkout does
// (app/order holdStock), all at once: stock never goes below zero and
// every accepted change is in the result.
func TestStockConcurrency(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		own := Target{TreID: f.withSkus.UID, Sid: f.sid}
		k := f.withSkus.Edges.Skus[0]
		const start = 30
		db.Sku.UpdateOne(k).SetStock(start).ExecX(ctx)
		var sum atomic.Int64 // every accepted change, signed
		var sets atomic.Int64
		var wg sync.WaitGroup
		errs := make(chan error, 200)
		for i := 0; i < 60; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				switch i % 4 {
				case 0: // a seller takes 4 away
					if _, err := f.ChangeStock(ctx, f.owner, own, []StockChange{{SkuID: k.UID, Delta: i64(-4)}}); err == nil {
						sum.Add(-4)
					} else if apperr.CodeOf(err) != apperr.Conflict {
						errs <- err
					}
				case 1: // a seller adds 1
					if _, err := f.ChangeStock(ctx, f.owner, own, []StockChange{{SkuID: k.UID, Delta: i64(1)}}); err != nil {
						errs <- err
					} else {
						sum.Add(1)
					}
				case 2: // a seller adds 10 to what they saw
					was := int64(db.Sku.GetX(ctx, k.ID).Stock)
					if _, err := f.ChangeStock(ctx, f.owner, own, []StockChange{{SkuID: k.UID, Stock: i64(was + 10), Was: i64(was)}}); err == nil {
						sum.Add(10)
						sets.Add(1)
					} else if apperr.CodeOf(err) != apperr.Conflict {
						errs <- err
					}
				default: // a buyer takes 3, as checkout does
					err := withTx(ctx, db, func(tx *ent.Tx) error {
						n, err := tx.Sku.Update().Where(sku.IDEQ(k.ID), sku.StockGTE(3)).AddStock(-3).Save(ctx)
						if err == nil && n == 1 {
							sum.Add(-3)
						}
						return err
					})
					if err != nil {
						errs <- err
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		got := db.Sku.GetX(ctx, k.ID).Stock
		if got < 0 || int64(got) != start+sum.Load() {
			t.Fatalf("stock %d, want %d + %d (accepted changes); %d sets applied", got, start, sum.Load(), sets.Load())
		}
	})
}

func withTx(ctx context.Context, db *ent.Client, fn func(tx *ent.Tx) error) error {
	tx, err := db.Tx(ctx)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// TestDeleteHides: deleted goods leave pages, cards, sitemaps and carts,
// and stay for what orders show.
func TestDeleteHides(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		g := f.plain
		if err := f.Delete(ctx, f.owner, Target{TreID: g.UID, Sid: f.sid}); err != nil {
			t.Fatal(err)
		}
		wantCode(t, "delete twice", f.Delete(ctx, f.owner, Target{TreID: g.UID, Sid: f.sid}), apperr.NotFound)
		_, err := f.cat.Detail(ctx, catalog.Ref{TreID: g.UID}, "en", "USD")
		wantCode(t, "product page", err, apperr.NotFound)
		page, err := f.cat.Cards(ctx, catalog.CardQuery{OwnerUID: f.sid, Spe: -1, PageSize: 60})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range page.Cards {
			if c.TreID == g.UID {
				t.Fatal("the identity page still lists it")
			}
		}
		if m, _ := f.cat.ListedCardsByUID(ctx, []string{g.UID}, "en", "USD"); len(m) != 0 {
			t.Fatal("home and search still get its card")
		}
		if m, _ := f.cat.CardsByUID(ctx, []string{g.UID}, "en", "USD"); len(m) != 1 {
			t.Fatal("carts and orders lost its card")
		}
		entries, _ := f.cat.GoodsEntries(ctx, g.MainLan, 0, 100000) // the sitemaps of its own language
		for _, e := range entries {
			if e.Path == "/tredetail/"+g.UID || len(e.Path) > len(g.UID)+11 && e.Path[:len(g.UID)+11] == "/tredetail/"+g.UID {
				t.Fatal("the sitemap still lists it")
			}
		}
		if x := db.Goods.Query().Where(goods.IDEQ(g.ID)).OnlyX(ctx); x.Saleable != 0 || x.DeletedAt == nil {
			t.Fatalf("deleted goods: saleable %d deleted %v", x.Saleable, x.DeletedAt)
		}
		p, _ := f.Mine(ctx, f.owner, ListQuery{PageSize: 60})
		for _, it := range p.List {
			if it.TreID == g.UID {
				t.Fatal("my goods still lists it")
			}
		}
	})
}

// TestMineFilters: status filters, name search in any language, paging,
// and the review status object.
func TestMineFilters(t *testing.T) {
	f := newFixture(t, storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()}))
	ctx := context.Background()
	owner := f.withSkus.Edges.Owner
	all := f.db.Goods.Query().Where(goods.HasOwnerWith(identityIs(owner.ID))).AllX(ctx)
	if len(all) < 3 {
		t.Skipf("the owner has %d goods", len(all))
	}
	f.db.Goods.Update().Where(goods.HasOwnerWith(identityIs(owner.ID))).SetSaleable(1).SetApproveStatus(review.Pass).ExecX(ctx)
	f.db.Goods.UpdateOne(all[0]).SetSaleable(0).ExecX(ctx)
	f.db.Goods.UpdateOne(all[1]).SetApproveStatus(review.Waiting).ExecX(ctx)
	f.db.Goods.UpdateOne(all[2]).SetApproveStatus(review.Rejected).ExecX(ctx)
	t2 := func(k string) string { return "<" + k + ">" }
	count := func(q ListQuery) *MyPage {
		t.Helper()
		q.T = t2
		p, err := f.Mine(ctx, f.owner, q)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	if p := count(ListQuery{}); p.Total != len(all) {
		t.Fatalf("all: %d of %d", p.Total, len(all))
	}
	if p := count(ListQuery{Status: StatusOffSale}); p.Total != 1 || p.List[0].TreID != all[0].UID || p.List[0].Saleable != 0 {
		t.Fatalf("off sale: %+v", p)
	}
	if p := count(ListQuery{Status: StatusOnSale}); p.Total != len(all)-1 {
		t.Fatalf("on sale: %d", p.Total)
	}
	p := count(ListQuery{Status: StatusWaiting})
	if p.Total != 1 || p.List[0].ReviewStatus != (review.Status{ID: 1, TNa: "<ReviewStatusWaiting>", Color: "#b26a00"}) {
		t.Fatalf("waiting: %+v", p)
	}
	if p := count(ListQuery{Status: StatusRejected}); p.Total != 1 || p.List[0].ApproveStatus != review.Rejected {
		t.Fatalf("rejected: %+v", p)
	}
	_, err := f.Mine(ctx, f.owner, ListQuery{Status: "deleted"})
	wantCode(t, "unknown status", err, apperr.InvalidInput)
	// Paging: one by one, newest first, each once.
	seen := map[string]bool{}
	for i := 1; i <= len(all); i++ {
		p := count(ListQuery{Page: i, PageSize: 1})
		if len(p.List) != 1 || seen[p.List[0].TreID] {
			t.Fatalf("page %d: %+v", i, p.List)
		}
		seen[p.List[0].TreID] = true
	}
	// A name search finds the goods by a word of its name, in any case.
	name := f.withSkus.UID
	if c, _ := f.cat.CardsByUID(ctx, []string{f.withSkus.UID}, "en", "USD"); c[f.withSkus.UID].TreName.Txt != "" {
		name = c[f.withSkus.UID].TreName.Txt
	}
	p = count(ListQuery{Text: "  " + upper(name[:min(len(name), 6)]) + " "})
	found := false
	for _, it := range p.List {
		found = found || it.TreID == f.withSkus.UID
		if it.TreID == f.withSkus.UID && (len(it.Skus) != len(f.withSkus.Edges.Skus) || len(it.Skus[0].Names) == 0) {
			t.Fatalf("skus of the stock editor: %+v", it.Skus)
		}
	}
	if !found {
		t.Fatalf("search %q did not find %s", name, f.withSkus.UID)
	}
	// Pages ask which of the goods they show are the viewer's.
	if p := count(ListQuery{TreIDs: []string{f.withSkus.UID, f.others.UID, "trnosuch"}}); p.Total != 1 || p.List[0].TreID != f.withSkus.UID {
		t.Fatalf("by treIds: %+v", p)
	}
	_, err = f.Mine(ctx, f.owner, ListQuery{TreIDs: make([]string, catalog.MaxPageSize+1)})
	wantCode(t, "too many treIds", err, apperr.InvalidInput)
	if p := count(ListQuery{Text: "zzqqxx-none"}); p.Total != 0 || len(p.List) != 0 {
		t.Fatalf("a search for nothing: %+v", p)
	}
}

func upper(s string) string {
	b := []rune(s)
	for i, r := range b {
		if r >= 'a' && r <= 'z' {
			b[i] = r - 32
		}
	}
	return string(b)
}

func identityIs(id int) predicate.Identity { return identity.IDEQ(id) }
