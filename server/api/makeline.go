package api

import (
	"context"

	"souk/app/makeline"
	"souk/app/order"
)

// Make-line calls (SPEC §7 order/preMakeLineData, order/getPreMakeLineUid,
// order/makeLineOrderData): price a piece to be made, fix the price as a
// quote, order the quote. Paying is order/payChange as for any checkout.

func makeAsk(r *orderReq) makeline.MakeLineAsk {
	return makeline.MakeLineAsk{TreID: r.TreID, VersionUID: r.CreateVUID, SkuID: r.SkuID, Options: r.Options, MakerUID: r.MakerUID, AddressID: r.AddressID}
}

// preMakeLine prices an ask, or with uid reads a fixed quote back.
func (h *Orders) preMakeLine(ctx context.Context, uid int, r *orderReq, rc reqCtx) (any, error) {
	if r.UID != "" {
		return h.makeLine.MakeLineQuote(ctx, uid, r.UID, r.AddressID, rc.lang)
	}
	return h.makeLine.PreviewMakeLine(ctx, uid, makeAsk(r), rc.lang, rc.currency)
}

func (h *Orders) fixMakeLine(ctx context.Context, uid int, r *orderReq, rc reqCtx) (any, error) {
	return h.makeLine.FixMakeLine(ctx, uid, makeAsk(r), rc.lang, rc.currency)
}

func (h *Orders) makeLineOrder(ctx context.Context, uid int, r *orderReq, rc reqCtx) (any, error) {
	return h.makeLine.PlaceMakeLine(ctx, uid, r.UID, order.PlaceInput{RequestID: r.RequestID, AddressID: r.AddressID,
		Total: r.Total, Note: r.Note, Lang: rc.lang, Cur: rc.currency})
}

func (h *Orders) acceptMakeLine(ctx context.Context, a order.Actor, r *sellerReq) (any, error) {
	return h.makeLine.For(a.Lang).AcceptMakeLine(ctx, a, r.UID)
}

func (h *Orders) declineMakeLine(ctx context.Context, a order.Actor, r *sellerReq) (any, error) {
	return h.makeLine.For(a.Lang).DeclineMakeLine(ctx, a, r.UID)
}
