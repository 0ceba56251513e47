package api

import (
	"encoding/json"

	"github.com/labstack/echo/v4"

	"souk/app/content"
)

// Contents serves the back office's content and form editor
// (operations/EditForm/{EditName}): reviewers and admins read, admins
// save; anyone else is told the call does not exist.
type Contents struct {
	*Identities
	svc *content.Service
}

// NewContents makes the editor's handlers; operators are authenticated as
// for the review queues.
func NewContents(ids *Identities, s *content.Service) *Contents {
	return &Contents{Identities: ids, svc: s}
}

// Register mounts the calls.
func (h *Contents) Register(g *echo.Group) {
	g.POST("/operations/editform/list", h.list)
	g.POST("/operations/editform/get", h.get)
	g.POST("/operations/editform/save", h.save)
}

func (h *Contents) list(c echo.Context) error {
	var req struct{}
	_, sealed, err := h.operator(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, h.svc.Names())
}

type editGetReq struct {
	Name    string `json:"name"`
	LanCode string `json:"lanCode"`
}

func (h *Contents) get(c echo.Context) error {
	var req editGetReq
	caller, sealed, err := h.operator(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	out, err := h.svc.Get(c.Request().Context(), caller.User, req.Name, req.LanCode)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, out)
}

type editSaveReq struct {
	Name    string          `json:"name"`
	LanCode string          `json:"lanCode"`
	Version int             `json:"version"`
	Value   json.RawMessage `json:"value"`
}

func (h *Contents) save(c echo.Context) error {
	var req editSaveReq
	caller, sealed, err := h.operator(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	out, err := h.svc.Save(c.Request().Context(), caller.User,
		content.Edit{Name: req.Name, Lang: req.LanCode, Version: req.Version, Value: req.Value})
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, out)
}
