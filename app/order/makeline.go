package order

import (
	"context"
	"fmt"
	"time"

	"souk/app/apperr"
	"souk/ent"
	"souk/ent/order"
)

// What the order state machine knows of make-line orders (app/makeline
// prices, places and answers them): an order with a makeline_uid is made
// by a maker who must accept it, within MakeLineRespond of payment, before
// it is produced or shipped. These read only the order's own columns
// (makeline_uid, accepted_at), so app/order never imports app/makeline.

// DefaultRespond is how long a maker has, from payment, to accept.
const DefaultRespond = 48 * time.Hour

// MakeLineInfo is what a make-line order adds to its views.
type MakeLineInfo struct {
	QuoteUID   string     `json:"uid"`
	AcceptedAt *time.Time `json:"acceptedAt,omitempty"`
	RespondBy  *time.Time `json:"respondBy,omitempty"` // while the maker may still accept
}

// makeLineInfo is nil for a cart order.
func (s *Service) makeLineInfo(o *ent.Order) *MakeLineInfo {
	if o.MakelineUID == "" {
		return nil
	}
	m := &MakeLineInfo{QuoteUID: o.MakelineUID, AcceptedAt: o.AcceptedAt}
	if o.AcceptedAt == nil && o.Status == Paid && o.PaidAt != nil {
		by := o.PaidAt.Add(s.opts.MakeLineRespond)
		m.RespondBy = &by
	}
	return m
}

// awaitingMaker: a paid make-line order its maker has not accepted yet.
func awaitingMaker(o *ent.Order) bool {
	return o.MakelineUID != "" && o.Status == Paid && o.AcceptedAt == nil
}

// notAccepted refuses producing or shipping a make-line order before its
// maker accepted it.
func notAccepted(o *ent.Order) error {
	if o.MakelineUID != "" && o.AcceptedAt == nil {
		return apperr.New(apperr.Conflict, "MakeLineNotAccepted")
	}
	return nil
}

// RefundUnaccepted moves a paid, unaccepted make-line order to
// RefundPending, unless its maker accepted it meanwhile. The buyer's
// cancel uses it here; app/makeline's decline and expiry sweep too.
func RefundUnaccepted(ctx context.Context, tx *ent.Tx, o *ent.Order, note string) (*ent.Order, error) {
	n, err := tx.Order.Update().Where(order.IDEQ(o.ID), order.StatusEQ(Paid), order.AcceptedAtIsNil()).
		SetStatus(RefundPending).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: refund unaccepted %s: %w", o.Number, err)
	}
	if n == 0 {
		return nil, apperr.New(apperr.Conflict, "OrderChangedMeanwhile")
	}
	if err := tx.OrderEvent.Create().SetOrderID(o.ID).SetStatus(RefundPending).SetNote(note).Exec(ctx); err != nil {
		return nil, fmt.Errorf("order: event %s: %w", o.Number, err)
	}
	return tx.Order.Get(ctx, o.ID)
}
