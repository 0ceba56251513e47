package server_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"souk/app/media"
	"souk/app/seed"
)

// The seeded sellers used as the owner and as another seller (both have a
// passed Seller identity and a login, README Demo accounts).
const (
	goodsOwnerEmail = "atelier-lumiere@souk.test"
	goodsOtherEmail = "casa-olivar@souk.test"
)

// userUID is the caller's user uid (its uploads' folder).
func (s *testStore) userUID(t *testing.T, token string) string {
	t.Helper()
	return decode[struct {
		UserUID string `json:"userUid"`
	}](t, s.call(t, "GET", "my/getMyProfileInfo", "", "TOKEN", token)).UserUID
}

// goodsUpload is the URL of an upload of uid's on the goods disk.
func goodsUpload(uid string, n int) string {
	return "/media/uploads/goods/" + media.OwnerDir(uid) + "/" + fmt.Sprintf("%032x", n) + "-b.jpg"
}

// dressValues is a dress with two colours and two lengths (four skus),
// colour swatches, sizes with the custom size, prices in two currencies,
// two quantity ranges and a minimum quantity.
func dressValues(uid, name string) map[string]any {
	img1, img2 := goodsUpload(uid, 1), goodsUpload(uid, 2)
	var skus []any
	for a := 0; a < 2; a++ {
		for b := 0; b < 2; b++ {
			skus = append(skus, map[string]any{"a": []any{a, b}, "price": "120.00", "stock": 5})
		}
	}
	return map[string]any{
		"name": name, "brief": "Light linen, long.", "intro": "<p>Hand <strong>sewn</strong>.</p>",
		"introAttrs": []any{map[string]any{"k": "Fabric", "v": "Linen"}},
		"bigType":    "1", "spe": "1", "category": "dresses", "images": []any{img1, img2},
		"attrs": []any{
			map[string]any{"name": "Colour", "values": []any{map[string]any{"name": "Ivory", "img": img1}, map[string]any{"name": "Blush", "img": img2}}},
			map[string]any{"name": "Length", "values": []any{map[string]any{"name": "Midi"}, map[string]any{"name": "Long"}}},
		},
		"skus": skus,
		"scenario": []any{
			map[string]any{"labelId": 2, "options": []any{map[string]any{"optionId": 2, "name": "Ivory", "swatch": "#fffff0"},
				map[string]any{"optionId": 3, "name": "Blush", "swatch": "#f4c2c2", "addPrice": "5"}}},
			map[string]any{"labelId": 9, "options": []any{map[string]any{"optionId": 1, "addPrice": "29.00"}, map[string]any{"optionId": 140}}},
		},
		"priceType": "3", "prices": []any{map[string]any{"c": "USD", "amount": "120.00"}, map[string]any{"c": "EUR", "amount": "110.50"}},
		"ranges": []any{map[string]any{"startQty": 2, "amount": "115.00"}, map[string]any{"startQty": 5, "amount": "100.00"}},
		"minQty": 2,
	}
}

func saveBody(treID string, values map[string]any, submit bool, extra ...string) string {
	m := map[string]any{"treId": treID, "values": values, "submit": submit, "maLan": "en"}
	for i := 0; i+1 < len(extra); i += 2 {
		m[extra[i]] = extra[i+1]
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// myGoods is the owner's view of an item with its form.
type myGoods struct {
	Item *struct {
		TreID         string           `json:"treId"`
		Sid           string           `json:"sid"`
		ApproveStatus struct{ ID int } `json:"approveStatus"`
		RejectReason  string           `json:"rejectReason"`
		Live          bool             `json:"live"`
		Pending       bool             `json:"pending"`
		Values        map[string]any   `json:"values"`
	} `json:"item"`
	Form *struct {
		Fields []struct{ Key string } `json:"fields"`
	} `json:"form"`
}

func (s *testStore) decideGoods(t *testing.T, op, treID, action, reason string) envelope {
	b, _ := json.Marshal(map[string]string{"treId": treID, "action": action, "reason": reason})
	return s.call(t, "POST", "operations/treasure/decide", string(b), "TOKEN", op)
}

// TestGoodsFormPermissions tries every goods form and goods review call as a
// visitor, a shopper, another seller, the owner and an operator.
func TestGoodsFormPermissions(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		tokens := map[string]string{
			"visitor":  "",
			"shopper":  s.signUp(t, "goods-shop@example.com"),
			"other":    s.loginAs(t, goodsOtherEmail, seed.DemoPassword),
			"owner":    s.loginAs(t, goodsOwnerEmail, seed.DemoPassword),
			"operator": s.loginAs(t, seed.OperatorEmail, seed.DemoPassword),
		}
		as := func(role, method, path, body string) envelope {
			if tokens[role] == "" {
				return s.call(t, method, path, body)
			}
			return s.call(t, method, path, body, "TOKEN", tokens[role])
		}
		owner := s.userUID(t, tokens["owner"])
		// The owner has a draft and a submitted item.
		draft := decode[myGoods](t, as("owner", "POST", "tre/saveTreForm", saveBody("0", dressValues(owner, "Perm draft"), false))).Item
		sent := decode[myGoods](t, as("owner", "POST", "tre/saveTreForm", saveBody("0", dressValues(owner, "Perm sent"), true))).Item
		if draft.ApproveStatus.ID != 0 || sent.ApproveStatus.ID != 1 || draft.Live || sent.Live {
			t.Fatalf("draft %+v, sent %+v", draft, sent)
		}
		ownerNew := saveBody("0", dressValues(owner, "Perm new"), false)
		ownerEdit := saveBody(draft.TreID, dressValues(owner, "Perm draft two"), false)
		roles := []string{"visitor", "shopper", "other", "owner", "operator"}
		type want map[string]int
		calls := []struct {
			method, path, body string
			want               want
		}{
			{"GET", "tre/getTreWithForm?treId=0", "", want{"visitor": 401, "shopper": 109, "other": 200, "owner": 200, "operator": 109}},
			{"GET", "tre/getTreWithForm?treId=" + draft.TreID, "", want{"visitor": 401, "shopper": 109, "other": 104, "owner": 200, "operator": 109}},
			// Another seller's pictures are not theirs to use; the owner's are.
			{"POST", "tre/saveTreForm", ownerNew, want{"visitor": 401, "shopper": 109, "other": 102, "owner": 200, "operator": 109}},
			{"POST", "tre/saveTreForm", ownerEdit, want{"visitor": 401, "shopper": 109, "other": 104, "owner": 200, "operator": 109}},
			{"POST", "tre/getTreDetail", `{"treId":"` + sent.TreID + `"}`, want{"visitor": 104, "shopper": 104, "other": 104, "owner": 104, "operator": 104}},
			{"POST", "operations/treasure/list", `{}`, want{"visitor": 104, "shopper": 104, "other": 104, "owner": 104, "operator": 200}},
			{"POST", "operations/treasure/decide", `{"treId":"` + sent.TreID + `","action":"take"}`, want{"visitor": 104, "shopper": 104, "other": 104, "owner": 104, "operator": 200}},
			{"POST", "tre/getMyTreLit/i18nOne", litBody(draft.TreID, "de", nil), want{"visitor": 401, "shopper": 109, "other": 104, "owner": 200, "operator": 109}},
			{"POST", "tre/saveMyTreLit", litBody(draft.TreID, "de", map[string]any{"name": "Entwurf"}), want{"visitor": 401, "shopper": 109, "other": 104, "owner": 200, "operator": 109}},
			// A draft is the seller's own: not in review.
			{"POST", "operations/treasure/decide", `{"treId":"` + draft.TreID + `","action":"pass"}`, want{"visitor": 104, "shopper": 104, "other": 104, "owner": 104, "operator": 109}},
			// Held by an operator, the item cannot be changed under them.
			{"POST", "tre/saveTreForm", saveBody(sent.TreID, dressValues(owner, "Perm sent two"), true), want{"visitor": 401, "shopper": 109, "other": 104, "owner": 109, "operator": 109}},
		}
		for _, c := range calls {
			for _, role := range roles {
				env := as(role, c.method, c.path, c.body)
				if env.Code != c.want[role] {
					t.Errorf("%s %s as %s: %d %q, want %d", c.method, c.path, role, env.Code, env.Easg, c.want[role])
				}
				if role != "owner" && role != "operator" && strings.Contains(string(env.Content), "Perm ") {
					t.Errorf("%s %s as %s shows the owner's goods: %s", c.method, c.path, role, env.Content)
				}
			}
		}
		// Only the operator's queue lists the submitted item, never the draft.
		queue := string(as("operator", "POST", "operations/treasure/list", `{}`).Content)
		if !strings.Contains(queue, sent.TreID) || strings.Contains(queue, draft.TreID) {
			t.Errorf("queue: %s", queue)
		}
	})
}
