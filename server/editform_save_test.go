package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"souk/app/content"
	"souk/app/form"
	"souk/app/seed"
	"souk/ent/staffaudit"
)

// TestEditFormSaves: an admin's save shows on the page at once (the page's
// cache version is bumped), a stale or bad save is refused with a message
// and writes nothing, rich text is cleaned, and an edited form definition
// is what the next save of an entity is checked against.
func TestEditFormSaves(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		ctx := context.Background()
		admin := s.loginAs(t, seed.OperatorEmail, seed.DemoPassword)
		call := func(path, body string) envelope { return s.call(t, "POST", path, body, "TOKEN", admin) }
		page := func(path string) string {
			_, body := s.get(t, path, "Accept-Encoding", "identity")
			return body
		}

		// German has no about text yet: the page shows English, marked so.
		about := decode[editDoc](t, call("operations/editform/get", `{"name":"about","lanCode":"de"}`))
		if about.Version != 0 || !strings.Contains(string(about.Fallback), "About Souk") {
			t.Fatalf("about/de: %+v", about)
		}
		if body := page("/de/aboutsouk"); !strings.Contains(body, "About Souk") || !strings.Contains(body, `data-testid="text-fallback"`) {
			t.Fatalf("/de/aboutsouk before: %.300s", body)
		}
		saved := decode[editDoc](t, call("operations/editform/save",
			`{"name":"about","lanCode":"de","version":0,"value":{"title":"Über Souk","text":"<p onclick=\"x()\">Hallo <b>Welt</b></p><script>alert(1)</script>"}}`))
		var tv content.TextValue
		_ = json.Unmarshal(saved.Value, &tv)
		if saved.Version != 1 || tv.Text != "<p>Hallo <b>Welt</b></p>" || len(saved.Trail) != 1 || saved.Trail[0].Actor != seed.OperatorEmail {
			t.Fatalf("saved: %+v %q", saved, tv.Text)
		}
		if body := s.within2s(t, "/de/aboutsouk", "Über Souk"); !strings.Contains(body, "Über Souk") || strings.Contains(body, "alert(1)") || strings.Contains(body, `data-testid="text-fallback"`) {
			t.Fatalf("/de/aboutsouk after the save: %.300s", body)
		}

		// Bad saves: each refused with a message; nothing written.
		long := strings.Repeat("x", content.MaxTitle+1)
		faq := make([]string, content.MaxEntries+1)
		for i := range faq {
			faq[i] = `{"q":"Q` + strconv.Itoa(i) + `","a":"A"}`
		}
		home := decode[editDoc](t, call("operations/editform/get", `{"name":"home","lanCode":"en"}`))
		block := func(kv string) string {
			return fmt.Sprintf(`{"name":"home","lanCode":"en","version":%d,"value":{"blocks":[{"key":"wn3","title":"T","text":"","cta":"","link":"","goods":[]%s}]}}`, home.Version, kv)
		}
		for _, c := range []struct{ name, body string }{
			{"stale version", `{"name":"about","lanCode":"de","version":0,"value":{"title":"Zweiter Tab","text":"<p>x</p>"}}`},
			{"unknown name", `{"name":"nothing","lanCode":"de","version":0,"value":{}}`},
			{"unknown language", `{"name":"about","lanCode":"zz","version":1,"value":{"title":"T","text":"<p>x</p>"}}`},
			{"too long", `{"name":"about","lanCode":"de","version":1,"value":{"title":"` + long + `","text":"<p>x</p>"}}`},
			{"NUL", `{"name":"about","lanCode":"de","version":1,"value":{"title":"a\u0000b","text":"<p>x</p>"}}`},
			{"invalid UTF-8", "{\"name\":\"about\",\"lanCode\":\"de\",\"version\":1,\"value\":{\"title\":\"a\xffb\",\"text\":\"<p>x</p>\"}}"},
			{"only a script", `{"name":"about","lanCode":"de","version":1,"value":{"title":"T","text":"<script>alert(1)</script>"}}`},
			{"wrong type", `{"name":"about","lanCode":"de","version":1,"value":{"title":5,"text":"<p>x</p>"}}`},
			{"unknown member", `{"name":"about","lanCode":"de","version":1,"value":{"title":"T","text":"<p>x</p>","style":"red"}}`},
			{"too many entries", `{"name":"dressesfaq","lanCode":"de","version":0,"value":{"entries":[` + strings.Join(faq, ",") + `]}}`},
			{"bad hots uid", `{"name":"hots","lanCode":"de","version":0,"value":{"pages":[{"uid":"Not ok","title":"T","text":"","goods":[]}]}}`},
			{"unknown goods", strings.Replace(block(""), `"goods":[]`, `"goods":["no-such-goods"]`, 1)},
			{"outside link", strings.Replace(block(""), `"link":""`, `"link":"https://evil.test/"`, 1)},
			{"unknown block", strings.Replace(block(""), `"key":"wn3"`, `"key":"wn9"`, 1)},
			{"English title emptied", strings.Replace(block(""), `"title":"T"`, `"title":" "`, 1)},
		} {
			env := call("operations/editform/save", c.body)
			if env.Code == 200 || env.Easg == "" || strings.Contains(env.Easg, "{") {
				t.Errorf("%s: %d %q", c.name, env.Code, env.Easg)
			}
		}
		if env := call("operations/editform/save", `{"name":"about","lanCode":"de","version":0,"value":{"title":"Zweiter Tab","text":"<p>x</p>"}}`); env.Code != 109 {
			t.Errorf("stale save: %d %q, want 109", env.Code, env.Easg)
		}
		if got := decode[editDoc](t, call("operations/editform/get", `{"name":"about","lanCode":"de"}`)); got.Version != 1 || !strings.Contains(string(got.Value), "Über Souk") {
			t.Fatalf("a refused save changed the text: %+v", got)
		}
		for _, name := range []string{"about", "dressesfaq", "hots", "home"} {
			if n := s.app.DB.StaffAudit.Query().Where(staffaudit.ObjectUIDEQ(name)).CountX(ctx); n != map[string]int{"about": 1}[name] {
				t.Errorf("audit rows of %s: %d", name, n)
			}
		}

		// A home block title: the cached home page shows the new one at once.
		if body := page("/en/"); strings.Contains(body, "Fresh from the makers") {
			t.Fatal("the title is there before the save")
		}
		goods := firstBlockGoods(t, home.Value, "wn3")
		saveHome := strings.Replace(block(""), `"title":"T"`, `"title":"Fresh from the makers"`, 1)
		saveHome = strings.Replace(saveHome, `"goods":[]`, `"goods":`+goods, 1)
		decode[editDoc](t, call("operations/editform/save", saveHome))
		if body := s.within2s(t, "/en/", "Fresh from the makers"); !strings.Contains(body, "Fresh from the makers") {
			t.Fatal("the home page does not show the saved title")
		}
		// A block saved without its link and goods keeps them (every language shares them).
		now := decode[editDoc](t, call("operations/editform/get", `{"name":"home","lanCode":"fr"}`))
		fr := decode[editDoc](t, call("operations/editform/save", fmt.Sprintf(`{"name":"home","lanCode":"fr","version":%d,"value":{"blocks":[{"key":"wn3","title":"Nouveautés du jour","text":"","cta":""}]}}`, now.Version)))
		if got := firstBlockGoods(t, fr.Value, "wn3"); got != goods || fr.Version != now.Version+1 {
			t.Fatalf("goods after a save without them: %s, want %s (version %d)", got, goods, fr.Version)
		}

		// A form definition: a required field added to the person form is
		// required by the next save of a person entity.
		f := decode[editDoc](t, call("operations/editform/get", `{"name":"entity.1","lanCode":"en"}`))
		var fv content.FormValue
		_ = json.Unmarshal(f.Value, &fv)
		fv.Fields = append(fv.Fields, form.Field{Key: "taxId", Type: form.Text, Label: "FormPhone", Required: true, MaxLen: 20})
		raw, _ := json.Marshal(fv)
		bad := []struct{ name, fields string }{
			{"built-in removed", strings.Replace(string(raw), `{"key":"fullName"`, `{"key":"fullName2"`, 1)},
			{"required made optional", strings.Replace(string(raw), `"label":"FormFullName","required":true`, `"label":"FormFullName"`, 1)},
			{"label not in the catalogue", strings.Replace(string(raw), `"label":"FormPhone","required":true,"maxLen":20`, `"label":"NoSuchKey","required":true,"maxLen":20`, 1)},
			{"impossible limits", strings.Replace(string(raw), `"required":true,"maxLen":20`, `"required":true,"minLen":30,"maxLen":20`, 1)},
			{"picture type added", strings.Replace(string(raw), `"key":"taxId","type":"text"`, `"key":"taxId","type":"image"`, 1)},
		}
		for _, c := range bad {
			env := call("operations/editform/save", fmt.Sprintf(`{"name":"entity.1","lanCode":"en","version":%d,"value":%s}`, f.Version, c.fields))
			if env.Code != 102 || env.Easg == "" || strings.Contains(env.Easg, "{") {
				t.Errorf("form edit %s: %d %q", c.name, env.Code, env.Easg)
			}
		}
		decode[editDoc](t, call("operations/editform/save", fmt.Sprintf(`{"name":"entity.1","lanCode":"en","version":%d,"value":%s}`, f.Version, raw)))
		user := s.signUp(t, "ef-person@example.com")
		decode[mine](t, s.call(t, "POST", "myEntity/addType", `{"entityType":1}`, "TOKEN", user))
		env := s.call(t, "POST", "myEntity/saveEntityForm", `{"values":{"fullName":"Ana Lima","country":"PT"}}`, "TOKEN", user)
		var fields struct{ Fields map[string]string }
		_ = json.Unmarshal(env.Content, &fields)
		if env.Code != 102 || fields.Fields["taxId"] != form.ErrRequired {
			t.Fatalf("save without the new field: %d %s", env.Code, env.Content)
		}
		decode[mine](t, s.call(t, "POST", "myEntity/saveEntityForm", `{"values":{"fullName":"Ana Lima","country":"PT","taxId":"PT123"}}`, "TOKEN", user))
	})
}

// firstBlockGoods is the goods list of block key in a home value, as JSON.
func firstBlockGoods(t *testing.T, value json.RawMessage, key string) string {
	var v content.HomeValue
	if err := json.Unmarshal(value, &v); err != nil {
		t.Fatal(err)
	}
	for _, b := range v.Blocks {
		if b.Key == key {
			raw, _ := json.Marshal(b.Goods)
			return string(raw)
		}
	}
	t.Fatalf("no block %s", key)
	return ""
}

// TestAddedGoodsFieldIsKept: a field an operator adds to the goods form is
// validated on the next save, waits for review like a text, and once
// passed is kept with the item and shown again in its form.
func TestAddedGoodsFieldIsKept(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		admin := s.loginAs(t, seed.OperatorEmail, seed.DemoPassword)
		call := func(path, body string) envelope { return s.call(t, "POST", path, body, "TOKEN", admin) }
		f := decode[editDoc](t, call("operations/editform/get", `{"name":"goods","lanCode":"en"}`))
		var fv content.FormValue
		_ = json.Unmarshal(f.Value, &fv)
		fv.Fields = append(fv.Fields, form.Field{Key: "care", Type: form.Text, Label: "FormPhone", MaxLen: 40})
		raw, _ := json.Marshal(fv)
		decode[editDoc](t, call("operations/editform/save", fmt.Sprintf(`{"name":"goods","lanCode":"en","version":%d,"value":%s}`, f.Version, raw)))

		owner := s.loginAs(t, goodsOwnerEmail, seed.DemoPassword)
		v := dressValues(s.userUID(t, owner), "Care dress")
		v["care"] = strings.Repeat("x", 41)
		if env := s.call(t, "POST", "tre/saveTreForm", saveBody("0", v, true), "TOKEN", owner); env.Code != 102 || fieldsOf(env)["care"] == "" {
			t.Fatalf("a too long added field: %d %v", env.Code, fieldsOf(env))
		}
		v["care"] = "Hand wash cold"
		made := decode[myGoods](t, s.call(t, "POST", "tre/saveTreForm", saveBody("0", v, true), "TOKEN", owner)).Item
		if env := s.decideGoods(t, admin, made.TreID, "pass", ""); env.Code != 200 {
			t.Fatalf("pass: %d %s", env.Code, env.Easg)
		}
		live := decode[myGoods](t, s.call(t, "GET", "tre/getTreWithForm?treId="+made.TreID, "", "TOKEN", owner)).Item
		if live.Pending || live.Values["care"] != "Hand wash cold" {
			t.Fatalf("after the pass the added field is %v (pending %v)", live.Values["care"], live.Pending)
		}
		// Changing only it is a change to review, not a price change applied at once.
		next := clone(live.Values)
		next["care"] = "Dry clean only"
		changed := decode[myGoods](t, s.call(t, "POST", "tre/saveTreForm", saveBody(made.TreID, next, true), "TOKEN", owner)).Item
		if !changed.Pending || changed.ApproveStatus.ID != 1 {
			t.Fatalf("a change of the added field should wait for review: %+v", changed.ApproveStatus)
		}
	})
}
