package api

import (
	"context"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"souk/app/apperr"
	"souk/app/makeline"
	"souk/app/order"
	"souk/app/payment"
	"souk/ent/schema"
)

// Orders serves checkout, payments, Doge and the buyer's orders (SPEC §7
// "Orders"; encrypted POST, plain JSON accepted too).
type Orders struct {
	*Accounts
	svc      *order.Service
	makeLine *makeline.Service
}

// NewOrders makes the order handlers.
func NewOrders(a *Accounts, s *order.Service, ml *makeline.Service) *Orders {
	return &Orders{Accounts: a, svc: s, makeLine: ml}
}

// SignatureHeader carries a provider callback's signature.
const SignatureHeader = "Souk-Signature"

// Register mounts the calls.
func (h *Orders) Register(g *echo.Group) {
	g.POST("/order/createCheck", signed(h, h.createCheck))
	g.POST("/order/preOrderData", signed(h, h.preOrderData))
	g.POST("/calPrice/quick", h.quick)
	g.POST("/order/makeOrderData", signed(h, h.makeOrderData))
	g.POST("/order/payChange", signed(h, h.payChange))
	g.POST("/order/preMakeLineData", signed(h, h.preMakeLine))
	g.POST("/order/getPreMakeLineUid", signed(h, h.fixMakeLine))
	g.POST("/order/makeLineOrderData", signed(h, h.makeLineOrder))
	g.POST("/payments/test/confirm", signed(h, h.confirm))
	g.POST("/payments/webhook", h.webhook)
	g.POST("/dogePay/showTransactionPageData", signed(h, h.dogePage))
	g.POST("/dogePay/showTransactionProgress", signed(h, h.dogeProgress))
	g.POST("/dogePay/simulateSend", signed(h, h.dogeSimulate))
	g.POST("/order/getRefundDogeAddresses", signed(h, h.refundAddresses))
	g.POST("/order/list", signed(h, h.list))
	g.POST("/order/detail", signed(h, h.detail))
	g.POST("/order/cancel", signed(h, h.cancel))
	g.POST("/order/delete", signed(h, h.remove))
	g.POST("/order/sureReceived", signed(h, h.sureReceived))
	h.registerFulfil(g)
}

// orderReq is every field the order calls take.
type orderReq struct {
	Lines       []order.Seen       `json:"lines"`
	AddressID   string             `json:"addressId"`
	RequestID   string             `json:"requestId"`
	Total       float64            `json:"total"`
	Note        string             `json:"note"`
	PayUID      string             `json:"payUid"`
	UID         string             `json:"uid"`
	PayMethod   int                `json:"payMethod"`
	Card        *payment.CardInput `json:"card"`
	Approve     bool               `json:"approve"`
	OrderNumber string             `json:"orderNumber"`
	Status      int                `json:"status"`
	Page        int                `json:"page"`
	PageSize    int                `json:"pageSize"`
	// make-line (makeline.go)
	TreID      string                  `json:"treId"`
	CreateVUID string                  `json:"createVUid"`
	SkuID      string                  `json:"skuId"`
	Options    []schema.ScenarioChoice `json:"scenarioOptions"`
	MakerUID   string                  `json:"makerUid"`
}

type orderCall func(ctx context.Context, uid int, req *orderReq, rc reqCtx) (any, error)

// localizer is a result holding messages as catalogue keys (checkout
// problems, payment failures, timeline notes), rendered before it is sent.
type localizer interface{ Localize(apperr.Translator) }

// signed binds the body, authenticates the caller and answers fn's result
// with its messages in the caller's language, sealed when the request was.
func signed(h *Orders, fn orderCall) echo.HandlerFunc {
	return func(c echo.Context) error {
		var req orderReq
		uid, sealed, err := h.signedIn(c, &req)
		if err != nil {
			return h.fail(c, err)
		}
		out, err := fn(c.Request().Context(), uid, &req, h.ctxOf(c))
		if err != nil {
			return h.fail(c, err)
		}
		if l, ok := out.(localizer); ok {
			l.Localize(h.translator(c))
		}
		return h.ok(c, sealed, out)
	}
}

func (h *Orders) createCheck(ctx context.Context, uid int, r *orderReq, rc reqCtx) (any, error) {
	return h.svc.CreateCheck(ctx, uid, r.Lines, rc.lang, rc.currency)
}

func (h *Orders) preOrderData(ctx context.Context, uid int, r *orderReq, rc reqCtx) (any, error) {
	return h.svc.Preview(ctx, uid, r.AddressID, rc.lang, rc.currency)
}

// quick prices configurations; it needs no login (the product page uses it).
func (h *Orders) quick(c echo.Context) error {
	var req struct {
		Lines []order.QuickLine `json:"lines"`
	}
	sealed, err := h.bind(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	lines, total, err := h.svc.Quick(c.Request().Context(), req.Lines, h.ctxOf(c).currency)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, map[string]any{"lines": lines, "total": total})
}

func (h *Orders) makeOrderData(ctx context.Context, uid int, r *orderReq, rc reqCtx) (any, error) {
	return h.svc.Place(ctx, uid, order.PlaceInput{RequestID: r.RequestID, AddressID: r.AddressID, Total: r.Total,
		Note: r.Note, Lang: rc.lang, Cur: rc.currency})
}

func (h *Orders) payChange(ctx context.Context, uid int, r *orderReq, _ reqCtx) (any, error) {
	return h.svc.Pay(ctx, uid, order.PayInput{PayUID: r.PayUID, Method: r.PayMethod, Card: r.Card})
}

func (h *Orders) confirm(ctx context.Context, uid int, r *orderReq, _ reqCtx) (any, error) {
	return h.svc.Confirm(ctx, uid, r.PayUID, r.Approve)
}

// webhook receives provider callbacks: the signature is the authentication.
// A refused callback answers an HTTP error so the provider retries it.
func (h *Orders) webhook(c echo.Context) error {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 64<<10))
	if err != nil {
		return c.NoContent(http.StatusBadRequest)
	}
	err = h.svc.Callback(c.Request().Context(), body, c.Request().Header.Get(SignatureHeader))
	if e, ok := apperr.As(err); ok && e.Code == apperr.Forbidden {
		return c.JSON(http.StatusUnauthorized, Envelope{Code: apperr.Forbidden, Easg: e.Render(h.translator(c))})
	}
	if err != nil {
		h.log.Error("api: payment callback", "err", err)
		return c.JSON(http.StatusInternalServerError, Envelope{Code: apperr.InternalProblem, Easg: h.Message(c, "ErrorOccurs")})
	}
	return c.JSON(http.StatusOK, Envelope{Code: apperr.OK})
}

func (h *Orders) dogePage(ctx context.Context, uid int, r *orderReq, _ reqCtx) (any, error) {
	return h.svc.DogePage(ctx, uid, first(r.UID, r.PayUID))
}

func (h *Orders) dogeProgress(ctx context.Context, uid int, r *orderReq, _ reqCtx) (any, error) {
	return h.svc.DogeProgress(ctx, uid, first(r.UID, r.PayUID))
}

func (h *Orders) dogeSimulate(ctx context.Context, uid int, r *orderReq, _ reqCtx) (any, error) {
	txid, err := h.svc.SimulateSend(ctx, uid, first(r.UID, r.PayUID))
	return map[string]string{"txid": txid}, err
}

func (h *Orders) refundAddresses(ctx context.Context, uid int, r *orderReq, _ reqCtx) (any, error) {
	return h.svc.RefundAddresses(ctx, uid, r.OrderNumber)
}

func (h *Orders) list(ctx context.Context, uid int, r *orderReq, rc reqCtx) (any, error) {
	return h.svc.For(rc.lang).List(ctx, uid, r.Status, max(r.Page, 1), r.PageSize)
}

func (h *Orders) detail(ctx context.Context, uid int, r *orderReq, rc reqCtx) (any, error) {
	return h.svc.For(rc.lang).Detail(ctx, uid, r.OrderNumber)
}

func (h *Orders) cancel(ctx context.Context, uid int, r *orderReq, rc reqCtx) (any, error) {
	return h.svc.For(rc.lang).Cancel(ctx, uid, r.OrderNumber)
}

func (h *Orders) remove(ctx context.Context, uid int, r *orderReq, _ reqCtx) (any, error) {
	return nil, h.svc.Delete(ctx, uid, r.OrderNumber)
}

func (h *Orders) sureReceived(ctx context.Context, uid int, r *orderReq, rc reqCtx) (any, error) {
	return h.svc.For(rc.lang).SureReceived(ctx, uid, r.OrderNumber)
}

func first(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
