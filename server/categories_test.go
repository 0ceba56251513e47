package server_test

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"souk/ent/category"
	"souk/ent/goods"
)

var categoryCount = regexp.MustCompile(`data-testid="category-count">(\d+)`)

// listed is a category page: its status, its HTML and how many goods it
// says it lists.
func (s *testStore) listed(t *testing.T, path string) (int, string, int) {
	t.Helper()
	res, body := s.get(t, path, "Accept-Encoding", "identity")
	n := -1
	if m := categoryCount.FindStringSubmatch(body); m != nil {
		n, _ = strconv.Atoi(m[1])
	}
	return res.StatusCode, body, n
}

// breadcrumbList is the items of a page's BreadcrumbList JSON-LD (their
// URLs), nil without one.
func breadcrumbList(t *testing.T, body string) []string {
	t.Helper()
	var items []string
	for _, m := range regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`).FindAllStringSubmatch(body, -1) {
		var v struct {
			Type  string `json:"@type"`
			Items []struct {
				Position int    `json:"position"`
				Name     string `json:"name"`
				Item     string `json:"item"`
			} `json:"itemListElement"`
		}
		if err := json.Unmarshal([]byte(m[1]), &v); err != nil {
			t.Fatalf("JSON-LD %q: %v", m[1], err)
		}
		if v.Type != "BreadcrumbList" {
			continue
		}
		for i, it := range v.Items {
			if it.Position != i+1 || it.Name == "" {
				t.Fatalf("BreadcrumbList item %d: %+v", i, it)
			}
			items = append(items, it.Item)
		}
	}
	return items
}

// TestCategoryPages: a category page answers in every language with its
// breadcrumbs (visible and as BreadcrumbList), its sub-categories and its
// filters; the filters in the URL change the list; a product page's
// breadcrumbs lead to its category; filtered views are not indexed.
func TestCategoryPages(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		for _, lang := range []string{"en", "ar"} {
			code, body, n := s.listed(t, "/"+lang+"/category/jewelry-watches")
			if code != 200 || n <= 0 {
				t.Fatalf("/%s/category/jewelry-watches: %d, %d goods", lang, code, n)
			}
			for _, w := range []string{`lang="` + lang + `"`, `data-testid="category-filters"`, `data-testid="filter-moq"`, `data-testid="filter-price"`,
				`data-testid="filter-type"`, `data-testid="category-subs"`, `href="/` + lang + `/category/watches"`, `class="card`,
				`<nav class="crumbs"`, `hreflang="fr" href="http://souk.test/fr/category/jewelry-watches"`} {
				if !strings.Contains(body, w) {
					t.Errorf("/%s/category/jewelry-watches: no %s", lang, w)
				}
			}
			if lang == "ar" && !strings.Contains(body, `dir="rtl"`) {
				t.Error("/ar/category/jewelry-watches is not right to left")
			}
		}

		// A parent lists its sub-categories' goods; a sub-category's
		// breadcrumbs and BreadcrumbList name Home, the parent and itself.
		_, _, parent := s.listed(t, "/en/category/jewelry-watches")
		_, _, jewelry := s.listed(t, "/en/category/jewelry")
		_, watches, nWatches := s.listed(t, "/en/category/watches")
		if jewelry <= 0 || nWatches <= 0 || parent != jewelry+nWatches {
			t.Fatalf("jewelry & watches %d, jewelry %d, watches %d", parent, jewelry, nWatches)
		}
		want := []string{"http://souk.test/en/", "http://souk.test/en/category/jewelry-watches", "http://souk.test/en/category/watches"}
		if got := breadcrumbList(t, watches); !slices.Equal(got, want) {
			t.Errorf("watches' BreadcrumbList %v, want %v", got, want)
		}
		nav := regexp.MustCompile(`<nav class="crumbs"[^>]*>(.*?)</nav>`).FindStringSubmatch(watches)
		if nav == nil || !strings.Contains(nav[1], `href="/en/category/jewelry-watches"`) || !strings.Contains(nav[1], `aria-current="page"`) {
			t.Errorf("watches' breadcrumbs: %v", nav)
		}

		// Filters narrow the list; each filtered view is a page of its own,
		// followed but not indexed, without hreflang.
		base := "/en/category/beauty"
		_, first, all := s.listed(t, base)
		_, moqBody, moq := s.listed(t, base+"?moq=20")
		_, _, wholesale := s.listed(t, base+"?type=wholesale")
		_, _, cheap := s.listed(t, base+"?price=u25")
		_, _, both := s.listed(t, base+"?moq=20&price=u25&type=wholesale")
		if all <= 0 || moq <= 0 || moq >= all || wholesale <= 0 || wholesale >= all || cheap <= 0 || cheap >= all || both > min(moq, cheap, wholesale) {
			t.Fatalf("beauty %d, moq ≤ 20 %d, wholesale %d, under 25 %d, all three %d", all, moq, wholesale, cheap, both)
		}
		if strings.Contains(first, `name="robots"`) || !strings.Contains(moqBody, `<meta name="robots" content="noindex, follow"/>`) ||
			strings.Contains(moqBody, `hreflang=`) || !strings.Contains(moqBody, `<link rel="canonical" href="http://souk.test/en/category/beauty?moq=20"/>`) {
			t.Error("the category is indexed and its filtered views are not (noindex, follow, no hreflang, canonical to themselves)")
		}

		// A product's breadcrumbs lead to its category page.
		uid := s.app.DB.Goods.Query().Where(goods.CategoryEQ("watches")).FirstX(context.Background()).UID
		_, product := s.get(t, s.canonicalGoods(t, "/en", uid), "Accept-Encoding", "identity")
		nav = regexp.MustCompile(`<nav class="crumbs"[^>]*>(.*?)</nav>`).FindStringSubmatch(product)
		if nav == nil || !strings.Contains(nav[1], `href="/en/category/jewelry-watches"`) || !strings.Contains(nav[1], `href="/en/category/watches"`) {
			t.Errorf("a watch's breadcrumbs: %v", nav)
		}
		if items := breadcrumbList(t, product); len(items) != 4 || items[2] != "http://souk.test/en/category/watches" {
			t.Errorf("a watch's BreadcrumbList: %v", items)
		}
	})
}

// TestSubCategoryLinksKeepFilters: a sub-category's link keeps the
// filters when it is a category page; the dresses line (its own filters)
// gets none.
func TestSubCategoryLinksKeepFilters(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		ctx := context.Background()
		s.app.DB.Category.Update().Where(category.CodeEQ("dresses")).SetParentCode("womens-fashion").ExecX(ctx)
		if err := s.app.Site.Catalog.ReloadRates(ctx); err != nil { // reference data changed
			t.Fatal(err)
		}
		for path, c := range map[string]struct{ want, not string }{
			"/en/category/jewelry-watches?price=u25": {`href="/en/category/watches?price=u25"`, ""},
			"/en/category/womens-fashion?price=u25":  {`href="/en/dresses"`, `href="/en/dresses?`},
		} {
			res, body := s.get(t, path, "Accept-Encoding", "identity")
			subs := regexp.MustCompile(`data-testid="category-subs">(.*?)</ul>`).FindStringSubmatch(body)
			if res.StatusCode != 200 || subs == nil || !strings.Contains(subs[1], c.want) || (c.not != "" && strings.Contains(subs[1], c.not)) {
				t.Errorf("%s: %d, sub-categories %v; want %s", path, res.StatusCode, subs, c.want)
			}
		}
	})
}

// TestCategoryCanonical: other spellings of a category page, unknown and
// default filter values, a chosen sub-category and a page past the last
// redirect to the one URL; an unknown category is not found.
func TestCategoryCanonical(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		for from, to := range map[string]string{
			"/en/category/beauty/beauty-and-care":                  "/en/category/beauty",
			"/ar/category/beauty/x?moq=20&utm_source=a":            "/ar/category/beauty?moq=20",
			"/en/category/beauty?moq=7":                            "/en/category/beauty",
			"/en/category/beauty?moq=20&price=free&sort=relevance": "/en/category/beauty?moq=20",
			"/en/category/beauty?type=retail&sort=price-asc":       "/en/category/beauty?sort=price-asc",
			"/en/category/beauty?moq=020":                          "/en/category/beauty?moq=20",
			"/en/category/beauty?page=40":                          "/en/category/beauty",
			"/en/category/jewelry-watches?moq=20&page=3":           "/en/category/jewelry-watches?moq=20",
			"/en/category/dresses":                                 "/en/dresses",
		} {
			if res, _ := s.get(t, from); res.StatusCode != 301 || res.Header.Get("Location") != to {
				t.Errorf("%s: %d to %q, want 301 to %s", from, res.StatusCode, res.Header.Get("Location"), to)
			}
		}
		for _, p := range []string{"/en/category/no-such-thing", "/en/category/" + randomWord() + "/x"} {
			if res, _ := s.get(t, p); res.StatusCode != 404 {
				t.Errorf("%s: %d, want 404", p, res.StatusCode)
			}
		}
		// Known values in another order are the same page (one cache key).
		for _, p := range []string{"/en/category/beauty?moq=20&type=wholesale", "/en/category/beauty?type=wholesale&moq=20"} {
			if res, _ := s.get(t, p); res.StatusCode != 200 {
				t.Errorf("%s: %d", p, res.StatusCode)
			}
		}
	})
}

// TestCategoryMadeUpURLs: made-up categories, filter values and pages
// render nothing and store nothing.
func TestCategoryMadeUpURLs(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		site := s.app.Site
		s.get(t, "/en/category/beauty")
		entries, renders := site.Cache.Len(), site.Renders()
		for i := 0; i < 40; i++ {
			w := randomWord()
			for _, p := range []string{"/en/category/" + w, "/en/category/beauty?moq=" + w, "/en/category/beauty?price=" + w,
				"/en/category/beauty?sort=" + w, "/en/category/beauty?type=" + w, "/en/category/beauty?moq=20&price=" + w,
				"/en/category/beauty?page=" + itoa(900+i), "/en/category/beauty/" + w} {
				if res, _ := s.get(t, p); res.StatusCode != 301 && res.StatusCode != 404 {
					t.Fatalf("%s: %d, want a redirect or not found", p, res.StatusCode)
				}
			}
		}
		if site.Cache.Len() > entries+1 || site.Renders() > renders+1 {
			t.Fatalf("made-up category URLs: cache %d → %d entries, %d renders", entries, site.Cache.Len(), site.Renders()-renders)
		}
	})
}

// catCard is what the category tests read of a card.
type catCard struct {
	TreID     string `json:"treId"`
	BigType   int    `json:"bigType"`
	PriceData struct {
		Prices []struct{ Amount float64 } `json:"prices"`
		MinQty int                        `json:"minQty"`
	} `json:"priceData"`
}

type catPage struct {
	Cards                 []catCard
	Total, Page, PageSize int
}

// TestCategoryListCall: tre/categoryList filters by minimum quantity, goods
// type and price band in the caller's currency, sorts by the listed price
// across currencies, pages, and refuses bad input naming what is wrong.
func TestCategoryListCall(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		ctx := context.Background()
		list := func(body string, headers ...string) catPage {
			t.Helper()
			env := s.call(t, "POST", "tre/categoryList", body, append([]string{"ALAN", "en", "CU", "USD"}, headers...)...)
			return decode[catPage](t, env)
		}
		price := func(treID string) (int64, string) { // the listed price and its currency
			g := s.app.DB.Goods.Query().Where(goods.UIDEQ(treID)).OnlyX(ctx)
			return g.Price, g.Currency
		}
		all := list(`{"category":"beauty","pageSize":60}`)
		if all.Total == 0 || all.Total != len(all.Cards) || all.Page != 1 {
			t.Fatalf("beauty: %+v", all)
		}
		for _, c := range []struct {
			body string
			keep func(c catCard) bool
		}{
			{`{"category":"beauty","moq":20,"pageSize":60}`, func(c catCard) bool { return c.PriceData.MinQty <= 20 }},
			{`{"category":"beauty","moq":1,"pageSize":60}`, func(c catCard) bool { return c.PriceData.MinQty == 1 }},
			{`{"category":"beauty","type":"wholesale","pageSize":60}`, func(c catCard) bool { return c.BigType == 2 }},
			{`{"category":"beauty","price":"25-50","pageSize":60}`, func(c catCard) bool { p, _ := price(c.TreID); return p >= 2500 && p < 5000 }},
			{`{"category":"beauty","price":"u25","moq":50,"type":"wholesale","pageSize":60}`, func(c catCard) bool {
				p, _ := price(c.TreID)
				return p < 2500 && c.PriceData.MinQty <= 50 && c.BigType == 2
			}},
		} {
			got := list(c.body)
			kept := 0
			for _, card := range all.Cards {
				if c.keep(card) {
					kept++
				}
			}
			if got.Total != kept || len(got.Cards) != kept || kept == 0 || kept == all.Total {
				t.Errorf("%s: %d listed, %d of the category's %d match", c.body, got.Total, kept, all.Total)
			}
			for _, card := range got.Cards {
				if !c.keep(card) {
					t.Errorf("%s: %+v does not match", c.body, card)
				}
			}
		}

		// A parent lists its sub-categories' goods.
		if p, a, b := list(`{"category":"jewelry-watches"}`), list(`{"category":"jewelry"}`), list(`{"category":"watches"}`); p.Total == 0 || p.Total != a.Total+b.Total {
			t.Errorf("jewelry & watches %d, jewelry %d, watches %d", p.Total, a.Total, b.Total)
		}

		// Pages do not overlap and cover the category.
		seen := map[string]bool{}
		for page := 1; page <= (all.Total+4)/5; page++ {
			p := list(`{"category":"beauty","pageSize":5,"page":` + itoa(page) + `}`)
			if p.Page != page || p.Total != all.Total {
				t.Fatalf("page %d: %+v", page, p)
			}
			for _, c := range p.Cards {
				if seen[c.TreID] {
					t.Fatalf("%s on two pages", c.TreID)
				}
				seen[c.TreID] = true
			}
		}
		if len(seen) != all.Total {
			t.Fatalf("pages of 5 list %d of %d", len(seen), all.Total)
		}

		// Price sorts by the listed price converted, whatever the currency:
		// the most expensive goods priced in yen, just under the cheapest,
		// comes first.
		asc := list(`{"category":"beauty","sort":"price-asc","pageSize":60}`)
		lo, _ := price(asc.Cards[0].TreID)
		top := asc.Cards[len(asc.Cards)-1].TreID
		yen := s.app.Site.Catalog.Rates()
		jpy, err := yen.Convert(lo-1, "USD", "JPY")
		if err != nil {
			t.Fatal(err)
		}
		s.app.DB.Goods.Update().Where(goods.UIDEQ(top)).SetCurrency("JPY").SetPrice(jpy).ExecX(ctx)
		asc = list(`{"category":"beauty","sort":"price-asc","pageSize":60}`)
		desc := list(`{"category":"beauty","sort":"price-desc","pageSize":60}`)
		if asc.Cards[0].TreID != top || desc.Cards[len(desc.Cards)-1].TreID != top {
			t.Fatalf("sorted by price, the goods now in yen is %s first and %s last, want %s", asc.Cards[0].TreID, desc.Cards[len(desc.Cards)-1].TreID, top)
		}
		usd := func(id string) int64 {
			p, cur := price(id)
			v, _ := yen.Convert(p, cur, "USD")
			return v
		}
		for i := 1; i < len(asc.Cards); i++ {
			if usd(asc.Cards[i].TreID) < usd(asc.Cards[i-1].TreID) {
				t.Fatalf("price-asc: %s before %s", asc.Cards[i-1].TreID, asc.Cards[i].TreID)
			}
		}
		// ...and a price band holds it by its converted price too.
		u := list(`{"category":"beauty","price":"u25","pageSize":60}`)
		if in := slices.ContainsFunc(u.Cards, func(c catCard) bool { return c.TreID == top }); in != (lo-1 < 2500) {
			t.Errorf("the yen-priced goods (%d US cents) in the band under 25: %v", lo-1, in)
		}

		for _, c := range []struct{ name, body, want string }{
			{"negative page", `{"category":"beauty","page":-1}`, "page number must be between 1 and 100000"},
			{"huge page size", `{"category":"beauty","pageSize":100000}`, "at most 60"},
			{"unknown moq", `{"category":"beauty","moq":7}`, "not one we offer"},
			{"unknown sort", `{"category":"beauty","sort":"random"}`, "not one we offer"},
			{"unknown type", `{"category":"beauty","type":"retail"}`, "not one we offer"},
			{"unknown price band", `{"category":"beauty","price":"free"}`, "not one we offer"},
			{"unknown category", `{"category":"lingerie"}`, "no such category"},
			{"no category", `{}`, "no such category"},
			{"moq as text", `{"category":"beauty","moq":"many"}`, ""},
		} {
			env := s.call(t, "POST", "tre/categoryList", c.body, "ALAN", "en")
			if env.Code == 200 || !strings.Contains(env.Easg, c.want) {
				t.Errorf("%s: %d %q, want a refusal saying %q", c.name, env.Code, env.Easg, c.want)
			}
		}
	})
}

// TestCategoryBandsInCurrency: the price filter shows (and applies) its
// bounds in the shopper's currency, rounded to two significant digits.
func TestCategoryBandsInCurrency(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	for cur, sym := range map[string]string{"USD": "$", "JPY": "JP¥", "EUR": "€"} {
		_, body := s.get(t, "/en/category/beauty", "Accept-Encoding", "identity", "Cookie", "CU="+cur)
		m := regexp.MustCompile(`data-testid="filter-price">(.*?)</select>`).FindStringSubmatch(body)
		if m == nil {
			t.Fatalf("%s: no price filter", cur)
		}
		bounds := regexp.MustCompile(regexp.QuoteMeta(sym)+`([\d,.]+)`).FindAllStringSubmatch(m[1], -1)
		if len(bounds) != 10 { // five bands with two bounds, one with one
			t.Fatalf("%s: price filter %q", cur, m[1])
		}
		for _, b := range bounds {
			digits := strings.TrimLeft(strings.NewReplacer(",", "", ".", "").Replace(b[1]), "0")
			if strings.Contains(b[1], ".") || len(strings.TrimRight(digits, "0")) > 2 {
				t.Errorf("%s: bound %s is not two significant digits of whole units", cur, b[0])
			}
		}
	}
	_, body := s.get(t, "/en/category/beauty", "Accept-Encoding", "identity", "Cookie", "CU=USD")
	if !strings.Contains(body, ">Under $25<") || !strings.Contains(body, ">$500 and more<") {
		t.Error("the dollar bands are not 25 … 500")
	}
}

// TestCategorySitemaps: every language's sitemap lists the category pages
// that list goods (the dresses' page is the dresses line).
func TestCategorySitemaps(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		for _, lang := range []string{"en", "ar", "de"} {
			_, xml := s.get(t, "/sitemaps/"+lang+"-0.xml", "Accept-Encoding", "identity")
			for _, p := range []string{"/category/beauty<", "/category/jewelry-watches<", "/category/watches<"} {
				if !strings.Contains(xml, "http://souk.test/"+lang+p) {
					t.Errorf("sitemap %s: no %s", lang, p)
				}
			}
			if strings.Contains(xml, "/category/dresses") {
				t.Errorf("sitemap %s lists /category/dresses, which redirects", lang)
			}
		}
	})
}
