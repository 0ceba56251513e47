package store

import (
	"context"
	"fmt"

	"souk/ent"
)

// InTx runs fn in a transaction of db, committing when fn returns nil and
// rolling back otherwise; fn's error comes back as it was (services return
// their classified errors from inside).
func InTx(ctx context.Context, db *ent.Client, fn func(tx *ent.Tx) error) error {
	tx, err := db.Tx(ctx)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}
