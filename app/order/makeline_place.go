package order

import (
	"context"
	"fmt"
	"math"

	"souk/app/apperr"
	"souk/app/store"
	"souk/ent"
	"souk/ent/makelinequote"
)

// PlaceMakeLine (order/makeLineOrderData) orders a fixed quote: one
// payment and one order, made by the quote's maker, through the usual
// checkout (newPayment, newOrder) and paid with order/payChange. The quote
// is claimed first thing in the transaction, so two tabs placing it make
// one order; the same requestId again answers the first result.
func (s *Service) PlaceMakeLine(ctx context.Context, userID int, quoteUID string, in PlaceInput) (*Placed, error) {
	if err := checkPlace(in); err != nil {
		return nil, err
	}
	if done, err := s.replay(ctx, userID, in.RequestID); done != nil || err != nil {
		return done, err
	}
	q, err := s.ownQuote(ctx, userID, quoteUID)
	if err != nil {
		return nil, err
	}
	j, err := s.quoteJob(ctx, q)
	if err != nil {
		return nil, err
	}
	price, err := s.makePrice(ctx, j, in.Lang) // names the line in the buyer's language, outside the transaction
	if err != nil {
		return nil, err
	}
	var made *ent.Order
	var res *Placed
	err = store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		var err error
		res, made, err = s.placeMakeLine(ctx, tx, userID, q, j, price, in)
		return err
	})
	if err != nil {
		return s.raced(ctx, userID, in.RequestID, err)
	}
	s.rememberLang(ctx, userID, in.Lang)
	s.For(in.Lang).notify(ctx, made, AwaitingPayment)
	return res, nil
}

func (s *Service) placeMakeLine(ctx context.Context, tx *ent.Tx, userID int, q *ent.MakeLineQuote, j *makeJob, price *MakeLinePrice, in PlaceInput) (*Placed, *ent.Order, error) {
	now := s.opts.Now()
	number := newNumber(now)
	n, err := tx.MakeLineQuote.Update().Where(makelinequote.IDEQ(q.ID), makelinequote.OrderNumberEQ(""),
		makelinequote.ExpiresAtGT(now)).SetOrderNumber(number).Save(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("order: claim quote: %w", err)
	}
	if n == 0 {
		return nil, nil, s.quoteRefusal(ctx, tx, q.ID)
	}
	addr, err := chosenAddress(ctx, tx.Client(), userID, in.AddressID)
	if err != nil {
		return nil, nil, err
	}
	if addr == nil {
		return nil, nil, apperr.Invalid("addressId", "IncorrectEntry", "AddressRequired")
	}
	if j.g.Saleable != 1 {
		return nil, nil, apperr.New(apperr.Conflict, "ItemNotOnSale")
	}
	if seen := int64(math.Round(in.Total * math.Pow10(s.cat.Rates().Digits(q.Currency)))); seen != q.Total {
		return nil, nil, apperr.New(apperr.Conflict, "PricesChangedTotal", "total", s.moneyText(q.Total, q.Currency))
	}
	pay, err := newPayment(ctx, tx, userID, in.RequestID, q.Currency, q.Total)
	if err != nil {
		return nil, nil, err
	}
	unit := j.unit()
	line := tx.OrderLine.Create().SetGoodsID(j.g.ID).SetGoodsUID(j.g.UID).SetSkuUID(q.SkuUID).SetName(price.Name).
		SetOptions(q.Options).SetQuantity(1).SetUnitPrice(unit).SetLineTotal(unit).SetImageURL(price.ImageURL)
	o, err := newOrder(ctx, tx, orderSpec{userID: userID, sellerID: q.MakerID, payUID: pay.UID, cur: q.Currency, note: in.Note,
		makeLine: q.UID, goods: unit, ship: q.Shipping, amount: q.Total, addr: snapshot(addr), delivery: dressDelivery(now),
		payBy: now.Add(s.opts.PayWindow), now: now, number: number, lines: []*ent.OrderLineCreate{line}})
	if err != nil {
		return nil, nil, err
	}
	return &Placed{PayUID: pay.UID, OrderNumbers: []string{o.Number}, Total: s.cat.Money(q.Total, q.Currency)}, o, nil
}

// quoteRefusal says why a quote could not be claimed.
func (s *Service) quoteRefusal(ctx context.Context, tx *ent.Tx, id int) error {
	q, err := tx.MakeLineQuote.Get(ctx, id)
	if err != nil {
		return fmt.Errorf("order: quote: %w", err)
	}
	if q.OrderNumber != "" {
		return apperr.New(apperr.Conflict, "MakeLineQuoteUsed")
	}
	return apperr.New(apperr.Conflict, "MakeLineQuoteExpired")
}
