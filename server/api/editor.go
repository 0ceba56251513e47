package api

import (
	"github.com/labstack/echo/v4"

	"souk/app/ai"
	"souk/app/form"
	"souk/app/listing"
)

// GoodsEditor serves the goods form calls (tre/getTreWithForm,
// tre/saveTreForm) and the operators' goods review (operations/treasure/*).
type GoodsEditor struct {
	*Identities
	svc *listing.Editor
	ai  *ai.Service
}

// NewGoodsEditor makes the goods form and review handlers; operators are
// authenticated as for identities.
func NewGoodsEditor(ids *Identities, s *listing.Editor) *GoodsEditor {
	return &GoodsEditor{Identities: ids, svc: s}
}

// Register mounts the calls.
func (h *GoodsEditor) Register(g *echo.Group) {
	g.GET("/tre/getTreWithForm", h.getWithForm)
	g.POST("/tre/saveTreForm", h.save)
	g.POST("/tre/getMyTreLit/i18nOne", h.lit)
	g.POST("/tre/saveMyTreLit", h.saveLit)
	g.POST("/operations/treasure/list", h.list)
	g.POST("/operations/treasure/decide", h.decide)
	h.registerAI(g)
}

func (h *GoodsEditor) getWithForm(c echo.Context) error {
	var req struct{}
	uid, sealed, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	out, err := h.svc.GetWithForm(c.Request().Context(), uid, c.QueryParam("treId"), h.tr(c))
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, out)
}

type saveTreReq struct {
	TreID  string      `json:"treId"`
	Sid    string      `json:"sid"`
	MaLan  string      `json:"maLan"`
	Submit bool        `json:"submit"`
	Values form.Values `json:"values"`
}

func (h *GoodsEditor) save(c echo.Context) error {
	var req saveTreReq
	caller, sealed, err := h.whoAmI(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	lang := h.ctxOf(c).lang
	if req.MaLan != "" {
		lang = h.langs.Normalize(req.MaLan)
	}
	out, err := h.svc.Save(c.Request().Context(), caller.User.ID, caller.User.UID, listing.EditorSave{
		TreID: req.TreID, Sid: req.Sid, Values: req.Values, Submit: req.Submit, Lang: lang}, h.tr(c))
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, out)
}

func (h *GoodsEditor) list(c echo.Context) error {
	var req queueReq
	caller, sealed, err := h.operator(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	out, err := h.svc.ReviewList(c.Request().Context(), caller.User, req.Status, req.Page, h.tr(c))
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, out)
}

type decideTreReq struct {
	TreID  string `json:"treId"`
	Action string `json:"action"`
	Reason string `json:"reason"`
}

func (h *GoodsEditor) decide(c echo.Context) error {
	var req decideTreReq
	caller, sealed, err := h.operator(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	err = h.svc.ReviewDecide(c.Request().Context(), caller.User,
		listing.ReviewDecision{TreID: req.TreID, Action: req.Action, Reason: req.Reason})
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, nil)
}

type litReq struct {
	TreID   string         `json:"treId"`
	Sid     string         `json:"sid"`
	LanCode string         `json:"lanCode"`
	Texts   map[string]any `json:"texts"`
}

// litLang is the request's language code when the store speaks it, else "".
func (h *GoodsEditor) litLang(code string) string {
	if len(code) > 16 {
		return ""
	}
	l, _ := h.langs.Match(code)
	return l
}

func (h *GoodsEditor) lit(c echo.Context) error {
	var req litReq
	uid, sealed, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	out, err := h.svc.Lit(c.Request().Context(), uid, req.TreID, h.litLang(req.LanCode), h.tr(c))
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, out)
}

func (h *GoodsEditor) saveLit(c echo.Context) error {
	var req litReq
	uid, sealed, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	out, err := h.svc.SaveLit(c.Request().Context(), uid, listing.LitSave{
		TreID: req.TreID, Sid: req.Sid, Lang: h.litLang(req.LanCode), Texts: req.Texts}, h.tr(c))
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, out)
}
