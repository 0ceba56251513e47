package order

import (
	"context"
	"time"

	"souk/app/money"
	"souk/app/store"
	"souk/ent"
)

// The small surface app/makeline builds on: make-line orders are priced,
// placed and answered there, but written, paid, refunded, notified and
// shown through this package's checkout and state machine. Each export
// here exists for app/makeline and wraps what the cart checkout uses.

// MakerRespond is how long a maker has, from payment, to accept
// (Options.MakeLineRespond); for app/makeline.
func (s *Service) MakerRespond() time.Duration { return s.opts.MakeLineRespond }

// ChosenAddress is the user's address id, or their default when id is
// empty (nil when they have none); for app/makeline (inside its
// transaction too, with tx.Client()).
func ChosenAddress(ctx context.Context, db *ent.Client, userID int, id string) (*ent.Address, error) {
	return chosenAddress(ctx, db, userID, id)
}

// DressDelivery is SPEC §9's made-to-measure promise from now, as clients
// see it; for app/makeline.
func DressDelivery(now time.Time) *Delivery { return deliveryOf(dressDelivery(now)) }

// Shipping is the flat rate for goods worth goods in cur; for app/makeline.
func (s *Service) Shipping(goods int64, cur string) (int64, error) { return s.shipping(goods, cur) }

// Currency is code's currency, USD when unknown; for app/makeline.
func (s *Service) Currency(code string) money.Currency { return s.currency(code) }

// MoneyText writes an amount for a message; for app/makeline.
func (s *Service) MoneyText(minor int64, code string) string { return s.moneyText(minor, code) }

// NewNumber is a new order number; app/makeline claims its quote with it
// before the order is written.
func NewNumber(now time.Time) string { return newNumber(now) }

// StartPlace checks a placing call (as Place does) and answers a
// requestId already done; for app/makeline. A nil result and nil error
// mean: go on and place.
func (s *Service) StartPlace(ctx context.Context, userID int, in PlaceInput) (*Placed, error) {
	if err := checkPlace(in); err != nil {
		return nil, err
	}
	return s.replay(ctx, userID, in.RequestID)
}

// PlaceOne runs write, which makes one order, in a transaction; a lost
// race on the same requestId answers the winner's result. After commit the
// buyer's language is remembered and the placed notice sent in it. For
// app/makeline.
func (s *Service) PlaceOne(ctx context.Context, userID int, in PlaceInput, write func(tx *ent.Tx) (*Placed, *ent.Order, error)) (*Placed, error) {
	var made *ent.Order
	var res *Placed
	err := store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		var err error
		res, made, err = write(tx)
		return err
	})
	if err != nil {
		return s.raced(ctx, userID, in.RequestID, err)
	}
	s.rememberLang(ctx, userID, in.Lang)
	s.For(in.Lang).notify(ctx, made, AwaitingPayment)
	return res, nil
}

// MakeLineOrder is one make-line piece to write as an order of its maker.
type MakeLineOrder struct {
	UserID, MakerID             int
	Number, QuoteUID, RequestID string
	Cur, Note                   string
	Unit, Shipping, Total       int64
	Addr                        *ent.Address
	Now                         time.Time
	Line                        *ent.OrderLineCreate // its one line; the order is set here
}

// WriteMakeLine writes, inside tx, the payment and the order (awaiting
// payment, no stock held, the dress delivery promise) of one make-line
// piece, through the checkout's own writers; for app/makeline.
func (s *Service) WriteMakeLine(ctx context.Context, tx *ent.Tx, m MakeLineOrder) (*Placed, *ent.Order, error) {
	pay, err := newPayment(ctx, tx, m.UserID, m.RequestID, m.Cur, m.Total)
	if err != nil {
		return nil, nil, err
	}
	o, err := newOrder(ctx, tx, orderSpec{userID: m.UserID, sellerID: m.MakerID, payUID: pay.UID, cur: m.Cur, note: m.Note,
		makeLine: m.QuoteUID, goods: m.Unit, ship: m.Shipping, amount: m.Total, addr: snapshot(m.Addr), delivery: dressDelivery(m.Now),
		payBy: m.Now.Add(s.opts.PayWindow), now: m.Now, number: m.Number, lines: []*ent.OrderLineCreate{m.Line}})
	if err != nil {
		return nil, nil, err
	}
	return &Placed{PayUID: pay.UID, OrderNumbers: []string{o.Number}, Total: s.cat.Money(m.Total, m.Cur)}, o, nil
}

// SellerMove runs fn on a fresh copy of a seller's order inside a
// transaction, tells about the orders fn moved, and answers the seller's
// view; for app/makeline (the maker's accept and decline).
func (s *Service) SellerMove(ctx context.Context, a Actor, number string, fn func(tx *ent.Tx, o *ent.Order) ([]*ent.Order, error)) (*SellerView, error) {
	return s.sellerMove(ctx, a, number, func(tx *ent.Tx, o *ent.Order) (changed, error) {
		moved, err := fn(tx, o)
		return changed{orders: moved}, err
	})
}

// SetBy records who made an order's newest step; for app/makeline.
func SetBy(ctx context.Context, tx *ent.Tx, orderID, userID int) error {
	return setBy(ctx, tx, orderID, userID)
}

// SellerDetailOf is an order of the actor's identities by id, read after
// a change; for app/makeline.
func (s *Service) SellerDetailOf(ctx context.Context, a Actor, id int) (*SellerView, error) {
	return s.sellerDetailAs(ctx, a, id)
}

// Moved tells, after commit, about orders moved outside this package
// (notices, OnStatus); for app/makeline's expiry sweep.
func (s *Service) Moved(ctx context.Context, orders ...*ent.Order) {
	s.after(ctx, changed{orders: orders})
}

// StartRefund sends an order's money back through the refund path; the
// provider's callback (or the Doge refund) completes it (RefundPending →
// Refunded). A failure is logged: the order stays RefundPending for
// staff. For app/makeline.
func (s *Service) StartRefund(ctx context.Context, o *ent.Order) {
	if err := s.refund(ctx, o); err != nil {
		s.opts.Log.Error("order: refund", "order", o.Number, "err", err)
	}
}
