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
// ships it: issue 10's 75 KB. React and react-dom alone are ~62 KB; the
// browser fetches react-helmet-async after hydration (TestHelmetLoadsLate),
// and code only sign-in, sealed calls or the stored session need is fetched
// when used. Measured on 2026-11-28: home 72.6, product 74.8 KB.
const firstLoadBudget = 75 * 1024

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

// helmetMark is a string of react-helmet-async's own code (the attribute it
// keeps on <html> and <body>), which minifying keeps.
const helmetMark = "data-rh-managed"

// The browser gets react-helmet-async after hydration: not one file a home
// or product document loads first carries it, and the bundle still has it
// (views/components/LazyHelmet.tsx imports it).
func TestHelmetLoadsLate(t *testing.T) {
	b := testBundle(t)
	first := map[string]bool{}
	for _, page := range []string{"home", "goods"} {
		e := b.Entry.For(page)
		for _, f := range append([]string{e.JS}, e.Preload...) {
			name := strings.TrimPrefix(f, "/static/")
			first[name] = true
			if strings.Contains(string(b.Assets[name]), helmetMark) {
				t.Errorf("%s: %s, loaded first, carries react-helmet-async", page, f)
			}
		}
	}
	shipped := false
	for name, data := range b.Assets {
		shipped = shipped || (!first[name] && strings.Contains(string(data), helmetMark))
	}
	if !shipped {
		t.Error("no chunk carries react-helmet-async: the browser never gets it")
	}
	if !strings.Contains(string(b.Server), helmetMark) {
		t.Error("the server bundle lacks react-helmet-async")
	}
}
