package order

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/review"
	"souk/app/staff"
	"souk/app/store"
	"souk/ent"
	entpay "souk/ent/payment"
	"souk/ent/user"
)

// Operators is the Authorizer of the back office: an admin's scope is every
// order; anyone else gets what Next (the sellers' Owners) gives them.
type Operators struct {
	DB   *ent.Client
	Next Authorizer
}

// Scope answers All for an active admin.
func (o Operators) Scope(ctx context.Context, userID int) (Scope, error) {
	u, err := o.DB.User.Get(ctx, userID)
	if err != nil && !ent.IsNotFound(err) {
		return Scope{}, fmt.Errorf("order: operator scope: %w", err)
	}
	if err == nil && staff.Require(u, staff.Admin) == nil {
		return Scope{All: true}, nil
	}
	return o.Next.Scope(ctx, userID)
}

// AuditKind is the kind of an order's audit rows (app/staff).
const AuditKind = "order"

// AdminInfo is what an admin sees beyond the seller's view: the buyer, the
// payment, what they may do and the operators' decisions on the order.
type AdminInfo struct {
	Buyer   string        `json:"buyer"`
	Payment *PaymentRow   `json:"payment"`
	Refund  bool          `json:"refund"` // a paid order: money back
	Cancel  bool          `json:"cancel"` // an unpaid order
	Audit   []staff.Entry `json:"audit"`
}

// PaymentRow is the payment of an order's checkout as an admin sees it.
type PaymentRow struct {
	UID       string        `json:"uid"`
	Method    int           `json:"method"`
	Status    string        `json:"status"`
	Amount    catalog.Price `json:"amount"` // the whole checkout's
	Ref       string        `json:"providerRef"`
	Failure   string        `json:"failure"`
	CreatedAt time.Time     `json:"createdAt"`
	PaidAt    *time.Time    `json:"paidAt"`
}

// admin answers the admin's extra view when the actor is an admin, nil
// otherwise (a seller's view stays as it was).
func (s *Service) admin(ctx context.Context, a Actor, o *ent.Order) (*AdminInfo, error) {
	if !s.isAdmin(ctx, a.UserID) {
		return nil, nil
	}
	info := &AdminInfo{Refund: o.Status == Paid, Cancel: o.Status == AwaitingPayment, Audit: []staff.Entry{}}
	if b, err := s.db.User.Get(ctx, o.UserID); err == nil && b.Email != nil {
		info.Buyer = *b.Email
	}
	if p, err := s.db.Payment.Query().Where(entpay.UIDEQ(o.PaymentUID)).Only(ctx); err == nil {
		info.Payment = &PaymentRow{UID: p.UID, Method: p.Method, Status: p.Status,
			Amount: s.cat.Money(p.Amount, p.Currency), Ref: p.ProviderRef, Failure: p.Failure,
			CreatedAt: p.CreatedAt, PaidAt: p.PaidAt}
	}
	trail, err := staff.New(s.db, nil).Trail(ctx, AuditKind, o.Number)
	if err != nil {
		return nil, err
	}
	if trail != nil {
		info.Audit = trail
	}
	return info, nil
}

func (s *Service) isAdmin(ctx context.Context, userID int) bool {
	u, err := s.db.User.Get(ctx, userID)
	return err == nil && staff.Require(u, staff.Admin) == nil
}

// buyerEmails finds the buyers whose email contains q (an admin's search).
func (s *Service) buyerEmails(ctx context.Context, q string) ([]int, error) {
	ids, err := s.db.User.Query().Where(user.EmailContainsFold(q)).Limit(200).IDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: buyer search: %w", err)
	}
	return ids, nil
}

// AdminAct is an admin's refund or cancel of one order, with the reason the
// audit keeps.
type AdminAct struct {
	Number string
	Reason string
}

func (in *AdminAct) check() error {
	in.Reason = strings.TrimSpace(in.Reason)
	if in.Reason == "" {
		return apperr.Invalid("reason", "FormRequired", "ReviewReasonRequired")
	}
	if utf8.RuneCountInString(in.Reason) > review.MaxReason || !utf8.ValidString(in.Reason) || strings.IndexByte(in.Reason, 0) >= 0 {
		return apperr.Invalid("reason", "FormTooLong", "ReviewReasonTooLong")
	}
	return nil
}

// Refund returns the money of a paid order (stock released) through the
// payment provider. The move Paid → RefundPending is a conditional update,
// so however often it is clicked, in however many tabs, the provider is
// asked once; a repeat answers the order as it is.
func (s *Service) Refund(ctx context.Context, a Actor, in AdminAct) (*SellerView, error) {
	return s.adminMove(ctx, a, in, "refund", []int{RefundPending, Refunded}, func(o *ent.Order) (int, string, error) {
		if o.Status != Paid {
			return 0, "", refusal(o.Status, RefundPending)
		}
		return RefundPending, "NoteRefundedByOperator", nil
	})
}

// CancelUnpaid cancels an order not paid yet (stock released).
func (s *Service) CancelUnpaid(ctx context.Context, a Actor, in AdminAct) (*SellerView, error) {
	return s.adminMove(ctx, a, in, "cancel", []int{Cancelled}, func(o *ent.Order) (int, string, error) {
		if o.Status != AwaitingPayment {
			return 0, "", refusal(o.Status, Cancelled)
		}
		return Cancelled, "NoteCancelledByOperator", nil
	})
}

// adminMove runs one admin decision: the move, the stock and the audit row
// in one transaction, then the refund (if any) and the notices. done are
// the statuses that mean the decision was already made.
func (s *Service) adminMove(ctx context.Context, a Actor, in AdminAct, action string, done []int,
	decide func(o *ent.Order) (int, string, error)) (*SellerView, error) {
	actor, err := s.db.User.Get(ctx, a.UserID)
	if err != nil || staff.Require(actor, staff.Admin) != nil {
		return nil, staff.ErrNoRole()
	}
	if err := in.check(); err != nil {
		return nil, err
	}
	o, err := s.sellerOrder(ctx, a, in.Number)
	if err != nil {
		return nil, err
	}
	var c changed
	var refund *ent.Order
	already := false
	err = store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		fresh, err := tx.Order.Get(ctx, o.ID)
		if err != nil {
			return err
		}
		for _, st := range done {
			if fresh.Status == st {
				already = true
				return nil
			}
		}
		to, note, err := decide(fresh)
		if err != nil {
			return err
		}
		moved, err := move(ctx, tx, fresh, to, note, nil)
		if err != nil {
			return err
		}
		if err := setBy(ctx, tx, moved.ID, a.UserID); err != nil {
			return err
		}
		touched, err := releaseStock(ctx, tx, moved)
		if err != nil {
			return err
		}
		c = changed{orders: []*ent.Order{moved}, touched: touched}
		if to == RefundPending {
			refund = moved
		}
		return staff.New(tx.Client(), s.opts.Now).Record(ctx, tx, staff.Decision{Actor: actor, Kind: AuditKind, UID: fresh.Number,
			Action: action, Reason: in.Reason,
			Before: map[string]int{"status": fresh.Status}, After: map[string]int{"status": to}})
	})
	if e, ok := apperr.As(err); ok && e.Key == "OrderChangedMeanwhile" {
		// Another click won the race: when it made this decision, this one is done too.
		if cur, gerr := s.db.Order.Get(ctx, o.ID); gerr == nil {
			for _, st := range done {
				if cur.Status == st {
					already, err = true, nil
				}
			}
		}
	}
	if err != nil {
		return nil, err
	}
	if !already {
		s.after(ctx, c)
		if refund != nil {
			if err := s.refund(ctx, refund); err != nil {
				s.opts.Log.Error("order: operator refund", "order", refund.Number, "err", err)
			}
		}
	}
	return s.sellerDetailAs(ctx, a, o.ID)
}
