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
