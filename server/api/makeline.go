package api

import (
	"context"

	"souk/app/makeline"
	"souk/app/order"
)

// Make-line calls (SPEC §7 order/preMakeLineData, order/getPreMakeLineUid,
// order/makeLineOrderData): price a piece to be made, fix the price as a
// quote, order the quote. Paying is order/payChange as for any checkout.

func makeAsk(r *orderReq) makeline.Ask {
	return makeline.Ask{TreID: r.TreID, VersionUID: r.CreateVUID, SkuID: r.SkuID, Options: r.Options, MakerUID: r.MakerUID, AddressID: r.AddressID}
}

// preMakeLine prices an ask, or with uid reads a fixed quote back.
func (h *Orders) preMakeLine(ctx context.Context, uid int, r *orderReq, rc reqCtx) (any, error) {
	if r.UID != "" {
		return h.makeLine.Quote(ctx, uid, r.UID, r.AddressID, rc.lang)
	}
	return h.makeLine.Preview(ctx, uid, makeAsk(r), rc.lang, rc.currency)
}

func (h *Orders) fixMakeLine(ctx context.Context, uid int, r *orderReq, rc reqCtx) (any, error) {
	return h.makeLine.Fix(ctx, uid, makeAsk(r), rc.lang, rc.currency)
}

func (h *Orders) makeLineOrder(ctx context.Context, uid int, r *orderReq, rc reqCtx) (any, error) {
	return h.makeLine.Place(ctx, uid, r.UID, order.PlaceInput{RequestID: r.RequestID, AddressID: r.AddressID,
		Total: r.Total, Note: r.Note, Lang: rc.lang, Cur: rc.currency})
}

func (h *Orders) acceptMakeLine(ctx context.Context, a order.Actor, r *sellerReq) (any, error) {
	return h.makeLine.For(a.Lang).Accept(ctx, a, r.UID)
}

func (h *Orders) declineMakeLine(ctx context.Context, a order.Actor, r *sellerReq) (any, error) {
	return h.makeLine.For(a.Lang).Decline(ctx, a, r.UID)
}
