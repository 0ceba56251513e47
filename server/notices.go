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
// page where the decision and any reason show.
func reviewNotices(fan chat.Fanout) func(ctx context.Context, d review.Decided) {
	keys := map[string]string{
		"entity/" + review.ActPass: "NoticeEntityPassed", "entity/" + review.ActReject: "NoticeEntityRejected",
		"identity/" + review.ActPass: "NoticeIdentityPassed", "identity/" + review.ActReject: "NoticeIdentityRejected",
		"goods/" + review.ActPass: "NoticeGoodsPassed", "goods/" + review.ActReject: "NoticeGoodsRejected",
	}
	return func(ctx context.Context, d review.Decided) {
		key, ok := keys[d.Kind+"/"+d.Action]
		if !ok || d.Owner == 0 {
			return
		}
		f := chat.Frame{Code: chat.FrameNotice, Key: key, Content: chat.Notice{Kind: "review", Link: d.Link}}
		fan.Deliver(context.WithoutCancel(ctx), []chat.Delivery{{Users: []int{d.Owner}, Frame: f}})
	}
}
