package server_test

import (
	"strings"
	"testing"

	"souk/app/seed"
)

// TestReviewNotices: the owner's socket hears each pass and rejection of
// their account details, profile and listing (frame 9) with the page to
// open; taking an item for review tells nobody, and nobody else hears it.
func TestReviewNotices(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		owner := s.signUp(t, "rn-owner@example.com")
		bystander := s.signUp(t, "rn-other@example.com")
		op := s.loginAs(t, seed.OperatorEmail, seed.DemoPassword)
		k := s.dialChannel(t, owner, "en")
		other := s.dialChannel(t, bystander, "en")
		s.waitSockets(t, 2)

		call := func(token, path, body string) envelope {
			env := s.call(t, "POST", path, body, "TOKEN", token)
			if env.Code != 200 {
				t.Fatalf("%s %s: %d %s", path, body, env.Code, env.Easg)
			}
			return env
		}
		call(owner, "myEntity/addType", `{"entityType":1}`)
		ent := decode[mine](t, call(owner, "myEntity/saveEntityForm", `{"values":{"fullName":"Rn Owner","country":"DE"}}`))
		app := decode[mine](t, call(owner, "myIdentity/saveIdentityForm/21", sellerForm))
		steps := []struct {
			token, path, body, easg, link string
		}{
			{op, "operations/biggerentity/decide", `{"uid":"` + ent.Item.UID + `","action":"pass"}`,
				"Your account details have been approved.", "/bigerentity"},
			{op, "operations/biggeridentity/decide", `{"uid":"` + app.Item.UID + `","action":"take"}`, "", ""},
			{op, "operations/biggeridentity/decide", `{"uid":"` + app.Item.UID + `","action":"reject","reason":"Blurry"}`,
				"Your profile was not approved. Open it to see why.", "/editbigerprofile/creator"},
			{owner, "myIdentity/saveIdentityForm/21", sellerForm, "", ""},
			{op, "operations/biggeridentity/decide", `{"uid":"` + app.Item.UID + `","action":"pass"}`,
				"Your profile has been approved and is now public.", "/editbigerprofile/creator"},
		}
		for _, st := range steps {
			call(st.token, st.path, st.body)
			if st.easg == "" {
				continue // a take, or the owner's own save, is not news to the owner
			}
			n := k.next(t, 9)
			if n.Easg != st.easg || !strings.Contains(string(n.Content), `"link":"`+st.link+`"`) || !strings.Contains(string(n.Content), `"kind":"review"`) {
				t.Errorf("%s: notice %q %s, want %q linking %s", st.body, n.Easg, n.Content, st.easg, st.link)
			}
		}

		// A listing: the seller (attached to a seller identity) hears the rejection.
		sellerTok := s.loginAs(t, goodsOwnerEmail, seed.DemoPassword)
		ks := s.dialChannel(t, sellerTok, "en")
		s.waitSockets(t, 3)
		item := decode[myGoods](t, call(sellerTok, "tre/saveTreForm", saveBody("0", dressValues(s.userUID(t, sellerTok), "Noticed gown"), true))).Item
		if env := s.decideGoods(t, op, item.TreID, "reject", "Pictures too dark"); env.Code != 200 {
			t.Fatalf("reject: %d %s", env.Code, env.Easg)
		}
		n := ks.next(t, 9)
		if n.Easg != "Your listing was not approved. Open it to see why." || !strings.Contains(string(n.Content), `"link":"/createTre/`+item.TreID+`"`) {
			t.Errorf("listing notice: %q %s", n.Easg, n.Content)
		}
		// The bystander's first notice is their own: none of the owner's reached them.
		call(bystander, "myEntity/addType", `{"entityType":1}`)
		theirs := decode[mine](t, call(bystander, "myEntity/saveEntityForm", `{"values":{"fullName":"Rn Other","country":"FR"}}`))
		call(op, "operations/biggerentity/decide", `{"uid":"`+theirs.Item.UID+`","action":"reject","reason":"Blurry"}`)
		if n := other.next(t, 9); n.Easg != "Your account details were not approved. Open them to see why." {
			t.Errorf("the bystander heard %q first", n.Easg)
		}
	})
}
