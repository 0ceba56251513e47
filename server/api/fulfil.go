package api

import (
	"context"
	"time"

	"github.com/labstack/echo/v4"

	"souk/app/apperr"
	"souk/app/order"
	"souk/app/staff"
)

// The seller's side of orders (SPEC §7 names operations/order/detail; the
// other names follow it). uid is the order number. Only the seller of an
// order (the user of its selling identity) finds it: anyone else is told
// it does not exist.
func (h *Orders) registerFulfil(g *echo.Group) {
	g.POST("/operations/order/list", seller(h, h.sellerList))
	g.GET("/operations/order/detail", seller(h, h.sellerDetail))
	g.POST("/operations/order/produce", seller(h, h.produce))
	g.POST("/operations/order/accept", seller(h, h.acceptMakeLine))
	g.POST("/operations/order/decline", seller(h, h.declineMakeLine))
	g.POST("/operations/order/ship", seller(h, h.ship))
	g.POST("/operations/order/track", seller(h, h.track))
	// Admins only (order.Operators): anyone else is told the call does not exist.
	g.POST("/operations/order/refund", staffCall(h, h.adminRefund))
	g.POST("/operations/order/cancel", staffCall(h, h.adminCancel))
}

// sellerReq is every field the seller calls take.
type sellerReq struct {
	UID         string `json:"uid"`
	Status      int    `json:"status"`
	Search      string `json:"search"`
	Page        int    `json:"page"`
	PageSize    int    `json:"pageSize"`
	Carrier     string `json:"carrier"`
	CarrierName string `json:"carrierName"`
	Tracking    string `json:"trackingNumber"`
	Key         string `json:"key"`
	Place       string `json:"place"`
	Remark      string `json:"remark"`
	At          int64  `json:"at"` // Unix milliseconds; 0 is now
	Reason      string `json:"reason"`
}

type sellerCall func(ctx context.Context, a order.Actor, req *sellerReq) (any, error)

// seller binds the body (a GET takes uid from the query), authenticates
// the caller and answers in their language.
func seller(h *Orders, fn sellerCall) echo.HandlerFunc { return fulfilCall(h, fn, false) }

// staffCall is seller for the admins' calls: a visitor too is told the call
// does not exist (staff.ErrNoRole), as every other non-admin is.
func staffCall(h *Orders, fn sellerCall) echo.HandlerFunc { return fulfilCall(h, fn, true) }

func fulfilCall(h *Orders, fn sellerCall, staffOnly bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		var req sellerReq
		uid, sealed, err := h.signedIn(c, &req)
		if e, ok := apperr.As(err); ok && staffOnly && e.Code == apperr.Unauthorized {
			err = staff.ErrNoRole()
		}
		if err != nil {
			return h.fail(c, err)
		}
		if q := c.QueryParam("uid"); q != "" {
			if !CleanText(q) {
				return h.fail(c, errInvalidCharacters())
			}
			req.UID = q
		}
		rc := h.ctxOf(c)
		out, err := fn(c.Request().Context(), order.Actor{UserID: uid, Lang: rc.lang}, &req)
		if err != nil {
			return h.fail(c, err)
		}
		if l, ok := out.(localizer); ok {
			l.Localize(h.translator(c))
		}
		return h.ok(c, sealed, out)
	}
}

func (h *Orders) sellerList(ctx context.Context, a order.Actor, r *sellerReq) (any, error) {
	return h.svc.For(a.Lang).SellerList(ctx, a, order.SellerQuery{Status: r.Status, Search: r.Search, Page: r.Page, PageSize: r.PageSize})
}

func (h *Orders) sellerDetail(ctx context.Context, a order.Actor, r *sellerReq) (any, error) {
	return h.svc.For(a.Lang).SellerDetail(ctx, a, r.UID)
}

func (h *Orders) produce(ctx context.Context, a order.Actor, r *sellerReq) (any, error) {
	return h.svc.For(a.Lang).StartProduction(ctx, a, r.UID)
}

func (h *Orders) ship(ctx context.Context, a order.Actor, r *sellerReq) (any, error) {
	return h.svc.For(a.Lang).Ship(ctx, a, order.ShipInput{Number: r.UID, Carrier: r.Carrier, CarrierName: r.CarrierName, Tracking: r.Tracking})
}

func (h *Orders) track(ctx context.Context, a order.Actor, r *sellerReq) (any, error) {
	var at time.Time
	if r.At != 0 {
		if r.At < 0 || r.At > 1<<45 { // beyond year 3000: not a time
			return nil, apperr.Invalid("at", "IncorrectEntry", "TrackTimeFuture")
		}
		at = time.UnixMilli(r.At)
	}
	return h.svc.For(a.Lang).AddTracking(ctx, a, order.TrackInput{Number: r.UID, Key: r.Key, Place: r.Place, Remark: r.Remark, At: at})
}

func (h *Orders) adminRefund(ctx context.Context, a order.Actor, r *sellerReq) (any, error) {
	return h.svc.For(a.Lang).Refund(ctx, a, order.AdminAct{Number: r.UID, Reason: r.Reason})
}

func (h *Orders) adminCancel(ctx context.Context, a order.Actor, r *sellerReq) (any, error) {
	return h.svc.For(a.Lang).CancelUnpaid(ctx, a, order.AdminAct{Number: r.UID, Reason: r.Reason})
}
