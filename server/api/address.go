package api

import (
	"github.com/labstack/echo/v4"

	"souk/app/address"
)

// Addresses serves the address book calls (all POST; all but countries
// need a session).
type Addresses struct {
	*Accounts
	svc *address.Service
}

// NewAddresses makes the address book handlers.
func NewAddresses(a *Accounts, s *address.Service) *Addresses { return &Addresses{Accounts: a, svc: s} }

// Register mounts the address book calls.
func (h *Addresses) Register(g *echo.Group) {
	g.POST("/address/list", h.list)
	g.POST("/address/detail", h.detail)
	g.POST("/address/save", h.save)
	g.POST("/address/delete", h.remove)
	g.POST("/address/setDefault", h.setDefault)
	g.POST("/address/countries", h.countries)
}

type addressReq struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Phone      string `json:"phone"`
	Country    string `json:"country"`
	Region     string `json:"region"`
	City       string `json:"city"`
	Line1      string `json:"line1"`
	Line2      string `json:"line2"`
	PostalCode string `json:"postalCode"`
	IsDefault  bool   `json:"isDefault"`
}

func (h *Addresses) list(c echo.Context) error {
	var req addressReq
	uid, _, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	list, err := h.svc.List(c.Request().Context(), uid)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, false, list)
}

func (h *Addresses) detail(c echo.Context) error {
	var req addressReq
	uid, _, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	a, err := h.svc.Get(c.Request().Context(), uid, req.ID)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, false, a)
}

func (h *Addresses) save(c echo.Context) error {
	var req addressReq
	uid, _, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	a, err := h.svc.Save(c.Request().Context(), uid, address.Input{ID: req.ID, Name: req.Name, Phone: req.Phone,
		Country: req.Country, Region: req.Region, City: req.City, Line1: req.Line1, Line2: req.Line2,
		PostalCode: req.PostalCode, IsDefault: req.IsDefault})
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, false, a)
}

func (h *Addresses) remove(c echo.Context) error {
	var req addressReq
	uid, _, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	if err := h.svc.Delete(c.Request().Context(), uid, req.ID); err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, false, nil)
}

func (h *Addresses) setDefault(c echo.Context) error {
	var req addressReq
	uid, _, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	if err := h.svc.SetDefault(c.Request().Context(), uid, req.ID); err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, false, nil)
}

// countries is public: the form's country rules need no session.
func (h *Addresses) countries(c echo.Context) error {
	var req struct{}
	if _, err := h.bind(c, &req); err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, false, address.Countries())
}
