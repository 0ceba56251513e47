package api

import (
	"net/http"
	"souk/app/review"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/money"
)

// enumCache keeps built enum answers per (call, language) for one version of
// the enums; a new version empties it.
type enumCache struct {
	mu      sync.Mutex
	version int64
	items   map[string]any
}

func newEnumCache() *enumCache { return &enumCache{items: map[string]any{}} }

func (e *enumCache) get(version int64, key string, build func() (any, error)) (any, error) {
	e.mu.Lock()
	if e.version != version {
		e.version, e.items = version, map[string]any{}
	}
	v, ok := e.items[key]
	e.mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := build()
	if err != nil {
		return nil, err
	}
	e.mu.Lock()
	e.items[key] = v
	e.mu.Unlock()
	return v, nil
}

// serveEnum answers an enum call from the cache, with an ETag of its version
// so clients revalidate cheaply.
func (h *Handlers) serveEnum(c echo.Context, name string, build func(reqCtx) (any, error)) error {
	rc := h.ctxOf(c)
	version := h.catalog.Versions().Get("enums")
	etag := `"` + name + "-" + rc.lang + "-" + rc.currency + "-" + strconv.FormatInt(version, 10) + `"`
	c.Response().Header().Set("ETag", etag)
	c.Response().Header().Set("Cache-Control", "public, max-age=0, must-revalidate")
	if strings.Contains(c.Request().Header.Get("If-None-Match"), etag) {
		return c.NoContent(http.StatusNotModified)
	}
	v, err := h.enums.get(version, name+"|"+rc.lang+"|"+rc.region+"|"+rc.currency, func() (any, error) { return build(rc) })
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, false, v)
}

type langItem struct {
	Lan  string `json:"lan"`
	Name string `json:"name"`
	Dir  string `json:"dir"`
}

type funcItem struct {
	ID    int    `json:"id"`
	Title string `json:"title"`
}

func (h *Handlers) allEnums(c echo.Context) error {
	return h.serveEnum(c, "all", func(rc reqCtx) (any, error) {
		regions, err := h.catalog.Regions(c.Request().Context())
		if err != nil {
			return nil, err
		}
		langs := []langItem{}
		for _, l := range h.langs.All() {
			langs = append(langs, langItem{Lan: l.Code, Name: l.Name, Dir: l.Dir})
		}
		t := func(k string) string { return h.strings.T(rc.lang, k) }
		funcs := []funcItem{{1, t("MenuConsumerGoods")}, {2, t("MenuWholesale")}, {3, t("MenuDresses")}, {4, t("MenuMakeGoods")}}
		return map[string]any{
			"lanList": langs, "regionList": regions, "funcList": funcs,
			"lanTxtMap": h.strings.Strings(rc.lang), "region": rc.region, "currency": rc.currency,
			"version": h.catalog.Versions().Get("enums"),
		}, nil
	})
}

func (h *Handlers) entityEnums(c echo.Context) error {
	return h.serveEnum(c, "entity", func(rc reqCtx) (any, error) {
		t := func(k string) string { return h.strings.T(rc.lang, k) }
		return map[string]any{
			"identityTypes": []funcItem{
				{catalog.IdentityCreator, t("IdentityCreator")}, {catalog.IdentitySeller, t("IdentitySeller")},
				{catalog.IdentityMaker, t("IdentityMaker")}, {catalog.IdentityAnalyst, t("IdentityAnalyst")},
				{catalog.IdentityCustomerService, t("IdentityCustomerService")},
			},
			"entityTypes": []funcItem{{1, t("EntityPerson")}, {2, t("EntityCompany")}},
			"lanTxtMap":   pick(h.strings.Strings(rc.lang), "Identity", "Entity"),
		}, nil
	})
}

func (h *Handlers) treEnums(c echo.Context) error {
	return h.serveEnum(c, "tre", func(rc reqCtx) (any, error) {
		t := func(k string) string { return h.strings.T(rc.lang, k) }
		return map[string]any{
			"reviewStatus":  review.All(t), // the labels and colours my goods shows too
			"bigTypes":      []funcItem{{1, t("ConsumerGoods")}, {2, t("WholesalerGoods")}},
			"priceCalTypes": priceCalTypes(),
			"lanTxtMap":     pick(h.strings.Strings(rc.lang), "ReviewStatus", "AddToCart", "OnSale", "NotAvailable", "PSSp", "MinQty"),
		}, nil
	})
}

func priceCalTypes() []map[string]int {
	return []map[string]int{{"k": money.BaseRate}, {"k": money.StaticPrice}, {"k": money.VariousPrice}}
}

func (h *Handlers) regionCurrencies(c echo.Context) error {
	return h.serveEnum(c, "regcur", func(rc reqCtx) (any, error) {
		regions, err := h.catalog.Regions(c.Request().Context())
		if err != nil {
			return nil, err
		}
		return map[string]any{"currencies": h.catalog.Currencies(), "priceCalTypes": priceCalTypes(), "regions": regions,
			"region": rc.region, "currency": rc.currency}, nil
	})
}

func (h *Handlers) exchangeRates(c echo.Context) error {
	r, err := h.catalog.ExchangeRateSnapshot(c.Request().Context())
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, false, r)
}

func (h *Handlers) classLabel(c echo.Context) error {
	id, err := strconv.Atoi(c.Param("id"))
	if err != nil || id < 0 {
		return h.fail(c, apperr.Invalid("id", "FormatError", "LabelIdInvalid"))
	}
	tree, err := h.catalog.ClassLabel(c.Request().Context(), id, h.ctxOf(c).lang)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, false, tree)
}

// pick returns the catalog entries whose keys start with one of prefixes.
func pick(all map[string]string, prefixes ...string) map[string]string {
	out := map[string]string{}
	for k, v := range all {
		for _, p := range prefixes {
			if strings.HasPrefix(k, p) {
				out[k] = v
			}
		}
	}
	return out
}
