package ssr

import (
	"slices"
	"strings"
	"testing"
)

// Each page's code is its own chunk: a document preloads its page's chunk
// and not another page's, and every text asset is precompressed.
func TestPagesAreSplitIntoChunks(t *testing.T) {
	b := testBundle(t)
	for _, page := range []string{"home", "goods", "cart", "makeorder", "login"} {
		if len(b.Entry.Pages[page]) == 0 {
			t.Fatalf("page %s has no chunk", page)
		}
	}
	home, cart := b.Entry.For("home"), b.Entry.For("cart")
	if !slices.Contains(home.Preload, b.Entry.Pages["home"][0]) {
		t.Fatalf("home does not preload its own chunk: %v", home.Preload)
	}
	if slices.Contains(home.Preload, b.Entry.Pages["cart"][0]) || slices.Contains(cart.Preload, b.Entry.Pages["home"][0]) {
		t.Fatal("a page preloads another page's code")
	}
	entry := b.Assets[strings.TrimPrefix(b.Entry.JS, "/static/")]
	for _, marker := range []string{"cart-line", "place-order", "register-step1"} { // test ids of other pages
		if strings.Contains(string(entry), marker) {
			t.Fatalf("the entry script carries page code (%q)", marker)
		}
	}
	for name := range b.Assets {
		if textAsset(name) && len(b.Assets[name]) >= 512 {
			if e, ok := b.Encoded[name]; !ok || len(e.Br) == 0 || len(e.Gz) == 0 || len(e.Br) >= len(b.Assets[name]) {
				t.Fatalf("%s is not precompressed", name)
			}
		}
	}
}

// firstLoadBudget is the most script a home or product page may make a
// first visit download, React included, brotli-compressed as `souk build`
// ships it. Issue 10 asks for 75 KB; React and react-dom alone are ~62 KB
// and react-helmet-async (part of the fixed stack, with its three
// dependencies) ~5.5 KB, which leaves our pages ~7.5 KB: not met. This is
// the ceiling reached (home 78.3, product 80.6 KB on 2026-11-28), so that
// the split by route cannot quietly come undone.
const firstLoadBudget = 81 * 1024

// The home and product pages' first-load script (the entry, and every
// chunk their documents preload) stays within the budget.
func TestFirstLoadScriptBudget(t *testing.T) {
	b := testBundle(t)
	sizes := map[string]int{} // each chunk compressed once
	for _, page := range []string{"home", "goods"} {
		e := b.Entry.For(page)
		raw, br := 0, 0
		for _, f := range append([]string{e.JS}, e.Preload...) {
			name := strings.TrimPrefix(f, "/static/")
			data, ok := b.Assets[name]
			if !ok {
				t.Fatalf("%s: the document names %s, which the bundle lacks", page, f)
			}
			if _, ok := sizes[name]; !ok {
				sizes[name] = len(brotliBytes(data, BrotliRelease))
			}
			raw += len(data)
			br += sizes[name]
		}
		t.Logf("%s: %d files, %.1f KB raw, %.1f KB brotli", page, 1+len(e.Preload), float64(raw)/1024, float64(br)/1024)
		if br > firstLoadBudget {
			t.Errorf("%s: first-load script is %.1f KB brotli, over the %d KB budget", page, float64(br)/1024, firstLoadBudget/1024)
		}
	}
}
