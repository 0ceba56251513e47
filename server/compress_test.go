package server_test

import (
	"bufio"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/labstack/echo/v4"

	"souk/app/store/storetest"
	"souk/server"
)

// fetch requests path with Accept-Encoding and returns the response and the
// decoded body. The transport's own gzip handling is off, so what is
// checked is what the server sent.
func fetch(t *testing.T, method, url, accept, body string) (*http.Response, string, int) {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if accept != "" {
		req.Header.Set("Accept-Encoding", accept)
	}
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var r io.Reader
	switch res.Header.Get("Content-Encoding") {
	case "br":
		r = brotli.NewReader(strings.NewReader(string(raw)))
	case "gzip":
		gz, err := gzip.NewReader(strings.NewReader(string(raw)))
		if err != nil {
			t.Fatalf("%s: bad gzip: %v", url, err)
		}
		r = gz
	default:
		r = strings.NewReader(string(raw))
	}
	plain, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s: decode %s: %v", url, res.Header.Get("Content-Encoding"), err)
	}
	return res, string(plain), len(raw)
}

// TestEverythingTextLikeIsCompressed checks, over HTTP, that pages,
// scripts, styles, API answers, sitemaps and the API reference come in the
// coding the client asks for, with Vary, and as they are without one.
func TestEverythingTextLikeIsCompressed(t *testing.T) {
	s := startStore(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()})
	_, home, _ := fetch(t, "GET", s.URL+"/en/", "", "")
	assets := regexp.MustCompile(`(?:src|href)="(/static/[^"]+\.(?:js|css))"`).FindAllStringSubmatch(home, -1)
	if len(assets) < 2 {
		t.Fatalf("the home page names %d scripts and styles", len(assets))
	}
	targets := []struct{ method, path, body string }{
		{"GET", "/en/", ""}, {"GET", "/de/", ""}, {"GET", "/api/docs", ""}, {"GET", "/sitemap.xml", ""},
		{"POST", "/api/v1/souk/index/getData", "{}"}, {"GET", "/api/v1/souk/basics/getAllEnums", ""},
		{"POST", "/api/v1/souk/stream/search", `{"txt":"dress"}`},
	}
	for _, a := range assets {
		targets = append(targets, struct{ method, path, body string }{"GET", a[1], ""})
	}
	for _, tt := range targets {
		_, plain, plainSize := fetch(t, tt.method, s.URL+tt.path, "", tt.body)
		if plainSize < 1024 {
			continue // too small to be worth it
		}
		for _, enc := range []string{"br", "gzip"} {
			res, decoded, sent := fetch(t, tt.method, s.URL+tt.path, enc, tt.body)
			if got := res.Header.Get("Content-Encoding"); got != enc {
				t.Errorf("%s %s with Accept-Encoding %s: Content-Encoding %q", tt.method, tt.path, enc, got)
				continue
			}
			if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
				t.Errorf("%s: no Vary: Accept-Encoding", tt.path)
			}
			if sent >= plainSize*4/5 { // text compresses well; a small chunk a little less
				t.Errorf("%s in %s: %d bytes sent for %d", tt.path, enc, sent, plainSize)
			}
			if !strings.Contains(tt.path, "stream") && decoded != plain {
				t.Errorf("%s in %s decodes to something else (%d vs %d bytes)", tt.path, enc, len(decoded), len(plain))
			}
		}
	}
}

// A compressed stream still delivers each frame when it is flushed: the
// client reads the first frame while the handler waits for it to.
func TestCompressedStreamFlushesEachFrame(t *testing.T) {
	e := echo.New()
	e.Use(server.Compress())
	read := make(chan struct{})
	e.GET("/stream", func(c echo.Context) error {
		c.Response().Header().Set("Content-Type", "application/x-ndjson")
		c.Response().WriteHeader(http.StatusOK)
		_, _ = c.Response().Write([]byte(`{"c":1}` + "\n"))
		c.Response().Flush()
		<-read // the client must have the first frame before the second is written
		_, _ = c.Response().Write([]byte(`{"c":2}` + "\n"))
		return nil
	})
	srv := httptest.NewServer(e)
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL+"/stream", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding %q", res.Header.Get("Content-Encoding"))
	}
	gz, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(gz)
	if !lines.Scan() || lines.Text() != `{"c":1}` {
		t.Fatalf("first frame %q", lines.Text())
	}
	close(read)
	if !lines.Scan() || lines.Text() != `{"c":2}` {
		t.Fatalf("second frame %q", lines.Text())
	}
}
