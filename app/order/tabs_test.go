package order

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"souk/app/apperr"
	"souk/app/store/storetest"
	"souk/ent"
)

// Two tabs (or ten) place the same cart with different requestIds: one
// order results, the stock is taken once, and the others get a clear
// conflict with nothing written.
func TestOneCartGivesOneOrder(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		f := newFixture(t, db)
		ctx := context.Background()
		ana := f.shopper(t)
		g := f.simple(t)
		f.add(t, ana, g, 2)
		stock := db.Goods.GetX(ctx, g.ID).Stock
		pv, err := f.Preview(ctx, ana, "", "en", "USD")
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make(chan error, 10)
		for i := range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := f.Place(ctx, ana, PlaceInput{RequestID: fmt.Sprintf("tab-%d", i), Total: pv.Total.Amount, Lang: "en", Cur: "USD"})
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		placed := 0
		for err := range errs {
			switch {
			case err == nil:
				placed++
			case apperr.CodeOf(err) != apperr.Conflict && apperr.CodeOf(err) != apperr.InvalidInput:
				t.Fatalf("a losing tab got %v, want a clear conflict", err)
			}
		}
		if n := db.Order.Query().CountX(ctx); placed != 1 || n != 1 {
			t.Fatalf("%d placements succeeded and %d orders exist, want 1 and 1", placed, n)
		}
		if n := db.Payment.Query().CountX(ctx); n != 1 {
			t.Fatalf("%d payments, want 1", n)
		}
		if s := db.Goods.GetX(ctx, g.ID).Stock; s != stock-2 {
			t.Fatalf("stock %d, want %d (taken once)", s, stock-2)
		}
	})
}
