package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"souk/app/seed"
	"souk/app/store/storetest"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/goodsactivity"
)

// clientFrom is an HTTP client whose connections come from ip (any
// 127.0.0.0/8 address reaches the test server): a visitor of its own.
func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
}

// view reports a view of treID from ip through tre/view.
func (s *testStore) view(t *testing.T, ip, body string) envelope {
	t.Helper()
	res, err := clientFrom(ip).Post(s.URL+"/api/v1/souk/tre/view", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var env envelope
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil || res.StatusCode != 200 {
		t.Fatalf("tre/view: HTTP %d, %v", res.StatusCode, err)
	}
	return env
}

func counted(t *testing.T, env envelope) bool {
	t.Helper()
	var c struct{ Counted bool }
	if env.Code != 200 || json.Unmarshal(env.Content, &c) != nil {
		t.Fatalf("tre/view: %d %q", env.Code, env.Easg)
	}
	return c.Counted
}

// views is the stored view count of treID (all days).
func (s *testStore) views(t *testing.T, treID string) int {
	t.Helper()
	ctx := context.Background()
	id := s.app.DB.Goods.Query().Where(goods.UIDEQ(treID)).OnlyIDX(ctx)
	n := 0
	for _, r := range s.app.DB.GoodsActivity.Query().Where(goodsactivity.GoodsIDEQ(id)).AllX(ctx) {
		n += r.Views
	}
	return n
}

// buyable lists n goods that can be added without choosing anything and
// have plenty of stock.
func (s *testStore) buyable(t *testing.T, n int) []string {
	t.Helper()
	uids := s.app.DB.Goods.Query().Where(goods.SaleableEQ(1), goods.StockGT(100), goods.Not(goods.HasAttrs()), goods.Not(goods.HasLabels()),
		goods.DeletedAtIsNil(), goods.LiveEQ(true)).Order(ent.Asc(goods.FieldID)).Limit(n).Select(goods.FieldUID).StringsX(context.Background())
	if len(uids) < n {
		t.Fatalf("%d buyable goods, want %d", len(uids), n)
	}
	return uids
}

// The view report (tre/view) is bounded for anonymous visitors: bad bodies
// and unknown goods are refused with a message, a visitor counts once per
// item and day, an address may report so much a minute, and parallel
// reports count exactly.
func TestViewReportIsBounded(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		g := s.buyable(t, 1)[0]
		for _, c := range []struct{ name, body string }{
			{"not JSON", `{"treId":`},
			{"not an object", `[1]`},
			{"wrong type", `{"treId":5}`},
			{"escaped NUL", `{"treId":"` + g + `\u0000"}`},
			{"NUL byte", "{\"treId\":\"" + g + "\x00\"}"},
			{"empty id", `{"treId":""}`},
			{"too long", `{"treId":"` + strings.Repeat("t", 65) + `"}`},
		} {
			if env := s.view(t, "127.0.0.2", c.body); env.Code != 102 || env.Easg == "" || strings.Contains(env.Easg, "{") {
				t.Errorf("%s: %d %q, want 102 with a message", c.name, env.Code, env.Easg)
			}
		}
		if env := s.view(t, "127.0.0.2", `{"treId":"trNoSuchGoods"}`); env.Code != 104 || env.Easg == "" {
			t.Errorf("unknown goods: %d %q", env.Code, env.Easg)
		}
		body := `{"treId":"` + g + `"}`
		if !counted(t, s.view(t, "127.0.0.3", body)) || counted(t, s.view(t, "127.0.0.3", body)) {
			t.Fatal("a visitor's first view counts, the second that day does not")
		}
		// 30 reports a minute per address, whatever they report.
		for i := 0; i < 29; i++ {
			if env := s.view(t, "127.0.0.4", body); env.Code != 200 {
				t.Fatalf("report %d: %d %q", i+1, env.Code, env.Easg)
			}
		}
		if env := s.view(t, "127.0.0.4", `{"treId":"trNoSuchGoods"}`); env.Code != 104 {
			t.Fatalf("report 30: %d", env.Code)
		}
		if env := s.view(t, "127.0.0.4", body); env.Code != 441 || env.Easg == "" {
			t.Fatalf("report 31: %d %q, want 441 with a message", env.Code, env.Easg)
		}
		if n := s.views(t, g); n != 2 {
			t.Fatalf("%d views stored, want 2 (127.0.0.3 and .4)", n)
		}

		// 24 visitors report at once, each twice: 24 views.
		other := s.buyable(t, 2)[1]
		var wg sync.WaitGroup
		var mu sync.Mutex
		yes := 0
		for i := 0; i < 48; i++ {
			wg.Add(1)
			go func(ip string) {
				defer wg.Done()
				res, err := clientFrom(ip).Post(s.URL+"/api/v1/souk/tre/view", "application/json", strings.NewReader(`{"treId":"`+other+`"}`))
				if err != nil {
					t.Error(err)
					return
				}
				defer res.Body.Close()
				var env struct {
					Code    int
					Content struct{ Counted bool }
				}
				if json.NewDecoder(res.Body).Decode(&env) != nil || env.Code != 200 {
					t.Errorf("parallel report from %s: %d", ip, env.Code)
				}
				mu.Lock()
				if env.Content.Counted {
					yes++
				}
				mu.Unlock()
			}(fmt.Sprintf("127.0.1.%d", 10+i%24))
		}
		wg.Wait()
		if n := s.views(t, other); n != 24 || yes != 24 {
			t.Fatalf("parallel: %d views stored, %d answered counted; want 24", n, yes)
		}
	})
}

// trendingStore is a store whose ranking is refreshed every second.
func trendingStores(t *testing.T, fn func(t *testing.T, s *testStore)) {
	t.Parallel()
	for _, b := range storetest.Backends(t) {
		t.Run(b.Name, func(t *testing.T) { fn(t, startStoreEnv(t, b, map[string]string{"TRENDING_EVERY": "1s"})) })
	}
}

// waitPage asks for path until ok says its body is as wanted, for up to
// 20 seconds (the ranking is refreshed every second, an order is paid by a
// callback a moment later); it answers the last body.
func (s *testStore) waitPage(t *testing.T, path string, ok func(body string) bool) (string, bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, body := s.get(t, path, "Accept-Encoding", "identity")
		if ok(body) {
			return body, true
		}
		if time.Now().After(deadline) {
			return body, false
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// inOrder tells whether the goods links of uids appear in body in that order.
func inOrder(body string, uids ...string) bool {
	at := -1
	for _, u := range uids {
		i := strings.Index(body, "/tredetail/"+u)
		if i <= at {
			return false
		}
		at = i
	}
	return true
}

// Trending collections rank goods by what shoppers did: a paid order
// outweighs a burst of views days ago, which has decayed below it but
// still outweighs today's few views; signals older than the window do not
// count. hotspage and hots/trending show the ranking once it is refreshed,
// the category's collection shows it too.
func TestTrendingFollowsSignals(t *testing.T) {
	trendingStores(t, func(t *testing.T, s *testStore) {
		ctx := context.Background()
		gs := s.buyable(t, 4)
		ordered, faded, viewed, expired := gs[0], gs[1], gs[2], gs[3]
		if _, body := s.get(t, "/en/hots/trending"); strings.Contains(body, "/tredetail/") {
			t.Fatal("goods trend before any signal")
		}
		today := int(time.Now().UTC().Unix() / 86400)
		put := func(uid string, age, views int) {
			id := s.app.DB.Goods.Query().Where(goods.UIDEQ(uid)).OnlyIDX(ctx)
			s.app.DB.GoodsActivity.Create().SetGoodsID(id).SetDay(today - age).SetViews(views).ExecX(ctx)
		}
		put(faded, 6, 60)     // 60 × 0.125 = 7.5
		put(expired, 7, 5000) // outside the window
		for i := 0; i < 5; i++ {
			counted(t, s.view(t, fmt.Sprintf("127.0.2.%d", i+1), `{"treId":"`+viewed+`"}`)) // 5
		}
		buyer := s.signUp(t, "trend-buyer@example.com")
		s.paidOrder(t, buyer, ordered) // an add to cart (5) and a paid order (20)

		body, ok := s.waitPage(t, "/en/hots/trending", func(b string) bool { return inOrder(b, ordered, faded, viewed) })
		if !ok {
			t.Fatalf("hots/trending does not rank ordered > faded > viewed: %s", linksIn(body))
		}
		if strings.Contains(body, "/tredetail/"+expired) {
			t.Error("signals older than the window count")
		}
		if body, ok := s.waitPage(t, "/en/hotspage", func(b string) bool { return inOrder(b, ordered, faded, viewed) }); !ok {
			t.Fatalf("hotspage: %s", linksIn(body))
		}
		cat := s.app.DB.Goods.Query().Where(goods.UIDEQ(ordered)).OnlyX(ctx).Category
		if _, body := s.get(t, "/en/hots/trending-"+cat); !strings.Contains(body, "/tredetail/"+ordered) || strings.Contains(body, "noindex") {
			t.Errorf("hots/trending-%s does not show the ordered goods", cat)
		}
		// The order counted once, with its add to cart.
		id := s.app.DB.Goods.Query().Where(goods.UIDEQ(ordered)).OnlyIDX(ctx)
		row := s.app.DB.GoodsActivity.Query().Where(goodsactivity.GoodsIDEQ(id), goodsactivity.DayEQ(today)).OnlyX(ctx)
		if row.Orders != 1 || row.Carts != 1 {
			t.Errorf("counters of the ordered goods: %+v", row)
		}
	})
}

// Goods of a sub-category trend under its parent too: the seeded jewelry
// and watches are sub-categories of jewelry-watches.
func TestTrendingIncludesSubCategories(t *testing.T) {
	trendingStores(t, func(t *testing.T, s *testStore) {
		ctx := context.Background()
		today := int(time.Now().UTC().Unix() / 86400)
		var g *ent.Goods
		for _, cat := range []string{"watches", "jewelry"} { // a hotspage row needs two
			g = s.app.DB.Goods.Query().Where(goods.CategoryEQ(cat), goods.SaleableEQ(1), goods.StockGT(0),
				goods.DeletedAtIsNil(), goods.LiveEQ(true)).FirstX(ctx)
			s.app.DB.GoodsActivity.Create().SetGoodsID(g.ID).SetDay(today).SetViews(50).ExecX(ctx)
		}
		for _, p := range []string{"/en/hots/trending-jewelry-watches", "/en/hots/trending-jewelry"} {
			if body, ok := s.waitPage(t, p, func(b string) bool { return strings.Contains(b, "/tredetail/"+g.UID) }); !ok {
				t.Errorf("%s does not show the trending jewelry: %s", p, linksIn(body))
			}
		}
		if body, ok := s.waitPage(t, "/en/hotspage", func(b string) bool { return strings.Contains(b, "/hots/trending-jewelry-watches") }); !ok {
			t.Errorf("hotspage has no jewelry-watches row: %.300s", body)
		}
	})
}

// linksIn lists the goods a page links to, for failure messages.
func linksIn(body string) string {
	var out []string
	for _, part := range strings.Split(body, "/tredetail/")[1:] {
		out = append(out, strings.SplitN(part, `"`, 2)[0])
	}
	return strings.Join(out, " ")
}

// Curated collections are the back office's "hots" content: a save shows
// on hots/{uid} within 2 s; a language without its own text shows the
// English one, marked; a new page has its URL at once; reserved, unknown
// and empty pages are refused with a message. Unknown uids, categories and
// pages past the last are not found and leave nothing in the page cache;
// query strings do not make new cache entries.
func TestCuratedCollections(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		admin := s.loginAs(t, seed.OperatorEmail, seed.DemoPassword)
		call := func(body string) envelope {
			return s.call(t, "POST", "operations/editform/save", body, "TOKEN", admin)
		}
		en := decode[editDoc](t, s.call(t, "POST", "operations/editform/get", `{"name":"hots","lanCode":"en"}`, "TOKEN", admin))
		var v struct {
			Pages []map[string]any `json:"pages"`
		}
		if err := json.Unmarshal(en.Value, &v); err != nil || len(v.Pages) < 3 {
			t.Fatalf("seeded collections: %s", en.Value)
		}
		uid := v.Pages[0]["uid"].(string)
		if _, body := s.get(t, "/en/hots/"+uid); !strings.Contains(body, `data-testid="hots-title">`+v.Pages[0]["title"].(string)) {
			t.Fatalf("/en/hots/%s does not show its title", uid)
		}
		if _, body := s.get(t, "/it/hots/"+uid); !strings.Contains(body, `data-testid="hots-fallback"`) {
			t.Fatalf("/it/hots/%s: no sign that the text is English", uid)
		}

		// An edit and a new page, saved in English.
		v.Pages[0]["title"] = "Fresh for the season"
		goodsOf := v.Pages[0]["goods"].([]any)
		v.Pages = append(v.Pages, map[string]any{"uid": "our-favourites", "title": "Our favourites", "text": "<p>Loved by the <b>team</b></p><script>x()</script>", "goods": goodsOf[:2]})
		raw, _ := json.Marshal(v)
		decode[editDoc](t, call(fmt.Sprintf(`{"name":"hots","lanCode":"en","version":%d,"value":%s}`, en.Version, raw)))
		if body := s.within2s(t, "/en/hots/"+uid, "Fresh for the season"); !strings.Contains(body, "Fresh for the season") {
			t.Fatal("the edited title does not show within 2 s")
		}
		body := s.within2s(t, "/en/hots/our-favourites", "Our favourites")
		if !strings.Contains(body, "Loved by the <b>team</b>") || strings.Contains(body, "x()") || !strings.Contains(body, "/tredetail/"+goodsOf[1].(string)) {
			t.Fatalf("the new collection: %.400s", body)
		}
		if body := s.within2s(t, "/en/hotspage", "our-favourites"); !strings.Contains(body, `data-hots="our-favourites"`) {
			t.Fatal("hotspage does not list the new collection")
		}
		// Italian gets its own title for the same page.
		decode[editDoc](t, call(`{"name":"hots","lanCode":"it","version":0,"value":{"pages":[{"uid":"our-favourites","title":"I nostri preferiti","text":"","goods":["`+goodsOf[0].(string)+`"]}]}}`))
		if body := s.within2s(t, "/it/hots/our-favourites", "I nostri preferiti"); strings.Contains(body, `data-testid="hots-fallback"`) || !strings.Contains(body, "I nostri preferiti") {
			t.Fatal("the Italian collection does not show in Italian")
		}

		cur := decode[editDoc](t, s.call(t, "POST", "operations/editform/get", `{"name":"hots","lanCode":"de"}`, "TOKEN", admin))
		for _, c := range []struct{ name, page string }{
			{"reserved uid", `{"uid":"trending","title":"T","text":"","goods":["` + goodsOf[0].(string) + `"]}`},
			{"reserved prefix", `{"uid":"trending-bags","title":"T","text":"","goods":["` + goodsOf[0].(string) + `"]}`},
			{"unknown category", `{"uid":"x","title":"T","text":"","goods":[],"category":"no-such"}`},
			{"nothing to show", `{"uid":"x","title":"T","text":"","goods":[]}`},
			{"unknown cover", `{"uid":"x","title":"T","text":"","goods":["` + goodsOf[0].(string) + `"],"cover":"trNoSuch"}`},
		} {
			env := call(fmt.Sprintf(`{"name":"hots","lanCode":"de","version":%d,"value":{"pages":[%s]}}`, cur.Version, c.page))
			if env.Code != 102 || env.Easg == "" || strings.Contains(env.Easg, "{") {
				t.Errorf("%s: %d %q", c.name, env.Code, env.Easg)
			}
		}

		// Not found, and nothing cached for it.
		s.get(t, "/en/hots/no-such-collection") // the shared not-found page, once
		before := s.app.Site.Cache.Len()
		for _, p := range []string{"/en/hots/no-such-collection", "/en/hots/another-one", "/en/hots/trending-no-such-category",
			"/en/hots/Trending", "/en/hots/" + uid + "?page=9", "/de/hots/%E2%98%83", "/en/hots/trending?page=3"} {
			if res, _ := s.get(t, p); res.StatusCode != 404 {
				t.Errorf("%s: %d, want 404", p, res.StatusCode)
			}
		}
		s.get(t, "/en/hotspage?utm_source=x")
		s.get(t, "/en/hotspage?page=2&q=y")
		if after := s.app.Site.Cache.Len(); after > before+1 { // /en/hotspage itself, once
			t.Errorf("the page cache grew by %d", after-before)
		}
	})
}

// hotspage and the collections are in every language's sitemap and carry
// hreflang links to all languages; a trending collection with nothing in
// it is noindex, without hreflang, and not in the sitemap.
func TestHotsInSitemaps(t *testing.T) {
	trendingStores(t, func(t *testing.T, s *testStore) {
		g := s.buyable(t, 1)[0]
		counted(t, s.view(t, "127.0.3.1", `{"treId":"`+g+`"}`))
		cat := s.app.DB.Goods.Query().Where(goods.UIDEQ(g)).OnlyX(context.Background()).Category
		if body, ok := s.waitPage(t, "/en/hots/trending", func(b string) bool { return strings.Contains(b, "/tredetail/"+g) }); !ok {
			t.Fatalf("the viewed goods %s does not trend: %s; %d activity rows", g, linksIn(body), s.app.DB.GoodsActivity.Query().CountX(context.Background()))
		}
		for _, lang := range []string{"en", "ar"} {
			_, xml := s.get(t, "/sitemaps/"+lang+"-0.xml")
			for _, p := range []string{"/hotspage", "/hots/home-refresh", "/hots/trending", "/hots/trending-" + cat} {
				if !strings.Contains(xml, "<loc>http://souk.test/"+lang+p+"</loc>") {
					t.Errorf("%s sitemap lacks %s", lang, p)
				}
			}
			if strings.Contains(xml, "/hots/trending-toys-kids") && cat != "toys-kids" {
				t.Errorf("%s sitemap lists an empty trending collection", lang)
			}
		}
		for _, p := range []string{"/en/hotspage", "/ar/hots/home-refresh", "/en/hots/trending"} {
			res, body := s.get(t, p)
			if res.StatusCode != 200 || strings.Contains(body, "noindex") ||
				!strings.Contains(body, `hreflang="ar" href="http://souk.test/ar`) || !strings.Contains(body, `hreflang="x-default"`) {
				t.Errorf("%s: %d, hreflang or indexing wrong", p, res.StatusCode)
			}
		}
		empty := "/en/hots/trending-toys-kids"
		if cat == "toys-kids" {
			empty = "/en/hots/trending-office-stationery"
		}
		if res, body := s.get(t, empty); res.StatusCode != 200 || !strings.Contains(body, "noindex") || strings.Contains(body, "hreflang") {
			t.Errorf("%s: %d; an empty collection is noindex without hreflang", empty, res.StatusCode)
		}
	})
}
