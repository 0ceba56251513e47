package api

import (
	"github.com/labstack/echo/v4"

	"souk/app/trend"
)

// Trends serves the view report a product page sends once it is live
// (pages are cached and shared, so a view cannot be counted where the page
// is rendered).
type Trends struct {
	*Handlers
	svc *trend.Service
}

// NewTrends makes the handler.
func NewTrends(h *Handlers, s *trend.Service) *Trends { return &Trends{Handlers: h, svc: s} }

// Register mounts tre/view.
func (h *Trends) Register(g *echo.Group) { g.POST("/tre/view", h.view) }

type viewReq struct {
	TreID string `json:"treId"`
}

// view is tre/view {treId}: counts a view of the goods' page by the client
// address, bounded and deduplicated by the service; answers {counted}.
func (h *Trends) view(c echo.Context) error {
	var req viewReq
	sealed, err := h.bind(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	counted, err := h.svc.View(c.Request().Context(), c.RealIP(), req.TreID)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, map[string]bool{"counted": counted})
}
