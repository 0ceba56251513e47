package server_test

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"souk/app/store/storetest"
	"souk/server"
)

// TestSearchPageWithoutScript: the home search box submits (GET) to a
// server-rendered results page that lists goods through the search
// service, is noindex, and never fills the page cache, however many
// different queries are asked (issue 9 point 8).
func TestSearchPageWithoutScript(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		_, home := s.get(t, "/en/")
		if !strings.Contains(home, `action="/en/search"`) || !strings.Contains(home, `name="q"`) {
			t.Fatal("the home search box is not a form that submits q to /en/search")
		}
		res, body := s.get(t, "/en/search?q=dress")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d", res.StatusCode)
		}
		if n := strings.Count(body, `<article class="card`); n == 0 {
			t.Error("no goods listed for 'dress'")
		}
		if !strings.Contains(body, `name="robots" content="noindex`) || res.Header.Get("X-Robots-Tag") != "noindex" {
			t.Error("the results page is not noindex")
		}
		if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("Cache-Control %q, want no-store", cc)
		}
		if !strings.Contains(body, `>dress</textarea>`) {
			t.Error("the search box does not keep the query")
		}
		before := s.app.Site.Cache.Len()
		for i := range 20 {
			s.get(t, "/en/search?q=dress+"+strconv.Itoa(i))
		}
		if after := s.app.Site.Cache.Len(); after != before {
			t.Errorf("page cache grew from %d to %d entries on distinct queries", before, after)
		}
		// Too long a query says so in the page's language and searches nothing.
		_, body = s.get(t, "/de/search?q="+strings.Repeat("a", 600))
		if !strings.Contains(body, `data-testid="search-error"`) || strings.Contains(body, `<article class="card`) {
			t.Error("an over-long query is not refused on the page")
		}
	})
}

// Each server-rendered search costs a search and a render, so one client
// address gets SearchPagesPerMinute of them; the next is refused with 429,
// a Retry-After and a translated message, and renders nothing.
func TestSearchPageIsRateLimited(t *testing.T) {
	s := startStore(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()})
	for i := range server.SearchPagesPerMinute {
		if res, _ := s.get(t, "/en/search?q=lamp+"+strconv.Itoa(i)); res.StatusCode != http.StatusOK {
			t.Fatalf("search %d answered %d", i, res.StatusCode)
		}
	}
	renders := s.app.Site.Renders()
	res, body := s.get(t, "/de/search?q=lamp")
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("past the limit: %d, Retry-After %q", res.StatusCode, res.Header.Get("Retry-After"))
	}
	if body != s.app.Site.Strings.T("de", "SearchTooOften") || body == "SearchTooOften" {
		t.Fatalf("the refusal is not the German message: %q", body)
	}
	if s.app.Site.Renders() != renders {
		t.Fatal("a refused search still rendered a page")
	}
}

// A long query is cut short where the page echoes it: the heading of a
// 500-character search would fill a phone's screen.
func TestSearchPageEchoesALongQueryShort(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	_, body := s.get(t, "/en/search?q="+strings.Repeat("x", 3000))
	h1 := regexp.MustCompile(`<h1 class="search-title"[^>]*>([^<]*)</h1>`).FindStringSubmatch(body)
	if h1 == nil {
		t.Fatal("no search heading")
	}
	if n := strings.Count(h1[1], "x"); n == 0 || n > 80 || !strings.Contains(h1[1], "…") {
		t.Errorf("heading echoes %d characters of the query: %.120q", n, h1[1])
	}
}
