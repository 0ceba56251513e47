package server

import (
	"context"

	"souk/app/chat"
	"souk/app/order"
	"souk/app/review"
	"souk/ent"
)

// orderNotices turns an order's new status into the buyer's toast (frame
// 9): payment received, shipped. Mail tells the rest.
func orderNotices(fan chat.Fanout) func(o *ent.Order) {
	return func(o *ent.Order) {
		notice := chat.Notice{Kind: "order", Link: "/myorder/" + o.Number}
		var f chat.Frame
		switch o.Status {
		case order.Paid:
			notice.Kind = "payment"
			f = chat.Frame{Code: chat.FrameNotice, Key: "NoticeOrderPaid", Args: []string{"number", o.Number}, Content: notice}
		case order.Shipped:
			f = chat.Frame{Code: chat.FrameNotice, Key: "NoticeOrderShipped", Args: []string{"number", o.Number}, Content: notice}
		default:
			return
		}
		fan.Deliver(context.Background(), []chat.Delivery{{Users: []int{o.UserID}, Frame: f}})
	}
}

// reviewNotices turns a pass or a rejection of an owner's entity,
// identity or goods item into the owner's toast (frame 9), opening the
// page where the decision and any reason show. A take tells nobody.
func reviewNotices(fan chat.Fanout) func(ctx context.Context, d review.Decided) {
	return func(ctx context.Context, d review.Decided) {
		f, ok := reviewNotice(d)
		if !ok || d.Owner == 0 {
			return
		}
		fan.Deliver(context.WithoutCancel(ctx), []chat.Delivery{{Users: []int{d.Owner}, Frame: f}})
	}
}

// reviewNotice is the frame for decision d (keys written out, so the
// catalogue check sees each).
func reviewNotice(d review.Decided) (chat.Frame, bool) {
	f := chat.Frame{Code: chat.FrameNotice, Content: chat.Notice{Kind: "review", Link: d.Link}}
	pass := d.Action == review.ActPass
	if !pass && d.Action != review.ActReject {
		return f, false
	}
	switch {
	case d.Kind == "entity" && pass:
		f.Key = "NoticeEntityPassed"
	case d.Kind == "entity":
		f.Key = "NoticeEntityRejected"
	case d.Kind == "identity" && pass:
		f.Key = "NoticeIdentityPassed"
	case d.Kind == "identity":
		f.Key = "NoticeIdentityRejected"
	case d.Kind == "goods" && pass:
		f.Key = "NoticeGoodsPassed"
	case d.Kind == "goods":
		f.Key = "NoticeGoodsRejected"
	default:
		return f, false
	}
	return f, true
}
