package api

import (
	"github.com/labstack/echo/v4"

	"souk/app/catalog"
)

// categoryList is tre/categoryList: a page of a category's goods (and its
// sub-categories') with its filters, what the category page asks when a
// filter changes. An unknown category or filter value, a negative page and
// a page size over the maximum are refused, naming the field.
func (h *Handlers) categoryList(c echo.Context) error {
	var req catalog.CategoryQuery
	sealed, err := h.bind(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	rc := h.ctxOf(c)
	page, err := h.catalog.CategoryGoods(c.Request().Context(), req, rc.lang, rc.currency)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, page)
}
