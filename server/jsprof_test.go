package server_test

import (
	"context"
	"os"
	"runtime"
	"sort"
	"testing"
	"time"

	"github.com/dop251/goja"
	"golang.org/x/sys/unix"
)

// TestJSProfile writes a goja CPU profile of uncached renders (React only,
// the props loaded once) of the home and a product page to /tmp/js-<page>.prof,
// and prints each render's p50 in wall and in this thread's CPU time: on a
// loaded shared machine the CPU time is the steadier figure.
// JSPROF=1 go test -count=1 -run TestJSProfile ./server/
func TestJSProfile(t *testing.T) {
	if os.Getenv("JSPROF") == "" {
		t.Skip()
	}
	s := startStore(t, sqliteOnly(t))
	ctx := context.Background()
	entries, _ := s.app.Site.Catalog.GoodsEntries(ctx, "en", 7, 1)
	r := s.app.Site.Renderer
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	pages := []struct{ name, path string }{{"home", "/en/"}, {"product", "/en" + entries[0].Path}}
	if extra := os.Getenv("JSPROF_PATH"); extra != "" { // another page, e.g. /en/cart
		pages = append(pages, struct{ name, path string }{"extra", extra})
	}
	for _, p := range pages {
		props, shared, err := s.app.Site.PropsUncached(ctx, p.path)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 10; i++ {
			if _, err := r.Render(ctx, props, shared); err != nil {
				t.Fatal(err)
			}
		}
		if html, err := r.Render(ctx, props, shared); err == nil {
			_ = os.WriteFile("/tmp/js-"+p.name+".html", html, 0o600)
			_ = os.WriteFile("/tmp/js-"+p.name+".json", props, 0o600)
		}
		var wall, cpu []time.Duration
		for i := 0; i < 60; i++ {
			w0, c0 := time.Now(), threadCPU()
			if _, err := r.Render(ctx, props, shared); err != nil {
				t.Fatal(err)
			}
			cpu, wall = append(cpu, threadCPU()-c0), append(wall, time.Since(w0))
		}
		f, _ := os.Create("/tmp/js-" + p.name + ".prof")
		_ = goja.StartProfile(f)
		for i := 0; i < 250; i++ {
			_, _ = r.Render(ctx, props, shared)
		}
		goja.StopProfile()
		f.Close()
		t.Logf("%-8s render p50 wall %6.2f ms, thread CPU p50 %6.2f ms (p10 %6.2f)", p.name, p50(wall), p50(cpu), quantile(cpu, 0.1))
	}
}

func threadCPU() time.Duration {
	var ts unix.Timespec
	_ = unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts)
	return time.Duration(ts.Nano())
}

func p50(d []time.Duration) float64 { return quantile(d, 0.5) }

func quantile(d []time.Duration, q float64) float64 {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return float64(d[int(float64(len(d))*q)]) / 1e6
}
