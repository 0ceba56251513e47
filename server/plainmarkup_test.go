package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// The server writes plain subtrees (cards, the top bar, promos) as markup
// without React (views/ssr/hostHTML.ts), and the browser hydrates them as
// React's: the markup must be React's to the byte. Each page is rendered
// with the fast path and without it, in a left-to-right and a
// right-to-left language, a signed-out visitor's and a dress's page.
func TestPlainMarkupIsReactsMarkup(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	ctx := context.Background()
	dress := s.anyGoods(t, func(g map[string]any) bool { return g["spe"].(float64) == 1 })
	var goods string
	s.anyGoods(t, func(g map[string]any) bool { goods = g["treId"].(string); return true })
	paths := []string{"/", "/hotspage", "/dresses", strings.TrimPrefix(s.canonicalGoods(t, "/en", dress), "/en"),
		strings.TrimPrefix(s.canonicalGoods(t, "/en", goods), "/en")}
	r := s.app.Site.Renderer
	t.Cleanup(func() { _ = r.SetPlainMarkup(true) })
	for _, lang := range []string{"en", "ar", "ja"} {
		for _, p := range paths {
			props, shared, err := s.app.Site.PropsUncached(ctx, "/"+lang+p)
			if err != nil {
				t.Fatalf("/%s%s: %v", lang, p, err)
			}
			var html [2]string
			for i, on := range []bool{true, false} {
				if err := r.SetPlainMarkup(on); err != nil {
					t.Fatal(err)
				}
				b, err := r.Render(ctx, props, shared)
				if err != nil {
					t.Fatal(err)
				}
				html[i] = string(b)
			}
			if html[0] != html[1] {
				at := 0
				for at < min(len(html[0]), len(html[1])) && html[0][at] == html[1][at] {
					at++
				}
				t.Errorf("/%s%s: the fast markup differs from React's at byte %d:\n fast:  %.200s\n react: %.200s",
					lang, p, at, html[0][max(0, at-60):], html[1][max(0, at-60):])
			}
		}
	}
}

// The server writes goods cards as strings (views/ssr/cards.ts), not
// through React: each state a card can be in must come out as React writes
// the card (cardFace). The home page's cards are changed into every state
// (no picture, a stored picture in three sizes, a picture not ours, off
// sale, sold out, the viewer's own, a title in another language with
// characters to escape, made to order, a price range, an empty title) and
// rendered both ways.
func TestCardMarkupStates(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	ctx := context.Background()
	props, shared, err := s.app.Site.PropsUncached(ctx, "/en/")
	if err != nil {
		t.Fatal(err)
	}
	stored := func(size string, w int) map[string]any {
		return map[string]any{"url": "/media/goods/ab/cd-" + size + ".jpg", "width": w, "height": w}
	}
	states := []func(c map[string]any){
		func(c map[string]any) { delete(c, "treImage") },
		func(c map[string]any) {
			c["treImage"] = map[string]any{"tinyImg": stored("t", 160), "smallThumbnail": stored("s", 400), "largeThumbnail": stored("l", 800)}
		},
		func(c map[string]any) {
			c["treImage"] = map[string]any{"smallThumbnail": map[string]any{"url": "https://example.com/x.png", "width": 300, "height": 200}}
		},
		func(c map[string]any) { c["saleable"] = 0 },
		func(c map[string]any) { c["stock"] = 0 },
		func(c map[string]any) { c["sid"], c["saleable"] = "s1", 0 },
		func(c map[string]any) { c["sid"] = "s2" },
		func(c map[string]any) { c["treName"] = map[string]any{"txt": `Tom & "Jerry's" <b>`, "lan": "fr"} },
		func(c map[string]any) { c["spe"] = 1 },
		func(c map[string]any) {
			pd := c["priceData"].(map[string]any)
			pd["maxPrices"], pd["minQty"] = []any{map[string]any{"amount": 99.5}}, 3
		},
		func(c map[string]any) { c["treName"] = map[string]any{"txt": ""} },
	}
	var p map[string]any
	if err := json.Unmarshal(props, &p); err != nil {
		t.Fatal(err)
	}
	n := 0
	home := p["data"].(map[string]any)["home"].(map[string]any)
	for _, row := range []string{"wn3", "wn4", "bt1", "drT1", "drT2"} { // the rows of cards, in order (HomePage.tsx)
		goods, _ := home[row].(map[string]any)["goods"].([]any)
		for _, g := range goods {
			if n < len(states) {
				states[n](g.(map[string]any))
				n++
			}
		}
	}
	if n < len(states) {
		t.Fatalf("the home page has %d cards, want at least %d", n, len(states))
	}
	changed, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	r := s.app.Site.Renderer
	t.Cleanup(func() { _ = r.SetPlainMarkup(true) })
	var html [2]string
	for i, on := range []bool{true, false} {
		if err := r.SetPlainMarkup(on); err != nil {
			t.Fatal(err)
		}
		b, err := r.Render(ctx, changed, shared)
		if err != nil {
			t.Fatal(err)
		}
		html[i] = string(b)
	}
	for _, want := range []string{"card-noimg", "cd-t.webp 160w", "https://example.com/x.png", "card-off", `aria-disabled="true"`, "Tom &amp; &quot;Jerry&#x27;s&quot; &lt;b&gt;", `lang="fr"`} {
		if !strings.Contains(html[1], want) {
			t.Errorf("React's page lacks %q: the state was not rendered", want)
		}
	}
	if html[0] != html[1] {
		at := 0
		for at < min(len(html[0]), len(html[1])) && html[0][at] == html[1][at] {
			at++
		}
		t.Errorf("the written cards differ from React's at byte %d:\n written: %.300s\n react:   %.300s", at, html[0][max(0, at-80):], html[1][max(0, at-80):])
	}
}

// The benchmarks' props are a served page's: the path without its language
// (the full path once made /en/en/ of the canonical link).
func TestPropsUncachedPathIsUnprefixed(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	for path, want := range map[string]string{"/en/": "/", "/de/hotspage": "/hotspage"} {
		props, _, err := s.app.Site.PropsUncached(context.Background(), path)
		if err != nil {
			t.Fatal(path, err)
		}
		var p struct{ Path string }
		if err := json.Unmarshal(props, &p); err != nil || p.Path != want {
			t.Errorf("%s: props path %q, want %q (%v)", path, p.Path, want, err)
		}
	}
}

// The product page's gallery, reviews, stars and sku chips are written as
// strings on the server (views/ssr/goods.ts): each state they can be in on
// a server render must come out as React writes the components. A goods
// page's props are changed into those states (values sold out, short of
// the minimum order with one sku and with several, made in no sku, names
// in another language with characters to escape, a group without a name;
// a full first page of reviews, a review without a date or a name; one
// picture and no reviews) and rendered both ways.
func TestGoodsMarkupStates(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	ctx := context.Background()
	entries, err := s.app.Site.Catalog.GoodsEntries(ctx, "en", 7, 1)
	if err != nil || len(entries) == 0 {
		t.Fatalf("no goods: %v", err)
	}
	props, shared, err := s.app.Site.PropsUncached(ctx, "/en"+entries[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	txt := func(s, lan string) map[string]any { return map[string]any{"txt": s, "lan": lan} }
	attr := func(id string, name map[string]any) map[string]any { return map[string]any{"id": id, "name": name} }
	sku := func(id string, stock int) map[string]any {
		price := []any{map[string]any{"currency": map[string]any{"c": "USD", "s": "$"}, "amount": 10}}
		return map[string]any{"id": id, "prices": price, "tiers": []any{map[string]any{"startQty": 1, "prices": price}}, "stock": stock}
	}
	comment := func(id, name string, at int64, lan string) map[string]any {
		return map[string]any{"objId": id, "author": map[string]any{"userName": name, "avatarUrl": ""}, "creTime": at,
			"ratingValue": 73, "content": txt(`Fine & "good" <b>`, lan), "sortFactor": 1}
	}
	states := map[string]func(g, data map[string]any){
		"states": func(g, data map[string]any) {
			g["priceData"].(map[string]any)["minQty"] = 3
			g["skuModule"] = map[string]any{
				"groupNames": []any{txt(`Colour & "tone"`, "fr"), txt("", "")},
				"attrs": []any{
					[]any{attr("attrA00001", txt("Rouge <vif>", "fr")), attr("attrB00001", txt("B", "en")), attr("attrC00001", txt("C", "en")), attr("attrD00001", txt("D", "en"))},
					[]any{attr("attrX00001", txt("X", "en")), attr("attrY00001", txt("Y", "en")), attr("attrZ00001", txt("Z", "en"))},
				},
				"skus": map[string]any{
					"attrA00001,attrX00001": sku("s1", 5), "attrA00001,attrY00001": sku("s2", 0), "attrB00001,attrX00001": sku("s3", 0),
					"attrB00001,attrY00001": sku("s4", 0), "attrC00001,attrX00001": sku("s5", 2), "attrD00001,attrX00001": sku("s6", 1),
					"attrD00001,attrY00001": sku("s7", 1),
				},
			}
			data["comments"] = []any{comment("c1", "", 0, "en"), comment("c2", "Zoë", 1792177200000, "ja"), comment("c3", "Ann", 1792177200000, "en"),
				comment("c4", "Bo", 1786057200000, ""), comment("c5", "Cy", 1786057200000, "fr")}
			g["ratingCount"], g["rating"] = 1234, 87
		},
		"bare": func(g, data map[string]any) {
			g["treImages"] = g["treImages"].([]any)[:1]
			data["comments"] = []any{}
			g["skuModule"] = map[string]any{"groupNames": []any{}, "attrs": []any{}, "skus": map[string]any{}}
			g["ratingCount"] = 0
		},
	}
	want := map[string][]string{
		"states": {`data-blocked="soldOut"`, `data-blocked="short"`, `data-blocked="combo"`, "dim-reasons", `disabled=""`, "more-comments",
			"Rouge &lt;vif&gt;", `lang="fr"`, "…", "Specifications"},
		"bare": {"No reviews yet"},
	}
	r := s.app.Site.Renderer
	t.Cleanup(func() { _ = r.SetPlainMarkup(true) })
	for name, change := range states {
		var p map[string]any
		if err := json.Unmarshal(props, &p); err != nil {
			t.Fatal(err)
		}
		data := p["data"].(map[string]any)
		change(data["goods"].(map[string]any), data)
		changed, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var html [2]string
		for i, on := range []bool{true, false} {
			if err := r.SetPlainMarkup(on); err != nil {
				t.Fatal(err)
			}
			b, err := r.Render(ctx, changed, shared)
			if err != nil {
				t.Fatal(err)
			}
			html[i] = string(b)
		}
		for _, w := range want[name] {
			if !strings.Contains(html[1], w) {
				t.Errorf("%s: React's page lacks %q: the state was not rendered", name, w)
			}
		}
		if html[0] != html[1] {
			at := 0
			for at < min(len(html[0]), len(html[1])) && html[0][at] == html[1][at] {
				at++
			}
			t.Errorf("%s: the written markup differs from React's at byte %d:\n written: %.300s\n react:   %.300s", name, at, html[0][max(0, at-80):], html[1][max(0, at-80):])
		}
	}
}
