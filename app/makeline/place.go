package makeline

import (
	"context"
	"fmt"
	"math"

	"souk/app/apperr"
	"souk/app/order"
	"souk/ent"
	"souk/ent/makelinequote"
)

// PlaceMakeLine (order/makeLineOrderData) orders a fixed quote: one
// payment and one order, made by the quote's maker, through the usual
// checkout (order.StartPlace, order.PlaceOne, order.WriteMakeLine) and
// paid with order/payChange. The quote is claimed first thing in the
// transaction, so two tabs placing it make one order; the same requestId
// again answers the first result.
func (s *Service) Place(ctx context.Context, userID int, quoteUID string, in order.PlaceInput) (*order.Placed, error) {
	if done, err := s.orders.StartPlace(ctx, userID, in); done != nil || err != nil {
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
	return s.orders.PlaceOne(ctx, userID, in, func(tx *ent.Tx) (*order.Placed, *ent.Order, error) {
		return s.placeMakeLine(ctx, tx, userID, q, j, price, in)
	})
}

func (s *Service) placeMakeLine(ctx context.Context, tx *ent.Tx, userID int, q *ent.MakeLineQuote, j *makeJob, price *Price, in order.PlaceInput) (*order.Placed, *ent.Order, error) {
	now := s.opts.Now()
	number := order.NewNumber(now)
	n, err := tx.MakeLineQuote.Update().Where(makelinequote.IDEQ(q.ID), makelinequote.OrderNumberEQ(""),
		makelinequote.ExpiresAtGT(now)).SetOrderNumber(number).Save(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("makeline: claim quote: %w", err)
	}
	if n == 0 {
		return nil, nil, s.quoteRefusal(ctx, tx, q.ID)
	}
	addr, err := order.ChosenAddress(ctx, tx.Client(), userID, in.AddressID)
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
		return nil, nil, apperr.New(apperr.Conflict, "PricesChangedTotal", "total", s.orders.MoneyText(q.Total, q.Currency))
	}
	unit := j.unit()
	line := tx.OrderLine.Create().SetGoodsID(j.g.ID).SetGoodsUID(j.g.UID).SetSkuUID(q.SkuUID).SetName(price.Name).
		SetOptions(q.Options).SetQuantity(1).SetUnitPrice(unit).SetLineTotal(unit).SetImageURL(price.ImageURL)
	return s.orders.WriteMakeLine(ctx, tx, order.MakeLineOrder{UserID: userID, MakerID: q.MakerID, Number: number,
		QuoteUID: q.UID, RequestID: in.RequestID, Cur: q.Currency, Note: in.Note, Unit: unit, Shipping: q.Shipping,
		Total: q.Total, Addr: addr, Now: now, Line: line})
}

// quoteRefusal says why a quote could not be claimed.
func (s *Service) quoteRefusal(ctx context.Context, tx *ent.Tx, id int) error {
	q, err := tx.MakeLineQuote.Get(ctx, id)
	if err != nil {
		return fmt.Errorf("makeline: quote: %w", err)
	}
	if q.OrderNumber != "" {
		return apperr.New(apperr.Conflict, "MakeLineQuoteUsed")
	}
	return apperr.New(apperr.Conflict, "MakeLineQuoteExpired")
}
