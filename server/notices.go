package server

import (
	"context"

	"souk/app/chat"
	"souk/app/order"
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
