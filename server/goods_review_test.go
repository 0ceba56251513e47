package server_test

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"souk/app/seed"
	"souk/app/staff"
	"souk/ent/goods"
	"souk/ent/goodsprice"
	"souk/ent/identity"
	"souk/ent/sku"
	"souk/ent/staffaudit"
)

// clone copies form values deeply (they are JSON).
func clone(v map[string]any) map[string]any {
	b, _ := json.Marshal(v)
	var out map[string]any
	_ = json.Unmarshal(b, &out)
	return out
}

// TestGoodsFormRefusesBadInput: each bad save of a live item or a new one
// is refused with the field named, and nothing of it is saved.
func TestGoodsFormRefusesBadInput(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		owner := s.loginAs(t, goodsOwnerEmail, seed.DemoPassword)
		op := s.loginAs(t, seed.OperatorEmail, seed.DemoPassword)
		uid := s.userUID(t, owner)
		made := decode[myGoods](t, s.call(t, "POST", "tre/saveTreForm", saveBody("0", dressValues(uid, "Bad input dress"), true), "TOKEN", owner)).Item
		if env := s.decideGoods(t, op, made.TreID, "pass", ""); env.Code != 200 {
			t.Fatalf("pass: %d %s", env.Code, env.Easg)
		}
		before := decode[myGoods](t, s.call(t, "GET", "tre/getTreWithForm?treId="+made.TreID, "", "TOKEN", owner)).Item
		ctx := t.Context()
		otherSku, err := s.app.DB.Sku.Query().Where(sku.HasGoodsWith(goods.HasOwnerWith(identity.UIDNEQ(made.Sid)))).First(ctx)
		if err != nil {
			t.Fatal(err)
		}
		otherSid, err := s.app.DB.Identity.Query().Where(identity.UIDNEQ(made.Sid), identity.IdentityTypeEQ(22)).FirstID(ctx)
		if err != nil {
			t.Fatal(err)
		}
		otherSidUID := s.app.DB.Identity.GetX(ctx, otherSid).UID
		countBefore := s.app.DB.Goods.Query().CountX(ctx)
		edit := func(f func(v map[string]any)) map[string]any {
			v := clone(before.Values)
			f(v)
			return v
		}
		many := []any{}
		for i := 0; i < 11; i++ {
			many = append(many, goodsUpload(uid, 100+i))
		}
		cases := []struct {
			name   string
			treID  string
			values map[string]any
			extra  []string
			code   int
			field  string
		}{
			{"forged sid", made.TreID, before.Values, []string{"sid", otherSidUID}, 442, ""},
			{"forged sid on a new item", "0", before.Values, []string{"sid", otherSidUID}, 442, ""},
			{"another seller's sku id", made.TreID, edit(func(v map[string]any) {
				v["skus"].([]any)[0].(map[string]any)["id"] = otherSku.UID
			}), nil, 102, "skus.0.id"},
			{"negative stock", made.TreID, edit(func(v map[string]any) {
				v["skus"].([]any)[1].(map[string]any)["stock"] = -3
			}), nil, 102, "skus.1.stock"},
			{"more decimals than the currency has", made.TreID, edit(func(v map[string]any) {
				v["prices"].([]any)[1].(map[string]any)["amount"] = "99.999"
			}), nil, 102, "prices.1.amount"},
			{"sku price with too many decimals", made.TreID, edit(func(v map[string]any) {
				v["skus"].([]any)[0].(map[string]any)["price"] = 10.005
			}), nil, 102, "skus.0.price"},
			{"11 images", made.TreID, edit(func(v map[string]any) { v["images"] = many }), nil, 102, "images"},
			{"a picture of someone else's", made.TreID, edit(func(v map[string]any) {
				v["images"] = []any{goodsUpload("someone-else", 1)}
			}), nil, 102, "images.0"},
			{"a field the definition lacks", made.TreID, edit(func(v map[string]any) { v["colour"] = "red" }), nil, 102, "colour"},
			{"a field the definition lacks on a new item", "0", edit(func(v map[string]any) { v["secret"] = 1 }), nil, 102, "secret"},
			{"a combination out of range", made.TreID, edit(func(v map[string]any) {
				v["skus"].([]any)[0].(map[string]any)["a"] = []any{0, 7}
			}), nil, 102, "skus.0.a"},
			{"a size that does not exist", made.TreID, edit(func(v map[string]any) {
				v["scenario"].([]any)[1].(map[string]any)["options"].([]any)[1].(map[string]any)["optionId"] = 50
			}), nil, 102, "scenario.1.options.1.optionId"},
			{"ranges out of order", made.TreID, edit(func(v map[string]any) {
				v["ranges"].([]any)[1].(map[string]any)["startQty"] = 2
			}), nil, 102, "ranges.1.startQty"},
			{"a NUL byte", made.TreID, edit(func(v map[string]any) { v["name"] = "Dress\x00" }), nil, 102, ""}, // refused where the body is read
			{"a name of the wrong type", made.TreID, edit(func(v map[string]any) { v["name"] = 5 }), nil, 102, "name"},
			{"no prices", "0", edit(func(v map[string]any) { delete(v, "prices") }), nil, 102, "prices"},
			{"attributes without variants", made.TreID, edit(func(v map[string]any) { delete(v, "skus") }), nil, 102, "skus"},
			{"a category the catalogue lacks", made.TreID, edit(func(v map[string]any) { v["category"] = "spaceships" }), nil, 102, "category"},
			{"a category of the wrong type", made.TreID, edit(func(v map[string]any) { v["category"] = []any{"dresses"} }), nil, 102, "category"},
			{"no category on a new item", "0", edit(func(v map[string]any) { delete(v, "category") }), nil, 102, "category"},
		}
		for _, c := range cases {
			env := s.call(t, "POST", "tre/saveTreForm", saveBody(c.treID, c.values, true, c.extra...), "TOKEN", owner)
			if env.Code != c.code {
				t.Errorf("%s: %d %q, want %d", c.name, env.Code, env.Easg, c.code)
				continue
			}
			if c.field != "" && fieldsOf(env)[c.field] == "" {
				t.Errorf("%s: fields %v do not name %s", c.name, fieldsOf(env), c.field)
			}
		}
		after := decode[myGoods](t, s.call(t, "GET", "tre/getTreWithForm?treId="+made.TreID, "", "TOKEN", owner)).Item
		a, _ := json.Marshal(after)
		b, _ := json.Marshal(before)
		if string(a) != string(b) {
			t.Errorf("a refused save changed the item:\n%s\n%s", b, a)
		}
		if n := s.app.DB.Goods.Query().CountX(ctx); n != countBefore {
			t.Errorf("refused saves made %d goods", n-countBefore)
		}
		// A script in the intro is removed on the server, whatever the browser sent.
		v := clone(before.Values)
		v["intro"] = `<p onclick="x()">Fine <a href="javascript:alert(1)">linen</a></p><script>alert(1)</script><img src=x onerror=alert(1)>`
		saved := decode[myGoods](t, s.call(t, "POST", "tre/saveTreForm", saveBody(made.TreID, v, false), "TOKEN", owner)).Item
		intro, _ := saved.Values["intro"].(string)
		if intro != "<p>Fine linen</p>" {
			t.Errorf("intro saved as %q", intro)
		}
		// A 30 MB picture never reaches the form: the upload path refuses it.
		if env := s.upload(t, owner, "goods", strings.Repeat("A", 30<<20)); env.Code == 200 {
			t.Errorf("a 30 MB upload answered 200")
		}
	})
}

// TestGoodsReviewFlow: a new item is public only once passed; a change of
// its texts waits while the live version stays, a rejection keeps the live
// version and shows the reason, prices and stock apply at once, and a pass
// shows the change on the page and in search.
func TestGoodsReviewFlow(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		owner := s.loginAs(t, goodsOwnerEmail, seed.DemoPassword)
		op := s.loginAs(t, seed.OperatorEmail, seed.DemoPassword)
		uid := s.userUID(t, owner)
		ctx := t.Context()
		// A real upload through the crop-and-upload path.
		up := decode[struct {
			Big struct{ URL string } `json:"big"`
		}](t, s.upload(t, owner, "goods", pngB64(300, 400)))
		v := dressValues(uid, "Quokkafluff bridal gown")
		v["images"] = []any{up.Big.URL, goodsUpload(uid, 2)}
		v["attrs"].([]any)[0].(map[string]any)["values"].([]any)[0].(map[string]any)["img"] = up.Big.URL
		item := decode[myGoods](t, s.call(t, "POST", "tre/saveTreForm", saveBody("0", v, true), "TOKEN", owner)).Item
		detail := func() envelope { return s.call(t, "POST", "tre/getTreDetail", `{"treId":"`+item.TreID+`"}`) }
		if env := detail(); env.Code != 104 {
			t.Fatalf("a new item is public before review: %d", env.Code)
		}
		if env := s.decideGoods(t, op, item.TreID, "take", ""); env.Code != 200 {
			t.Fatalf("take: %d %s", env.Code, env.Easg)
		}
		if env := s.decideGoods(t, op, item.TreID, "pass", ""); env.Code != 200 {
			t.Fatalf("pass: %d %s", env.Code, env.Easg)
		}
		type page struct {
			TreName        struct{ Txt string }  `json:"treName"`
			Saleable       int                   `json:"saleable"`
			TreImages      []struct{ ID string } `json:"treImages"`
			ScenarioLabels []struct {
				LabelID int                `json:"labelId"`
				Values  []struct{ ID int } `json:"values"`
			} `json:"scenarioLabels"`
		}
		live := decode[page](t, detail())
		if live.TreName.Txt != "Quokkafluff bridal gown" || live.Saleable != 1 || len(live.TreImages) != 2 || len(live.ScenarioLabels) != 2 {
			t.Fatalf("passed item's page: %+v", live)
		}
		if fs := s.stream(t, "stream/search", `{"txt":"quokkafluff"}`); !strings.Contains(framesJSON(fs), item.TreID) {
			t.Errorf("search does not find the passed item")
		}
		// The category the seller chose puts it on that category's page.
		if env := s.call(t, "POST", "tre/categoryList", `{"category":"dresses","sort":"new","pageSize":60}`); !strings.Contains(string(env.Content), item.TreID) {
			t.Errorf("the passed item is not on its category's page")
		}
		// A change of the name waits; the EUR price and a stock apply at once.
		cur := decode[myGoods](t, s.call(t, "GET", "tre/getTreWithForm?treId="+item.TreID, "", "TOKEN", owner)).Item
		if cur.Pending || cur.ApproveStatus.ID != 2 {
			t.Fatalf("after pass: %+v", cur)
		}
		ch := clone(cur.Values)
		ch["name"] = "Quokkafluff bridal gown, long"
		ch["prices"].([]any)[1].(map[string]any)["amount"] = "99.00"
		ch["skus"].([]any)[0].(map[string]any)["stock"] = 42
		mine := decode[myGoods](t, s.call(t, "POST", "tre/saveTreForm", saveBody(item.TreID, ch, true), "TOKEN", owner)).Item
		if !mine.Pending || mine.ApproveStatus.ID != 1 || mine.Values["name"] != "Quokkafluff bridal gown, long" {
			t.Fatalf("owner's view of the change: %+v", mine)
		}
		if got := decode[page](t, detail()).TreName.Txt; got != "Quokkafluff bridal gown" {
			t.Fatalf("the live name changed before review: %q", got)
		}
		g := s.app.DB.Goods.Query().Where(goods.UIDEQ(item.TreID)).OnlyX(ctx)
		eur := s.app.DB.GoodsPrice.Query().Where(goodsprice.HasGoodsWith(goods.IDEQ(g.ID)), goodsprice.CurrencyEQ("EUR")).OnlyX(ctx)
		first := s.app.DB.Sku.Query().Where(sku.UIDEQ(ch["skus"].([]any)[0].(map[string]any)["id"].(string))).OnlyX(ctx)
		if eur.Amount != 9900 || first.Stock != 42 || g.MinQty != 2 {
			t.Fatalf("price and stock did not apply at once: EUR %d, stock %d, minQty %d", eur.Amount, first.Stock, g.MinQty)
		}
		// Rejected: the live version stays and the owner sees why.
		if env := s.decideGoods(t, op, item.TreID, "reject", "Name too long"); env.Code != 200 {
			t.Fatalf("reject: %d %s", env.Code, env.Easg)
		}
		mine = decode[myGoods](t, s.call(t, "GET", "tre/getTreWithForm?treId="+item.TreID, "", "TOKEN", owner)).Item
		if mine.ApproveStatus.ID != 4 || mine.RejectReason != "Name too long" || !mine.Pending {
			t.Fatalf("owner after rejection: %+v", mine)
		}
		if got := decode[page](t, detail()).TreName.Txt; got != "Quokkafluff bridal gown" {
			t.Fatalf("rejection changed the live name: %q", got)
		}
		// Resubmitted and passed: the page and search show the change.
		ch["name"] = "Quokkafluff gown, long"
		decode[myGoods](t, s.call(t, "POST", "tre/saveTreForm", saveBody(item.TreID, ch, true), "TOKEN", owner))
		if env := s.decideGoods(t, op, item.TreID, "pass", ""); env.Code != 200 {
			t.Fatalf("second pass: %d %s", env.Code, env.Easg)
		}
		if got := decode[page](t, detail()).TreName.Txt; got != "Quokkafluff gown, long" {
			t.Fatalf("passed change not live: %q", got)
		}
		if first := s.app.DB.Sku.Query().Where(sku.UIDEQ(first.UID)).OnlyX(ctx); first.Stock != 42 {
			t.Errorf("publishing the change reset stock to %d", first.Stock)
		}
		if n := s.app.DB.StaffAudit.Query().Where(staffaudit.ObjectKindEQ("goods"), staffaudit.ObjectUIDEQ(item.TreID)).CountX(ctx); n != 4 {
			t.Errorf("%d audit rows, want 4 (take, pass, reject, pass)", n)
		}
		// A second decision on a decided item is refused.
		if env := s.decideGoods(t, op, item.TreID, "pass", ""); env.Code != 109 {
			t.Errorf("deciding a passed item again: %d", env.Code)
		}
	})
}

// TestGoodsRejectNeedsAReason: a rejection without a reason (empty or
// blank) or with one over 500 characters is refused with the message in
// the operator's language, and the item still waits, with no audit row.
func TestGoodsRejectNeedsAReason(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		owner := s.loginAs(t, goodsOwnerEmail, seed.DemoPassword)
		op := s.loginAs(t, seed.OperatorEmail, seed.DemoPassword)
		item := decode[myGoods](t, s.call(t, "POST", "tre/saveTreForm", saveBody("0", dressValues(s.userUID(t, owner), "Reasonless dress"), true), "TOKEN", owner)).Item
		cases := []struct{ name, reason, lang, msg string }{
			{"empty", "", "en", "Please give the reason for the rejection."},
			{"blank", " \n\t ", "de", "Bitte geben Sie den Grund für die Ablehnung an."},
			{"too long", strings.Repeat("x", 501), "en", ""},
		}
		for _, c := range cases {
			b, _ := json.Marshal(map[string]string{"treId": item.TreID, "action": "reject", "reason": c.reason})
			env := s.call(t, "POST", "operations/treasure/decide", string(b), "TOKEN", op, "ALAN", c.lang)
			if env.Code != 102 || fieldsOf(env)["reason"] == "" {
				t.Errorf("%s: %d %q %v, want 102 naming reason", c.name, env.Code, env.Easg, fieldsOf(env))
			}
			if c.msg != "" && env.Easg != c.msg {
				t.Errorf("%s: message %q, want %q", c.name, env.Easg, c.msg)
			}
		}
		mine := decode[myGoods](t, s.call(t, "GET", "tre/getTreWithForm?treId="+item.TreID, "", "TOKEN", owner)).Item
		if mine.ApproveStatus.ID != 1 || mine.RejectReason != "" {
			t.Errorf("after refused rejections: status %d, reason %q; want waiting, none", mine.ApproveStatus.ID, mine.RejectReason)
		}
		if n := s.app.DB.StaffAudit.Query().Where(staffaudit.ObjectUIDEQ(item.TreID)).CountX(t.Context()); n != 0 {
			t.Errorf("refused rejections wrote %d audit rows", n)
		}
	})
}

func framesJSON(fs []frame) string {
	b, _ := json.Marshal(fs)
	return string(b)
}

// TestGoodsReviewOneDecider: two reviewers taking or passing the same item
// at once: exactly one wins, the other is told who has it.
func TestGoodsReviewOneDecider(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		owner := s.loginAs(t, goodsOwnerEmail, seed.DemoPassword)
		op1 := s.loginAs(t, seed.OperatorEmail, seed.DemoPassword)
		s.signUp(t, "second-reviewer@example.com")
		if err := staff.New(s.app.DB, nil).Grant(t.Context(), "second-reviewer@example.com", staff.Reviewer); err != nil {
			t.Fatal(err)
		}
		op2 := s.loginAs(t, "second-reviewer@example.com", "secret123")
		uid := s.userUID(t, owner)
		for round, action := range []string{"take", "pass"} {
			item := decode[myGoods](t, s.call(t, "POST", "tre/saveTreForm", saveBody("0", dressValues(uid, "Race "+action), true), "TOKEN", owner)).Item
			codes := make(chan int, 2)
			var wg sync.WaitGroup
			for _, op := range []string{op1, op2} {
				wg.Add(1)
				go func(op string) {
					defer wg.Done()
					codes <- s.decideGoods(t, op, item.TreID, action, "").Code
				}(op)
			}
			wg.Wait()
			close(codes)
			got := map[int]int{}
			for c := range codes {
				got[c]++
			}
			if got[200] != 1 || got[109] != 1 {
				t.Errorf("round %d (%s): answers %v, want one 200 and one 109", round, action, got)
			}
			n := s.app.DB.StaffAudit.Query().Where(staffaudit.ObjectUIDEQ(item.TreID)).CountX(t.Context())
			if n != 1 {
				t.Errorf("round %d: %d audit rows, want 1", round, n)
			}
		}
	})
}

// TestDemoGoodsRoundTrip: a demo seller opens each kind of their demo goods
// in the form and saves it unchanged: accepted, nothing to review; a new
// stock applies at once.
func TestDemoGoodsRoundTrip(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	owner := s.loginAs(t, goodsOwnerEmail, seed.DemoPassword)
	ctx := t.Context()
	sid := s.app.DB.Identity.Query().Where(identity.UIDEQ(strings.TrimSuffix(goodsOwnerEmail, "@souk.test"))).OnlyX(ctx)
	rows := s.app.DB.Goods.Query().Where(goods.HasOwnerWith(identity.IDEQ(sid.ID))).Limit(12).AllX(ctx)
	if len(rows) == 0 {
		t.Fatal("the demo seller has no goods")
	}
	for _, g := range rows {
		got := decode[myGoods](t, s.call(t, "GET", "tre/getTreWithForm?treId="+g.UID, "", "TOKEN", owner)).Item
		env := s.call(t, "POST", "tre/saveTreForm", saveBody(g.UID, got.Values, true, "maLan", g.MainLan), "TOKEN", owner)
		if env.Code != 200 {
			t.Errorf("%s (%s) saved unchanged: %d %s %v", g.UID, g.Template, env.Code, env.Easg, fieldsOf(env))
			continue
		}
		after := decode[myGoods](t, env).Item
		if after.Pending || after.ApproveStatus.ID != 2 {
			t.Errorf("%s saved unchanged waits for review: %+v", g.UID, after)
		}
	}
}
