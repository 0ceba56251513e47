package server_test

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"sort"
	"strings"
	"testing"

	"souk/app/store/storetest"
	"souk/server/api"
)

// hostileTokens are JSON values every call must survive: NUL, invalid
// UTF-8, lone surrogates, huge numbers, deep nesting, long text. Each is
// raw JSON text (json.Marshal would repair the invalid UTF-8).
var hostileTokens = []struct {
	name, kind, raw string // kind: the field types it replaces ("any": all)
}{
	{"escaped NUL", "string", `"a\u0000b"`},
	{"raw invalid UTF-8", "string", "\"\xff\xfe\xfd\""},
	{"truncated UTF-8", "string", "\"caf\xc3\""},
	{"lone high surrogate", "string", `"\ud800"`},
	{"lone low surrogate", "string", `"x\udc00y"`},
	{"reversed surrogates", "string", `"\udc00\ud800"`},
	{"long text", "string", `"` + strings.Repeat("é", 40000) + `"`},
	{"quotes and percent", "string", `"' OR 1=1; --%00%ff"`},
	{"huge integer", "number", `99999999999999999999999999999`},
	{"huge float", "number", `1e400`},
	{"negative huge", "number", `-9223372036854775809`},
	{"deep nesting", "any", strings.Repeat("[", 20000) + strings.Repeat("]", 20000)},
	{"deep objects", "any", strings.Repeat(`{"a":`, 5000) + "1" + strings.Repeat("}", 5000)},
	{"null", "any", `null`},
}

// openAPIDoc is the part of the API reference these tests read.
type openAPIDoc struct {
	Paths      map[string]map[string]openAPIOp `json:"paths"`
	Components struct {
		Schemas map[string]*schema `json:"schemas"`
	} `json:"components"`
}

type openAPIOp struct {
	RequestBody struct {
		Content map[string]struct {
			Schema *schema `json:"schema"`
		} `json:"content"`
	} `json:"requestBody"`
}

type schema struct {
	Ref        string             `json:"$ref"`
	Type       any                `json:"type"`
	Properties map[string]*schema `json:"properties"`
	Items      *schema            `json:"items"`
}

func loadOpenAPI(t testing.TB) *openAPIDoc {
	var doc openAPIDoc
	if err := json.Unmarshal(api.OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	return &doc
}

func (d *openAPIDoc) resolve(s *schema) *schema {
	for s != nil && s.Ref != "" {
		s = d.Components.Schemas[strings.TrimPrefix(s.Ref, "#/components/schemas/")]
	}
	return s
}

func typeOf(s *schema) string {
	switch v := s.Type.(type) {
	case string:
		return v
	case []any:
		for _, x := range v {
			if x != "null" {
				return x.(string)
			}
		}
	}
	return ""
}

// fill writes a JSON value for s whose fields of kind hold raw, the others
// plain values of their type.
func (d *openAPIDoc) fill(s *schema, kind, raw string, depth int) string {
	s = d.resolve(s)
	if s == nil || depth > 4 {
		return "null"
	}
	typ := typeOf(s)
	if kind == "any" && typ != "object" && typ != "array" {
		return raw
	}
	switch typ {
	case "object":
		names := make([]string, 0, len(s.Properties))
		for n := range s.Properties {
			names = append(names, n)
		}
		sort.Strings(names)
		parts := make([]string, len(names))
		for i, n := range names {
			parts[i] = `"` + n + `":` + d.fill(s.Properties[n], kind, raw, depth+1)
		}
		return "{" + strings.Join(parts, ",") + "}"
	case "array":
		return "[" + d.fill(s.Items, kind, raw, depth+1) + "]"
	case "string":
		if kind == "string" {
			return raw
		}
		return `"x1"`
	case "integer", "number":
		if kind == "number" {
			return raw
		}
		return "1"
	case "boolean":
		return "true"
	}
	return "null"
}

// jsonCall is one registered API call that takes a JSON body.
type jsonCall struct {
	path   string // under /api/v1/souk, parameters filled in
	schema *schema
	stream bool
}

// jsonCalls lists every registered POST call with a JSON body.
func jsonCalls(t testing.TB, s *testStore, doc *openAPIDoc) []jsonCall {
	var out []jsonCall
	for _, r := range s.app.Echo.Routes() {
		path, ok := strings.CutPrefix(r.Path, "/api/v1/souk")
		if !ok || r.Method != http.MethodPost || strings.HasSuffix(path, "/*") {
			continue
		}
		docPath, filled := path, path
		for _, seg := range strings.Split(path, "/") {
			if strings.HasPrefix(seg, ":") {
				docPath = strings.Replace(docPath, seg, "{"+seg[1:]+"}", 1)
				filled = strings.Replace(filled, seg, "1", 1)
			}
		}
		op := doc.Paths[docPath]["post"]
		body, ok := op.RequestBody.Content["application/json"]
		if !ok && len(op.RequestBody.Content) > 0 {
			continue // a form upload: see TestHostileForms
		}
		out = append(out, jsonCall{path: filled, schema: body.Schema, stream: strings.Contains(path, "stream/")})
	}
	if len(out) < 20 {
		t.Fatalf("only %d JSON calls found", len(out))
	}
	return out
}

// post sends body to a call and fails on HTTP 5xx or the generic code 443,
// in the envelope or in any stream frame.
func (s *testStore) postHostile(t testing.TB, c jsonCall, body, token string) {
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/api/v1/souk"+c.path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("TOKEN", token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s: %v", c.path, err)
	}
	defer res.Body.Close()
	if res.StatusCode >= 500 {
		t.Fatalf("%s with %.80q: HTTP %d", c.path, body, res.StatusCode)
	}
	if c.stream {
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var f frame
			if json.Unmarshal(sc.Bytes(), &f) == nil && f.C == 400 && f.Code == 443 {
				t.Fatalf("%s with %.80q: frame 443 %s", c.path, body, f.Easg)
			}
		}
		return
	}
	raw, _ := io.ReadAll(res.Body)
	var env envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		return // a call answering something else (a redirect, a webhook ack) is not an envelope
	}
	if env.Code == 443 {
		t.Fatalf("%s with %.80q: 443 %s", c.path, body, env.Easg)
	}
}

// hostileRun sends one hostile token to every JSON call: in the fields of
// its kind, and as the whole body.
func hostileRun(t testing.TB, s *testStore, calls []jsonCall, doc *openAPIDoc, kind, raw, token string) {
	for _, c := range calls {
		s.postHostile(t, c, doc.fill(c.schema, kind, raw, 0), token)
		s.postHostile(t, c, raw, token)
	}
}

// Hostile strings in any JSON call answer an input error or a business
// answer: never HTTP 500, never the generic 443 (PostgreSQL refuses NUL and
// invalid UTF-8 with SQLSTATE 22021, which used to surface as 443).
func TestHostileJSONCalls(t *testing.T) {
	doc := loadOpenAPI(t)
	eachStore(t, func(t *testing.T, s *testStore) {
		token := s.signUp(t, "hostile@example.com")
		calls := jsonCalls(t, s, doc)
		for _, h := range hostileTokens {
			t.Run(h.name, func(t *testing.T) { hostileRun(t, s, calls, doc, h.kind, h.raw, token) })
		}
	})
}

// FuzzJSONCalls drives every JSON call with fuzzed text in its string
// fields (and as the whole body), on PostgreSQL when TEST_DATABASE_URL is
// set: go test -fuzz FuzzJSONCalls ./server/
func FuzzJSONCalls(f *testing.F) {
	b := storetest.Backend{Name: "sqlite", Dir: f.TempDir()}
	if base := os.Getenv("TEST_DATABASE_URL"); base != "" {
		b = storetest.Backend{Name: "postgres", URL: storetest.NewPostgres(f, base), Dir: f.TempDir()}
	}
	s := startStoreTB(f, b)
	doc := loadOpenAPI(f)
	calls := jsonCalls(f, s, doc)
	token := s.signUpTB(f, "fuzz@example.com")
	for _, seed := range []string{"a\x00b", "\xff", `\u0000`, `\ud800`, `\udfff\ud800`, "é", `"`, `\`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		hostileRun(t, s, calls, doc, "string", `"`+text+`"`, token)
	})
}

// Paths and query strings with NUL or invalid UTF-8 answer 404 for pages
// and 102 for API calls; headers with invalid UTF-8 are repaired.
func TestHostilePathsAndQueries(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		for _, p := range []string{"/en/tredetail/tr%00x", "/en/tredetail/%ff%fe", "/en/biger/seller/a%00b",
			"/en/user?userUid=u%00x", "/en/?q=%ff", "/media/a%00b.jpg", "/static/%ff.js"} {
			if res, _ := s.get(t, p); res.StatusCode != 404 {
				t.Errorf("%s: HTTP %d, want 404", p, res.StatusCode)
			}
		}
		// Refused before routing, the not-found page still speaks the
		// prefix's language (it was English, left to right).
		for _, p := range []string{"/ar/category/bags?price=%00x", "/ar/?x=%00", "/de/dresses?colour=%ff"} {
			res, body := s.get(t, p)
			lang := strings.Split(p, "/")[1]
			if res.StatusCode != 404 || !strings.Contains(body, `<html lang="`+lang+`"`) {
				t.Errorf("%s: HTTP %d, %.80s; want 404 in %s", p, res.StatusCode, body[strings.Index(body, "<html"):], lang)
			}
		}
		for _, p := range []string{"theIdentity/getInfo/a%00b", "theIdentity/getInfo/%c3", "basics/getAllEnums?x=%00",
			"basics/getAllClassificationLabelAndCats/1%ff"} {
			if env := s.call(t, "GET", p, ""); env.Code != 102 || env.Easg == "" {
				t.Errorf("%s: code %d %q, want 102 with a message", p, env.Code, env.Easg)
			}
		}
		// A browser with a broken User-Agent still signs up (it is stored
		// with the session).
		token := s.signUpWith(t, "agent@example.com", "User-Agent", "Mozilla\xff\xfe")
		if token == "" {
			t.Fatal("no token")
		}
	})
}

// callTB is call for fuzz targets too.
func (s *testStore) callTB(t testing.TB, path, body string, headers ...string) envelope {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/api/v1/souk/"+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var env envelope
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode >= 500 || json.Unmarshal(raw, &env) != nil {
		t.Fatalf("%s: HTTP %d %s", path, res.StatusCode, raw)
	}
	return env
}

// signUpWith registers an account sending headers with every call and
// returns its token.
func (s *testStore) signUpWith(t testing.TB, email string, headers ...string) string {
	t.Helper()
	if env := s.callTB(t, "get/registerByEmail/verifycode", `{"email":"`+email+`"}`, headers...); env.Code != 200 {
		t.Fatalf("code request: %d %s", env.Code, env.Easg)
	}
	code := ""
	for _, m := range s.app.Outbox.List() {
		if m.To == email {
			code = sixDigits.FindString(m.Subject)
			break
		}
	}
	body, _ := json.Marshal(map[string]string{"email": email, "password": pwOf(email, "secret123"), "verifyCode": code})
	env := s.callTB(t, "registerByEmail", string(body), headers...)
	var l struct{ Token string }
	if env.Code != 200 || json.Unmarshal(env.Content, &l) != nil || l.Token == "" {
		t.Fatalf("register: %d %s", env.Code, env.Easg)
	}
	return l.Token
}

func (s *testStore) signUpTB(t testing.TB, email string) string { return s.signUpWith(t, email) }
