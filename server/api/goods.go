package api

import (
	"strconv"

	"github.com/labstack/echo/v4"

	"souk/app/apperr"
	"souk/app/catalog"
)

// treDetailReq is the product load: {lanCode, treId, oldId}. treId may be an
// old numeric id (then treated as oldId); 0 or empty means none.
type treDetailReq struct {
	LanCode string `json:"lanCode"`
	TreID   any    `json:"treId"`
	OldID   int64  `json:"oldId"`
}

func (h *Handlers) treDetail(c echo.Context) error {
	var req treDetailReq
	sealed, err := h.bind(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	rc := h.ctxOf(c)
	if req.LanCode != "" {
		rc.lang = h.langs.Normalize(req.LanCode)
	}
	ref, err := refOf(req.TreID, req.OldID)
	if err != nil {
		return h.fail(c, err)
	}
	g, err := h.catalog.Detail(c.Request().Context(), ref, rc.lang, rc.currency)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, g)
}

func refOf(treID any, oldID int64) (catalog.Ref, error) {
	switch v := treID.(type) {
	case string:
		if v != "" && v != "0" {
			return catalog.ParseRef(v)
		}
	case float64:
		if v > 0 {
			return catalog.ParseRef(strconv.FormatInt(int64(v), 10))
		}
	case nil:
	default:
		return catalog.Ref{}, apperr.Invalid("treId", "FormatError", "GoodsIdInvalid")
	}
	if oldID > 0 {
		return catalog.Ref{OldID: oldID}, nil
	}
	return catalog.Ref{}, apperr.New(apperr.NotFound, "GoodsNotFound")
}

// commentListReq follows SPEC §7: {lastSortFactor, pageSize 5, parentObjId,
// parentObType 6, sortType 0}.
type commentListReq struct {
	LastSortFactor int64  `json:"lastSortFactor"`
	PageSize       int    `json:"pageSize"`
	ParentObjID    string `json:"parentObjId"`
	ParentObType   int    `json:"parentObType"`
	SortType       int    `json:"sortType"`
}

func (h *Handlers) commentList(c echo.Context) error {
	var req commentListReq
	sealed, err := h.bind(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	if req.ParentObType != 0 && req.ParentObType != 6 {
		return h.fail(c, apperr.Invalid("parentObType", "FormatError", "CommentsGoodsOnly"))
	}
	if req.PageSize == 0 {
		req.PageSize = catalog.CommentPageSize
	}
	ref, err := catalog.ParseRef(req.ParentObjID)
	if err != nil {
		return h.fail(c, err)
	}
	list, err := h.catalog.Comments(c.Request().Context(), ref, req.LastSortFactor, req.PageSize)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, list)
}

type indexReq struct {
	RequestID string `json:"requestId"`
}

func (h *Handlers) indexData(c echo.Context) error {
	var req indexReq
	sealed, err := h.bind(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	rc := h.ctxOf(c)
	home, err := h.catalog.Home(c.Request().Context(), rc.lang, rc.currency)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, home)
}

func (h *Handlers) identityInfo(c echo.Context) error {
	it, err := h.catalog.Identity(c.Request().Context(), c.Param("id"), h.ctxOf(c).lang)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, false, it)
}
