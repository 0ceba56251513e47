package server_test

import (
	"crypto/rand"
	"encoding/hex"
	"strings"
	"testing"
)

func randomWord() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// canonicalGoods follows a goods page's redirect to its canonical path.
func (s *testStore) canonicalGoods(t *testing.T, prefix, treID string) string {
	t.Helper()
	res, _ := s.get(t, prefix+"/tredetail/"+treID)
	loc := res.Header.Get("Location")
	if res.StatusCode != 301 || !strings.HasPrefix(loc, prefix+"/tredetail/"+treID+"/") {
		t.Fatalf("%s/tredetail/%s: %d to %q, want 301 to the URL with its slug", prefix, treID, res.StatusCode, loc)
	}
	return loc
}

// Made-up page URLs neither fill the page cache nor cost a render each: a
// wrong or missing product slug is redirected to the canonical URL (without
// the query string); unknown goods, identities, users and paths share one
// not-found page; pages that echo an id render once.
func TestMadeUpURLsDoNotFillTheCache(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		site := s.app.Site
		treID := s.anyGoods(t, func(map[string]any) bool { return true })
		canonical := s.canonicalGoods(t, "/en", treID)
		if res, _ := s.get(t, canonical); res.StatusCode != 200 {
			t.Fatalf("%s: %d", canonical, res.StatusCode)
		}
		if res, _ := s.get(t, "/en/tredetail/10000"); res.StatusCode != 301 || !strings.HasPrefix(res.Header.Get("Location"), "/en/tredetail/") {
			t.Fatalf("old numeric id: %d to %q, want a redirect", res.StatusCode, res.Header.Get("Location"))
		}
		if loc := s.canonicalGoods(t, "", treID); loc != strings.TrimPrefix(canonical, "/en") {
			t.Fatalf("unprefixed: redirected to %q", loc)
		}
		entries, renders := site.Cache.Len(), site.Renders()
		for i := 0; i < 1000; i++ {
			w := randomWord()
			res, _ := s.get(t, "/en/tredetail/"+treID+"/"+w+"?utm_source="+w)
			if res.StatusCode != 301 || res.Header.Get("Location") != canonical {
				t.Fatalf("wrong slug %s: %d to %q, want 301 to %s", w, res.StatusCode, res.Header.Get("Location"), canonical)
			}
		}
		if site.Cache.Len() != entries || site.Renders() != renders {
			t.Fatalf("1000 wrong slugs: cache %d → %d entries, %d renders", entries, site.Cache.Len(), site.Renders()-renders)
		}

		// Unknown things: one shared not-found page.
		for i := 0; i < 100; i++ {
			w := randomWord()
			for _, p := range []string{"/en/tredetail/no" + w, "/en/tredetail/no" + w + "/" + w, "/en/tredetail/00" + w[:4],
				"/en/biger/seller/no" + w, "/en/biger/seller/atelier-lumiere?page=" + itoa(500+i), "/en/user?userUid=u" + w,
				"/en/no/such/" + w, "/en/dressescat/" + w + "/" + w, "/en/block/" + w, "/en/qrlogin/" + w + "<>" + w + w} {
				if res, _ := s.get(t, p); res.StatusCode != 404 {
					t.Fatalf("%s: %d, want 404", p, res.StatusCode)
				}
			}
		}
		if site.Cache.Len() > entries+1 || site.Renders() > renders+1 {
			t.Fatalf("made-up paths: cache %d → %d entries, %d renders", entries, site.Cache.Len(), site.Renders()-renders)
		}

		// Pages that only echo an id: one rendering each, the id put in.
		entries, renders = site.Cache.Len(), site.Renders()
		for i := 0; i < 100; i++ {
			w := "S" + randomWord()
			res, body := s.get(t, "/en/myorder/"+w, "Accept-Encoding", "identity")
			if res.StatusCode != 200 || !strings.Contains(body, `"param":"`+w+`"`) || strings.Contains(body, "SoukParam") {
				t.Fatalf("/en/myorder/%s: %d, param shown: %v", w, res.StatusCode, strings.Contains(body, w))
			}
			if res, body := s.get(t, "/en/block/"+itoa(100+i)); res.StatusCode != 200 || !strings.Contains(body, ">"+itoa(100+i)+"<") {
				t.Fatalf("/en/block/%d: %d", 100+i, res.StatusCode)
			}
		}
		if site.Cache.Len() > entries+2 || site.Renders() > renders+2 {
			t.Fatalf("id pages: cache %d → %d entries, %d renders", entries, site.Cache.Len(), site.Renders()-renders)
		}
	})
}
