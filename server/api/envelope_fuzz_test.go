package api

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"souk/app/i18n"
	"souk/locales"
)

// FuzzBind feeds arbitrary bodies, plain and sealed, to the envelope reader:
// it must never panic, and every answer must be an envelope with 200 or the
// invalid-input code.
func FuzzBind(f *testing.F) {
	sealer, err := NewSealer("")
	if err != nil {
		f.Fatal(err)
	}
	langs, err := i18n.LoadSet(locales.FS)
	if err != nil {
		f.Fatal(err)
	}
	strs, err := i18n.LoadCatalogs(locales.FS, langs)
	if err != nil {
		f.Fatal(err)
	}
	h := &Handlers{sealer: sealer, langs: langs, strings: strs, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	e := echo.New()
	type req struct {
		RequestID string `json:"requestId"`
		N         int    `json:"n"`
	}
	handler := func(c echo.Context) error {
		var r req
		sealed, err := h.bind(c, &r)
		if err != nil {
			return h.fail(c, err)
		}
		return h.ok(c, sealed, r)
	}
	seal := func(s string) string {
		b, _ := json.Marshal(Sealed{A: 1, B: sealer.Seal([]byte(s))})
		return string(b)
	}
	for _, s := range []string{"", "{}", `{"requestId":"x","n":1}`, `{"n":"x"}`, `[`, `null`, `{"a":1,"b":"AAAA"}`,
		seal(`{"n":2}`), seal(`not json`), `{"a":1,"b":"` + strings.Repeat("A", 100) + `"}`, "\x00\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		rec := httptest.NewRecorder()
		c := e.NewContext(httptest.NewRequest(http.MethodPost, "/x", strings.NewReader(body)), rec)
		if err := handler(c); err != nil {
			t.Fatalf("handler error: %v", err)
		}
		if rec.Code != http.StatusOK {
			t.Fatalf("HTTP %d", rec.Code)
		}
		var env Envelope
		if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
			t.Fatalf("not an envelope: %s", rec.Body.String())
		}
		if env.Code != 200 && env.Code != 102 {
			t.Fatalf("code %d for %q", env.Code, body)
		}
		if env.Code == 102 && env.Easg == "" {
			t.Fatal("an error without a message")
		}
	})
}
