package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"souk/ent/identity"
	"souk/ent/order"
	"souk/ent/user"
)

// paidOrder buys goods as token's user through the API, pays by card and
// returns the order number once it is paid.
func (s *testStore) paidOrder(t *testing.T, token, treID string) string {
	t.Helper()
	if env := s.call(t, "POST", "shoppingIncrRP", `{"requestId":"f-`+token[:8]+`","treId":"`+treID+`"}`, "TOKEN", token); env.Code != 200 {
		t.Fatal(env.Easg)
	}
	addr := s.call(t, "POST", "address/save", `{"name":"Ana","phone":"+1 415 555 0100","country":"US","region":"CA","city":"SF","line1":"1 Market St","postalCode":"94105"}`, "TOKEN", token)
	var a struct{ ID string }
	_ = json.Unmarshal(addr.Content, &a)
	var pre struct {
		Total struct{ Amount float64 } `json:"total"`
	}
	_ = json.Unmarshal(s.call(t, "POST", "order/preOrderData", `{}`, "TOKEN", token).Content, &pre)
	env := s.call(t, "POST", "order/makeOrderData", fmt.Sprintf(`{"requestId":"f","addressId":%q,"total":%v}`, a.ID, pre.Total.Amount), "TOKEN", token)
	var placed struct {
		PayUID       string   `json:"payUid"`
		OrderNumbers []string `json:"orderNumbers"`
	}
	if err := json.Unmarshal(env.Content, &placed); env.Code != 200 || err != nil || len(placed.OrderNumbers) != 1 {
		t.Fatalf("makeOrderData: %d %s", env.Code, env.Easg)
	}
	env = s.call(t, "POST", "order/payChange", `{"payUid":"`+placed.PayUID+`","payMethod":1,"card":{"number":"4242424242424242","expMonth":12,"expYear":2099,"cvc":"123"}}`, "TOKEN", token)
	if env.Code != 200 {
		t.Fatalf("pay: %s", env.Easg)
	}
	return placed.OrderNumbers[0]
}

// attach makes the account of email the user of the identity (what
// `souk seller attach` does).
func (s *testStore) attach(t *testing.T, email string, identityID int) {
	t.Helper()
	ctx := context.Background()
	u := s.app.DB.User.Query().Where(user.EmailEQ(email)).OnlyX(ctx)
	s.app.DB.Identity.UpdateOneID(identityID).SetUser(u).ExecX(ctx)
}

// TestSellerCallsPermissions tries every seller call as a visitor, a
// shopper, the buyer, another seller and the owning seller.
func TestSellerCallsPermissions(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		ctx := context.Background()
		buyer, shopper := s.signUp(t, "f-buyer@example.com"), s.signUp(t, "f-shopper@example.com")
		owner, other := s.signUp(t, "f-owner@example.com"), s.signUp(t, "f-other@example.com")
		treID := s.anyGoods(t, func(g map[string]any) bool {
			return g["needsPick"] == false && g["saleable"].(float64) == 1 && g["stock"].(float64) > 5
		})
		n := s.paidOrder(t, buyer, treID)
		o := s.app.DB.Order.Query().Where(order.NumberEQ(n)).OnlyX(ctx)
		s.attach(t, "f-owner@example.com", o.SellerID)
		s.attach(t, "f-other@example.com", s.app.DB.Identity.Query().Where(identity.IDNEQ(o.SellerID)).FirstIDX(ctx))
		calls := []struct {
			method, path, body string
			owner              int // the owner's answer (the order is plain goods: no production)
		}{
			{"POST", "operations/order/list", `{"search":"` + n + `"}`, 200},
			{"GET", "operations/order/detail?uid=" + n, "", 200},
			{"POST", "operations/order/produce", `{"uid":"` + n + `"}`, 109},
			{"POST", "operations/order/ship", `{"uid":"` + n + `","carrier":"dhl","trackingNumber":"JD0146 0000 1234"}`, 200},
			{"POST", "operations/order/track", `{"uid":"` + n + `","key":"TrackInTransit","place":"Leipzig"}`, 200},
		}
		for _, who := range []struct {
			name, token string
			want        int
		}{{"visitor", "", 401}, {"shopper", shopper, 104}, {"buyer", buyer, 104}, {"another seller", other, 104}, {"owner", owner, 0}} {
			for _, c := range calls {
				want := who.want
				if want == 0 {
					want = c.owner
				}
				env := s.call(t, c.method, c.path, c.body, "TOKEN", who.token)
				if env.Code == 200 && c.path == "operations/order/list" && !strings.Contains(string(env.Content), n) {
					env.Code, env.Easg = 104, "not listed" // listed, but not this order
				}
				if env.Code != want || (want != 200 && env.Easg == "") {
					t.Errorf("%s %s: %d %q, want %d with a message", who.name, c.path, env.Code, env.Easg, want)
				}
			}
		}
		// Only the owner's calls changed anything: shipped once, one tracking event.
		env := s.call(t, "POST", "order/detail", `{"orderNumber":"`+n+`"}`, "TOKEN", buyer)
		var v struct {
			Status         int    `json:"status"`
			Carrier        string `json:"carrier"`
			TrackingNumber string `json:"trackingNumber"`
			Events         []struct{ Key, Note, Place string }
		}
		if err := json.Unmarshal(env.Content, &v); err != nil || v.Status != 1001 || v.Carrier != "DHL Express" || v.TrackingNumber != "JD014600001234" {
			t.Fatalf("buyer's view: %s", env.Content)
		}
		tracks := 0
		for _, e := range v.Events {
			if e.Key == "TrackInTransit" && e.Place == "Leipzig" && e.Note == "In transit" {
				tracks++
			}
		}
		if tracks != 1 {
			t.Fatalf("tracking events in the buyer's view: %+v", v.Events)
		}
		// Bad input is refused with a message and changes nothing.
		for _, c := range []struct{ method, path, body string }{
			{"POST", "operations/order/track", `{"uid":"` + n + `","key":"TrackInTransit","place":"A\u0000B"}`},
			{"POST", "operations/order/track", `{"uid":"` + n + `","key":"TrackInTransit","at":"yesterday"}`},
			{"POST", "operations/order/track", `{"uid":"` + n + `","key":"TrackInTransit","at":-5}`},
			{"POST", "operations/order/ship", `{"uid":"` + n + `","carrier":"dhl","trackingNumber":123}`},
			{"POST", "operations/order/ship", `{"uid":"` + n + `","carrier":"dhl","trackingNumber":"` + strings.Repeat("9", 41) + `"}`},
			{"GET", "operations/order/detail?uid=" + url.QueryEscape("S1\x00"), ""},
			{"POST", "operations/order/list", `{"search":"` + strings.Repeat("S", 33) + `"}`},
			{"POST", "operations/order/list", `{"status":7}`},
		} {
			if env := s.call(t, c.method, c.path, c.body, "TOKEN", owner); env.Code != 102 || env.Easg == "" {
				t.Errorf("%s %s: %d %q, want 102 with a message", c.path, c.body, env.Code, env.Easg)
			}
		}
		if o := s.app.DB.Order.Query().Where(order.NumberEQ(n)).OnlyX(ctx); o.TrackingNumber != "JD014600001234" {
			t.Fatalf("changed by bad input: %+v", o)
		}
	})
}

// TestSellerPagesAreShells: the seller's pages are public shells that
// browsers and proxies never store and search engines never index.
func TestSellerPagesAreShells(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	for _, c := range []struct {
		path   string
		status int
		want   string
	}{
		{"/en/operations/showorder/S2611270000000001", 200, `"page":"sellerOrder"`},
		{"/ar/operations/showtrack/S2611270000000001", 200, `dir="rtl"`},
		{"/en/operations/showorder/all", 200, `"param":"all"`},
		{"/en/operations/showorder/S26%3Cb%3E", 404, `data-testid="not-found"`},
	} {
		res, body := s.get(t, c.path, "Accept-Encoding", "identity")
		if res.StatusCode != c.status || !strings.Contains(body, c.want) || !strings.Contains(body, `name="robots" content="noindex`) {
			t.Errorf("%s: %d, lacks %q or noindex", c.path, res.StatusCode, c.want)
		}
		if c.status == 200 && (res.Header.Get("Cache-Control") != "no-store" || res.Header.Get("X-Robots-Tag") != "noindex") {
			t.Errorf("%s: Cache-Control %q, X-Robots-Tag %q", c.path, res.Header.Get("Cache-Control"), res.Header.Get("X-Robots-Tag"))
		}
	}
}
