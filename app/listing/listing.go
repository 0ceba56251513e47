// Package listing is the seller's side of goods: their own list ("my
// goods"), sale status, stock and delete. Reads reuse app/catalog; every
// write checks that the signed-in user owns the goods through one of their
// identities and that the sid the client sent back is that identity.
package listing

import (
	"context"
	"fmt"
	"time"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/ent"
	"souk/ent/goods"
)

// Options are the service's hooks.
type Options struct {
	// OnChange runs after a committed change to some goods: the page cache
	// versions and the search index must follow at once. removed says the
	// goods left the catalogue (deleted), so lists showing it change too.
	OnChange func(ctx context.Context, removed bool, goodsUIDs ...string)
	Now      func() time.Time
}

// Service serves sellers' goods. It is safe for concurrent use.
type Service struct {
	db   *ent.Client
	cat  *catalog.Service
	opts Options
}

// New makes the service.
func New(db *ent.Client, cat *catalog.Service, o Options) *Service {
	if o.OnChange == nil {
		o.OnChange = func(context.Context, bool, ...string) {}
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Service{db: db, cat: cat, opts: o}
}

// Limits of the calls.
const (
	MaxStock   = 1_000_000_000 // pieces of one sku; far above any real stock, far below overflow
	MaxChanges = 500           // stock changes in one call
	MaxQuery   = 100           // characters of a name search
	PageSize   = 20
	MaxPage    = 100_000 // a page past it is empty anyway; keeps the offset from overflowing
)

// Target names the goods a call changes: its treId and the sid the owner's
// client got with it (SPEC §3: the owning identity).
type Target struct {
	TreID string
	Sid   string
}

// owned loads the goods a write is about, inside the write's transaction,
// and refuses anyone but its owner, or an owner whose client sends a sid
// that is not the goods' identity.
func owned(ctx context.Context, db *ent.Client, userID int, t Target) (*ent.Goods, error) {
	if t.TreID == "" || len(t.TreID) > 64 {
		return nil, apperr.Invalid("treId", "FormatError", "GoodsIdInvalid")
	}
	if t.Sid == "" || len(t.Sid) > 64 {
		return nil, apperr.Invalid("sid", "IncorrectEntry", "SidRequired")
	}
	g, err := db.Goods.Query().Where(goods.UIDEQ(t.TreID), catalog.Listed()).
		WithOwner(func(q *ent.IdentityQuery) { q.WithUser() }).WithSkus().Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apperr.New(apperr.NotFound, "GoodsNotFound")
	}
	if err != nil {
		return nil, fmt.Errorf("listing: load goods: %w", err)
	}
	owner := g.Edges.Owner
	if owner == nil || owner.Edges.User == nil || owner.Edges.User.ID != userID {
		return nil, apperr.New(apperr.Forbidden, "NotYourGoods")
	}
	if owner.UID != t.Sid {
		return nil, apperr.New(apperr.Forbidden, "SidMismatch")
	}
	return g, nil
}

// write runs fn on the owner's goods in one transaction and tells
// OnChange after the commit.
func (s *Service) write(ctx context.Context, userID int, t Target, removes bool, fn func(tx *ent.Tx, g *ent.Goods) error) error {
	tx, err := s.db.Tx(ctx)
	if err != nil {
		return fmt.Errorf("listing: begin: %w", err)
	}
	g, err := owned(ctx, tx.Client(), userID, t)
	if err == nil {
		err = fn(tx, g)
	}
	if err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("listing: commit: %w", err)
	}
	s.opts.OnChange(ctx, removes, g.UID)
	return nil
}
