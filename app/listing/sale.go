package listing

import (
	"context"
	"fmt"

	"souk/app/apperr"
	"souk/ent"
	"souk/ent/goods"
)

// SetSaleable puts the owner's goods on sale (1) or off sale (0). It
// applies at once, without review.
func (s *Service) SetSaleable(ctx context.Context, userID int, t Target, saleable int) error {
	if saleable != 0 && saleable != 1 {
		return apperr.Invalid("saleable", "FormatError", "SaleableInvalid")
	}
	return s.write(ctx, userID, t, false, func(tx *ent.Tx, g *ent.Goods) error {
		// Not deleted meanwhile: a deleted item must stay off sale.
		n, err := tx.Goods.Update().Where(goods.IDEQ(g.ID), goods.DeletedAtIsNil()).SetSaleable(saleable).AddVersion(1).Save(ctx)
		if err != nil {
			return fmt.Errorf("listing: sale status: %w", err)
		}
		if n == 0 {
			return apperr.New(apperr.NotFound, "GoodsNotFound")
		}
		return nil
	})
}

// Delete hides the owner's goods everywhere (pages, cards, search,
// sitemaps, carts) and takes it off sale. The row stays, so orders keep
// their lines and order pages still show them.
func (s *Service) Delete(ctx context.Context, userID int, t Target) error {
	return s.write(ctx, userID, t, true, func(tx *ent.Tx, g *ent.Goods) error {
		n, err := tx.Goods.Update().Where(goods.IDEQ(g.ID), goods.DeletedAtIsNil()).
			SetDeletedAt(s.opts.Now()).SetSaleable(0).AddVersion(1).Save(ctx)
		if err != nil {
			return fmt.Errorf("listing: delete: %w", err)
		}
		if n == 0 { // deleted by another tab a moment ago
			return apperr.New(apperr.NotFound, "GoodsNotFound")
		}
		return nil
	})
}
