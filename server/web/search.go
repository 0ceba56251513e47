package web

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/search"
	"souk/server/ssr"
)

// Searcher is what the results page needs of app/search.
type Searcher interface {
	SearchTyped(ctx context.Context, t search.Typed, sh search.Shower) (*search.Shown, error)
}

// SearchResults is the results page's data (views/lib/types.ts SearchResults).
type SearchResults struct {
	Q               string    `json:"q"`
	Error           string    `json:"error,omitempty"`
	Consumer        pageCards `json:"consumer"`
	Wholesaler      pageCards `json:"wholesaler"`
	ConsumerTotal   int       `json:"consumerTotal"`
	WholesalerTotal int       `json:"wholesalerTotal"`
	// Corrected says the results are of Q spelt right: Q found nothing.
	Corrected *search.Correction `json:"corrected,omitempty"`
	// Suggest is what to try instead when nothing was found.
	Suggest *search.Suggestions `json:"suggest,omitempty"`
}

// searchPageSize is how many goods of each group the page lists.
const searchPageSize = 20

// searchTimeout bounds the search behind one page; the render has its own
// bound in the goja pool.
const searchTimeout = 10 * time.Second

// serveSearch answers /{lang}/search?q=…, what the search box submits
// without JavaScript. Any text can be asked, so the page is never stored in
// the page cache (it would let anyone fill it) and never indexed; it is
// rendered per request, which the goja pool bounds like every render.
func (s *Site) serveSearch(c echo.Context, r Request, prefixed bool) error {
	if s.SearchLimit != nil { // each answer costs a search and a render: bound them per address
		if ok, wait := s.SearchLimit.Allow(c.RealIP()); !ok {
			c.Response().Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
			c.Response().Header().Set("Cache-Control", "no-store")
			return c.String(http.StatusTooManyRequests, s.Strings.T(r.Lang, "SearchTooOften"))
		}
	}
	ctx := c.Request().Context()
	res := s.searchResults(ctx, c.QueryParam("q"), c.QueryParam("exact") == "1", r)
	page, err := s.renderSearch(ctx, res, r)
	if err != nil {
		s.Log.Error("render search page", "err", err)
		page = s.errorPage(ctx, "/search", r)
	}
	h := c.Response().Header()
	h.Set("Cache-Control", "no-store")
	h.Set("X-Robots-Tag", "noindex")
	h.Set("X-Cache", "bypass")
	if prefixed {
		h.Set("Vary", "Cookie, Accept-Encoding")
	} else {
		h.Set("Vary", "Cookie, Accept-Language, Accept-Encoding")
	}
	body, enc := page.Body(c.Request().Header.Get("Accept-Encoding"))
	if enc != "" {
		h.Set("Content-Encoding", enc)
	}
	return c.Blob(page.Status, "text/html; charset=utf-8", body)
}

// searchResults runs the query through the search service: the first page
// of consumer and of wholesale goods, or of the query spelt right when it
// found nothing and exact is not set. An empty query shows the form only;
// one that cannot be searched says why.
func (s *Site) searchResults(ctx context.Context, raw string, exact bool, r Request) *SearchResults {
	q := strings.TrimSpace(raw)
	out := &SearchResults{Q: q, Consumer: []catalog.Card{}, Wholesaler: []catalog.Card{}}
	if q == "" || s.Search == nil {
		return out
	}
	ctx, cancel := context.WithTimeout(ctx, searchTimeout)
	defer cancel()
	shown, err := s.Search.SearchTyped(ctx, search.Typed{Txt: q, Exact: exact, Lang: r.Lang, Cur: r.Currency, Size: searchPageSize}, nil)
	if e, ok := apperr.As(err); ok && e.Code == apperr.InvalidInput {
		out.Q = truncateRunes(q, search.MaxQuery)
		out.Error = e.Render(func(key string, args ...string) string { return s.Strings.T(r.Lang, key, args...) })
		return out
	} else if err != nil {
		s.Log.Error("search page", "err", err)
		out.Error = s.Strings.T(r.Lang, "ErrorOccurs")
		return out
	}
	if p := shown.Pages[search.Consumer]; p != nil {
		out.Consumer, out.ConsumerTotal = orEmpty(p.Cards), p.Total
	}
	if p := shown.Pages[search.Wholesale]; p != nil {
		out.Wholesaler, out.WholesalerTotal = orEmpty(p.Cards), p.Total
	}
	out.Corrected, out.Suggest = shown.Corrected, shown.Suggest
	return out
}

// renderSearch renders the results page. Its canonical is /search without
// the query: the page is noindex, and carries no hreflang alternates.
func (s *Site) renderSearch(ctx context.Context, res *SearchResults, r Request) (*ssr.Page, error) {
	html, err := s.renderProps(ctx, &Loaded{Page: "search", Status: http.StatusOK, Data: PageData{Search: res}}, "/search", r)
	if err != nil {
		return nil, err
	}
	return ssr.NewPage(http.StatusOK, html, nil), nil
}

func orEmpty(c []catalog.Card) []catalog.Card {
	if c == nil {
		return []catalog.Card{}
	}
	return c
}

// truncateRunes is what a refused query shows in the search box: valid
// UTF-8 without control characters (a NUL would be dropped by the browser's
// parser, and the page would not hydrate as rendered), at most n runes.
func truncateRunes(s string, n int) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && !unicode.IsSpace(r) {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, ""))
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}
