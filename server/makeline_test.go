package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"souk/app/catalog"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/identity"
	"souk/ent/order"
	"souk/ent/scenariolabel"
	"souk/server/api"
)

// makeDressAsk is the body of a make-line ask for a dress with a custom
// size: its first sku, one option of every label, the measures given.
func (s *testStore) makeDressAsk(t *testing.T, measures string) string {
	t.Helper()
	g, err := s.app.DB.Goods.Query().Where(goods.SpeEQ(1), goods.SaleableEQ(1),
		goods.HasLabelsWith(scenariolabel.LabelIDEQ(catalog.LabelSize))).WithSkus().WithAttrs().
		WithLabels(func(q *ent.ScenarioLabelQuery) { q.WithOptions() }).Order(ent.Asc(goods.FieldID)).First(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	sku := ""
	if len(g.Edges.Attrs) > 0 {
		sku = g.Edges.Skus[0].UID
	}
	var opts []string
	for _, l := range g.Edges.Labels {
		if l.LabelID == catalog.LabelSize {
			opts = append(opts, fmt.Sprintf(`{"labelId":%d,"optionId":%d,"sizeData":%s}`, l.LabelID, catalog.CustomSizeOption, measures))
		} else {
			opts = append(opts, fmt.Sprintf(`{"labelId":%d,"optionId":%d}`, l.LabelID, l.Edges.Options[0].OptionID))
		}
	}
	return fmt.Sprintf(`{"treId":%q,"skuId":%q,"scenarioOptions":[%s]`, g.UID, sku, strings.Join(opts, ","))
}

const goodMeasures = `{"type":1,"a":88,"b":70,"c":95,"d":150}`

type quoteWire struct {
	UID      string `json:"uid"`
	MakerUID string `json:"makerUid"`
	Total    struct {
		Amount float64 `json:"amount"`
	} `json:"total"`
	Size struct {
		Amount float64 `json:"amount"`
	} `json:"customSizePrice"`
	Makers   []struct{ UID string } `json:"makers"`
	Delivery struct {
		TailoringDays int `json:"tailoringDays"`
	} `json:"delivery"`
}

// TestMakeLineOverAPI: a shopper prices, fixes, places (two tabs at once:
// one order) and pays a made-to-measure dress; its maker accepts,
// produces and ships it; the buyer sees each step. Bad input gets
// translated messages.
func TestMakeLineOverAPI(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		ctx := context.Background()
		buyer := s.signUp(t, "ml-buyer@example.com")
		ask := s.makeDressAsk(t, goodMeasures)
		var pre quoteWire
		env := s.call(t, "POST", "order/preMakeLineData", ask+`}`, "TOKEN", buyer)
		if err := json.Unmarshal(env.Content, &pre); env.Code != 200 || err != nil || pre.UID != "" || pre.Total.Amount <= 0 || len(pre.Makers) == 0 || pre.Delivery.TailoringDays != 71 {
			t.Fatalf("preMakeLineData: %d %s %s", env.Code, env.Easg, env.Content)
		}
		// The encrypted variant answers sealed.
		sealer, _ := api.NewSealer("")
		body, _ := json.Marshal(api.Sealed{A: 1, B: sealer.Seal([]byte(ask + `}`))})
		var sealed struct{ B string }
		if env := s.call(t, "POST", "order/preMakeLineData", string(body), "TOKEN", buyer); env.Code != 200 || json.Unmarshal(env.Content, &sealed) != nil || sealed.B == "" {
			t.Fatalf("sealed preMakeLineData: %d %s", env.Code, env.Content)
		}
		var q quoteWire
		env = s.call(t, "POST", "order/getPreMakeLineUid", ask+`}`, "TOKEN", buyer)
		if err := json.Unmarshal(env.Content, &q); env.Code != 200 || err != nil || q.UID == "" || q.Total != pre.Total {
			t.Fatalf("getPreMakeLineUid: %d %s %s", env.Code, env.Easg, env.Content)
		}
		addr := s.call(t, "POST", "address/save", `{"name":"Ana","phone":"+1 415 555 0100","country":"US","region":"CA","city":"SF","line1":"1 Market St","postalCode":"94105"}`, "TOKEN", buyer)
		var a struct{ ID string }
		_ = json.Unmarshal(addr.Content, &a)

		// Two tabs (and a few more) place the same quote at once: one order.
		const tabs = 4
		envs := make([]envelope, tabs)
		var wg sync.WaitGroup
		for i := range tabs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				envs[i] = s.call(t, "POST", "order/makeLineOrderData", fmt.Sprintf(`{"uid":%q,"requestId":"tab%d","addressId":%q,"total":%v}`, q.UID, i, a.ID, q.Total.Amount), "TOKEN", buyer)
			}()
		}
		wg.Wait()
		var placed struct {
			PayUID       string   `json:"payUid"`
			OrderNumbers []string `json:"orderNumbers"`
		}
		wins := 0
		for _, e := range envs {
			switch {
			case e.Code == 200:
				wins++
				_ = json.Unmarshal(e.Content, &placed)
			case e.Code != 109 || !strings.Contains(e.Easg, "already been ordered"):
				t.Errorf("a losing tab: %d %q", e.Code, e.Easg)
			}
		}
		if wins != 1 || len(placed.OrderNumbers) != 1 {
			t.Fatalf("%d tabs won, want 1", wins)
		}
		n := placed.OrderNumbers[0]
		if c := s.app.DB.Order.Query().Where(order.MakelineUIDEQ(q.UID)).CountX(ctx); c != 1 {
			t.Fatalf("%d orders of the quote", c)
		}
		env = s.call(t, "POST", "order/payChange", `{"payUid":"`+placed.PayUID+`","payMethod":1,"card":{"number":"4242424242424242","expMonth":12,"expYear":2099,"cvc":"123"}}`, "TOKEN", buyer)
		if env.Code != 200 {
			t.Fatalf("pay: %s", env.Easg)
		}

		// The maker's back office: the seller calls, with accept first.
		maker := s.signUp(t, "ml-maker@example.com")
		s.attach(t, "ml-maker@example.com", s.app.DB.Identity.Query().Where(identity.UIDEQ(q.MakerUID)).OnlyIDX(ctx))
		env = s.call(t, "POST", "operations/order/list", `{"search":"`+n+`"}`, "TOKEN", maker)
		if env.Code != 200 || !strings.Contains(string(env.Content), `"accept":true`) || !strings.Contains(string(env.Content), `"makeLine"`) {
			t.Fatalf("maker's list: %d %s", env.Code, env.Content)
		}
		if env := s.call(t, "POST", "operations/order/accept", `{"uid":"`+n+`"}`, "TOKEN", buyer); env.Code != 104 {
			t.Fatalf("the buyer accepted: %d", env.Code)
		}
		if env := s.call(t, "POST", "operations/order/produce", `{"uid":"`+n+`"}`, "TOKEN", maker); env.Code != 109 || !strings.Contains(env.Easg, "Accept") {
			t.Fatalf("produce before accepting: %d %q", env.Code, env.Easg)
		}
		for _, step := range []struct{ path, body, want string }{
			{"operations/order/accept", `{"uid":"` + n + `"}`, `"status":200`},
			{"operations/order/produce", `{"uid":"` + n + `"}`, `"status":1000`},
			{"operations/order/ship", `{"uid":"` + n + `","carrier":"dhl","trackingNumber":"JD0146 0000 9999"}`, `"status":1001`},
		} {
			env := s.call(t, "POST", step.path, step.body, "TOKEN", maker)
			if env.Code != 200 || !strings.Contains(string(env.Content), step.want) {
				t.Fatalf("%s: %d %s %.300s", step.path, env.Code, env.Easg, env.Content)
			}
			var v struct {
				Status int `json:"status"`
			}
			_ = json.Unmarshal(s.call(t, "POST", "order/detail", `{"orderNumber":"`+n+`"}`, "TOKEN", buyer).Content, &v)
			if !strings.Contains(step.want, fmt.Sprint(v.Status)) {
				t.Fatalf("after %s the buyer sees status %d", step.path, v.Status)
			}
		}
		env = s.call(t, "POST", "order/detail", `{"orderNumber":"`+n+`"}`, "TOKEN", buyer)
		if !strings.Contains(string(env.Content), "The maker accepted the order") {
			t.Fatalf("buyer's timeline: %s", env.Content)
		}

		// The page is a private shell: never stored, never indexed.
		res, _ := s.get(t, "/en/makeline/"+q.UID)
		if res.StatusCode != 200 || res.Header.Get("Cache-Control") != "no-store" || res.Header.Get("X-Robots-Tag") != "noindex" {
			t.Errorf("makeline page: %d, Cache-Control %q, X-Robots-Tag %q", res.StatusCode, res.Header.Get("Cache-Control"), res.Header.Get("X-Robots-Tag"))
		}

		// Bad input: clear messages, nothing made.
		other := s.signUp(t, "ml-other@example.com")
		for _, c := range []struct {
			name, path, body, token string
			code                    int
			says                    string
		}{
			{"out of range", "order/preMakeLineData", s.makeDressAsk(t, `{"type":1,"a":10,"b":70,"c":95,"d":150}`) + `}`, buyer, 102, "out of range"},
			{"inch range", "order/getPreMakeLineUid", s.makeDressAsk(t, `{"type":2,"a2":88,"b2":30,"c2":30,"d2":40}`) + `}`, buyer, 102, "21 to 65"},
			{"NUL byte", "order/preMakeLineData", `{"treId":"tr\u0000x"}`, buyer, 102, ""},
			{"nothing", "order/preMakeLineData", `{}`, buyer, 102, "Choose"},
			{"someone else's quote", "order/makeLineOrderData", `{"uid":"` + q.UID + `","requestId":"o1","addressId":"","total":1}`, other, 104, "not found"},
			{"wrong uid", "order/makeLineOrderData", `{"uid":"ml-nope","requestId":"o2","total":1}`, buyer, 104, "not found"},
			{"used quote", "order/makeLineOrderData", fmt.Sprintf(`{"uid":%q,"requestId":"o3","addressId":%q,"total":%v}`, q.UID, a.ID, q.Total.Amount), buyer, 109, "already"},
			{"visitor", "order/getPreMakeLineUid", s.makeDressAsk(t, goodMeasures) + `}`, "", 401, ""},
		} {
			env := s.call(t, "POST", c.path, c.body, "TOKEN", c.token)
			if env.Code != c.code || env.Easg == "" || !strings.Contains(env.Easg, c.says) || strings.HasPrefix(env.Easg, "MakeLine") {
				t.Errorf("%s: %d %q, want %d saying %q", c.name, env.Code, env.Easg, c.code, c.says)
			}
		}
	})
}
