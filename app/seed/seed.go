// Package seed fills a new database with Souk's demo catalogue: reference
// data, identities, several hundred goods in nine languages with generated
// pictures, comments and the home page. It is deterministic: the same
// count gives the same catalogue. Generate adds many more goods for
// benchmarks.
package seed

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"souk/app/store"
	"souk/ent"
	"souk/ent/identity"
)

// Base is the fixed "now" of the demo data, so seeding is deterministic.
var Base = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// EnsureDemo seeds the demo catalogue with n goods when the database has no
// goods yet; it does nothing otherwise.
func EnsureDemo(ctx context.Context, db *ent.Client, n int, log *slog.Logger) error {
	has, err := db.Goods.Query().Exist(ctx)
	if err != nil {
		return fmt.Errorf("seed: check for goods: %w", err)
	}
	if has {
		return nil
	}
	start := time.Now()
	if err := Demo(ctx, db, n); err != nil {
		return err
	}
	log.Info("seeded the demo catalogue", "goods", n, "took", time.Since(start).Round(time.Millisecond))
	return nil
}

// Demo writes the whole demo catalogue in one transaction.
func Demo(ctx context.Context, db *ent.Client, n int) error {
	c, err := loadContent()
	if err != nil {
		return err
	}
	return store.InTx(ctx, db, func(tx *ent.Tx) error {
		if err := reference(ctx, tx); err != nil {
			return err
		}
		owners, err := identities(ctx, tx, c)
		if err != nil {
			return err
		}
		if n > 0 { // SEED_GOODS=0 is how production starts: no demo logins there
			if err := logins(ctx, tx, owners); err != nil {
				return err
			}
		}
		if err := categories(ctx, tx); err != nil {
			return err
		}
		b := newBuilder(tx, c, owners)
		made, err := b.goods(ctx, 0, n, true)
		if err != nil {
			return err
		}
		if err := home(ctx, tx, c, made); err != nil {
			return err
		}
		return hots(ctx, tx, c, made)
	})
}

// Generate adds n more goods (lighter: fewer texts, no comments) to an
// already seeded database, in batches, for benchmarks at scale.
func Generate(ctx context.Context, db *ent.Client, n int, log *slog.Logger) error {
	if err := EnsureDemo(ctx, db, 480, log); err != nil {
		return err
	}
	c, err := loadContent()
	if err != nil {
		return err
	}
	offset, err := db.Goods.Query().Count(ctx)
	if err != nil {
		return fmt.Errorf("seed: count goods: %w", err)
	}
	owners, err := db.Identity.Query().Where(identity.PublicEQ(true)).All(ctx) // not users' applications
	if err != nil {
		return fmt.Errorf("seed: load identities: %w", err)
	}
	const batch = 500
	for done := 0; done < n; done += batch {
		size := min(batch, n-done)
		err := store.InTx(ctx, db, func(tx *ent.Tx) error {
			_, err := newBuilder(tx, c, owners).goods(ctx, offset+done, size, false)
			return err
		})
		if err != nil {
			return err
		}
		if (done/batch)%20 == 0 {
			log.Info("generating goods", "done", done+size, "of", n)
		}
	}
	return nil
}
