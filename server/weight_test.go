package server_test

import (
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// Pages stay within the budgets of DESIGN §7 in every language, before
// compression: home under 60 KB, a goods page under 40 KB (a dress, the
// heaviest: sixty sizes, colours, a size chart). Sizes, not timings: they
// do not vary from run to run.
func TestPagesStayLight(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	dress := s.anyGoods(t, func(g map[string]any) bool { return g["spe"].(float64) == 1 })
	dressAt := strings.TrimPrefix(s.canonicalGoods(t, "/en", dress), "/en")
	budgets := []struct {
		path  string
		limit int
	}{{"/", 60_000}, {dressAt, 40_000}}
	for _, lang := range allLanguages(t) {
		for _, b := range budgets {
			res, body := s.get(t, "/"+lang+b.path, "Accept-Encoding", "identity")
			if res.StatusCode != 200 {
				t.Fatalf("/%s%s: %d", lang, b.path, res.StatusCode)
			}
			if len(body) >= b.limit {
				t.Errorf("/%s%s is %d bytes, over its %d", lang, b.path, len(body), b.limit)
			}
		}
	}
}

// A goods page names as alternates exactly the languages the goods are
// written in (plus x-default); its page in another language shows the main
// language's text, which is no translation to offer. The home page's
// content is the interface, in every language.
func TestHreflangFollowsTheGoodsLanguages(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	var goods map[string]any
	s.anyGoods(t, func(g map[string]any) bool { goods = g; return true })
	var want []string
	for _, l := range goods["lans"].([]any) {
		want = append(want, l.(string))
	}
	if len(want) == 0 || len(want) >= len(allLanguages(t)) {
		t.Fatalf("goods languages %v: the demo goods should be in a few languages", want)
	}
	at := s.canonicalGoods(t, "/en", goods["treId"].(string))
	alt := regexp.MustCompile(`<link rel="alternate" hreflang="([^"]+)" href="[^"]*/([a-z-]+)/tredetail/`)
	for _, prefix := range []string{"/en", "/hi"} { // hi: a language the goods lack
		_, body := s.get(t, prefix+strings.TrimPrefix(at, "/en"), "Accept-Encoding", "identity")
		var got []string
		for _, m := range alt.FindAllStringSubmatch(body, -1) {
			got = append(got, m[2])
		}
		sort.Strings(got)
		if strings.Join(got, " ") != strings.Join(want, " ") || !strings.Contains(body, `hreflang="x-default"`) {
			t.Errorf("%s: alternates %v, want %v and x-default", prefix, got, want)
		}
	}
	_, home := s.get(t, "/en/", "Accept-Encoding", "identity")
	if n := strings.Count(home, `rel="alternate" hreflang=`); n != len(allLanguages(t))+1 {
		t.Errorf("home has %d alternates, want every language and x-default", n)
	}
}

func allLanguages(t *testing.T) []string {
	t.Helper()
	raw, err := os.ReadFile("../locales/languages.json")
	if err != nil {
		t.Fatal(err)
	}
	var list []struct{ Code string }
	if err := json.Unmarshal(raw, &list); err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(list))
	for i, l := range list {
		out[i] = l.Code
	}
	return out
}
