package server_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"souk/server/api"
)

// Every registered API call is described in the OpenAPI document.
func TestOpenAPICoversRoutes(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	var doc struct {
		OpenAPI string                    `json:"openapi"`
		Paths   map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(api.OpenAPI, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Fatalf("openapi version %q", doc.OpenAPI)
	}
	param := regexp.MustCompile(`:([A-Za-z]+)`)
	n := 0
	for _, r := range s.app.Echo.Routes() {
		path, ok := strings.CutPrefix(r.Path, "/api/v1/souk")
		if !ok || strings.HasSuffix(path, "/*") || r.Method == "echo_route_not_found" {
			continue
		}
		n++
		path = param.ReplaceAllString(path, "{$1}")
		if _, ok := doc.Paths[path][strings.ToLower(r.Method)]; !ok {
			t.Errorf("%s %s is not in server/api/openapi.json", r.Method, path)
		}
	}
	if n < 10 {
		t.Fatalf("only %d API routes found", n)
	}
	res, body := s.get(t, "/api/docs")
	if res.StatusCode != 200 || !strings.Contains(body, `"openapi"`) {
		t.Fatal("/api/docs does not serve the reference")
	}
}
