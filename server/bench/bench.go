// Package bench measures the storefront the way issue budgets are stated:
// uncached render time in goja, cached requests per second and latency
// under concurrent connections, first-load JavaScript size, and memory.
// It runs against a store on its own temporary database, on loopback only,
// with bounded request counts.
package bench

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"souk/app/config"
	"souk/server"
	"souk/server/ssr"
	"souk/static"
)

// Options tune a run.
type Options struct {
	Goods       int           // extra generated goods (0: the demo catalogue only)
	Conns       int           // concurrent connections for the cached load
	Requests    int           // requests per page for the cached load
	Renders     int           // uncached renders per page
	MaxDuration time.Duration // stop any load after this long
	Out         io.Writer
}

// Run prints the figures.
func Run(ctx context.Context, o Options) error {
	// BENCH_DATA_DIR keeps the database between runs (generating 100 000
	// goods takes minutes); by default a temporary one is used and removed.
	dir := os.Getenv("BENCH_DATA_DIR")
	if dir == "" {
		tmp, err := os.MkdirTemp("", "souk-bench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	if o.Goods > 0 {
		if err := prepareInChild(ctx, dir, o.Goods, o.Out); err != nil {
			return err
		}
	}
	cfg, err := config.Load(func(k string) string { return map[string]string{"DATA_DIR": dir}[k] })
	if err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, err := server.Assemble(ctx, cfg, "views", log)
	if err != nil {
		return err
	}
	defer a.Close()
	if err := releaseCompression(a); err != nil {
		return err
	}
	base, stop, err := serve(a)
	if err != nil {
		return err
	}
	defer stop()
	if os.Getenv("BENCH_ONLY") == "buying" { // just the buying figures (quick)
		return buying(ctx, a, base, o.Out)
	}
	if os.Getenv("BENCH_ONLY") == "sockets" { // just the realtime figures
		return sockets(ctx, a, base, o.Out)
	}
	// Figures are taken once the background work of a fresh store (picture
	// descriptors for image search) is done, or they measure its noise.
	waitSettled(base, 5*time.Minute)
	indexDir := filepath.Join(dir, "search")
	fmt.Fprintf(o.Out, "Memory of the started store: %s\n", readMemory(indexDir))
	product, err := productPath(a)
	if err != nil {
		return err
	}
	pages := []page{{"home", "/en/"}, {"product", product}, {"product (ar)", strings.Replace(product, "/en/", "/ar/", 1)}}
	if os.Getenv("BENCH_ONLY") == "bytes" { // just what the server sends (quick)
		return sentFigures(base, pages, o.Out)
	}
	if err := renderFigures(ctx, a, pages, o.Renders, o.Out); err != nil {
		return err
	}
	if os.Getenv("BENCH_ONLY") == "render" { // just the render figures (quick)
		return nil
	}
	fmt.Fprintf(o.Out, "\nCached pages, %d connections, %d requests each (gzip):\n", o.Conns, o.Requests)
	for _, p := range pages[:2] {
		st, rps, err := load(base+p.path, o.Conns, o.Requests, o.MaxDuration)
		if err != nil {
			return err
		}
		fmt.Fprintf(o.Out, "  %-13s %8.0f req/s  p50 %6.2f ms  p99 %6.2f ms\n", p.name, rps, ms(st.p50), ms(st.p99))
	}
	if err := searchFigures(ctx, a, base, dir, o.Out); err != nil {
		return err
	}
	if err := buying(ctx, a, base, o.Out); err != nil {
		return err
	}
	if err := sentFigures(base, pages, o.Out); err != nil {
		return err
	}
	fmt.Fprintf(o.Out, "\nMemory after the load: %s\n", readMemory(indexDir))
	// Last: a full rebuild of the index is no load a serving store takes.
	if err := indexingFigures(ctx, a, dir, o.Out); err != nil {
		return err
	}
	return sockets(ctx, a, base, o.Out)
}

// releaseCompression makes the bytes sent those of a release binary: a
// checkout without an embedded bundle (go run) builds one in memory and
// compresses it quickly; the bench builds it again at release quality.
func releaseCompression(a *server.App) error {
	if b, err := static.Embedded(); err != nil || b != nil {
		return err
	}
	b, err := ssr.Build("views", false)
	if err != nil {
		return err
	}
	b.Encoded = ssr.Precompress(b.Assets, ssr.BrotliRelease)
	return a.Site.Renderer.Swap(b)
}

// serve serves the app on a free local port and returns its base URL.
func serve(a *server.App) (base string, stop func(), err error) {
	a.Ready.Store(true)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: a.Echo}
	go srv.Serve(ln) //nolint:errcheck // closed by stop
	return "http://" + ln.Addr().String(), func() { srv.Close() }, nil
}

// sockets prints the realtime figures: BENCH_SOCKETS sockets (10 000 by
// default) held by one server, the clients in another process.
func sockets(ctx context.Context, a *server.App, base string, out io.Writer) error {
	n := 10_000
	if v, err := strconv.Atoi(os.Getenv("BENCH_SOCKETS")); err == nil && v > 0 {
		n = v
	}
	_, err := SocketFigures(ctx, a, base, SocketOptions{Sockets: n, Rate: 50, Seconds: 10, Burst: 2000, Client: ChildSocketClient}, out)
	return err
}

// buying prints add-to-cart and checkout figures on SQLite (this store)
// and on PostgreSQL when a server is configured.
func buying(ctx context.Context, a *server.App, base string, out io.Writer) error {
	fmt.Fprintf(out, "\nBuying through the API, %d concurrent shoppers × %d rounds (add to cart, price, place order):\n", buyers, rounds)
	if err := buyingFigures(ctx, a, base, "sqlite", out); err != nil {
		return err
	}
	return postgresBuying(ctx, out)
}

func productPath(a *server.App) (string, error) {
	entries, err := a.Site.Catalog.GoodsEntries(context.Background(), "en", 7, 1)
	if err != nil || len(entries) == 0 {
		return "", fmt.Errorf("bench: no goods: %v", err)
	}
	return "/en" + entries[0].Path, nil
}

type stats struct{ p50, p99, mean time.Duration }

func summarize(d []time.Duration) stats {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	var sum time.Duration
	for _, x := range d {
		sum += x
	}
	return stats{p50: d[len(d)/2], p99: d[min(len(d)-1, len(d)*99/100)], mean: sum / time.Duration(len(d))}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// load fetches url from conns goroutines with keep-alive connections.
func load(url string, conns, perConn int, maxDur time.Duration) (stats, float64, error) {
	tr := &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns, DisableCompression: true}
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	defer tr.CloseIdleConnections()
	var mu sync.Mutex
	var all []time.Duration
	var failed atomic.Int64
	deadline := time.Now().Add(maxDur)
	start := time.Now()
	var wg sync.WaitGroup
	for c := 0; c < conns; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			local := make([]time.Duration, 0, perConn)
			for i := 0; i < perConn && time.Now().Before(deadline); i++ {
				req, _ := http.NewRequest(http.MethodGet, url, nil)
				req.Header.Set("Accept-Encoding", "gzip")
				t0 := time.Now()
				res, err := client.Do(req)
				if err != nil {
					failed.Add(1)
					continue
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != 200 {
					failed.Add(1)
				}
				local = append(local, time.Since(t0))
			}
			mu.Lock()
			all = append(all, local...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	if failed.Load() > 0 {
		return stats{}, 0, fmt.Errorf("bench: %d requests to %s failed", failed.Load(), url)
	}
	return summarize(all), float64(len(all)) / elapsed.Seconds(), nil
}

// rssKB is this process's resident set in kB (0 where /proc is missing).
func rssKB() int64 {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

// waitSettled polls /healthz?search=1 until image search is built, for at
// most max.
func waitSettled(base string, max time.Duration) {
	for end := time.Now().Add(max); time.Now().Before(end); time.Sleep(500 * time.Millisecond) {
		res, err := http.Get(base + "/healthz?search=1")
		if err != nil {
			continue
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if strings.Contains(string(b), "visual ready") {
			return
		}
	}
}
