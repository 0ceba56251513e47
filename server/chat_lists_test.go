package server_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// chatUpload uploads a picture on the chat disk as token's user and
// returns its big URL.
func (s *testStore) chatUpload(t *testing.T, token string) string {
	t.Helper()
	form := url.Values{"image": {pngB64(300, 200)}, "contentType": {"image/png"}}
	req, _ := http.NewRequest("POST", s.URL+"/api/v1/souk/file/imageBase64/uploadCut/chat/160/160/1024/1024", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("TOKEN", token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var env envelope
	_ = json.NewDecoder(res.Body).Decode(&env)
	return decode[struct {
		Big struct{ URL string } `json:"big"`
	}](t, env).Big.URL
}

// TestChatOpenAgainAndLists: opening again with another item posts its
// card once; a picture uploaded for chat is sent; unread counts follow
// messages and reads; the operators' list puts waiting conversations
// first; a report reaches the operators.
func TestChatOpenAgainAndLists(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		w := newChatWorld(t, s)
		other := s.anyGoods(t, func(g map[string]any) bool { return g["ownerUid"] == w.identityUID && g["treId"] != w.treID })
		for range 2 { // the second open posts nothing more
			if cv := w.open(t, w.shopper, `{"kind":"goods","treId":"`+other+`"}`); cv != w.goodsCV {
				t.Fatalf("opening again gave another conversation %s", cv)
			}
		}
		page := decode[struct{ List []chatMsg }](t, s.call(t, "POST", "chat/messages", `{"uid":"`+w.goodsCV+`"}`, "TOKEN", w.seller))
		if n := len(page.List); n != 2 || page.List[1].Type != 3 || page.List[1].Card == nil || page.List[1].Card.TreID != other {
			t.Fatalf("after opening with another item: %+v", page.List)
		}
		pic := s.chatUpload(t, w.seller)
		if m := w.send(t, w.seller, w.goodsCV, "pic", 2, pic); m.Content != pic || m.Side != "peer" {
			t.Errorf("picture message: %+v", m)
		}
		type unread struct {
			Total int            `json:"total"`
			Map   map[string]int `json:"map"`
		}
		// The seller's picture, and customer service's assistant answering.
		if u := decode[unread](t, s.call(t, "POST", "chat/unread", `{}`, "TOKEN", w.shopper)); u.Total != 2 || u.Map[w.goodsCV] != 1 || u.Map[w.servCV] != 1 {
			t.Errorf("the shopper's unread: %+v", u)
		}
		if u := decode[unread](t, s.call(t, "POST", "chat/unread", `{}`, "TOKEN", w.seller)); u.Total != 2 {
			t.Errorf("the seller's unread: %+v", u)
		}
		if env := s.call(t, "POST", "chat/read", `{"uid":"`+w.goodsCV+`","seq":99}`, "TOKEN", w.seller); env.Code != 200 {
			t.Fatal(env.Easg)
		}
		if u := decode[unread](t, s.call(t, "POST", "chat/unread", `{}`, "TOKEN", w.seller)); u.Total != 0 {
			t.Errorf("the seller's unread after reading all: %+v", u)
		}

		// Customer service: the other shopper's question waits; the first
		// shopper's is answered.
		waiting := w.open(t, w.other, `{"kind":"service"}`)
		w.send(t, w.other, waiting, "q", 1, "Hello?")
		w.send(t, w.operator, w.servCV, "a", 1, "On its way.")
		staffPage := decode[struct {
			List  []chatConv `json:"list"`
			Total int        `json:"total"`
		}](t, s.call(t, "POST", "operations/chat/list", `{}`, "TOKEN", w.operator))
		if staffPage.Total != 2 || staffPage.List[0].UID != waiting || !staffPage.List[0].Waiting || staffPage.List[1].Waiting {
			t.Errorf("operators' list: %+v", staffPage.List)
		}
		if p := staffPage.List[0].Peer.Name; p == "" {
			t.Errorf("the shopper's name in the operators' list: %q", p)
		}
		if env := s.call(t, "POST", "chat/report", `{"uid":"`+w.goodsCV+`","reason":"Asked me to pay outside Souk"}`, "TOKEN", w.shopper); env.Code != 200 {
			t.Fatal(env.Easg)
		}
		reports := decode[struct {
			List []struct{ Conversation, Reason, Side string }
		}](t, s.call(t, "POST", "operations/chat/reports", `{}`, "TOKEN", w.operator))
		if len(reports.List) != 1 || reports.List[0].Conversation != w.goodsCV || reports.List[0].Side != "shopper" {
			t.Errorf("reports: %+v", reports.List)
		}
	})
}
