package api

import (
	"log/slog"
	"strings"

	"github.com/labstack/echo/v4"

	"souk/app/catalog"
	"souk/app/i18n"
)

// Handlers holds what the API calls need. Handlers parse and validate,
// call one service method, and write the envelope.
type Handlers struct {
	catalog *catalog.Service
	langs   *i18n.Set
	strings *i18n.Catalogs
	sealer  *Sealer
	log     *slog.Logger
	enums   *enumCache
}

// New makes the handlers.
func New(cat *catalog.Service, langs *i18n.Set, strs *i18n.Catalogs, sealer *Sealer, log *slog.Logger) *Handlers {
	return &Handlers{catalog: cat, langs: langs, strings: strs, sealer: sealer, log: log, enums: newEnumCache()}
}

// Register mounts every call under g (/api/v1/souk).
func (h *Handlers) Register(g *echo.Group) {
	g.GET("/basics/getAllEnums", h.allEnums)
	g.GET("/basics/getEntityEnums", h.entityEnums)
	g.GET("/tre/basics/getEnums", h.treEnums)
	g.GET("/tre/basics/getRegionCurrencies", h.regionCurrencies)
	g.GET("/tre/basics/getExchangeRates", h.exchangeRates)
	g.GET("/basics/getAllClassificationLabelAndCats/:id", h.classLabel)
	g.POST("/tre/getTreDetail", h.treDetail)
	g.POST("/tre/dressesList", h.dressesList)
	g.POST("/tre/categoryList", h.categoryList)
	g.POST("/content/commentList", h.commentList)
	g.POST("/index/getData", h.indexData)
	g.GET("/theIdentity/getInfo/:id", h.identityInfo)
}

// reqCtx is what the headers say about the caller: ALAN language, RE region,
// CU currency.
type reqCtx struct{ lang, region, currency string }

func (h *Handlers) ctxOf(c echo.Context) reqCtx {
	r := c.Request()
	lang := h.langs.Normalize(r.Header.Get("ALAN"))
	region := strings.ToUpper(strings.TrimSpace(r.Header.Get("RE")))
	if region == "" {
		region = i18n.DefaultRegion(lang)
	}
	cur := strings.ToUpper(strings.TrimSpace(r.Header.Get("CU")))
	if _, ok := h.catalog.Currency(cur); !ok {
		cur = h.regionCurrency(c, region)
	}
	return reqCtx{lang: lang, region: region, currency: cur}
}

func (h *Handlers) regionCurrency(c echo.Context, region string) string {
	regions, err := h.catalog.Regions(c.Request().Context())
	if err == nil {
		for _, r := range regions {
			if r.C == region {
				return r.Y
			}
		}
	}
	return "USD"
}
