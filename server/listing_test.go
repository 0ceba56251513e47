package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"souk/ent"
	"souk/ent/goods"
	"souk/ent/text"
	"souk/ent/user"
)

// seller makes the account of email the owner of g's identity.
func (s *testStore) seller(t *testing.T, email string, g *ent.Goods) {
	t.Helper()
	ctx := context.Background()
	u := s.app.DB.User.Query().Where(user.EmailEQ(email)).OnlyX(ctx)
	s.app.DB.Identity.UpdateOneID(g.Edges.Owner.ID).SetUserID(u.ID).ExecX(ctx)
}

// TestListingCalls: every seller call as a visitor, a shopper, another
// seller and the owner; malformed bodies; and a change reaching the cached
// product page and search at once.
func TestListingCalls(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		ctx := context.Background()
		rows := s.app.DB.Goods.Query().Where(goods.SaleableEQ(1)).WithOwner().WithSkus().Order(ent.Asc(goods.FieldID)).AllX(ctx)
		var mine, theirs *ent.Goods
		for _, g := range rows {
			if mine == nil && len(g.Edges.Skus) > 1 {
				mine = g
			} else if mine != nil && theirs == nil && len(g.Edges.Skus) > 0 && g.Edges.Owner.ID != mine.Edges.Owner.ID {
				theirs = g
			}
		}
		owner, other, shopper := s.signUp(t, "owner@example.com"), s.signUp(t, "other@example.com"), s.signUp(t, "shopper@example.com")
		s.seller(t, "owner@example.com", mine)
		s.seller(t, "other@example.com", theirs)
		sid, k := mine.Edges.Owner.UID, mine.Edges.Skus[0]
		target := `"treId":"` + mine.UID + `","sid":"` + sid + `"`
		calls := []struct{ path, body string }{
			{"tre/upTreSaleStatus", `{` + target + `,"saleable":1}`},
			{"tre/changeInventory", `{` + target + `,"items":[{"skuId":"` + k.UID + `","delta":1}]}`},
			{"tre/deleteTre", `{` + target + `}`},
		}
		snapshot := func() string {
			x := s.app.DB.Goods.Query().Where(goods.IDEQ(mine.ID)).WithSkus().OnlyX(ctx)
			b, _ := json.Marshal([]any{x.Saleable, x.Stock, x.Version, x.DeletedAt, x.Edges.Skus})
			return string(b)
		}
		for _, c := range calls {
			for _, who := range []struct {
				name, token string
				want        int
			}{{"visitor", "", 401}, {"shopper", shopper, 442}, {"another seller", other, 442}} {
				before := snapshot()
				if env := s.call(t, "POST", c.path, c.body, "TOKEN", who.token); env.Code != who.want || env.Easg == "" {
					t.Errorf("%s as %s: %d %q, want %d", c.path, who.name, env.Code, env.Easg, who.want)
				}
				if snapshot() != before {
					t.Errorf("%s as %s changed the goods", c.path, who.name)
				}
			}
		}
		// The list: 401 for a visitor; a shopper's is empty; each seller sees only their own.
		if env := s.call(t, "POST", "tre/myTreList", `{}`); env.Code != 401 {
			t.Errorf("myTreList as a visitor: %d", env.Code)
		}
		for _, who := range []struct {
			name, token string
			has, not    string
		}{{"shopper", shopper, "", mine.UID}, {"another seller", other, theirs.UID, mine.UID}, {"owner", owner, mine.UID, theirs.UID}} {
			env := s.call(t, "POST", "tre/myTreList", `{"pageSize":60}`, "TOKEN", who.token)
			body := string(env.Content)
			if env.Code != 200 || (who.has != "" && !strings.Contains(body, `"treId":"`+who.has+`"`)) || strings.Contains(body, `"treId":"`+who.not+`"`) {
				t.Errorf("myTreList as %s: %d %s", who.name, env.Code, body[:min(len(body), 300)])
			}
		}
		// Malformed or foreign input: a clear refusal, nothing changed.
		before := snapshot()
		for _, c := range []struct {
			path, body string
			want       int
		}{
			{"tre/changeInventory", `{` + target + `,"items":[{"skuId":"` + k.UID + `","delta":1.5}]}`, 102},
			{"tre/changeInventory", `{` + target + `,"items":[{"skuId":"` + k.UID + `","delta":1e30}]}`, 102},
			{"tre/changeInventory", `{` + target + `,"items":[{"skuId":"` + k.UID + `","delta":"3"}]}`, 102},
			{"tre/changeInventory", `{` + target + `,"items":[{"skuId":"` + k.UID + `","stock":-1,"was":0}]}`, 102},
			{"tre/changeInventory", `{` + target + `,"items":[{"skuId":"` + k.UID + `","stock":99999999999,"was":0}]}`, 102},
			{"tre/changeInventory", `{` + target + `,"items":[{"skuId":"` + theirs.Edges.Skus[0].UID + `","delta":1}]}`, 442},
			{"tre/changeInventory", `{"treId":"` + mine.UID + `","sid":"forged","items":[{"skuId":"` + k.UID + `","delta":1}]}`, 442},
			{"tre/changeInventory", `{"treId":"tr\u0000x","sid":"` + sid + `","items":[{"delta":1}]}`, 102},
			{"tre/upTreSaleStatus", `{` + target + `,"saleable":"0"}`, 102},
			{"tre/upTreSaleStatus", `{` + target + `,"saleable":5}`, 102},
			{"tre/upTreSaleStatus", `{"treId":"trnosuch","sid":"` + sid + `","saleable":0}`, 104},
			{"tre/deleteTre", `[1,2]`, 102},
			{"tre/myTreList", `{"status":"sold"}`, 102},
		} {
			if env := s.call(t, "POST", c.path, c.body, "TOKEN", owner); env.Code != c.want || env.Easg == "" {
				t.Errorf("%s %s: %d %q, want %d", c.path, c.body, env.Code, env.Easg, c.want)
			}
		}
		if snapshot() != before {
			t.Fatal("refused input changed the goods")
		}
		// Off sale reaches the cached product page at once.
		page := "/en/tredetail/" + mine.UID + "/" + mine.URI
		if _, html := s.get(t, page); !strings.Contains(html, `"saleable":1`) {
			t.Fatal("the product page does not show the goods on sale")
		}
		off := `{` + target + `,"saleable":0}`
		if env := s.call(t, "POST", "tre/upTreSaleStatus", off, "TOKEN", owner); env.Code != 200 {
			t.Fatalf("off sale as the owner: %d %s", env.Code, env.Easg)
		}
		s.eventually(t, page, func(status int, html string) bool { return strings.Contains(html, `"saleable":0`) })
		// Delete: the page is gone and search no longer finds it, at once.
		name := s.app.DB.Text.Query().Where(text.OwnerKindEQ("goods"), text.OwnerIDEQ(mine.ID), text.FieldEQ("name"), text.LangEQ(mine.MainLan)).OnlyX(ctx).Txt
		found := func() bool {
			for _, f := range s.stream(t, "stream/search", `{"txt":"`+name+`"}`) {
				if f.Item != nil && f.Item["treId"] == mine.UID {
					return true
				}
			}
			return false
		}
		if !found() {
			t.Fatalf("search for %q does not find the item before it is deleted", name)
		}
		if env := s.call(t, "POST", "tre/deleteTre", `{`+target+`}`, "TOKEN", owner); env.Code != 200 {
			t.Fatalf("delete as the owner: %d %s", env.Code, env.Easg)
		}
		s.eventually(t, page, func(status int, _ string) bool { return status == 404 })
		if found() {
			t.Fatal("search still finds the deleted item")
		}
		if env := s.call(t, "POST", "tre/deleteTre", `{`+target+`}`, "TOKEN", owner); env.Code != 104 {
			t.Fatalf("deleting twice: %d", env.Code)
		}
	})
}

// eventually waits up to 2 s for a page to show a change: the first visit
// after it may get the old page while the new one renders
// (stale-while-revalidate); the ones after get the new one.
func (s *testStore) eventually(t *testing.T, path string, ok func(status int, html string) bool) {
	t.Helper()
	for i := 0; i < 20; i++ {
		if res, html := s.get(t, path); ok(res.StatusCode, html) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	res, html := s.get(t, path)
	t.Fatalf("%s did not follow the change within 2 s: %d %s %v", path, res.StatusCode, res.Header.Get("X-Cache"), strings.Contains(html, "not-found"))
}
