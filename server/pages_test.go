package server_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"souk/server/web"
)

func TestPages(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		dress := s.anyGoods(t, func(g map[string]any) bool { return g["spe"].(float64) == 1 })
		dressAt := strings.TrimPrefix(s.canonicalGoods(t, "/en", dress), "/en") // with its slug
		tests := []struct {
			name     string
			path     string
			headers  []string
			status   int
			location string
			contains []string
		}{
			{"home en", "/en/", nil, 200, "", []string{`<html lang="en" dir="ltr">`, `data-testid="searchbox"`, `rel="canonical" href="http://souk.test/en/"`, `hreflang="x-default"`}},
			{"home ar is rtl", "/ar/", nil, 200, "", []string{`<html lang="ar" dir="rtl">`}},
			{"home zh-tw", "/zh-tw/", nil, 200, "", []string{`<html lang="zh-tw"`}},
			{"script subtag normalised", "/zh-hans/", nil, 301, "/zh/", nil},
			{"traditional normalised", "/zh_Hant/tredetail/x", nil, 301, "/zh-tw/tredetail/x", nil},
			{"region variant falls back", "/de-AT/", nil, 301, "/de/", nil},
			{"upper case normalised", "/FR/", nil, 301, "/fr/", nil},
			{"unknown language", "/xx/tredetail/abc", nil, 302, "/404", nil},
			{"not found page", "/404", nil, 404, "", []string{`data-testid="not-found"`, `noindex`}},
			{"catch-all", "/en/no/such/page", nil, 404, "", []string{`data-testid="not-found"`}},
			{"make-line shell", "/en/makeline/trabc", nil, 200, "", []string{`<html lang="en"`}},
			{"make-line, malformed uid", "/en/makeline/a%20b", nil, 404, "", []string{`data-testid="not-found"`}},
			{"chat shell, noindex", "/en/bigchat", nil, 200, "", []string{`<html lang="en"`, `noindex`}},
			{"orders shell", "/en/myorders", nil, 200, "", []string{`<html lang="en"`}},
			{"order shell", "/ar/myorder/S2611210000000001", nil, 200, "", []string{`dir="rtl"`}},
			{"checkout shell", "/en/makeorder", nil, 200, "", nil},
			{"address edit shell", "/en/addressedit/new", nil, 200, "", nil},
			{"treId 0", "/en/tredetail/0", nil, 404, "", nil},
			{"unknown goods", "/en/tredetail/nosuchgoods", nil, 404, "", nil},
			{"unprefixed in visitor language", dressAt, []string{"Accept-Language", "de-DE,de;q=0.9"}, 200, "", []string{`<html lang="de"`, `rel="canonical" href="http://souk.test/tredetail/` + dress}}, // the x-default is its own canonical
			{"language cookie wins", "/", []string{"Accept-Language", "de", "Cookie", "lang=ja"}, 200, "", []string{`<html lang="ja"`}},
			{"old numeric id redirects", "/en/tredetail/10000", nil, 301, "", nil},
			{"dress page", "/en" + dressAt, nil, 200, "", []string{`data-testid="delivery"`, `data-testid="size-chart"`, `data-testid="label-9"`, `"@type":"Product"`, `"priceValidUntil"`, `"merchantReturnDays":10`, `ReturnFeesCustomerResponsibility`, `ReturnByMail`, `"BreadcrumbList"`, `/ai-creation/` + dress}},
			{"identity page", "/en/biger/seller/atelier-lumiere", nil, 0, "", nil},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				res, body := s.get(t, tt.path, tt.headers...)
				if tt.status != 0 && res.StatusCode != tt.status {
					t.Fatalf("status %d, want %d", res.StatusCode, tt.status)
				}
				if res.StatusCode >= 500 {
					t.Fatalf("status %d", res.StatusCode)
				}
				if tt.location != "" && res.Header.Get("Location") != tt.location {
					t.Fatalf("Location %q, want %q", res.Header.Get("Location"), tt.location)
				}
				for _, want := range tt.contains {
					if !strings.Contains(body, want) {
						t.Errorf("page lacks %q", want)
					}
				}
			})
		}
	})
}

// Every route of SPEC §2 is registered, with and without a prefix, and
// answers a page or the not-found page: never an error.
func TestEveryRouteAnswers(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	fill := regexp.MustCompile(`\{[^}]+\}`)
	for _, r := range web.Routes() {
		path := fill.ReplaceAllString(r, "x1234567")
		for _, p := range []string{path, "/en" + path} {
			res, body := s.get(t, p)
			if res.StatusCode != 200 && res.StatusCode != 404 && res.StatusCode != 301 {
				t.Errorf("%s: status %d", p, res.StatusCode)
			}
			if res.StatusCode == 404 && !strings.Contains(body, `data-testid="not-found"`) {
				t.Errorf("%s: 404 without the not-found page", p)
			}
		}
	}
}

func TestPageCacheAndValidators(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	treID := s.anyGoods(t, func(map[string]any) bool { return true })
	path := s.canonicalGoods(t, "/en", treID)
	res1, body1 := s.get(t, path)
	res2, body2 := s.get(t, path)
	if res2.Header.Get("X-Cache") != "hit" || body1 != body2 {
		t.Fatalf("second request not served from cache: %s", res2.Header.Get("X-Cache"))
	}
	etag := res1.Header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	res3, _ := s.get(t, path, "If-None-Match", etag)
	if res3.StatusCode != http.StatusNotModified {
		t.Fatalf("revalidation answered %d, want 304", res3.StatusCode)
	}
	// Another currency is another page.
	_, eur := s.get(t, path, "Cookie", "CU=EUR")
	if !strings.Contains(eur, `"currency":"EUR"`) || !strings.Contains(eur, "€") {
		t.Fatal("currency cookie did not change the prices")
	}
	// A change to the goods invalidates its pages.
	s.app.Site.Catalog.Versions().Bump("goods:"+treID, "catalog")
	if res, _ := s.get(t, path); res.Header.Get("X-Cache") == "hit" {
		t.Fatal("changed goods still served as a fresh hit")
	}
	// Random query strings do not make new cache entries.
	before := s.app.Site.Cache.Len()
	for _, q := range []string{"?a=1", "?b=2", "?utm=x"} {
		s.get(t, path+q)
	}
	if s.app.Site.Cache.Len() != before {
		t.Fatal("query strings filled the cache")
	}
}

func TestSEOFiles(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	_, robots := s.get(t, "/robots.txt")
	if !strings.Contains(robots, "Sitemap: http://souk.test/sitemap.xml") {
		t.Fatalf("robots.txt: %s", robots)
	}
	_, idx := s.get(t, "/sitemap.xml")
	if !strings.Contains(idx, "/sitemaps/en-0.xml") || !strings.Contains(idx, "/sitemaps/zh-tw-0.xml") {
		t.Fatal("sitemap index lacks per-language sitemaps")
	}
	_, en := s.get(t, "/sitemaps/en-0.xml")
	if strings.Count(en, "<loc>") < 50 || !strings.Contains(en, "/en/tredetail/") {
		t.Fatal("language sitemap lacks goods")
	}
	if res, _ := s.get(t, "/sitemaps/xx-0.xml"); res.StatusCode != 404 {
		t.Fatal("unknown language sitemap must be 404")
	}
}

func TestMedia(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	_, page := s.get(t, s.canonicalGoods(t, "/en", s.anyGoods(t, func(map[string]any) bool { return true })))
	m := regexp.MustCompile(`/media/demo/[A-Za-z0-9_-]+-s\.jpg`).FindString(page)
	if m == "" {
		t.Fatal("no image on the page")
	}
	res, body := s.get(t, m)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/jpeg" || len(body) < 1000 {
		t.Fatalf("image: %d %s %d bytes", res.StatusCode, res.Header.Get("Content-Type"), len(body))
	}
	for _, bad := range []string{"/media/demo/../../souk.db", "/media/demo/dress_ff0000_nosuch-0-s.jpg", "/media/x"} {
		if res, _ := s.get(t, bad); res.StatusCode != 404 {
			t.Errorf("%s: status %d, want 404", bad, res.StatusCode)
		}
	}
}
