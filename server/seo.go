package server

import (
	"context"
	"encoding/xml"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"souk/app/catalog"
	"souk/server/web"
)

// SitemapSource lists what the sitemaps contain.
type SitemapSource interface {
	GoodsEntries(ctx context.Context, lang string, offset, limit int) ([]catalog.SitemapEntry, error)
	GoodsCounts(ctx context.Context) (map[string]int, error)
	IdentityPaths(ctx context.Context) ([]string, error)
}

// SitemapChunk is how many URLs one per-language sitemap file holds (the
// protocol allows 50 000).
const SitemapChunk = 10000

func robots(d Deps) echo.HandlerFunc {
	return func(c echo.Context) error {
		base := d.Site.BaseURL
		// Pages that must not be indexed say so with a noindex meta tag;
		// disallowing them here would hide that tag from crawlers (and a
		// disallowed URL can still be indexed from links to it).
		body := "User-agent: *\nAllow: /\nDisallow: /api/\n" +
			"Sitemap: " + base + "/sitemap.xml\n"
		c.Response().Header().Set("Cache-Control", "public, max-age=3600")
		return c.String(http.StatusOK, body)
	}
}

type sitemapIndexXML struct {
	XMLName  xml.Name     `xml:"sitemapindex"`
	Xmlns    string       `xml:"xmlns,attr"`
	Sitemaps []sitemapLoc `xml:"sitemap"`
}

type sitemapLoc struct {
	Loc string `xml:"loc"`
}

// sitemapIndex lists one sitemap per language (and per chunk of goods).
func sitemapIndex(d Deps) echo.HandlerFunc {
	return func(c echo.Context) error {
		counts, err := d.Site.Catalog.GoodsCounts(c.Request().Context())
		if err != nil {
			return err
		}
		idx := sitemapIndexXML{Xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9"}
		for _, l := range d.Site.Langs.All() {
			// Chunk 0 always exists: the home and identity pages.
			for i := 0; i < max(1, (counts[l.Code]+SitemapChunk-1)/SitemapChunk); i++ {
				idx.Sitemaps = append(idx.Sitemaps, sitemapLoc{Loc: fmt.Sprintf("%s/sitemaps/%s-%d.xml", d.Site.BaseURL, l.Code, i)})
			}
		}
		return writeXML(c, idx)
	}
}

type urlsetXML struct {
	XMLName xml.Name `xml:"urlset"`
	Xmlns   string   `xml:"xmlns,attr"`
	URLs    []urlXML `xml:"url"`
}

type urlXML struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// sitemapFile serves /sitemaps/{lang}-{chunk}.xml: the home page, the
// identity pages, the store's own pages (about, contact, the app), the dresses
// line's pages, the hots pages and the category pages in chunk 0, then that
// chunk's goods pages of the goods written in the language.
func sitemapFile(d Deps) echo.HandlerFunc {
	return func(c echo.Context) error {
		name := strings.TrimSuffix(c.Param("file"), ".xml")
		i := strings.LastIndexByte(name, '-')
		if i <= 0 {
			return echo.ErrNotFound
		}
		lang, chunkStr := name[:i], name[i+1:]
		chunk, err := strconv.Atoi(chunkStr)
		if _, ok := d.Site.Langs.Get(lang); !ok || err != nil || chunk < 0 || chunk > 10000 {
			return echo.ErrNotFound
		}
		ctx := c.Request().Context()
		set := urlsetXML{Xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9"}
		prefix := d.Site.BaseURL + "/" + lang
		if chunk == 0 {
			set.URLs = append(set.URLs, urlXML{Loc: prefix + "/"})
			ids, err := d.Site.Catalog.IdentityPaths(ctx)
			if err != nil {
				return err
			}
			for _, p := range ids {
				set.URLs = append(set.URLs, urlXML{Loc: prefix + p})
			}
			dresses, err := d.Site.DressesPaths(ctx, lang)
			if err != nil {
				return err
			}
			for _, p := range append(web.TextPaths(), dresses...) {
				set.URLs = append(set.URLs, urlXML{Loc: prefix + p})
			}
			hots, err := d.Site.HotsPaths(ctx, lang)
			if err != nil {
				return err
			}
			for _, p := range hots {
				set.URLs = append(set.URLs, urlXML{Loc: prefix + p})
			}
			cats, err := d.Site.CategoryPaths(ctx)
			if err != nil {
				return err
			}
			for _, p := range cats {
				set.URLs = append(set.URLs, urlXML{Loc: prefix + p})
			}
		}
		goods, err := d.Site.Catalog.GoodsEntries(ctx, lang, chunk*SitemapChunk, SitemapChunk)
		if err != nil {
			return err
		}
		if chunk > 0 && len(goods) == 0 {
			return echo.ErrNotFound
		}
		for _, g := range goods {
			set.URLs = append(set.URLs, urlXML{Loc: prefix + g.Path, LastMod: g.Updated.UTC().Format(time.RFC3339)})
		}
		return writeXML(c, set)
	}
}

func writeXML(c echo.Context, v any) error {
	out, err := xml.Marshal(v)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=3600")
	return c.Blob(http.StatusOK, "application/xml; charset=utf-8", append([]byte(xml.Header), out...))
}
