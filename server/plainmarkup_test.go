package server_test

import (
	"context"
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
