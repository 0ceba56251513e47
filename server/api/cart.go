package api

import (
	"github.com/labstack/echo/v4"

	"souk/app/cart"
	"souk/ent/schema"
)

// Carts serves the cart calls of SPEC §7 (all POST, all need a session).
type Carts struct {
	*Accounts
	cart *cart.Service
}

// NewCarts makes the cart handlers.
func NewCarts(a *Accounts, c *cart.Service) *Carts { return &Carts{Accounts: a, cart: c} }

// Register mounts the cart calls.
func (h *Carts) Register(g *echo.Group) {
	g.POST("/shoppingIncrRP", h.add)
	g.POST("/shoppingIncr", h.step(1))
	g.POST("/shoppingDecr", h.step(-1))
	g.POST("/shoppingModifyQuantity", h.modify)
	g.POST("/shoppingCartList", h.list)
	g.POST("/shoppingSelectAll", h.selectAll(true))
	g.POST("/shoppingUnSelectAll", h.selectAll(false))
	g.POST("/shoppingSetCartSelected", h.selectSome(true))
	g.POST("/shoppingSetCartUnSelected", h.selectSome(false))
	g.POST("/shoppingSetCartRemove", h.remove)
}

type cartReq struct {
	RequestID        string                  `json:"requestId"`
	TreID            string                  `json:"treId"`
	SkuID            string                  `json:"skuId"`
	ScenarioOptions  []schema.ScenarioChoice `json:"scenarioOptions"`
	ScenarioAttrsUID string                  `json:"scenarioAttrsUid"`
	ID               string                  `json:"id"`
	IDs              []string                `json:"ids"`
	Quantity         int                     `json:"quantity"`
}

func (h *Carts) add(c echo.Context) error {
	var req cartReq
	uid, _, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	res, err := h.cart.Add(c.Request().Context(), uid, cart.AddInput{RequestID: req.RequestID, TreID: req.TreID,
		SkuID: req.SkuID, Options: req.ScenarioOptions, ScenarioAttrsUID: req.ScenarioAttrsUID})
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, false, res)
}

func (h *Carts) step(by int) echo.HandlerFunc {
	return func(c echo.Context) error {
		var req cartReq
		uid, _, err := h.signedIn(c, &req)
		if err != nil {
			return h.fail(c, err)
		}
		l, err := h.cart.Step(c.Request().Context(), uid, req.ID, by)
		if err != nil {
			return h.fail(c, err)
		}
		return h.ok(c, false, l)
	}
}

func (h *Carts) modify(c echo.Context) error {
	var req cartReq
	uid, _, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	l, err := h.cart.SetQuantity(c.Request().Context(), uid, req.ID, req.Quantity)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, false, l)
}

func (h *Carts) list(c echo.Context) error {
	var req cartReq
	uid, _, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	rc := h.ctxOf(c)
	groups, err := h.cart.List(c.Request().Context(), uid, rc.lang, rc.currency)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, false, groups)
}

func (h *Carts) selectAll(selected bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		var req cartReq
		uid, _, err := h.signedIn(c, &req)
		if err != nil {
			return h.fail(c, err)
		}
		if err := h.cart.Select(c.Request().Context(), uid, nil, selected); err != nil {
			return h.fail(c, err)
		}
		return h.ok(c, false, nil)
	}
}

func (h *Carts) selectSome(selected bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		var req cartReq
		uid, _, err := h.signedIn(c, &req)
		if err != nil {
			return h.fail(c, err)
		}
		if len(req.IDs) == 0 {
			req.IDs = []string{req.ID}
		}
		if err := h.cart.Select(c.Request().Context(), uid, req.IDs, selected); err != nil {
			return h.fail(c, err)
		}
		return h.ok(c, false, nil)
	}
}

func (h *Carts) remove(c echo.Context) error {
	var req cartReq
	uid, _, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	if len(req.IDs) == 0 && req.ID != "" {
		req.IDs = []string{req.ID}
	}
	if err := h.cart.Remove(c.Request().Context(), uid, req.IDs); err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, false, nil)
}
