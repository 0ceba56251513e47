package server_test

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"

	"souk/app/seed"
)

// goodsLit is i18nOne's answer, as the tests read it.
type goodsLit struct {
	TreID         string           `json:"treId"`
	MaLan         string           `json:"maLan"`
	Langs         []string         `json:"langs"`
	ApproveStatus struct{ ID int } `json:"approveStatus"`
	Fields        []struct {
		Key     string `json:"key"`
		Main    string `json:"main"`
		Txt     string `json:"txt"`
		Pending bool   `json:"pending"`
	} `json:"fields"`
}

func (l goodsLit) field(key string) (main, txt string, pending, ok bool) {
	for _, f := range l.Fields {
		if f.Key == key {
			return f.Main, f.Txt, f.Pending, true
		}
	}
	return "", "", false, false
}

// keyOf is the field key whose main text is main.
func (l goodsLit) keyOf(t *testing.T, prefix, main string) string {
	t.Helper()
	for _, f := range l.Fields {
		if strings.HasPrefix(f.Key, prefix) && f.Main == main {
			return f.Key
		}
	}
	t.Fatalf("no field %s* with main text %q in %+v", prefix, main, l.Fields)
	return ""
}

func litBody(treID, lang string, texts map[string]any, extra ...string) string {
	m := map[string]any{"treId": treID, "lanCode": lang, "texts": texts}
	for i := 0; i+1 < len(extra); i += 2 {
		m[extra[i]] = extra[i+1]
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// page is the HTML of a page, following its canonical redirect (a goods
// page moves to the address with its slug).
func (s *testStore) page(t *testing.T, path string) string {
	t.Helper()
	res, err := http.Get(s.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", path, res.StatusCode)
	}
	return string(b)
}

// titledIn reports whether a goods page's title is title, marked as
// written in lang.
func titledIn(html, lang, title string) bool {
	return regexp.MustCompile(`<h1 lang="` + lang + `"[^>]*>` + regexp.QuoteMeta(title) + `</h1>`).MatchString(html)
}

// searchFinds reports whether a search in lang for q lists treID.
func (s *testStore) searchFinds(t *testing.T, lang, q, treID string) bool {
	t.Helper()
	b, _ := json.Marshal(map[string]string{"txt": q})
	for _, f := range s.stream(t, "stream/search", string(b), "ALAN", lang) {
		if (f.C == 1 || f.C == 8) && f.Item["treId"] == treID {
			return true
		}
	}
	return false
}

// TestGoodsTranslations: the owner adds a Hindi text to a live dress field
// by field; it waits for review while the page stays as it was; once
// passed, the Hindi page, search in Devanagari, the Hindi sitemap and
// hreflang show it, other languages fall back to the main one marked with
// its lang; a later edit of the main texts keeps the translated values;
// an emptied field falls back again.
func TestGoodsTranslations(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		owner := s.loginAs(t, goodsOwnerEmail, seed.DemoPassword)
		op := s.loginAs(t, seed.OperatorEmail, seed.DemoPassword)
		uid := s.userUID(t, owner)
		made := decode[myGoods](t, s.call(t, "POST", "tre/saveTreForm", saveBody("0", dressValues(uid, "Starlight linen dress"), true), "TOKEN", owner)).Item
		if env := s.decideGoods(t, op, made.TreID, "pass", ""); env.Code != 200 {
			t.Fatalf("pass: %d %s", env.Code, env.Easg)
		}
		lit := decode[goodsLit](t, s.call(t, "POST", "tre/getMyTreLit/i18nOne", litBody(made.TreID, "hi", nil), "TOKEN", owner))
		if main, txt, _, ok := lit.field("name"); !ok || main != "Starlight linen dress" || txt != "" || lit.MaLan != "en" {
			t.Fatalf("i18nOne hi: %+v", lit)
		}
		ivory := lit.keyOf(t, "a.", "Ivory")
		texts := map[string]any{
			"name": "स्टारलाइट लिनन पोशाक", "brief": "हल्का लिनन", "intro": `<p>हाथ से सिला</p><script>alert(1)</script>`,
			"attr.0.k": "कपड़ा", "g.1": "रंग", ivory: "हाथीदांत", "o.2.2": "हाथीदांत",
		}
		saved := decode[goodsLit](t, s.call(t, "POST", "tre/saveMyTreLit", litBody(made.TreID, "hi", texts, "sid", made.Sid), "TOKEN", owner))
		if _, txt, pending, _ := saved.field("intro"); !pending || strings.Contains(txt, "script") || !strings.Contains(txt, "हाथ से सिला") {
			t.Fatalf("intro saved as %q (pending %v)", txt, pending)
		}
		if saved.ApproveStatus.ID != 1 {
			t.Fatalf("a translation of a live item waits for review: status %d", saved.ApproveStatus.ID)
		}
		page := "/hi/tredetail/" + made.TreID
		if body := s.page(t, page); strings.Contains(body, "स्टारलाइट") {
			t.Fatal("a waiting translation is on the page")
		}
		if s.searchFinds(t, "hi", "स्टारलाइट", made.TreID) {
			t.Fatal("a waiting translation is found by search")
		}
		if env := s.decideGoods(t, op, made.TreID, "pass", ""); env.Code != 200 {
			t.Fatalf("pass the translation: %d %s", env.Code, env.Easg)
		}
		body := s.within2s(t, page, "स्टारलाइट लिनन पोशाक")
		for _, want := range []string{"स्टारलाइट लिनन पोशाक", "हाथ से सिला", "हाथीदांत", `hreflang="hi"`} {
			if !strings.Contains(body, want) {
				t.Errorf("the Hindi page lacks %q", want)
			}
		}
		if !s.searchFinds(t, "hi", "स्टारलाइट", made.TreID) {
			t.Error("search in Hindi does not find the passed translation")
		}
		if _, sm := s.get(t, "/sitemaps/hi-0.xml"); !strings.Contains(sm, made.TreID) {
			t.Error("the Hindi sitemap does not list the item")
		}
		if fr := s.page(t, "/fr/tredetail/"+made.TreID); !titledIn(fr, "en", "Starlight linen dress") || strings.Contains(fr, `hreflang="fr"`) {
			t.Error("the French page should show the English name marked lang=en, and no fr alternate")
		}
		// An edit of the main texts keeps the translated attribute values.
		cur := decode[myGoods](t, s.call(t, "GET", "tre/getTreWithForm?treId="+made.TreID, "", "TOKEN", owner)).Item
		v := clone(cur.Values)
		v["name"] = "Starlight linen maxi dress"
		if env := s.call(t, "POST", "tre/saveTreForm", saveBody(made.TreID, v, true), "TOKEN", owner); env.Code != 200 {
			t.Fatalf("edit: %d %s", env.Code, env.Easg)
		}
		if env := s.decideGoods(t, op, made.TreID, "pass", ""); env.Code != 200 {
			t.Fatalf("pass the edit: %d %s", env.Code, env.Easg)
		}
		after := decode[goodsLit](t, s.call(t, "POST", "tre/getMyTreLit/i18nOne", litBody(made.TreID, "hi", nil), "TOKEN", owner))
		if main, txt, _, _ := after.field(ivory); main != "Ivory" || txt != "हाथीदांत" {
			t.Errorf("after an edit of the main texts the Hindi value is %q (main %q)", txt, main)
		}
		if main, txt, _, _ := after.field("o.2.2"); main != "Ivory" || txt != "हाथीदांत" {
			t.Errorf("after an edit the Hindi colour is %q", txt)
		}
		if _, txt, _, _ := after.field("attr.0.k"); txt != "कपड़ा" {
			t.Errorf("unchanged intro attributes lost their Hindi name: %q", txt)
		}
		// Intro attributes translate by position: when the main ones change,
		// their translations go rather than label the wrong rows.
		v = clone(v)
		v["introAttrs"] = []any{map[string]any{"k": "Care", "v": "Hand wash"}}
		if env := s.call(t, "POST", "tre/saveTreForm", saveBody(made.TreID, v, true), "TOKEN", owner); env.Code != 200 {
			t.Fatalf("edit the details: %d %s", env.Code, env.Easg)
		}
		s.decideGoods(t, op, made.TreID, "pass", "")
		moved := decode[goodsLit](t, s.call(t, "POST", "tre/getMyTreLit/i18nOne", litBody(made.TreID, "hi", nil), "TOKEN", owner))
		if main, txt, _, _ := moved.field("attr.0.k"); main != "Care" || txt != "" {
			t.Errorf("a changed detail kept the old Hindi name %q (main %q)", txt, main)
		}
		// Emptying the name removes it: the page falls back to the main language.
		texts["name"] = ""
		s.call(t, "POST", "tre/saveMyTreLit", litBody(made.TreID, "hi", texts), "TOKEN", owner)
		s.decideGoods(t, op, made.TreID, "pass", "")
		if body := s.within2s(t, page, `lang="en" data-testid="goods-title">Starlight linen maxi dress`); !titledIn(body, "en", "Starlight linen maxi dress") {
			t.Error("an emptied translation should fall back to the main language, marked")
		}
	})
}

// TestGoodsTranslationsRefuseBadInput: every bad save is refused with a
// clear message and leaves the waiting and live translations as they were.
func TestGoodsTranslationsRefuseBadInput(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		owner := s.loginAs(t, goodsOwnerEmail, seed.DemoPassword)
		other := s.loginAs(t, goodsOtherEmail, seed.DemoPassword)
		uid := s.userUID(t, owner)
		made := decode[myGoods](t, s.call(t, "POST", "tre/saveTreForm", saveBody("0", dressValues(uid, "Refusing dress"), false), "TOKEN", owner)).Item
		ok := s.call(t, "POST", "tre/saveMyTreLit", litBody(made.TreID, "de", map[string]any{"name": "Kleid"}), "TOKEN", owner)
		if ok.Code != 200 {
			t.Fatalf("a draft's translation: %d %s", ok.Code, ok.Easg)
		}
		before := s.call(t, "POST", "tre/getMyTreLit/i18nOne", litBody(made.TreID, "de", nil), "TOKEN", owner)
		otherSid := decode[myGoods](t, s.call(t, "POST", "tre/saveTreForm", saveBody("0", dressValues(s.userUID(t, other), "Other dress"), false), "TOKEN", other)).Item.Sid
		cases := []struct {
			name, token, body string
			code              int
			easg, field       string
		}{
			{"a language the store does not speak", owner, litBody(made.TreID, "xx-qq", map[string]any{"name": "x"}), 102, "", "lanCode"},
			{"the main language", owner, litBody(made.TreID, "en", map[string]any{"name": "x"}), 102, "", "lanCode"},
			{"a field the item lacks", owner, litBody(made.TreID, "de", map[string]any{"name": "Kleid", "price": "1"}), 102, "", "price"},
			{"a name too long", owner, litBody(made.TreID, "de", map[string]any{"name": strings.Repeat("k", 121)}), 102, "", "name"},
			{"a name of the wrong type", owner, litBody(made.TreID, "de", map[string]any{"name": 7}), 102, "", "name"},
			{"a forged sid", owner, litBody(made.TreID, "de", map[string]any{"name": "Kleid 2"}, "sid", otherSid), 442, "", ""},
			{"another seller", other, litBody(made.TreID, "de", map[string]any{"name": "Kleid 2"}), 104, "", ""},
			{"a NUL byte", owner, litBody(made.TreID, "de", map[string]any{"name": "Kl\x00eid"}), 102, "", ""},
			{"signed out", "", litBody(made.TreID, "de", map[string]any{"name": "Kleid 2"}), 401, "", ""},
		}
		for _, c := range cases {
			var env envelope
			if c.token == "" {
				env = s.call(t, "POST", "tre/saveMyTreLit", c.body, "ALAN", "de")
			} else {
				env = s.call(t, "POST", "tre/saveMyTreLit", c.body, "TOKEN", c.token, "ALAN", "de")
			}
			if env.Code != c.code {
				t.Errorf("%s: %d %q, want %d", c.name, env.Code, env.Easg, c.code)
				continue
			}
			if !strings.Contains(strings.TrimSpace(env.Easg), " ") { // a sentence, not a catalogue key
				t.Errorf("%s: the message %q is not a translated sentence", c.name, env.Easg)
			}
			if c.field != "" && fieldsOf(env)[c.field] == "" {
				t.Errorf("%s: fields %v do not name %s", c.name, fieldsOf(env), c.field)
			}
		}
		if after := s.call(t, "POST", "tre/getMyTreLit/i18nOne", litBody(made.TreID, "de", nil), "TOKEN", owner); string(after.Content) != string(before.Content) {
			t.Errorf("a refused save changed the translation:\n%s\n%s", before.Content, after.Content)
		}
	})
}

// TestGoodsTranslationsInParallel: tabs saving different languages of one
// item at the same moment each keep their texts (none overwrites another's).
func TestGoodsTranslationsInParallel(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		owner := s.loginAs(t, goodsOwnerEmail, seed.DemoPassword)
		made := decode[myGoods](t, s.call(t, "POST", "tre/saveTreForm", saveBody("0", dressValues(s.userUID(t, owner), "Parallel dress"), false), "TOKEN", owner)).Item
		langs := []string{"de", "fr", "es", "it", "pt", "nl", "pl", "sv"}
		var wg sync.WaitGroup
		for _, l := range langs {
			wg.Add(1)
			go func(l string) {
				defer wg.Done()
				if env := s.call(t, "POST", "tre/saveMyTreLit", litBody(made.TreID, l, map[string]any{"name": "Kleid " + l}), "TOKEN", owner); env.Code != 200 {
					t.Errorf("%s: %d %s", l, env.Code, env.Easg)
				}
			}(l)
		}
		wg.Wait()
		for _, l := range langs {
			lit := decode[goodsLit](t, s.call(t, "POST", "tre/getMyTreLit/i18nOne", litBody(made.TreID, l, nil), "TOKEN", owner))
			if _, txt, pending, _ := lit.field("name"); txt != "Kleid "+l || !pending {
				t.Errorf("%s after parallel saves: %q (pending %v)", l, txt, pending)
			}
		}
	})
}
