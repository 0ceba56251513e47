package server_test

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestAddressCalls(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		ana, bob := s.signUp(t, "addr-ana@example.com"), s.signUp(t, "addr-bob@example.com")
		body := `{"name":" Ana ","phone":"+1 415 555 0100","country":"us","region":"ca","city":"SF","line1":"1 Market St","postalCode":"941051234"}`
		if env := s.call(t, "POST", "address/save", body); env.Code != 401 {
			t.Fatalf("saving without a session answered %d", env.Code)
		}
		env := s.call(t, "POST", "address/save", body, "TOKEN", ana)
		var a struct {
			ID         string `json:"id"`
			Name       string `json:"name"`
			Country    string `json:"country"`
			Region     string `json:"region"`
			PostalCode string `json:"postalCode"`
			IsDefault  bool   `json:"isDefault"`
		}
		if err := json.Unmarshal(env.Content, &a); env.Code != 200 || err != nil {
			t.Fatalf("save: %d %s %s", env.Code, env.Easg, env.Content)
		}
		if a.Name != "Ana" || a.Country != "US" || a.Region != "CA" || a.PostalCode != "94105-1234" || !a.IsDefault {
			t.Fatalf("saved %+v", a)
		}
		// Invalid input names every bad field; easg is in the caller's language.
		env = s.call(t, "POST", "address/save", `{"country":"DE","postalCode":"1"}`, "TOKEN", ana, "ALAN", "en")
		var bad struct {
			Fields map[string]string `json:"fields"`
		}
		_ = json.Unmarshal(env.Content, &bad)
		if env.Code != 102 || bad.Fields["postalCode"] != "AddressPostalFormat" || bad.Fields["name"] != "AddressNameRequired" || env.Easg != "Please enter the recipient's name." {
			t.Fatalf("invalid save: %d %q %s", env.Code, env.Easg, env.Content)
		}
		env = s.call(t, "POST", "address/save", strings.Replace(body, `"941051234"`, `"9410"`, 1), "TOKEN", ana)
		if env.Code != 102 || !strings.Contains(env.Easg, "94105") {
			t.Fatalf("a postal code message gives the example: %d %q", env.Code, env.Easg)
		}
		// Another user's address is not found by any call.
		for _, c := range []struct{ path, body string }{
			{"address/detail", `{"id":"` + a.ID + `"}`},
			{"address/delete", `{"id":"` + a.ID + `"}`},
			{"address/setDefault", `{"id":"` + a.ID + `"}`},
			{"address/save", strings.Replace(body, "{", `{"id":"`+a.ID+`",`, 1)},
		} {
			if env := s.call(t, "POST", c.path, c.body, "TOKEN", bob); env.Code != 104 {
				t.Errorf("%s on another user's address answered %d, want 104", c.path, env.Code)
			}
		}
		if env := s.call(t, "POST", "address/list", `{}`, "TOKEN", bob); string(env.Content) != "[]" {
			t.Fatalf("bob's list: %s", env.Content)
		}
		if env := s.call(t, "POST", "address/detail", `{"id":"`+a.ID+`"}`, "TOKEN", ana); env.Code != 200 || !strings.Contains(string(env.Content), "94105-1234") {
			t.Fatalf("detail: %d %s", env.Code, env.Content)
		}
		// The countries call needs no session.
		env = s.call(t, "POST", "address/countries", `{}`)
		var cs []struct {
			Code    string   `json:"code"`
			Regions []string `json:"regions"`
		}
		if err := json.Unmarshal(env.Content, &cs); env.Code != 200 || err != nil || len(cs) != 249 {
			t.Fatalf("countries: %d %d", env.Code, len(cs))
		}
		if env := s.call(t, "POST", "address/delete", `{"id":"`+a.ID+`"}`, "TOKEN", ana); env.Code != 200 {
			t.Fatal(env.Easg)
		}
		if env := s.call(t, "POST", "address/list", `{}`, "TOKEN", ana); string(env.Content) != "[]" {
			t.Fatalf("list after delete: %s", env.Content)
		}
	})
}

func TestAddressPages(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	for _, p := range []string{"/en/addressmanagement", "/ar/addressedit/new", "/en/addressedit/ad0123456789abcdef01"} {
		res, body := s.get(t, p)
		if res.StatusCode != 200 || !strings.Contains(body, "__SOUK__") {
			t.Errorf("%s: %d", p, res.StatusCode)
		}
	}
	if res, _ := s.get(t, "/en/addressedit/"+strings.Repeat("x", 80)); res.StatusCode != 404 {
		t.Errorf("a silly id answered %d", res.StatusCode)
	}
}
