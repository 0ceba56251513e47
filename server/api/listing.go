package api

import (
	"github.com/labstack/echo/v4"

	"souk/app/listing"
)

// Listings serves a seller's own goods (SPEC §7 "Goods": myTreList,
// upTreSaleStatus, changeInventory, and deleteTre, which SPEC does not
// name). All POST, all need a session; the changes also need the sid the
// list gave (the goods' identity).
type Listings struct {
	*Accounts
	svc *listing.Service
}

// NewListings makes the handlers.
func NewListings(a *Accounts, s *listing.Service) *Listings { return &Listings{Accounts: a, svc: s} }

// Register mounts the calls.
func (h *Listings) Register(g *echo.Group) {
	g.POST("/tre/myTreList", h.list)
	g.POST("/tre/upTreSaleStatus", h.saleStatus)
	g.POST("/tre/changeInventory", h.inventory)
	g.POST("/tre/deleteTre", h.remove)
}

type myTreListReq struct {
	Status   string   `json:"status"`
	Txt      string   `json:"txt"`
	TreIDs   []string `json:"treIds"`
	Page     int      `json:"page"`
	PageSize int      `json:"pageSize"`
}

func (h *Listings) list(c echo.Context) error {
	var req myTreListReq
	uid, sealed, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	rc, t := h.ctxOf(c), h.translator(c)
	page, err := h.svc.Mine(c.Request().Context(), uid, listing.ListQuery{Status: req.Status, Text: req.Txt, TreIDs: req.TreIDs,
		Page: req.Page, PageSize: req.PageSize, Lang: rc.lang, Currency: rc.currency,
		T: func(k string) string { return t(k) }})
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, page)
}

// treTargetReq names the goods a change is about.
type treTargetReq struct {
	TreID    string `json:"treId"`
	Sid      string `json:"sid"`
	Saleable int    `json:"saleable"`
	Items    []struct {
		SkuID string `json:"skuId"`
		Stock *int64 `json:"stock"`
		Was   *int64 `json:"was"`
		Delta *int64 `json:"delta"`
	} `json:"items"`
}

func (r treTargetReq) target() listing.Target { return listing.Target{TreID: r.TreID, Sid: r.Sid} }

func (h *Listings) saleStatus(c echo.Context) error {
	var req treTargetReq
	uid, sealed, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	if err := h.svc.SetSaleable(c.Request().Context(), uid, req.target(), req.Saleable); err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, map[string]any{"treId": req.TreID, "saleable": req.Saleable})
}

func (h *Listings) inventory(c echo.Context) error {
	var req treTargetReq
	uid, sealed, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	changes := make([]listing.StockChange, len(req.Items))
	for i, it := range req.Items {
		changes[i] = listing.StockChange{SkuID: it.SkuID, Stock: it.Stock, Was: it.Was, Delta: it.Delta}
	}
	out, err := h.svc.ChangeStock(c.Request().Context(), uid, req.target(), changes)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, map[string]any{"treId": req.TreID, "items": out})
}

func (h *Listings) remove(c echo.Context) error {
	var req treTargetReq
	uid, sealed, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	if err := h.svc.Delete(c.Request().Context(), uid, req.target()); err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, map[string]any{"treId": req.TreID})
}
