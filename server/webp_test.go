package server_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	xwebp "golang.org/x/image/webp"
)

// A product page names WebP twins of its pictures; they are real WebP of
// the same size, smaller than the JPEG, cached long without Vary on Accept; bad names answer 404
// without encoding anything.
func TestMediaWebP(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	for _, bad := range []string{
		"/media/demo/dress_ff0000_nosuch-0-s.webp", "/media/demo/..%2f..%2fsouk.db.webp", "/media/demo/x-s.jpg.webp",
		"/media/demo/x-q.webp", "/media/uploads/goods/0123456789abcdef0123456789abcdef-s.webp", "/media/x.webp",
	} {
		if res, _ := s.get(t, bad); res.StatusCode != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", bad, res.StatusCode)
		}
	}
	if n := s.app.Gate.MaxInUse(); n != 0 {
		t.Fatalf("bad names took %d encoding slots", n)
	}

	_, page := s.get(t, s.canonicalGoods(t, "/en", s.anyGoods(t, func(map[string]any) bool { return true })))
	name := regexp.MustCompile(`/media/demo/[A-Za-z0-9_-]+-s\.webp`).FindString(page)
	if name == "" {
		t.Fatal("the page names no WebP picture")
	}
	res, body := s.get(t, name)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/webp" {
		t.Fatalf("%s: %d %s", name, res.StatusCode, res.Header.Get("Content-Type"))
	}
	// The page picks the format, so caches need not key on Accept.
	vary := res.Header.Get("Vary")
	if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "max-age=2592000") || strings.Contains(strings.ReplaceAll(vary, "Accept-Encoding", ""), "Accept") {
		t.Fatalf("Cache-Control %q, Vary %q: want a long life and no Vary on Accept", cc, vary)
	}
	img, err := xwebp.Decode(strings.NewReader(body))
	if err != nil || img.Bounds().Dx() != 400 || img.Bounds().Dy() != 400 {
		t.Fatalf("not a 400×400 WebP: %v", err)
	}
	_, jpg := s.get(t, strings.TrimSuffix(name, ".webp")+".jpg")
	if len(body) >= len(jpg) {
		t.Fatalf("WebP %d bytes, JPEG %d: not smaller", len(body), len(jpg))
	}
	t.Logf("WebP %d bytes, JPEG %d", len(body), len(jpg))
}
