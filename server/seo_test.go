package server_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// Pages marked noindex carry no hreflang links (an alternate set of pages
// that must not be indexed says nothing useful), and robots.txt does not
// disallow them: a crawler has to fetch a page to see its noindex.
func TestNoindexPagesAreCrawlableWithoutHreflang(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	_, robots := s.get(t, "/robots.txt")
	for _, p := range []string{"/en/login", "/en/register", "/en/cart", "/en/myorders"} {
		res, body := s.get(t, p, "Accept-Encoding", "identity")
		if res.StatusCode != 200 || !strings.Contains(body, `content="noindex`) {
			t.Fatalf("%s: %d, noindex meta: %v", p, res.StatusCode, strings.Contains(body, `content="noindex`))
		}
		if strings.Contains(body, `hreflang=`) {
			t.Errorf("%s: noindex page carries hreflang links", p)
		}
		seg := strings.TrimPrefix(p, "/en")
		if strings.Contains(robots, "Disallow: /*"+seg+"\n") {
			t.Errorf("robots.txt disallows %s, so its noindex is never seen", seg)
		}
	}
	if !strings.Contains(robots, "Disallow: /api/") {
		t.Error("robots.txt no longer keeps crawlers off the API")
	}
	if _, body := s.get(t, "/en/", "Accept-Encoding", "identity"); !strings.Contains(body, `hreflang="x-default"`) {
		t.Error("indexable home page lost its hreflang links")
	}
}

// Every goods URL of a sitemap carries lastmod, the goods' updated_at.
func TestSitemapLastmod(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	_, body := s.get(t, "/sitemaps/en-0.xml")
	urls := regexp.MustCompile(`<url><loc>[^<]*/tredetail/[^<]*</loc>(<lastmod>[^<]*</lastmod>)?</url>`).FindAllStringSubmatch(body, -1)
	if len(urls) < 50 {
		t.Fatalf("sitemap lists %d goods", len(urls))
	}
	date := regexp.MustCompile(`^<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ</lastmod>$`)
	for _, u := range urls {
		if !date.MatchString(u[1]) {
			t.Fatalf("goods URL without a W3C lastmod: %s", u[0])
		}
	}
}

// productOffer is the offers object of a goods page's JSON-LD Product.
func (s *testStore) productOffer(t *testing.T, path string) map[string]any {
	t.Helper()
	_, body := s.get(t, path, "Accept-Encoding", "identity")
	for _, m := range regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`).FindAllStringSubmatch(body, -1) {
		var v map[string]any
		if err := json.Unmarshal([]byte(m[1]), &v); err != nil {
			t.Fatalf("%s: JSON-LD: %v", path, err)
		}
		if v["@type"] == "Product" {
			return v["offers"].(map[string]any)
		}
	}
	t.Fatalf("%s: no Product JSON-LD", path)
	return nil
}

// A wholesale offer states the quantity its price is for (the minimum
// order quantity), and every offer states its shipping: 4.99 USD per
// seller, free from 49 USD of goods, in the offer's currency.
func TestProductOfferQuantityAndShipping(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	for _, tc := range []struct {
		name string
		keep func(g map[string]any) bool
	}{
		{"wholesale", func(g map[string]any) bool { return num(g, "priceData", "minQty") > 1 }},
		{"retail", func(g map[string]any) bool { return num(g, "priceData", "minQty") <= 1 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			treID := s.anyGoods(t, tc.keep)
			offer := s.productOffer(t, s.canonicalGoods(t, "/en", treID))
			q, _ := offer["eligibleQuantity"].(map[string]any)
			if q["@type"] != "QuantitativeValue" || q["minValue"] == nil || q["minValue"].(float64) < 1 {
				t.Fatalf("eligibleQuantity: %v", offer["eligibleQuantity"])
			}
			if tc.name == "wholesale" && q["minValue"].(float64) <= 1 {
				t.Fatalf("wholesale offer: eligibleQuantity %v, want its minimum order quantity", q)
			}
			ship, _ := offer["shippingDetails"].(map[string]any)
			rate, _ := ship["shippingRate"].(map[string]any)
			if ship["@type"] != "OfferShippingDetails" || rate["currency"] != offer["priceCurrency"] || rate["value"] == nil {
				t.Fatalf("shippingDetails %v (offer in %v)", ship, offer["priceCurrency"])
			}
		})
	}
	// In USD the rate is the rule's own numbers, for a one-price offer.
	treID := s.anyGoods(t, func(g map[string]any) bool { return g["priceData"].(map[string]any)["maxPrices"] == nil })
	offer := s.productOffer(t, s.canonicalGoods(t, "/en", treID))
	if offer["priceCurrency"] != "USD" || offer["price"] == nil {
		t.Fatalf("want a one-price USD offer, got %v", offer)
	}
	{
		ship := offer["shippingDetails"].(map[string]any)
		goods := num(offer, "price") * num(offer, "eligibleQuantity", "minValue")
		want := 4.99
		if goods >= 49 {
			want = 0
		}
		if v := ship["shippingRate"].(map[string]any)["value"]; v != want {
			t.Fatalf("USD shipping for %.2f of goods: %v, want %v", goods, v, want)
		}
	}
}

// num reads a number at a path of keys in decoded JSON (0 when absent).
func num(v map[string]any, keys ...string) float64 {
	var cur any = v
	for _, k := range keys {
		m, ok := cur.(map[string]any)
		if !ok {
			return 0
		}
		cur = m[k]
	}
	f, _ := cur.(float64)
	return f
}

// The unprefixed URL is the hreflang x-default (the page in the visitor's
// language) and canonical to itself: a canonical pointing at a prefixed URL
// would make the x-default a duplicate search engines drop, leaving the
// x-default link pointing at a non-canonical page. Prefixed URLs stay
// canonical to themselves.
func TestXDefaultIsItsOwnCanonical(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	goods := strings.TrimPrefix(s.canonicalGoods(t, "/en", s.anyGoods(t, func(map[string]any) bool { return true })), "/en")
	canon := regexp.MustCompile(`<link rel="canonical" href="([^"]*)"`)
	xdef := regexp.MustCompile(`<link rel="alternate" hreflang="x-default" href="([^"]*)"`)
	for _, p := range []string{"/", goods, "/fr/", "/fr" + goods, "/", goods} {
		res, body := s.get(t, p, "Accept-Encoding", "identity", "Accept-Language", "fr")
		c, x := canon.FindStringSubmatch(body), xdef.FindStringSubmatch(body)
		if res.StatusCode != 200 || c == nil || x == nil {
			t.Fatalf("%s: %d, canonical %v, x-default %v", p, res.StatusCode, c, x)
		}
		unprefixed := strings.TrimPrefix(p, "/fr")
		if x[1] != "http://souk.test"+unprefixed {
			t.Errorf("%s: x-default %s", p, x[1])
		}
		if c[1] != "http://souk.test"+p {
			t.Errorf("%s: canonical %s, want the URL itself", p, c[1])
		}
	}
}

// The product page's BreadcrumbList names the pages its breadcrumb links
// to: its categories (a seller's crumb, for goods without a category, is
// their identity page of their own type: it said /biger/seller/ for
// creators and makers too).
func TestBreadcrumbsMatchTheirLinks(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	for i, treID := range s.goodsOfEveryOwnerType(t) {
		path := s.canonicalGoods(t, "/en", treID)
		_, body := s.get(t, path, "Accept-Encoding", "identity")
		nav := regexp.MustCompile(`<nav class="crumbs"[^>]*>(.*?)</nav>`).FindStringSubmatch(body)
		if nav == nil {
			t.Fatalf("%s: no breadcrumbs", path)
		}
		var links []string
		for _, m := range regexp.MustCompile(`href="([^"]+)"`).FindAllStringSubmatch(nav[1], -1) {
			links = append(links, "http://souk.test"+m[1])
		}
		items := breadcrumbList(t, body)
		if len(items) != len(links)+1 || strings.Join(items[:len(links)], " ") != strings.Join(links, " ") {
			t.Errorf("goods %d %s: BreadcrumbList %v, links %v", i, path, items, links)
		}
	}
}

// goodsOfEveryOwnerType returns one goods id per owner identity type found
// on the home page.
func (s *testStore) goodsOfEveryOwnerType(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	var out []string
	for i := 0; i < 6; i++ {
		id := s.anyGoods(t, func(g map[string]any) bool {
			uid, _ := g["ownerUid"].(string)
			return uid != "" && !seen[uid]
		})
		env := s.call(t, "POST", "tre/getTreDetail", `{"requestId":"b`+id+`","treId":"`+id+`"}`)
		var g struct {
			Owner struct {
				UID  string `json:"uid"`
				Type int    `json:"identityType"`
			} `json:"owner"`
		}
		_ = json.Unmarshal(env.Content, &g)
		seen[g.Owner.UID] = true
		out = append(out, id)
	}
	return out
}

// A language's sitemaps list the goods written in it, no others: a goods
// page in another language shows the main language's text (hreflang says
// the same). The index names as many goods chunks as the language needs.
func TestSitemapsListTheGoodsOfTheirLanguage(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) { sitemapsOfTheirLanguage(t, s) })
}

func sitemapsOfTheirLanguage(t *testing.T, s *testStore) {
	goodsURL := regexp.MustCompile(`<loc>[^<]*/tredetail/[^<]*</loc>`)
	_, de := s.get(t, "/sitemaps/de-0.xml")
	_, hi := s.get(t, "/sitemaps/hi-0.xml") // no demo goods are written in Hindi
	if n := len(goodsURL.FindAllString(de, -1)); n < 50 {
		t.Errorf("de sitemap lists %d goods", n)
	}
	if n := len(goodsURL.FindAllString(hi, -1)); n != 0 || !strings.Contains(hi, "/hi/</loc>") {
		t.Errorf("hi sitemap lists %d goods (want none) or lost the home page", n)
	}
	_, idx := s.get(t, "/sitemap.xml")
	if !strings.Contains(idx, "/sitemaps/hi-0.xml") || strings.Contains(idx, "/sitemaps/hi-1.xml") {
		t.Error("the index should name exactly one sitemap for hi")
	}
}
