package api

import (
	"github.com/labstack/echo/v4"

	"souk/app/ai"
	"souk/app/apperr"
	"souk/app/form"
	"souk/app/listing"
)

// The AI calls of the goods form and its translate menu: interLan/tranTxt
// (translate given texts), interLan/fillSuggestedLanguages (fill an item's
// missing languages in the background) and tre/draftTreTexts ("Write with
// AI"). Every answer names the engine that made it.

// EnableAI serves the AI calls with s.
func (h *GoodsEditor) EnableAI(s *ai.Service) { h.ai = s }

func (h *GoodsEditor) registerAI(g *echo.Group) {
	g.POST("/interLan/tranTxt", h.tranTxt)
	g.POST("/interLan/fillSuggestedLanguages", h.fillLanguages)
	g.POST("/tre/draftTreTexts", h.draft)
}

// aiLangs are the requested languages as the store names them: at most
// MaxLangs, each one the store speaks.
func (h *GoodsEditor) aiLangs(codes []string) ([]string, error) {
	if len(codes) > ai.MaxLangs {
		return nil, apperr.Invalid("lanCodes", "AILangs", "AITooManyLangs")
	}
	out := make([]string, 0, len(codes))
	for _, code := range codes {
		l := h.litLang(code)
		if l == "" {
			return nil, apperr.Invalid("lanCodes", "FormNotInList", "LitUnknownLang")
		}
		out = append(out, l)
	}
	return out, nil
}

type tranTxtReq struct {
	From     string      `json:"from"`
	LanCodes []string    `json:"lanCodes"`
	Texts    []ai.Source `json:"texts"`
}

func (h *GoodsEditor) tranTxt(c echo.Context) error {
	var req tranTxtReq
	uid, sealed, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	if h.ai == nil {
		return h.fail(c, apperr.New(apperr.NetworkError, "AIUnavailable"))
	}
	from := h.litLang(req.From)
	if from == "" {
		return h.fail(c, apperr.Invalid("from", "FormNotInList", "LitUnknownLang"))
	}
	to, err := h.aiLangs(req.LanCodes)
	if err != nil {
		return h.fail(c, err)
	}
	out, err := h.ai.Translate(c.Request().Context(), uid, from, to, req.Texts)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, out)
}

type fillReq struct {
	TreID    string   `json:"treId"`
	Sid      string   `json:"sid"`
	LanCodes []string `json:"lanCodes"`
	Peek     bool     `json:"peek"`
}

func (h *GoodsEditor) fillLanguages(c echo.Context) error {
	var req fillReq
	uid, sealed, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	langs, err := h.aiLangs(req.LanCodes)
	if err != nil {
		return h.fail(c, err)
	}
	out, err := h.svc.Fill(c.Request().Context(), uid, listing.FillRequest{TreID: req.TreID, Sid: req.Sid, Langs: langs, Peek: req.Peek}, h.tr(c))
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, out)
}

type draftReq struct {
	MaLan  string      `json:"maLan"`
	Words  string      `json:"words"`
	Values form.Values `json:"values"`
}

func (h *GoodsEditor) draft(c echo.Context) error {
	var req draftReq
	caller, sealed, err := h.whoAmI(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	lang := h.ctxOf(c).lang
	if req.MaLan != "" {
		lang = h.litLang(req.MaLan)
	}
	if lang == "" {
		return h.fail(c, apperr.Invalid("maLan", "FormNotInList", "LitUnknownLang"))
	}
	out, err := h.svc.Draft(c.Request().Context(), caller.User.ID, listing.DraftRequest{
		UserUID: caller.User.UID, Lang: lang, Words: req.Words, Values: req.Values}, h.tr(c))
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, out)
}
