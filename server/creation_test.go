package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// creationFrames posts a make call and reads its NDJSON frames; it goes
// away (cancels the request) on the progress frame of step cancelAt.
func (s *testStore) creationFrames(t *testing.T, cancelAt, body string, headers ...string) []map[string]any {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res, err := http.DefaultClient.Do(s.apiRequest(ctx, "POST", "aiCreation/make", body, headers...))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out []map[string]any
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		var f map[string]any
		if err := json.Unmarshal(sc.Bytes(), &f); err != nil {
			t.Fatalf("not a JSON frame: %q", sc.Text())
		}
		out = append(out, f)
		if f["c"] == 20.0 && f["step"] == cancelAt {
			cancel()
		}
	}
	return out
}

func lastVersion(t *testing.T, fs []map[string]any) map[string]any {
	t.Helper()
	if len(fs) == 0 || fs[len(fs)-1]["c"] != 21.0 {
		t.Fatalf("no version frame: %v", fs)
	}
	return fs[len(fs)-1]["version"].(map[string]any)
}

// TestCreationCalls: the streamed make call (sign-in, progress, version),
// a refinement, the list, sharing, a cancelled call that keeps nothing,
// and the noindex pages.
func TestCreationCalls(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		dress := s.anyGoods(t, func(g map[string]any) bool { return g["spe"] == 1.0 })
		env := s.call(t, "POST", "aiCreation/choices", `{"treId":"`+dress+`"}`)
		if env.Code != 200 || !strings.Contains(string(env.Content), "Souk Atelier") {
			t.Fatalf("choices: %d %s", env.Code, env.Content)
		}
		ask := `{"treId":"` + dress + `","model":"Souk Atelier","swatch":"emerald","prompt":"with dots"}`
		fs := s.creationFrames(t, "", ask, "ALAN", "ar")
		if len(fs) != 1 || fs[0]["c"] != 400.0 || fs[0]["code"] != 401.0 || fs[0]["easg"] != "يُرجى تسجيل الدخول للمتابعة" {
			t.Fatalf("anonymous make: %v", fs)
		}
		ana, bob := s.signUp(t, "create-ana@example.com"), s.signUp(t, "create-bob@example.com")
		fs = s.creationFrames(t, "", ask, "TOKEN", ana)
		v1 := lastVersion(t, fs)
		if len(fs) < 4 || fs[0]["c"] != 20.0 || v1["pattern"] != "dots" || !strings.Contains(v1["description"].(string), "souk-embedded") {
			t.Fatalf("make frames: %v", fs)
		}
		img := v1["images"].([]any)[0].(map[string]any)["bigUrl"].(string)
		if res, _ := s.get(t, img); res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/jpeg" {
			t.Fatalf("picture %s: %d %s", img, res.StatusCode, res.Header.Get("Content-Type"))
		}
		v2 := lastVersion(t, s.creationFrames(t, "", `{"treId":"`+dress+`","from":"`+v1["createVUid"].(string)+`","length":"short"}`, "TOKEN", ana))
		if v2["parentUid"] != v1["createVUid"] || v2["number"] != 2.0 || v2["swatch"] != "emerald" {
			t.Fatalf("refined: %v", v2)
		}
		bad := s.creationFrames(t, "", `{"treId":"`+dress+`","model":"Souk Atelier","prompt":"red\u0000"}`, "TOKEN", ana)
		if len(bad) != 1 || bad[0]["code"] != 102.0 || bad[0]["easg"] == "InvalidCharacters" {
			t.Fatalf("NUL byte: %v", bad)
		}
		// A client that goes away mid-work leaves no version.
		s.creationFrames(t, "CreationStepRead", ask, "TOKEN", ana)
		for i := 0; i < 20 && s.app.DB.CreationVersion.Query().CountX(context.Background()) != 2; i++ {
			time.Sleep(50 * time.Millisecond) // the server notices the client is gone
		}
		if n := s.app.DB.CreationVersion.Query().CountX(context.Background()); n != 2 {
			t.Fatalf("%d versions kept after a cancel, want 2", n)
		}
		env = s.call(t, "POST", "aiCreation/versions", `{"treId":"`+dress+`"}`, "TOKEN", ana)
		var list []map[string]any
		if json.Unmarshal(env.Content, &list); env.Code != 200 || len(list) != 2 {
			t.Fatalf("versions after a cancel: %d %s", env.Code, env.Content)
		}
		uid := v2["createVUid"].(string)
		if env := s.call(t, "POST", "aiCreation/version", `{"createVUid":"`+uid+`"}`, "TOKEN", bob); env.Code != 104 {
			t.Fatalf("another user's unshared version: %d", env.Code)
		}
		if env := s.call(t, "POST", "aiCreation/share", `{"createVUid":"`+uid+`"}`, "TOKEN", bob); env.Code != 104 {
			t.Fatalf("another user shared it: %d", env.Code)
		}
		if env := s.call(t, "POST", "aiCreation/share", `{"createVUid":"`+uid+`"}`, "TOKEN", ana); env.Code != 200 {
			t.Fatalf("share: %d %s", env.Code, env.Easg)
		}
		if env := s.call(t, "POST", "aiCreation/publish", `{"createVUid":"`+uid+`"}`, "TOKEN", ana); env.Code != 442 || env.Easg != "Publishing designs needs an approved Creator identity." {
			t.Fatalf("publish without a Creator identity: %d %q", env.Code, env.Easg)
		}
		if env := s.call(t, "POST", "aiCreation/version", `{"createVUid":"`+uid+`"}`); env.Code != 200 || !strings.Contains(string(env.Content), `"mine":false`) {
			t.Fatalf("shared version, anonymous: %d %s", env.Code, env.Content)
		}
		for _, p := range []string{"/en/ai-creation/" + dress, "/ar/ai-creation/" + dress + "/" + uid} {
			res, body := s.get(t, p)
			if res.StatusCode != 200 || !strings.Contains(body, "noindex") {
				t.Errorf("%s: %d, noindex %v", p, res.StatusCode, strings.Contains(body, "noindex"))
			}
		}
	})
}
