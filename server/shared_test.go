package server_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

var sharedScriptRe = regexp.MustCompile(`<script src="(/static/site/[a-z-]+\.[0-9a-f]{12}\.js)" defer="">`)

// Pages carry only their own data: the catalogue and the pickers' lists
// come once per language in an immutable script, which the page names.
func TestPagesNameTheirLanguagesSharedScript(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	urls := map[string]string{}
	for _, lang := range []string{"en", "ar", "de"} {
		_, home := s.get(t, "/"+lang+"/")
		m := sharedScriptRe.FindStringSubmatch(home)
		if m == nil {
			t.Fatalf("%s home names no shared script", lang)
		}
		urls[lang] = m[1]
		props := regexp.MustCompile(`<script type="application/json" id="__SOUK__">(.*?)</script>`).FindStringSubmatch(home)
		var own map[string]json.RawMessage
		if props == nil || json.Unmarshal([]byte(props[1]), &own) != nil {
			t.Fatalf("%s home has no page props", lang)
		}
		for _, k := range []string{"t", "langs", "regions", "currencies", "numfmt"} {
			if _, ok := own[k]; ok {
				t.Errorf("%s home still carries %q in its own data", lang, k)
			}
		}
		res, body, n := fetch(t, http.MethodGet, s.URL+m[1], "br", "")
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != "br" ||
			!strings.Contains(res.Header.Get("Cache-Control"), "immutable") || !strings.HasPrefix(body, "self.__SOUK_SITE__={") {
			t.Fatalf("%s: %s answered %d %q %q", lang, m[1], res.StatusCode, res.Header.Get("Content-Encoding"), body[:min(len(body), 40)])
		}
		var shared struct {
			T     map[string]string `json:"t"`
			Langs []any             `json:"langs"`
		}
		if err := json.Unmarshal([]byte(strings.TrimPrefix(body, "self.__SOUK_SITE__=")), &shared); err != nil || len(shared.T) < 200 || len(shared.Langs) < 100 {
			t.Fatalf("%s shared script: %v, %d messages, %d languages", lang, err, len(shared.T), len(shared.Langs))
		}
		if n >= len(body)/2 {
			t.Errorf("%s shared script sent as %d bytes for %d", lang, n, len(body))
		}
	}
	if urls["en"] == urls["ar"] || strings.Replace(urls["en"], "/en.", "/ar.", 1) == urls["ar"] {
		t.Errorf("en and ar share a script or a hash: %v", urls)
	}
	// A product page names the same script as the home page of its language.
	res, _ := s.get(t, "/en/tredetail/"+s.anyGoods(t, func(map[string]any) bool { return true })+"/x")
	_, product := s.get(t, res.Header.Get("Location"))
	if m := sharedScriptRe.FindStringSubmatch(product); m == nil || m[1] != urls["en"] {
		t.Errorf("product page names %v, home %s", m, urls["en"])
	}
	// Made-up names are not found and build nothing.
	for _, bad := range []string{"/static/site/en.000000000000.js", "/static/site/xx.0123456789ab.js",
		"/static/site/en.js", "/static/site/../secret", strings.Replace(urls["en"], ".js", ".css", 1)} {
		if res, _ := s.get(t, bad); res.StatusCode != http.StatusNotFound {
			t.Errorf("%s answered %d", bad, res.StatusCode)
		}
	}
}
