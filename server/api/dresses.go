package api

import (
	"github.com/labstack/echo/v4"

	"souk/app/catalog"
)

// dressesList is tre/dressesList: a page of a dress category with its
// filters, what the category page asks when a filter changes. Unknown
// filter values, a negative page and a page size over the maximum are
// refused, naming the field.
func (h *Handlers) dressesList(c echo.Context) error {
	var req catalog.DressQuery
	sealed, err := h.bind(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	if err := req.Check(); err != nil {
		return h.fail(c, err)
	}
	rc := h.ctxOf(c)
	page, err := h.catalog.Dresses(c.Request().Context(), req, rc.lang, rc.currency)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, page)
}
