package server_test

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"souk/app/seed"
)

var dressCount = regexp.MustCompile(`data-testid="dress-count">(\d+) `)

// dressesIn is the number of dresses a category page says it lists.
func dressesIn(t *testing.T, body string) int {
	t.Helper()
	m := dressCount.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no dress count in %.300s", body)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// offeredColour is the first colour a category page's filter offers.
func offeredColour(t *testing.T, body string) string {
	t.Helper()
	m := regexp.MustCompile(`data-testid="filter-colour"><option value=""[^>]*>[^<]*</option><option value="([a-z]+)"`).FindStringSubmatch(body)
	if m == nil {
		t.Fatal("no colour offered")
	}
	return m[1]
}

// TestDressPages: the dresses line answers in every language with its
// content, the other names of a page redirect to its one URL with the
// filters, and the filters in the URL change the list.
func TestDressPages(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		page := func(path string) string {
			t.Helper()
			res, body := s.get(t, path, "Accept-Encoding", "identity")
			if res.StatusCode != 200 {
				t.Fatalf("%s: %d", path, res.StatusCode)
			}
			return body
		}
		for _, lang := range []string{"en", "ar"} {
			for path, want := range map[string][]string{
				"/dresses":                           {`data-testid="dresses-hero"`, `href="/` + lang + `/dresses/c/bridal/wedding-dresses"`, `data-testid="dresses-delivery"`, `href="/` + lang + `/dresses/faq/2"`, `class="card`},
				"/dresses/c/evening/evening-dresses": {`data-testid="dress-filters"`, `data-testid="filter-colour"`, `class="card`},
				"/dresses/faq/2":                     {`data-testid="faq-answer"`, "Hollow to floor", `data-testid="size-chart"`, `application/ld+json`},
			} {
				body := page("/" + lang + path)
				for _, w := range append(want, `lang="`+lang+`"`) {
					if !strings.Contains(body, w) {
						t.Errorf("/%s%s: no %s", lang, path, w)
					}
				}
			}
		}
		if body := page("/ar/dresses"); !strings.Contains(body, `dir="rtl"`) {
			t.Error("/ar/dresses is not right to left")
		}
		// A dress category and a question have the shared breadcrumbs,
		// visible and as BreadcrumbList: Home, the dresses, the page.
		for _, path := range []string{"/en/dresses/c/evening/evening-dresses", "/en/dresses/faq/2"} {
			body := page(path)
			want := "http://souk.test/en/ http://souk.test/en/dresses http://souk.test" + path
			if got := strings.Join(breadcrumbList(t, body), " "); got != want {
				t.Errorf("%s: BreadcrumbList %s, want %s", path, got, want)
			}
			if !strings.Contains(body, `<nav class="crumbs"`) || !strings.Contains(body, `<a href="/en/dresses"`) {
				t.Errorf("%s: no breadcrumbs", path)
			}
		}

		for from, to := range map[string]string{
			"/en/dressesindex":       "/en/dresses",
			"/en/dressescat/evening": "/en/dresses/c/evening/evening-dresses",
			"/en/dressescat/evening/x?utm_source=a&colour=black": "/en/dresses/c/evening/evening-dresses?colour=black",
			"/ar/dresses/c/evening?length=floor&colour=black":    "/ar/dresses/c/evening/evening-dresses?colour=black&length=floor",
			"/en/dresses/c/bridal/old-name?page=1":               "/en/dresses/c/bridal/wedding-dresses",
			"/en/dressesfaq/3":                                   "/en/dresses/faq/3",
		} {
			if res, _ := s.get(t, from); res.StatusCode != 301 || res.Header.Get("Location") != to {
				t.Errorf("%s: %d to %q, want 301 to %s", from, res.StatusCode, res.Header.Get("Location"), to)
			}
		}

		base := "/en/dresses/c/evening/evening-dresses"
		first := page(base)
		all, colour := dressesIn(t, first), offeredColour(t, first)
		coloured := dressesIn(t, page(base+"?colour="+colour))
		floor := dressesIn(t, page(base+"?colour="+colour+"&length=floor"))
		knee := dressesIn(t, page(base+"?length=knee"))
		if all == 0 || coloured == 0 || coloured >= all || floor > coloured || knee == 0 || knee >= all {
			t.Fatalf("evening %d, %s %d, %[2]s floor-length %d, knee-length %d", all, colour, coloured, floor, knee)
		}
		if n := dressesIn(t, page("/en/dresses/c/all/all-dresses")); n < all {
			t.Fatalf("all dresses %d < evening %d", n, all)
		} else if n > 24 {
			if body := page("/en/dresses/c/all/all-dresses?page=2"); !strings.Contains(body, `rel="prev"`) {
				t.Fatal("page 2 has no link back")
			}
		}
	})
}

// TestDressesMadeUpURLs: unknown categories, filter values, pages and
// questions answer the shared not-found page and store nothing.
func TestDressesMadeUpURLs(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		site := s.app.Site
		s.get(t, "/en/dresses/c/evening/evening-dresses")
		entries, renders := site.Cache.Len(), site.Renders()
		for i := 0; i < 50; i++ {
			w := randomWord()
			for _, p := range []string{"/en/dresses/c/" + w, "/en/dressescat/" + w + "/" + w, "/en/dresses/c/evening/evening-dresses?colour=" + w,
				"/en/dresses/c/evening/evening-dresses?sort=" + w, "/en/dresses/c/all/all-dresses?page=" + itoa(900+i),
				"/en/dresses/faq/" + itoa(99+i), "/en/dresses/faq/0" + itoa(i+1), "/en/dressesfaq/" + w} {
				if res, _ := s.get(t, p); res.StatusCode != 404 {
					t.Fatalf("%s: %d, want 404", p, res.StatusCode)
				}
			}
		}
		if site.Cache.Len() > entries+1 || site.Renders() > renders+1 {
			t.Fatalf("made-up dress URLs: cache %d → %d entries, %d renders", entries, site.Cache.Len(), site.Renders()-renders)
		}
	})
}

// TestDressesListCall: tre/dressesList filters and sorts, and refuses bad
// input with a message naming what is wrong.
func TestDressesListCall(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		type page struct {
			Cards []struct {
				TreID     string `json:"treId"`
				Spe       int    `json:"spe"`
				PriceData struct {
					Prices []struct{ Amount float64 } `json:"prices"`
				} `json:"priceData"`
			} `json:"cards"`
			Total, Page, PageSize int
		}
		list := func(body string) page {
			env := s.call(t, "POST", "tre/dressesList", body, "ALAN", "en", "CU", "USD")
			if env.Code != 200 {
				t.Fatalf("%s: %d %s", body, env.Code, env.Easg)
			}
			var p page
			if err := json.Unmarshal(env.Content, &p); err != nil {
				t.Fatal(err)
			}
			return p
		}
		_, body := s.get(t, "/en/dresses/c/evening/evening-dresses", "Accept-Encoding", "identity")
		colour := offeredColour(t, body)
		all := list(`{"category":"evening"}`)
		some := list(`{"category":"evening","colour":"` + colour + `","length":"floor"}`)
		if all.Total == 0 || some.Total >= all.Total || all.PageSize != 24 || all.Page != 1 {
			t.Fatalf("evening %+v, %s floor-length %d", all, colour, some.Total)
		}
		p1, p2 := list(`{"category":"all","pageSize":2}`), list(`{"category":"all","pageSize":2,"page":2}`)
		if len(p1.Cards) != 2 || len(p2.Cards) == 0 || p1.Cards[0].TreID == p2.Cards[0].TreID || p2.Page != 2 {
			t.Fatalf("pages: %+v then %+v", p1, p2)
		}
		cheap := list(`{"category":"all","sort":"price-asc","pageSize":10}`)
		for i, c := range cheap.Cards {
			if c.Spe != 1 || i > 0 && c.PriceData.Prices[0].Amount < cheap.Cards[i-1].PriceData.Prices[0].Amount {
				t.Fatalf("price-asc: card %d %+v", i, c)
			}
		}
		if p := list(`{"category":"all","price":"u200"}`); p.Total == 0 || p.Cards[0].PriceData.Prices[0].Amount >= 200+30 {
			t.Fatalf("under 200: %+v", p) // the card shows options' surcharges too
		}

		for _, c := range []struct{ name, body, want string }{
			{"negative page", `{"category":"all","page":-1}`, "1 or more"},
			{"huge page size", `{"category":"all","pageSize":100000}`, "at most 60"},
			{"unknown colour", `{"category":"all","colour":"plaid"}`, "not one we offer"},
			{"unknown sort", `{"category":"all","sort":"random"}`, "not one we offer"},
			{"unknown price band", `{"category":"all","price":"free"}`, "not one we offer"},
			{"unknown category", `{"category":"lingerie"}`, "no such dress category"},
			{"no category", `{}`, "no such dress category"},
		} {
			env := s.call(t, "POST", "tre/dressesList", c.body, "ALAN", "en")
			if env.Code == 200 || !strings.Contains(env.Easg, c.want) {
				t.Errorf("%s: %d %q, want a refusal saying %q", c.name, env.Code, env.Easg, c.want)
			}
		}
	})
}

// TestDressesFAQ: the FAQ pages carry FAQPage data that parses, a dress's
// page links the questions, both follow an admin's save within two
// seconds, and the sitemaps list the line's pages in every language.
func TestDressesFAQ(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		_, body := s.get(t, "/en/dresses/faq/2", "Accept-Encoding", "identity")
		ld := regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`).FindStringSubmatch(body)
		if ld == nil {
			t.Fatal("no JSON-LD")
		}
		var faq struct {
			Type       string `json:"@type"`
			MainEntity []struct {
				Type   string `json:"@type"`
				Name   string `json:"name"`
				Answer struct {
					Text string `json:"text"`
				} `json:"acceptedAnswer"`
			} `json:"mainEntity"`
		}
		if err := json.Unmarshal([]byte(ld[1]), &faq); err != nil {
			t.Fatalf("JSON-LD %q: %v", ld[1], err)
		}
		if faq.Type != "FAQPage" || len(faq.MainEntity) != 1 || faq.MainEntity[0].Type != "Question" ||
			!strings.Contains(faq.MainEntity[0].Name, "measure") || !strings.Contains(faq.MainEntity[0].Answer.Text, "Bust") {
			t.Fatalf("FAQPage: %+v", faq)
		}

		// A dress's page links the questions (issue 15: the FAQ on measuring from the dress).
		dress := s.anyGoods(t, func(g map[string]any) bool { return g["spe"].(float64) == 1 })
		dressAt := s.canonicalGoods(t, "/en", dress)
		if _, body := s.get(t, dressAt, "Accept-Encoding", "identity"); !strings.Contains(body, `href="/en/dresses/faq/2"`) ||
			!strings.Contains(body, "How do I measure myself") {
			t.Fatal("the dress's page does not link the FAQ on measuring")
		}

		admin := s.loginAs(t, seed.OperatorEmail, seed.DemoPassword)
		doc := decode[editDoc](t, s.call(t, "POST", "operations/editform/get", `{"name":"dressesfaq","lanCode":"en"}`, "TOKEN", admin))
		save := `{"name":"dressesfaq","lanCode":"en","version":` + itoa(doc.Version) +
			`,"value":{"entries":[{"q":"Do you sew plus sizes?","a":"<p>Yes, to 28W and beyond.</p>"}]}}`
		if env := s.call(t, "POST", "operations/editform/save", save, "TOKEN", admin); env.Code != 200 {
			t.Fatalf("save: %d %s", env.Code, env.Easg)
		}
		if body := s.within2s(t, "/en/dresses/faq/1", "Do you sew plus sizes?"); !strings.Contains(body, "Do you sew plus sizes?") {
			t.Fatalf("/en/dresses/faq/1 after the save: %.300s", body)
		}
		if body := s.within2s(t, "/en/dresses", "Do you sew plus sizes?"); !strings.Contains(body, "Do you sew plus sizes?") {
			t.Fatal("the storefront still lists the old questions")
		}
		if body := s.within2s(t, dressAt, "Do you sew plus sizes?"); !strings.Contains(body, "Do you sew plus sizes?") {
			t.Fatal("the dress's page still lists the old questions")
		}
		// Like within2s: a cached page is refreshed behind a stale copy, which
		// a loaded machine may serve for a moment.
		status := 0
		for end := time.Now().Add(2 * time.Second); status != 404 && time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
			res, _ := s.get(t, "/en/dresses/faq/2")
			status = res.StatusCode
		}
		if status != 404 {
			t.Fatalf("a removed question: %d", status)
		}

		for _, lang := range []string{"en", "ar"} {
			_, xml := s.get(t, "/sitemaps/"+lang+"-0.xml", "Accept-Encoding", "identity")
			for _, p := range []string{"/dresses<", "/dresses/c/bridal/wedding-dresses<", "/dresses/c/evening/evening-dresses<", "/dresses/faq/1<"} {
				if !strings.Contains(xml, "http://souk.test/"+lang+p) {
					t.Errorf("sitemap %s: no %s", lang, p)
				}
			}
		}
		_, alt := s.get(t, "/en/dresses", "Accept-Encoding", "identity")
		if !strings.Contains(alt, `hreflang="ar" href="http://souk.test/ar/dresses"`) {
			t.Error("/en/dresses has no hreflang alternate for ar")
		}
	})
}
