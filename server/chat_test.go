package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"souk/app/catalog"
	"souk/app/media"
	"souk/app/staff"
	"souk/ent"
	"souk/ent/chatmessage"
	"souk/ent/goods"
	"souk/ent/identity"
)

// chatWorld is a store with a shopper, another shopper, the seller owning
// a goods item's identity, and an operator; the shopper has written to the
// seller about the item (goods) and to customer service (service).
type chatWorld struct {
	s                                   *testStore
	shopper, other, seller, operator    string // tokens
	treID, identityUID, goodsCV, servCV string
}

func newChatWorld(t *testing.T, s *testStore) *chatWorld {
	t.Helper()
	ctx := context.Background()
	g := s.app.DB.Goods.Query().Where(catalog.Listed(), goods.SaleableEQ(1),
		goods.HasOwnerWith(identity.IdentityTypeIn(catalog.IdentitySeller, catalog.IdentityMaker, catalog.IdentityCreator))).
		WithOwner().Order(ent.Asc(goods.FieldID)).FirstX(ctx)
	w := &chatWorld{s: s, treID: g.UID, identityUID: g.Edges.Owner.UID}
	w.shopper, w.other = s.signUp(t, "c-shopper@example.com"), s.signUp(t, "c-other@example.com")
	w.seller, w.operator = s.signUp(t, "c-seller@example.com"), s.signUp(t, "c-op@example.com")
	s.seller(t, "c-seller@example.com", g)
	if err := staff.New(s.app.DB, nil).Grant(ctx, "c-op@example.com", staff.Reviewer); err != nil {
		t.Fatal(err)
	}
	w.goodsCV = w.open(t, w.shopper, `{"kind":"goods","treId":"`+g.UID+`"}`)
	w.servCV = w.open(t, w.shopper, `{"kind":"service"}`)
	w.send(t, w.shopper, w.goodsCV, "w1", 1, "Is this dress available in blue?")
	w.send(t, w.shopper, w.servCV, "w2", 1, "Where is my parcel?")
	s.app.Assistant.Wait() // it answers the service question (no order: it hands over)
	return w
}

type chatConv struct {
	UID     string `json:"uid"`
	Kind    string `json:"kind"`
	Side    string `json:"side"`
	Unread  int    `json:"unread"`
	LastSeq int64  `json:"lastSeq"`
	Waiting bool   `json:"waiting"`
	Peer    struct {
		Name        string `json:"name"`
		IdentityUID string `json:"identityUid"`
	} `json:"peer"`
	Attached struct {
		TreID string `json:"treId"`
	} `json:"attached"`
	Last *chatMsg `json:"last"`
}

type chatMsg struct {
	Conversation string `json:"conversation"`
	Seq          int64  `json:"seq"`
	Side         string `json:"side"`
	Type         int    `json:"type"`
	Content      string `json:"content"`
	AppID        string `json:"appId"`
	Mine         bool   `json:"mine"`
	Card         *struct {
		TreID string `json:"treId"`
	} `json:"card"`
}

func (w *chatWorld) open(t *testing.T, token, body string) string {
	t.Helper()
	return decode[chatConv](t, w.s.call(t, "POST", "chat/open", body, "TOKEN", token)).UID
}

func (w *chatWorld) send(t *testing.T, token, cv, appID string, typ int, content string) chatMsg {
	t.Helper()
	return decode[chatMsg](t, w.s.call(t, "POST", "chat/send", sendBody(cv, appID, typ, content), "TOKEN", token))
}

func sendBody(cv, appID string, typ int, content string) string {
	b, _ := json.Marshal(map[string]any{"uid": cv, "appId": appID, "type": typ, "content": content})
	return string(b)
}

// TestChatPermissions tries every chat call as a visitor, the shopper,
// another shopper, the seller and an operator, on the seller's and on
// customer service's conversation: a non-member gets 104, as for a
// conversation that does not exist.
func TestChatPermissions(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		w := newChatWorld(t, s)
		forged := "cv" + strings.Repeat("ab", 12)
		calls := []struct{ path, body string }{
			{"chat/messages", `{"uid":"UID"}`},
			{"chat/send", `{"uid":"UID","appId":"p-WHO","type":1,"content":"hello"}`},
			{"chat/read", `{"uid":"UID","seq":1}`},
			{"chat/report", `{"uid":"UID","reason":"spam"}`},
		}
		who := []struct {
			name, token       string
			goods, serv, fake int
		}{
			{"visitor", "", 401, 401, 401},
			{"shopper", w.shopper, 200, 200, 104},
			{"another shopper", w.other, 104, 104, 104},
			{"seller", w.seller, 200, 104, 104},
			{"operator", w.operator, 104, 200, 104},
		}
		for _, c := range calls {
			for _, u := range who {
				for _, conv := range []struct {
					uid  string
					want int
				}{{w.goodsCV, u.goods}, {w.servCV, u.serv}, {forged, u.fake}} {
					body := strings.NewReplacer("UID", conv.uid, "WHO", strings.ReplaceAll(u.name, " ", "-")).Replace(c.body)
					if env := s.call(t, "POST", c.path, body, "TOKEN", u.token); env.Code != conv.want || (env.Code != 200 && env.Easg == "") {
						t.Errorf("%s as %s on %s: %d %q, want %d", c.path, u.name, conv.uid, env.Code, env.Easg, conv.want)
					}
				}
			}
		}
		// What each one lists.
		for _, u := range []struct {
			name, token string
			want        []string
		}{{"shopper", w.shopper, []string{w.goodsCV, w.servCV}}, {"another shopper", w.other, nil},
			{"seller", w.seller, []string{w.goodsCV}}, {"operator", w.operator, []string{w.servCV}}} {
			page := decode[struct {
				List  []chatConv `json:"list"`
				Total int        `json:"total"`
			}](t, s.call(t, "POST", "chat/list", `{}`, "TOKEN", u.token))
			var got []string
			for _, c := range page.List {
				got = append(got, c.UID)
			}
			if strings.Join(sorted(got), ",") != strings.Join(sorted(u.want), ",") || page.Total != len(u.want) {
				t.Errorf("chat/list as %s: %v (total %d), want %v", u.name, got, page.Total, u.want)
			}
		}
		for _, c := range []struct {
			name, path, token string
			want              int
		}{
			{"visitor lists", "chat/list", "", 401},
			{"visitor counts", "chat/unread", "", 401},
			{"visitor opens", "chat/open", "", 401},
			{"staff list as visitor", "operations/chat/list", "", 104},
			{"staff list as shopper", "operations/chat/list", w.shopper, 104},
			{"staff list as seller", "operations/chat/list", w.seller, 104},
			{"staff list as operator", "operations/chat/list", w.operator, 200},
			{"reports as shopper", "operations/chat/reports", w.shopper, 104},
			{"reports as operator", "operations/chat/reports", w.operator, 200},
		} {
			if env := s.call(t, "POST", c.path, `{"kind":"service"}`, "TOKEN", c.token); env.Code != c.want {
				t.Errorf("%s: %d %s, want %d", c.name, env.Code, env.Easg, c.want)
			}
		}
		// Nobody chats with themselves.
		for _, c := range []struct{ name, token, body string }{
			{"seller about own goods", w.seller, `{"kind":"goods","treId":"` + w.treID + `"}`},
			{"seller with own identity", w.seller, `{"kind":"identity","identityUid":"` + w.identityUID + `"}`},
			{"operator with customer service", w.operator, `{"kind":"service"}`},
		} {
			if env := s.call(t, "POST", "chat/open", c.body, "TOKEN", c.token); env.Code != 102 || env.Easg != "You cannot chat with yourself." {
				t.Errorf("%s: %d %q", c.name, env.Code, env.Easg)
			}
		}
		// The goods and identity pages of one seller lead to one conversation.
		if cv := w.open(t, w.shopper, `{"kind":"identity","identityUid":"`+w.identityUID+`"}`); cv != w.goodsCV {
			t.Errorf("opening the identity gave %s, want the goods conversation %s", cv, w.goodsCV)
		}
	})
}

func sorted(xs []string) []string {
	out := append([]string{}, xs...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// TestChatBadInput: every refused message stores nothing and says why;
// the same appId twice stores once.
func TestChatBadInput(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		w := newChatWorld(t, s)
		ctx := context.Background()
		count := func() int { return s.app.DB.ChatMessage.Query().CountX(ctx) }
		mine, theirs := s.userUID(t, w.shopper), s.userUID(t, w.other)
		chatPic := func(uid string) string {
			return "/media/uploads/chat/" + media.OwnerDir(uid) + "/" + strings.Repeat("1", 32) + "-b.jpg"
		}
		for _, c := range []struct {
			name    string
			appID   string
			typ     int
			content string
			code    int
			uid     string
		}{
			{"too long", "b1", 1, strings.Repeat("é", 2001), 102, ""},
			{"empty", "b2", 1, "  ", 102, ""},
			{"NUL", "b3", 1, "a\x00b", 102, ""},
			{"another's picture", "b4", 2, chatPic(theirs), 102, ""},
			{"own avatar, not a chat picture", "b5", 2, "/media/uploads/avatar/" + media.OwnerDir(mine) + "/" + strings.Repeat("2", 32) + "-b.jpg", 102, ""},
			{"outside picture", "b6", 2, "https://evil.example/x.jpg", 102, ""},
			{"unknown goods", "b7", 3, "nope", 104, ""},
			{"another's order", "b8", 4, "SO-404", 104, ""},
			{"unknown type", "b9", 9, "x", 102, ""},
			{"no appId", "", 1, "hello", 102, ""},
			{"appId too long", strings.Repeat("x", 65), 1, "hello", 102, ""},
			{"forged conversation", "b10", 1, "hello", 104, "cv" + strings.Repeat("0", 24)},
		} {
			before := count()
			uid := c.uid
			if uid == "" {
				uid = w.goodsCV
			}
			env := s.call(t, "POST", "chat/send", sendBody(uid, c.appID, c.typ, c.content), "TOKEN", w.shopper)
			if env.Code != c.code || env.Easg == "" {
				t.Errorf("%s: %d %q, want %d", c.name, env.Code, env.Easg, c.code)
			}
			if count() != before {
				t.Errorf("%s: a message was stored", c.name)
			}
		}
		if m := w.send(t, w.shopper, w.goodsCV, "ok1", 1, strings.Repeat("😀", 2000)); m.Seq != 2 || !m.Mine {
			t.Errorf("2000 characters: seq %d mine %v", m.Seq, m.Mine)
		}
		if m := w.send(t, w.shopper, w.goodsCV, "ok2", 2, chatPic(mine)); m.Type != 2 {
			t.Errorf("own picture: %+v", m)
		}
		if m := w.send(t, w.shopper, w.goodsCV, "ok3", 3, w.treID); m.Card == nil || m.Card.TreID != w.treID {
			t.Errorf("goods card: %+v", m)
		}
		first := w.send(t, w.seller, w.goodsCV, "twice", 1, "Yes, in blue.")
		again := w.send(t, w.seller, w.goodsCV, "twice", 1, "Yes, in blue (again).")
		if first.Seq != again.Seq || again.Content != "Yes, in blue." {
			t.Errorf("the same appId twice: %+v then %+v", first, again)
		}
		if n := s.app.DB.ChatMessage.Query().Where(chatmessage.AppIDEQ("twice")).CountX(ctx); n != 1 {
			t.Errorf("the same appId stored %d times", n)
		}
		// Read marks never move backwards.
		for _, seq := range []int{5, 2} {
			if env := s.call(t, "POST", "chat/read", fmt.Sprintf(`{"uid":%q,"seq":%d}`, w.goodsCV, seq), "TOKEN", w.shopper); env.Code != 200 {
				t.Fatal(env.Easg)
			}
		}
		page := decode[struct{ ReadSeq int64 }](t, s.call(t, "POST", "chat/messages", `{"uid":"`+w.goodsCV+`"}`, "TOKEN", w.seller))
		if page.ReadSeq != 5 {
			t.Errorf("the shopper's read mark is %d after reading to 5 then 2", page.ReadSeq)
		}
		for _, c := range []struct {
			reason string
			want   int
		}{{"", 102}, {strings.Repeat("é", 2001), 102}, {strings.Repeat("é", 2000), 200}} {
			body, _ := json.Marshal(map[string]string{"uid": w.goodsCV, "reason": c.reason})
			if env := s.call(t, "POST", "chat/report", string(body), "TOKEN", w.shopper); env.Code != c.want {
				t.Errorf("a report of %d characters: %d %s", len([]rune(c.reason)), env.Code, env.Easg)
			}
		}
		// Each report is a row staff read: three an hour per conversation and reporter.
		for i := 2; i <= 4; i++ {
			env := s.call(t, "POST", "chat/report", `{"uid":"`+w.goodsCV+`","reason":"again"}`, "TOKEN", w.shopper)
			if refused := env.Code != 200; refused != (i == 4) || (refused && env.Easg == "") {
				t.Errorf("report %d: %d %q", i, env.Code, env.Easg)
			}
		}
	})
}
