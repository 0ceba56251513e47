package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"souk/app/seed"
	"souk/app/staff"
	"souk/ent/identity"
	"souk/ent/order"
	"souk/ent/staffaudit"
)

// TestBackOfficePermissions tries every operations call of the back office
// as a visitor, a shopper, the seller of the order (who also applied for an
// entity and an identity), another seller, a reviewer and an admin: the
// review calls answer reviewers and admins only; the order calls answer a
// seller their own orders and an admin every order; refund and cancel are
// the admin's; everyone else is told the call or the order does not exist.
func TestBackOfficePermissions(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		ctx := context.Background()
		buyer := s.signUp(t, "bo-buyer@example.com")
		tokens := map[string]string{
			"visitor":  "",
			"shopper":  s.signUp(t, "bo-shop@example.com"),
			"seller":   s.signUp(t, "bo-seller@example.com"),
			"other":    s.signUp(t, "bo-other@example.com"),
			"reviewer": s.signUp(t, "bo-rev@example.com"),
			"admin":    s.loginAs(t, seed.OperatorEmail, seed.DemoPassword),
		}
		if err := staff.New(s.app.DB, nil).Grant(ctx, "bo-rev@example.com", staff.Reviewer); err != nil {
			t.Fatal(err)
		}
		as := func(role, method, path, body string) envelope {
			if tokens[role] == "" {
				return s.call(t, method, path, body)
			}
			return s.call(t, method, path, body, "TOKEN", tokens[role])
		}
		treID := s.anyGoods(t, func(g map[string]any) bool {
			return g["needsPick"] == false && g["saleable"].(float64) == 1 && g["stock"].(float64) > 5
		})
		paid := s.paidOrder(t, buyer, treID)
		o := s.app.DB.Order.Query().Where(order.NumberEQ(paid)).OnlyX(ctx)
		s.attach(t, "bo-seller@example.com", o.SellerID)
		s.attach(t, "bo-other@example.com", s.app.DB.Identity.Query().Where(identity.IDNEQ(o.SellerID)).FirstIDX(ctx))
		unpaid := s.unpaidOrder(t, s.signUp(t, "bo-buyer2@example.com"), treID)
		// The seller's own applications wait for review.
		decode[mine](t, as("seller", "POST", "myEntity/addType", `{"entityType":1}`))
		ent := decode[mine](t, as("seller", "POST", "myEntity/saveEntityForm", `{"values":{"fullName":"Bo Seller","country":"DE"}}`))
		app := decode[mine](t, as("seller", "POST", "myIdentity/saveIdentityForm/21", sellerForm))
		body := func(kv ...string) string {
			m := map[string]string{}
			for i := 0; i+1 < len(kv); i += 2 {
				m[kv[i]] = kv[i+1]
			}
			b, _ := json.Marshal(m)
			return string(b)
		}
		roles := []string{"visitor", "shopper", "seller", "other", "reviewer", "admin"}
		type want map[string]int
		staffOnly := want{"visitor": 104, "shopper": 104, "seller": 104, "other": 104, "reviewer": 200, "admin": 200}
		adminOnly := want{"visitor": 104, "shopper": 104, "seller": 104, "other": 104, "reviewer": 104, "admin": 200}
		sellerAndAdmin := want{"visitor": 401, "shopper": 104, "seller": 200, "other": 104, "reviewer": 104, "admin": 200}
		calls := []struct {
			method, path, body string
			want               want
			shows              string // a 200 must show this (an order number)
		}{
			{"POST", "operations/biggerentity/list", `{}`, staffOnly, ""},
			{"POST", "operations/biggeridentity/list", `{"identityType":21}`, staffOnly, ""},
			{"POST", "operations/biggerentity/trail", body("uid", ent.Item.UID), staffOnly, ""},
			{"POST", "operations/biggeridentity/trail", body("uid", app.Item.UID), staffOnly, ""},
			// The reviewer takes the entity; the admin after them is told who has it.
			{"POST", "operations/biggerentity/decide", body("uid", ent.Item.UID, "action", "take"),
				want{"visitor": 104, "shopper": 104, "seller": 104, "other": 104, "reviewer": 200, "admin": 109}, ""},
			{"POST", "operations/biggeridentity/decide", body("uid", app.Item.UID, "action", "reject", "reason", "Blurry avatar"),
				want{"visitor": 104, "shopper": 104, "seller": 104, "other": 104, "reviewer": 200, "admin": 109}, ""},
			{"POST", "operations/order/list", body("search", paid), sellerAndAdmin, paid},
			{"POST", "operations/order/list", body("search", "bo-buyer@example.com"), want{"visitor": 401, "shopper": 104, "seller": 104, "other": 104, "reviewer": 104, "admin": 200}, paid},
			{"GET", "operations/order/detail?uid=" + paid, "", sellerAndAdmin, paid},
			{"GET", "operations/order/detail?uid=" + unpaid, "", want{"visitor": 401, "shopper": 104, "seller": 200, "other": 104, "reviewer": 104, "admin": 200}, unpaid},
			{"POST", "operations/order/refund", body("uid", paid, "reason", "Refund asked by phone"), adminOnly, paid},
			{"POST", "operations/order/cancel", body("uid", unpaid, "reason", "Duplicate order"), adminOnly, unpaid},
		}
		for _, c := range calls {
			for _, role := range roles {
				env := as(role, c.method, c.path, c.body)
				if env.Code == 200 && c.shows != "" && !strings.Contains(string(env.Content), c.shows) {
					env.Code, env.Easg = 104, "not listed"
				}
				if env.Code != c.want[role] || (env.Code != 200 && env.Easg == "") {
					t.Errorf("%s %s %s as %s: %d %q, want %d", c.method, c.path, c.body, role, env.Code, env.Easg, c.want[role])
				}
				// Only admins see the buyer, the payment and the audit.
				if env.Code == 200 && role != "admin" && strings.Contains(string(env.Content), `"admin":`) {
					t.Errorf("%s %s as %s shows the admin's view", c.method, c.path, role)
				}
			}
		}
		// What the matrix did: one refund, one cancel, one take, one rejection; each audited once.
		if st := s.app.DB.Order.Query().Where(order.NumberEQ(unpaid)).OnlyX(ctx).Status; st != 2 {
			t.Fatalf("unpaid order: status %d", st)
		}
		if st := s.app.DB.Order.Query().Where(order.NumberEQ(paid)).OnlyX(ctx).Status; st != 50 && st != 51 {
			t.Fatalf("paid order: status %d", st)
		}
		for uid, action := range map[string]string{paid: "refund", unpaid: "cancel", ent.Item.UID: "take", app.Item.UID: "reject"} {
			rows := s.app.DB.StaffAudit.Query().Where(staffaudit.ObjectUIDEQ(uid)).AllX(ctx)
			if len(rows) != 1 || rows[0].Action != action || rows[0].ActorEmail == "" {
				t.Errorf("audit of %s: %+v", uid, rows)
			}
		}
		// The trail shows the decision to staff; the owner sees the reason.
		var trail []staff.Entry
		if err := json.Unmarshal(as("reviewer", "POST", "operations/biggeridentity/trail", body("uid", app.Item.UID)).Content, &trail); err != nil ||
			len(trail) != 1 || trail[0].Action != "reject" || trail[0].Reason != "Blurry avatar" || trail[0].Actor != "bo-rev@example.com" {
			t.Fatalf("trail: %v %+v", err, trail)
		}
		if env := as("seller", "GET", "myIdentity/getInfo/21", ""); !strings.Contains(string(env.Content), "Blurry avatar") {
			t.Fatalf("the applicant's view: %s", env.Content)
		}
		// Bad input to the admin's calls is refused with a message and changes nothing.
		for _, b := range []string{
			body("uid", paid), body("uid", paid, "reason", strings.Repeat("x", 501)), body("uid", paid, "reason", "a\x00b"),
			`{"uid":` + `5,"reason":"x"}`, `{"uid":"` + paid + `","reason":["x"]}`,
		} {
			if env := as("admin", "POST", "operations/order/refund", b); env.Code != 102 || env.Easg == "" {
				t.Errorf("refund %s: %d %q, want 102", b, env.Code, env.Easg)
			}
		}
		if n := s.app.DB.StaffAudit.Query().Where(staffaudit.ObjectUIDEQ(paid)).CountX(ctx); n != 1 {
			t.Fatalf("bad input wrote audit rows: %d", n)
		}
	})
}

// unpaidOrder places (and does not pay) one order of treID as token's user.
func (s *testStore) unpaidOrder(t *testing.T, token, treID string) string {
	t.Helper()
	if env := s.call(t, "POST", "shoppingIncrRP", `{"requestId":"u-`+token[:8]+`","treId":"`+treID+`"}`, "TOKEN", token); env.Code != 200 {
		t.Fatal(env.Easg)
	}
	addr := s.call(t, "POST", "address/save", `{"name":"Ana","phone":"+1 415 555 0100","country":"US","region":"CA","city":"SF","line1":"1 Market St","postalCode":"94105"}`, "TOKEN", token)
	var a struct{ ID string }
	_ = json.Unmarshal(addr.Content, &a)
	var pre struct {
		Total struct{ Amount float64 } `json:"total"`
	}
	_ = json.Unmarshal(s.call(t, "POST", "order/preOrderData", `{}`, "TOKEN", token).Content, &pre)
	env := s.call(t, "POST", "order/makeOrderData", `{"requestId":"u","addressId":"`+a.ID+`","total":`+strings.TrimSpace(jsonNumber(pre.Total.Amount))+`}`, "TOKEN", token)
	var placed struct {
		OrderNumbers []string `json:"orderNumbers"`
	}
	if err := json.Unmarshal(env.Content, &placed); env.Code != 200 || err != nil || len(placed.OrderNumbers) != 1 {
		t.Fatalf("makeOrderData: %d %s", env.Code, env.Easg)
	}
	return placed.OrderNumbers[0]
}

func jsonNumber(f float64) string { b, _ := json.Marshal(f); return string(b) }

// TestBackOfficePagesAreShells: the review pages are public shells that
// are never stored nor indexed; unknown identity types are not found.
func TestBackOfficePagesAreShells(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	for _, c := range []struct {
		path   string
		status int
		want   string
	}{
		{"/en/operations/showbiggerentity", 200, `"page":"reviewEntity"`},
		{"/en/operations/showbiggeridentity/all", 200, `"page":"reviewIdentity"`},
		{"/ar/operations/showbiggeridentity/seller", 200, `dir="rtl"`},
		{"/en/operations/showbiggeridentity/22", 200, `"param":"22"`},
		{"/en/operations/showbiggeridentity/41", 404, `data-testid="not-found"`},
		{"/en/operations/showbiggeridentity/nobody", 404, `data-testid="not-found"`},
		{"/en/operations/showtreasure", 200, `"page":"reviewGoods"`},
	} {
		res, body := s.get(t, c.path, "Accept-Encoding", "identity")
		if res.StatusCode != c.status || !strings.Contains(body, c.want) || !strings.Contains(body, `name="robots" content="noindex`) {
			t.Errorf("%s: %d, lacks %q or noindex", c.path, res.StatusCode, c.want)
		}
		if c.status == 200 && (res.Header.Get("Cache-Control") != "no-store" || res.Header.Get("X-Robots-Tag") != "noindex") {
			t.Errorf("%s: Cache-Control %q, X-Robots-Tag %q", c.path, res.Header.Get("Cache-Control"), res.Header.Get("X-Robots-Tag"))
		}
		if strings.Contains(body, `class="topbar"`) && c.status == 200 {
			t.Errorf("%s: the back office shows the storefront's top bar", c.path)
		}
	}
}
