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
