package ssr

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"souk/app/version"
)

var (
	buildOnce sync.Once
	built     *Bundle
	buildErr_ error
)

// testBundle builds the real views once per test binary.
func testBundle(t testing.TB) *Bundle {
	t.Helper()
	buildOnce.Do(func() {
		_, file, _, _ := runtime.Caller(0)
		built, buildErr_ = Build(filepath.Join(filepath.Dir(file), "..", "..", "views"), false)
	})
	if buildErr_ != nil {
		t.Fatal(buildErr_)
	}
	return built
}

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// minimalProps is the smallest SoukData the not-found page renders from.
func minimalProps(lang, dir string) string {
	p := map[string]any{
		"page": "notfound", "path": "/404", "query": "", "lang": lang, "dir": dir, "region": "US", "currency": "USD",
		"baseUrl": "http://x", "assets": map[string]any{"js": "/static/a.js", "css": "/static/a.css", "preload": []string{}},
		"t":       map[string]string{"NotFoundTitle": "Page not found </script><script>alert(1)</script>"},
		"langs":   []map[string]string{{"code": "en", "name": "English", "dir": "ltr"}, {"code": "ar", "name": "العربية", "dir": "rtl"}},
		"regions": []any{}, "currencies": []any{}, "numfmt": map[string]any{"dec": ".", "group": ",", "symbolAfter": false},
		"now": 0, "data": map[string]any{},
	}
	b, _ := json.Marshal(p)
	return string(b)
}

func TestRenderDocument(t *testing.T) {
	b := testBundle(t)
	pool, err := NewPool(b.Server, 1, 5*time.Second, quietLog())
	if err != nil {
		t.Fatal(err)
	}
	html, err := pool.Render(context.Background(), minimalProps("ar", "rtl"), Shared{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<html lang="ar" dir="rtl">`, "<title>", `id="__SOUK__"`, `data-testid="not-found"`, `rel="canonical"`} {
		if !strings.Contains(html, want) {
			t.Errorf("document lacks %q", want)
		}
	}
	head := html[:strings.Index(html, "</head>")]
	if !strings.Contains(head, "<title>") {
		t.Error("title was not hoisted into <head>")
	}
	if strings.Contains(html, "</script><script>alert(1)") {
		t.Error("hydration data or text broke out of its element")
	}
}

func TestPolyfills(t *testing.T) {
	b := testBundle(t)
	pool, err := NewPool(b.Server, 1, time.Second, quietLog())
	if err != nil {
		t.Fatal(err)
	}
	rt := <-pool.free
	tests := []struct{ js, want string }{
		{`Array.from(new TextEncoder().encode("aé€😀")).join(",")`, "97,195,169,226,130,172,240,159,152,128"},
		{`(function(){var r=[];setTimeout(function(){r.push(2)},5);setTimeout(function(){r.push(1)},0);__soukDrainTimers(10);return r.join()})()`, "1,2"},
		{`(function(){var id=setTimeout(function(){throw 1},0);clearTimeout(id);return __soukDrainTimers(10)})()`, "0"},
		{`(function(){var got;var c=new MessageChannel();c.port1.onmessage=function(e){got=e.data};c.port2.postMessage("hi");__soukDrainTimers(10);return got})()`, "hi"},
		{`typeof queueMicrotask + typeof console.log`, "functionfunction"},
	}
	for _, tt := range tests {
		v, err := rt.vm.RunString(tt.js)
		if err != nil {
			t.Fatalf("%s: %v", tt.js, err)
		}
		if got := v.String(); got != tt.want {
			t.Errorf("%s = %q, want %q", tt.js, got, tt.want)
		}
	}
}

func TestRenderTimeoutReplacesRuntime(t *testing.T) {
	b := testBundle(t)
	server := append(append([]byte{}, b.Server...), []byte(`;globalThis.SoukRender=function(j){if(j==="spin"){for(;;){}}return "<html></html>"};`)...)
	pool, err := NewPool(server, 1, 100*time.Millisecond, quietLog())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Render(context.Background(), "spin", Shared{}); err == nil {
		t.Fatal("an endless render must fail")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	html, err := pool.Render(ctx, "ok", Shared{}) // served by the replacement runtime
	if err != nil || html != "<html></html>" {
		t.Fatalf("after a timeout the pool must serve again: %q, %v", html, err)
	}
}

func TestRenderThrowReplacesRuntime(t *testing.T) {
	b := testBundle(t)
	server := append(append([]byte{}, b.Server...), []byte(`;var broken=false;globalThis.SoukRender=function(j){if(j==="throw"){broken=true;throw new Error("boom")}if(broken)return "poisoned";return "<html></html>"};`)...)
	pool, err := NewPool(server, 1, time.Second, quietLog())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Render(context.Background(), "throw", Shared{}); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("a throwing render must fail with its error, got %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	html, err := pool.Render(ctx, "ok", Shared{})
	if err != nil || html != "<html></html>" {
		t.Fatalf("the next render must run in a fresh runtime: %q, %v", html, err)
	}
}

func TestPatchRenderToString(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "node_modules", "react-dom", "cjs", "react-dom-server-legacy.browser.production.js"))
	if err != nil {
		t.Skip("node_modules not installed")
	}
	out, err := PatchRenderToString(string(src))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "result.push(chunk)") || !strings.Contains(out, `result.join("")`) {
		t.Fatal("patch not applied")
	}
	if _, err := PatchRenderToString("function renderToStringImpl(){ result = \"\"; }exports.renderToStaticMarkup"); err == nil {
		t.Fatal("a changed React must fail the build loudly")
	}
}

func TestCacheSingleRenderAndInvalidation(t *testing.T) {
	v := version.New()
	c := NewCache(v, 1<<20)
	var mu sync.Mutex
	renders := 0
	render := func(ctx context.Context) (*Page, error) {
		mu.Lock()
		renders++
		mu.Unlock()
		time.Sleep(20 * time.Millisecond)
		return NewPage(200, []byte("<html>x</html>"), []string{"goods:a"}), nil
	}
	key := Key{Path: "/tredetail/a", Lang: "en", Region: "US", Currency: "USD"}
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); _, _, _ = c.Get(context.Background(), key, render) }()
	}
	wg.Wait()
	if renders != 1 {
		t.Fatalf("20 concurrent misses rendered %d times, want 1", renders)
	}
	if _, out, _ := c.Get(context.Background(), key, render); out != Hit {
		t.Fatalf("second get = %s, want hit", out)
	}
	// After a change the visitor waits for the refresh (FreshWait) and sees
	// the new page; a refresh that takes longer leaves them the old one.
	c.FreshWait = time.Minute
	v.Bump("goods:a")
	if _, out, _ := c.Get(context.Background(), key, render); out != Miss {
		t.Fatalf("after a change = %s, want the refreshed page (miss)", out)
	}
	release := make(chan struct{})
	slow := func(ctx context.Context) (*Page, error) {
		<-release
		return render(ctx)
	}
	c.FreshWait = 0
	v.Bump("goods:a")
	_, out, _ := c.Get(context.Background(), key, slow)
	close(release)
	if out != Stale {
		t.Fatalf("after a change with a slow render = %s, want stale (served while refreshing)", out)
	}
	deadline := time.Now().Add(2 * time.Second)
	for {
		if _, out, _ := c.Get(context.Background(), key, render); out == Hit {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("stale entry never refreshed")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A page whose data changes while it renders (any of its dependencies,
// none listed by hand) is kept as stale: it may show the data before.
func TestCacheChangeDuringRenderLeavesPageStale(t *testing.T) {
	v := version.New()
	c := NewCache(v, 1<<20)
	c.FreshWait = time.Minute
	renders := 0
	render := func(ctx context.Context) (*Page, error) {
		renders++
		if renders == 1 {
			v.Bump("content:hots") // an edit saved after the page read the old text
		}
		return NewPage(200, []byte("<html>x</html>"), []string{"content:hots", "enums"}), nil
	}
	key := Key{Path: "/hots/x", Lang: "en"}
	_, _, _ = c.Get(context.Background(), key, render)
	if _, out, _ := c.Get(context.Background(), key, render); out == Hit || renders != 2 {
		t.Fatalf("after a change during the render: %s, %d renders; want a new render", out, renders)
	}
	if _, out, _ := c.Get(context.Background(), key, render); out != Hit {
		t.Fatalf("after a clean render: %s, want hit", out)
	}
}

// A page whose refresh is not kept (a deleted goods item answers the
// shared 404) stops being served stale at once.
func TestCacheDropsAPageThatIsGone(t *testing.T) {
	v := version.New()
	c := NewCache(v, 1<<20)
	gone := false
	render := func(ctx context.Context) (*Page, error) {
		if gone {
			p := NewPage(404, []byte("<html>404</html>"), nil)
			p.NoStore = true
			return p, nil
		}
		return NewPage(200, []byte("<html>x</html>"), []string{"goods:a"}), nil
	}
	key := Key{Path: "/tredetail/a", Lang: "en"}
	_, _, _ = c.Get(context.Background(), key, render)
	gone = true
	v.Bump("goods:a")
	_, _, _ = c.Get(context.Background(), key, render) // stale, refreshing behind
	deadline := time.Now().Add(2 * time.Second)
	for {
		if p, _, _ := c.Get(context.Background(), key, render); p.Status == 404 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the old page is still served")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestCacheEvictsBySize(t *testing.T) {
	c := NewCache(version.New(), 4000)
	for i := 0; i < 50; i++ {
		k := Key{Path: "/p" + string(rune('a'+i%26)) + string(rune('a'+i/26))}
		_, _, _ = c.Get(context.Background(), k, func(context.Context) (*Page, error) {
			return NewPage(200, []byte(strings.Repeat("x", 500)), nil), nil
		})
	}
	if c.Len() >= 50 || c.bytes > 4000 {
		t.Fatalf("cache holds %d entries, %d bytes: not bounded", c.Len(), c.bytes)
	}
}

// After a development rebuild, pages rendered before it (and stale cached
// copies served while they refresh) name the old scripts: both stay served.
func TestSwapKeepsServingThePreviousAssets(t *testing.T) {
	b := testBundle(t)
	r, err := NewRenderer(b, version.New(), quietLog())
	if err != nil {
		t.Fatal(err)
	}
	var old string
	for name := range b.Assets {
		old = name
		break
	}
	next := *b
	next.Assets = map[string][]byte{"entry-client-NEW.js": []byte("//new")}
	if err := r.Swap(&next); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{old, "entry-client-NEW.js"} {
		if _, ok := r.Asset(name); !ok {
			t.Errorf("%s not served after the swap", name)
		}
	}
	if _, ok := r.Asset("entry-client-NONE.js"); ok {
		t.Error("an unknown asset was served")
	}
}

// TestCacheNeverStaleForApps: a page showing the APK's facts waits for its
// refresh however long it takes; it is never served outdated.
func TestCacheNeverStaleForApps(t *testing.T) {
	v := version.New()
	c := NewCache(v, 1<<20)
	c.FreshWait = 0
	page := func(body string) RenderFunc {
		return func(context.Context) (*Page, error) {
			time.Sleep(10 * time.Millisecond)
			return NewPage(200, []byte("<html>"+body+"</html>"), []string{"content:dlandroidapp", "apps"}), nil
		}
	}
	key := Key{Path: "/dlandroidapp", Lang: "en", Region: "US", Currency: "USD"}
	if _, _, err := c.Get(context.Background(), key, page("old")); err != nil {
		t.Fatal(err)
	}
	v.Bump("apps")
	p, out, err := c.Get(context.Background(), key, page("new"))
	if err != nil || out != Miss || string(p.HTML) != "<html>new</html>" {
		t.Fatalf("after the APK changed: %s %q %v, want the new page", out, p.HTML, err)
	}
}
