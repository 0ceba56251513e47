package server_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"souk/app/config"
	"souk/app/search"
	"souk/app/store/storetest"
	"souk/server"
)

// testStore is a running store on a fresh database with a small demo
// catalogue.
type testStore struct {
	*httptest.Server
	app *server.App
}

func startStore(t *testing.T, b storetest.Backend) *testStore { return startStoreTB(t, b) }

func startStoreB(b *testing.B) *testStore {
	return startStoreTB(b, storetest.Backend{Name: "sqlite", Dir: b.TempDir()})
}

func startStoreTB(t testing.TB, b storetest.Backend) *testStore { return startStoreEnv(t, b, nil) }

// startStoreEnv is startStore with more configuration (env, by variable).
func startStoreEnv(t testing.TB, b storetest.Backend, env map[string]string) *testStore {
	t.Helper()
	cfg, err := config.Load(func(k string) string {
		if v, ok := env[k]; ok {
			return v
		}
		return map[string]string{"DATA_DIR": b.Dir, "DATABASE_URL": b.URL, "SEED_GOODS": "140", "BASE_URL": "http://souk.test", "ARGON2_MEMORY_KIB": testHashMemory}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	a, err := server.AssembleShared(context.Background(), cfg, "../views", slog.New(slog.NewTextHandler(io.Discard, nil)), shared)
	if err != nil {
		t.Fatal(err)
	}
	a.Ready.Store(true)
	srv := httptest.NewServer(a.Echo)
	t.Cleanup(func() { srv.Close(); a.Close() })
	return &testStore{Server: srv, app: a}
}

// testHashMemory is the memory of the test stores' password hashes (KiB):
// the least allowed, since the suite hashes hundreds of passwords (a
// sixty-fourth of production's). The demo logins keep production's.
const testHashMemory = "1024"

// shared is what the package's stores share: the view bundles, built once,
// and the demo catalogue's picture descriptors (each store seeds the same
// catalogue; see search.DemoDescriptors).
var shared = server.Shared{DemoDescriptors: &search.DemoDescriptors{}, Bundle: &server.BundleMemo{}}

// eachStore runs fn against a store on every backend.
//
// Stores share nothing (each has its own database, data directory and
// port), so tests that use eachStore run in parallel with each other: most
// of a test's time is spent waiting on the database and the network, and
// run one after another the package took six minutes.
func eachStore(t *testing.T, fn func(t *testing.T, s *testStore)) {
	t.Parallel()
	for _, b := range seededBackends(t) {
		t.Run(b.Name, func(t *testing.T) { fn(t, startStore(t, b)) })
	}
}

// within2s is the HTML of the page at path (after its redirects) once it contains want, asking
// again for up to two seconds: the issues ask that a change shows within 2 s
// (the page cache serves the old page while a refresh takes longer than its
// short wait, which a loaded test machine may). The last body when it never does.
func (s *testStore) within2s(t *testing.T, path, want string) string {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for {
		res, err := http.Get(s.URL + path) // following a canonical redirect
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if body := string(raw); strings.Contains(body, want) || time.Now().After(deadline) {
			return body
		}
		time.Sleep(50 * time.Millisecond)
	}
}

var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func (s *testStore) get(t *testing.T, path string, headers ...string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, s.URL+path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

type envelope struct {
	Code    int             `json:"code"`
	Easg    string          `json:"easg"`
	Content json.RawMessage `json:"content"`
}

// apiRequest is a JSON call to the API; headers are name, value pairs.
func (s *testStore) apiRequest(ctx context.Context, method, path, body string, headers ...string) *http.Request {
	req, _ := http.NewRequestWithContext(ctx, method, s.URL+"/api/v1/souk/"+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	return req
}

func (s *testStore) call(t *testing.T, method, path, body string, headers ...string) envelope {
	t.Helper()
	res, err := http.DefaultClient.Do(s.apiRequest(context.Background(), method, path, body, headers...))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode >= 500 {
		t.Fatalf("%s %s: HTTP %d", method, path, res.StatusCode)
	}
	var env envelope
	raw, _ := io.ReadAll(res.Body)
	if err := json.Unmarshal(raw, &env); err != nil {
		t.Fatalf("%s %s: not an envelope: %s", method, path, raw)
	}
	return env
}

// anyGoods returns the treId of some goods item matching keep.
func (s *testStore) anyGoods(t *testing.T, keep func(g map[string]any) bool) string {
	t.Helper()
	env := s.call(t, "POST", "index/getData", `{"requestId":"t1"}`)
	var home map[string]struct {
		Goods []map[string]any `json:"goods"`
	}
	if err := json.Unmarshal(env.Content, &home); err != nil {
		t.Fatal(err)
	}
	for _, b := range home {
		for _, g := range b.Goods {
			if keep(g) {
				return g["treId"].(string)
			}
		}
	}
	t.Fatal("no goods matched")
	return ""
}
