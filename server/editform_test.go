package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"souk/app/content"
	"souk/app/seed"
	"souk/app/staff"
	"souk/ent/identity"
	"souk/ent/staffaudit"
)

// editDoc is what operations/editform/get and save answer.
type editDoc struct {
	Name     string          `json:"name"`
	Kind     string          `json:"kind"`
	Lang     string          `json:"lanCode"`
	Version  int             `json:"version"`
	Value    json.RawMessage `json:"value"`
	Fallback json.RawMessage `json:"fallback"`
	Trail    []staff.Entry   `json:"trail"`
}

// editRoles signs up a visitor, a shopper, a seller, a reviewer and an
// admin (the demo operator) and answers their tokens.
func editRoles(t *testing.T, s *testStore, tag string) map[string]string {
	ctx := context.Background()
	tokens := map[string]string{
		"visitor":  "",
		"shopper":  s.signUp(t, "ef-shop"+tag+"@example.com"),
		"seller":   s.signUp(t, "ef-seller"+tag+"@example.com"),
		"reviewer": s.signUp(t, "ef-rev"+tag+"@example.com"),
		"admin":    s.loginAs(t, seed.OperatorEmail, seed.DemoPassword),
	}
	s.attach(t, "ef-seller"+tag+"@example.com", s.app.DB.Identity.Query().Where(identity.IdentityTypeEQ(22)).FirstIDX(ctx))
	if err := staff.New(s.app.DB, nil).Grant(ctx, "ef-rev"+tag+"@example.com", staff.Reviewer); err != nil {
		t.Fatal(err)
	}
	return tokens
}

func (s *testStore) as(t *testing.T, tokens map[string]string, role, path, body string) envelope {
	t.Helper()
	if tokens[role] == "" {
		return s.call(t, "POST", path, body)
	}
	return s.call(t, "POST", path, body, "TOKEN", tokens[role])
}

// TestEditFormPermissions tries every call of the content and form editor
// and its pages as a visitor, a shopper, a seller, a reviewer and an admin:
// staff read, only admins save, everyone else is told the call does not
// exist; the pages are shells that are never stored nor indexed.
func TestEditFormPermissions(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		tokens := editRoles(t, s, "")
		roles := []string{"visitor", "shopper", "seller", "reviewer", "admin"}
		staffOnly := map[string]int{"visitor": 104, "shopper": 104, "seller": 104, "reviewer": 200, "admin": 200}
		adminOnly := map[string]int{"visitor": 104, "shopper": 104, "seller": 104, "reviewer": 104, "admin": 200}
		home := decode[editDoc](t, s.as(t, tokens, "admin", "operations/editform/get", `{"name":"home","lanCode":"en"}`))
		form := decode[editDoc](t, s.as(t, tokens, "admin", "operations/editform/get", `{"name":"identity.22","lanCode":"en"}`))
		var fv content.FormValue
		if err := json.Unmarshal(form.Value, &fv); err != nil {
			t.Fatal(err)
		}
		fv.Fields[0].MaxLen = 70
		fields, _ := json.Marshal(fv)
		calls := []struct {
			path, body string
			want       map[string]int
		}{
			{"operations/editform/list", `{}`, staffOnly},
			{"operations/editform/get", `{"name":"about","lanCode":"de"}`, staffOnly},
			{"operations/editform/get", `{"name":"home","lanCode":"ar"}`, staffOnly},
			{"operations/editform/get", `{"name":"goods","lanCode":"en"}`, staffOnly},
			{"operations/editform/save", `{"name":"about","lanCode":"de","version":0,"value":{"title":"Über uns","text":"<p>Hallo</p>"}}`, adminOnly},
			{"operations/editform/save", `{"name":"dressesfaq","lanCode":"fr","version":0,"value":{"entries":[{"q":"Combien de temps ?","a":"<p>71 jours</p>"}]}}`, adminOnly},
			{"operations/editform/save", fmt.Sprintf(`{"name":"home","lanCode":"fr","version":%d,"value":{"blocks":[{"key":"wn3","title":"Nouveautés","text":"","cta":"","link":"","goods":[]}]}}`, home.Version), adminOnly},
			{"operations/editform/save", fmt.Sprintf(`{"name":"identity.22","lanCode":"en","version":%d,"value":%s}`, form.Version, fields), adminOnly},
		}
		for _, c := range calls {
			for _, role := range roles {
				env := s.as(t, tokens, role, c.path, c.body)
				if env.Code != c.want[role] || (env.Code != 200 && env.Easg == "") {
					t.Errorf("%s %s as %s: %d %q, want %d", c.path, c.body, role, env.Code, env.Easg, c.want[role])
				}
			}
		}
		// Each admin save is audited once, by the admin.
		for _, name := range []string{"about", "dressesfaq", "home", "identity.22"} {
			rows := s.app.DB.StaffAudit.Query().Where(staffaudit.ObjectUIDEQ(name)).AllX(context.Background())
			if len(rows) != 1 || rows[0].ActorEmail != seed.OperatorEmail || rows[0].Action != "edit" || rows[0].After == "" {
				t.Errorf("audit of %s: %+v", name, rows)
			}
		}
		// The pages are public shells, the same for every role (the session
		// lives in the browser); what they show comes from the calls above.
		for _, c := range []struct {
			path   string
			status int
		}{{"/en/operations/EditForm/all", 200}, {"/ar/operations/EditForm/about", 200}, {"/en/operations/EditForm/identity.22", 200}, {"/en/operations/EditForm/nothing", 404}} {
			res, body := s.get(t, c.path, "Accept-Encoding", "identity")
			if res.StatusCode != c.status || !strings.Contains(body, `name="robots" content="noindex`) {
				t.Errorf("%s: %d, want %d and noindex", c.path, res.StatusCode, c.status)
			}
			if c.status == 200 && (res.Header.Get("Cache-Control") != "no-store" || !strings.Contains(body, `"page":"editForm"`)) {
				t.Errorf("%s: Cache-Control %q", c.path, res.Header.Get("Cache-Control"))
			}
		}
	})
}
