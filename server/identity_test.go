package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"souk/app/seed"
	"souk/app/staff"
	"souk/ent/staffaudit"
)

// loginAs signs in with a password over HTTP and returns the token.
func (s *testStore) loginAs(t *testing.T, email, password string) string {
	t.Helper()
	env := s.call(t, "POST", "loginByPwd", `{"name":"`+email+`","password":"`+pwOf(email, password)+`"}`)
	var l struct{ Token string }
	if env.Code != 200 || json.Unmarshal(env.Content, &l) != nil || l.Token == "" {
		t.Fatalf("login %s: %d %s", email, env.Code, env.Easg)
	}
	return l.Token
}

// mine is the owner's view of an entity or identity.
type mine struct {
	Item *struct {
		UID    string `json:"uid"`
		Status struct {
			ID  int    `json:"id"`
			TNa string `json:"tNa"`
		} `json:"status"`
		RejectReason string         `json:"rejectReason"`
		Public       bool           `json:"public"`
		Pending      bool           `json:"pending"`
		Values       map[string]any `json:"values"`
		Live         *struct {
			Title struct{ Txt string } `json:"title"`
		} `json:"live"`
	} `json:"item"`
	Form *struct {
		Name   string `json:"name"`
		Fields []struct {
			Key string `json:"key"`
		} `json:"fields"`
	} `json:"form"`
}

func decode[T any](t *testing.T, env envelope) T {
	t.Helper()
	var v T
	if env.Code != 200 || json.Unmarshal(env.Content, &v) != nil {
		t.Fatalf("answer %d %q %s", env.Code, env.Easg, env.Content)
	}
	return v
}

func fieldsOf(env envelope) map[string]string {
	var f struct {
		Fields map[string]string `json:"fields"`
	}
	_ = json.Unmarshal(env.Content, &f)
	return f.Fields
}

const sellerForm = `{"values":{"name":"Ana's Shop","title":"Linen for everyone","brief":"Hand-woven.","country":"PT"}}`

// TestEntityAndIdentityJourney: a user registers an entity and applies as a
// seller; operators take, pass and reject through the API; the public page
// shows only approved versions.
func TestEntityAndIdentityJourney(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		ana := s.signUp(t, "journey-ana@example.com")
		op := s.loginAs(t, seed.OperatorEmail, seed.DemoPassword)
		// A second reviewer, granted as the command line does.
		rev := s.signUp(t, "journey-rev@example.com")
		if err := staff.New(s.app.DB, nil).Grant(context.Background(), "journey-rev@example.com", staff.Reviewer); err != nil {
			t.Fatal(err)
		}
		if got := decode[mine](t, s.call(t, "GET", "myEntity/getInfoWithForm", "", "TOKEN", ana)); got.Item != nil || got.Form != nil {
			t.Fatalf("no entity yet: %+v", got)
		}
		if env := s.call(t, "POST", "myIdentity/saveIdentityForm/22", sellerForm, "TOKEN", ana); env.Code != 109 {
			t.Fatalf("an identity before an entity: %d %s", env.Code, env.Easg)
		}
		if env := s.call(t, "POST", "myEntity/addType", `{"entityType":3}`, "TOKEN", ana); env.Code != 102 {
			t.Fatalf("entity type 3: %d", env.Code)
		}
		got := decode[mine](t, s.call(t, "POST", "myEntity/addType", `{"entityType":1}`, "TOKEN", ana))
		if got.Item == nil || got.Item.Status.ID != 0 || got.Form == nil || got.Form.Name != "entity.1" {
			t.Fatalf("added: %+v", got)
		}
		if env := s.call(t, "POST", "myEntity/addType", `{"entityType":2}`, "TOKEN", ana); env.Code != 109 {
			t.Fatalf("a second entity: %d", env.Code)
		}
		got = decode[mine](t, s.call(t, "POST", "myEntity/editType", `{"entityType":2}`, "TOKEN", ana))
		if got.Form.Name != "entity.2" {
			t.Fatalf("edit type: %+v", got.Form)
		}
		decode[mine](t, s.call(t, "POST", "myEntity/editType", `{"entityType":1}`, "TOKEN", ana))
		// Every bad field is named; nothing is saved.
		bad := []struct {
			body  string
			field string
			key   string
		}{
			{`{"values":{"fullName":"Ana Lima","country":"PT","shoeSize":"40"}}`, "shoeSize", "FormUnknownField"},
			{`{"values":{"country":"PT"}}`, "fullName", "FormRequired"},
			{`{"values":{"fullName":"A","country":"PT"}}`, "fullName", "FormTooShort"},
			{`{"values":{"fullName":"` + strings.Repeat("a", 81) + `","country":"PT"}}`, "fullName", "FormTooLong"},
			{`{"values":{"fullName":"Ana Lima","country":"Portugal"}}`, "country", "FormBadCountry"},
			{`{"values":{"fullName":42,"country":"PT"}}`, "fullName", "FormNotText"},
		}
		for _, b := range bad {
			env := s.call(t, "POST", "myEntity/saveEntityForm", b.body, "TOKEN", ana, "ALAN", "en")
			if env.Code != 102 || fieldsOf(env)[b.field] != b.key || env.Easg == "" || env.Easg == "FormHasErrors" {
				t.Errorf("%s: %d %q %s", b.body, env.Code, env.Easg, env.Content)
			}
		}
		if env := s.call(t, "POST", "myEntity/saveEntityForm", `{"values":{"fullName":"Ana\u0000","country":"PT"}}`, "TOKEN", ana); env.Code != 102 {
			t.Errorf("NUL: %d", env.Code)
		}
		if got := decode[mine](t, s.call(t, "GET", "myEntity/getInfoWithForm", "", "TOKEN", ana)); got.Item.Status.ID != 0 || len(got.Item.Values) != 0 {
			t.Fatalf("a refused save kept something: %+v", got.Item)
		}
		got = decode[mine](t, s.call(t, "POST", "myEntity/saveEntityForm", `{"values":{"fullName":" Ana  Lima ","country":"PT"}}`, "TOKEN", ana, "ALAN", "en"))
		if got.Item.Status.ID != 1 || got.Item.Status.TNa != "Waiting for review" || got.Item.Values["fullName"] != "Ana Lima" {
			t.Fatalf("saved entity: %+v", got.Item)
		}
		entityUID := got.Item.UID
		// The application waits; its page does not exist yet.
		app := decode[mine](t, s.call(t, "POST", "myIdentity/saveIdentityForm/22", sellerForm, "TOKEN", ana, "ALAN", "en"))
		if app.Item == nil || app.Item.Status.ID != 1 || app.Item.Public || app.Item.Live != nil {
			t.Fatalf("application: %+v", app.Item)
		}
		sellerUID := app.Item.UID
		if env := s.call(t, "GET", "theIdentity/getInfo/"+sellerUID, ""); env.Code != 104 {
			t.Fatalf("an application's page: %d", env.Code)
		}
		// Operators: the queue lists both; take is exclusive; pass needs a passed entity.
		var queue []struct {
			UID   string `json:"uid"`
			Owner string `json:"owner"`
		}
		queue = decode[[]struct {
			UID   string `json:"uid"`
			Owner string `json:"owner"`
		}](t, s.call(t, "POST", "operations/biggeridentity/list", `{"identityType":22}`, "TOKEN", op))
		if len(queue) != 1 || queue[0].UID != sellerUID || queue[0].Owner != "journey-ana@example.com" {
			t.Fatalf("identity queue: %+v", queue)
		}
		decide := func(tok, kind, uid, action, reason string) envelope {
			b, _ := json.Marshal(map[string]string{"uid": uid, "action": action, "reason": reason})
			return s.call(t, "POST", "operations/bigger"+kind+"/decide", string(b), "TOKEN", tok, "ALAN", "en")
		}
		if env := decide(op, "identity", sellerUID, "pass", ""); env.Code != 109 {
			t.Fatalf("pass before the entity: %d %s", env.Code, env.Easg)
		}
		if env := decide(op, "entity", entityUID, "take", ""); env.Code != 200 {
			t.Fatal(env.Easg)
		}
		taken := decode[[]struct {
			UID      string `json:"uid"`
			Reviewer string `json:"reviewer"`
			Status   struct{ ID int }
		}](t, s.call(t, "POST", "operations/biggerentity/list", `{"status":3}`, "TOKEN", rev))
		if len(taken) != 1 || taken[0].UID != entityUID || taken[0].Reviewer != seed.OperatorEmail || taken[0].Status.ID != 3 {
			t.Fatalf("taken queue: %+v", taken)
		}
		if env := s.call(t, "POST", "myEntity/saveEntityForm", `{"values":{"fullName":"Ana B","country":"PT"}}`, "TOKEN", ana); env.Code != 109 {
			t.Fatalf("owner's save during review: %d", env.Code)
		}
		if env := decide(rev, "entity", entityUID, "pass", ""); env.Code != 109 || !strings.Contains(env.Easg, seed.OperatorEmail) {
			t.Fatalf("another reviewer's pass of a taken item: %d %q", env.Code, env.Easg)
		}
		if env := decide(op, "entity", entityUID, "pass", ""); env.Code != 200 {
			t.Fatal(env.Easg)
		}
		if env := decide(op, "identity", sellerUID, "reject", ""); env.Code != 102 {
			t.Fatalf("reject without a reason: %d", env.Code)
		}
		if env := decide(rev, "identity", sellerUID, "pass", ""); env.Code != 200 {
			t.Fatal(env.Easg)
		}
		page := decode[struct {
			Name  string               `json:"name"`
			Title struct{ Txt string } `json:"title"`
		}](t, s.call(t, "GET", "theIdentity/getInfo/"+sellerUID, "", "ALAN", "en"))
		if page.Name != "Ana's Shop" || page.Title.Txt != "Linen for everyone" {
			t.Fatalf("passed page: %+v", page)
		}
		// A profile change waits while the approved version stays live.
		change := strings.Replace(sellerForm, "Linen for everyone", "Linen and wool", 1)
		app = decode[mine](t, s.call(t, "POST", "myIdentity/saveIdentityForm/seller", change, "TOKEN", ana, "ALAN", "en"))
		if app.Item.Status.ID != 1 || !app.Item.Pending || app.Item.Values["title"] != "Linen and wool" || app.Item.Live.Title.Txt != "Linen for everyone" {
			t.Fatalf("pending change: %+v", app.Item)
		}
		if env := s.call(t, "GET", "theIdentity/getInfo/"+sellerUID, "", "ALAN", "en"); !strings.Contains(string(env.Content), "Linen for everyone") {
			t.Fatalf("live page during review: %s", env.Content)
		}
		if env := decide(op, "identity", sellerUID, "reject", "The title must name what you sell."); env.Code != 200 {
			t.Fatal(env.Easg)
		}
		app = decode[mine](t, s.call(t, "GET", "myIdentity/getInfo/22", "", "TOKEN", ana))
		_ = app
		var own struct {
			Status       struct{ ID int } `json:"status"`
			RejectReason string           `json:"rejectReason"`
			Public       bool             `json:"public"`
		}
		own = decode[struct {
			Status       struct{ ID int } `json:"status"`
			RejectReason string           `json:"rejectReason"`
			Public       bool             `json:"public"`
		}](t, s.call(t, "GET", "myIdentity/getInfo/22", "", "TOKEN", ana))
		if own.Status.ID != 4 || own.RejectReason != "The title must name what you sell." || !own.Public {
			t.Fatalf("rejected change: %+v", own)
		}
		if env := s.call(t, "GET", "theIdentity/getInfo/"+sellerUID, "", "ALAN", "en"); !strings.Contains(string(env.Content), "Linen for everyone") {
			t.Fatalf("live page after a rejected change: %s", env.Content)
		}
		// Every decision is audited.
		n, err := s.app.DB.StaffAudit.Query().Where(staffaudit.ObjectUIDIn(entityUID, sellerUID)).Count(context.Background())
		if err != nil || n != 4 {
			t.Fatalf("audit rows: %d %v", n, err)
		}
	})
}

// TestClosingAnAccountErasesItsEntity: the entity's personal data goes with
// the account; its identity stays detached (orders and goods refer to it).
func TestClosingAnAccountErasesItsEntity(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		tok := s.signUp(t, "close-entity@example.com")
		decode[mine](t, s.call(t, "POST", "myEntity/addType", `{"entityType":1}`, "TOKEN", tok))
		decode[mine](t, s.call(t, "POST", "myEntity/saveEntityForm", `{"values":{"fullName":"Close Me","country":"FR","phone":"+33 1 23 45 67 89"}}`, "TOKEN", tok))
		ctx := context.Background()
		before := s.app.DB.Entity.Query().CountX(ctx)
		decode[mine](t, s.call(t, "POST", "myIdentity/saveIdentityForm/23", `{"values":{"name":"Maker","title":"Made to order","country":"FR","leadDays":30,"craft":"dresses"}}`, "TOKEN", tok))
		s.call(t, "POST", "get/destroyAccount/verifycode", `{}`, "TOKEN", tok)
		if env := s.call(t, "POST", "my/destroyAccount", `{"verifyCode":"`+s.code(t, "close-entity@example.com")+`"}`, "TOKEN", tok); env.Code != 200 {
			t.Fatalf("close: %d %s", env.Code, env.Easg)
		}
		if n := s.app.DB.Entity.Query().CountX(ctx); n != before-1 {
			t.Fatalf("%d entities left, want %d", n, before-1)
		}
	})
}
