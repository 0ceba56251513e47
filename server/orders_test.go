package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestOrderCallsRefuseOtherUsers places an order as Ana, then tries every
// order, payment and Doge call with Bob's token and without one; it also
// sends tampered totals, a forged callback and bad quantities.
func TestOrderCallsRefuseOtherUsers(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		ana, bob := s.signUp(t, "order-ana@example.com"), s.signUp(t, "order-bob@example.com")
		treID := s.anyGoods(t, func(g map[string]any) bool {
			return g["needsPick"] == false && g["saleable"].(float64) == 1 && g["stock"].(float64) > 5
		})
		if env := s.call(t, "POST", "shoppingIncrRP", `{"requestId":"o1","treId":"`+treID+`"}`, "TOKEN", ana); env.Code != 200 {
			t.Fatal(env.Easg)
		}
		addr := s.call(t, "POST", "address/save", `{"name":"Ana","phone":"+1 415 555 0100","country":"US","region":"CA","city":"SF","line1":"1 Market St","postalCode":"94105"}`, "TOKEN", ana)
		var a struct{ ID string }
		_ = json.Unmarshal(addr.Content, &a)
		env := s.call(t, "POST", "order/preOrderData", `{}`, "TOKEN", ana)
		var pre struct {
			Total struct{ Amount float64 } `json:"total"`
		}
		if err := json.Unmarshal(env.Content, &pre); env.Code != 200 || err != nil || pre.Total.Amount <= 0 {
			t.Fatalf("preOrderData: %d %s", env.Code, env.Content)
		}
		// Tampered totals are refused and write nothing.
		for _, total := range []string{fmt.Sprint(pre.Total.Amount - 0.01), "0.01", "-3", `"12"`} {
			env := s.call(t, "POST", "order/makeOrderData", `{"requestId":"t-`+total+`","addressId":"`+a.ID+`","total":`+total+`}`, "TOKEN", ana)
			if env.Code == 200 || env.Easg == "" {
				t.Errorf("total %s: code %d easg %q, want a refusal with a message", total, env.Code, env.Easg)
			}
		}
		env = s.call(t, "POST", "order/makeOrderData", fmt.Sprintf(`{"requestId":"real","addressId":%q,"total":%v}`, a.ID, pre.Total.Amount), "TOKEN", ana)
		var placed struct {
			PayUID       string   `json:"payUid"`
			OrderNumbers []string `json:"orderNumbers"`
		}
		if err := json.Unmarshal(env.Content, &placed); env.Code != 200 || err != nil || len(placed.OrderNumbers) != 1 {
			t.Fatalf("makeOrderData: %d %s %s", env.Code, env.Easg, env.Content)
		}
		n, pay := placed.OrderNumbers[0], placed.PayUID
		calls := []struct{ path, body string }{
			{"order/detail", `{"orderNumber":"` + n + `"}`},
			{"order/cancel", `{"orderNumber":"` + n + `"}`},
			{"order/delete", `{"orderNumber":"` + n + `"}`},
			{"order/sureReceived", `{"orderNumber":"` + n + `"}`},
			{"order/getRefundDogeAddresses", `{"orderNumber":"` + n + `"}`},
			{"order/payChange", `{"payUid":"` + pay + `","payMethod":1,"card":{"number":"4242424242424242","expMonth":12,"expYear":2099,"cvc":"123"}}`},
			{"payments/test/confirm", `{"payUid":"` + pay + `","approve":true}`},
			{"dogePay/showTransactionPageData", `{"uid":"` + pay + `"}`},
			{"dogePay/showTransactionProgress", `{"uid":"` + pay + `"}`},
			{"dogePay/simulateSend", `{"uid":"` + pay + `"}`},
			{"operations/order/ship", `{"uid":"` + n + `","carrier":"dhl","trackingNumber":"JD01460000"}`},
		}
		for _, c := range calls {
			if env := s.call(t, "POST", c.path, c.body, "TOKEN", bob); env.Code != 104 {
				t.Errorf("%s with another user's token answered %d, want 104", c.path, env.Code)
			}
			if env := s.call(t, "POST", c.path, c.body); env.Code != 401 {
				t.Errorf("%s without a session answered %d, want 401", c.path, env.Code)
			}
		}
		if env := s.call(t, "POST", "order/list", `{}`, "TOKEN", bob); !strings.Contains(string(env.Content), `"total":0`) {
			t.Errorf("bob lists ana's orders: %s", env.Content)
		}
		// Ana's order is untouched by all that, and hers to pay.
		env = s.call(t, "POST", "order/detail", `{"orderNumber":"`+n+`"}`, "TOKEN", ana)
		if env.Code != 200 || !strings.Contains(string(env.Content), `"status":100`) {
			t.Fatalf("ana's order after bob's tries: %d %s", env.Code, env.Content)
		}
		// A forged callback is refused at the HTTP level, so a real provider retries.
		req, _ := http.NewRequest("POST", s.URL+"/api/v1/souk/payments/webhook",
			strings.NewReader(`{"id":"evt_x","type":"payment.succeeded","ref":"tp_x","paymentUid":"`+pay+`"}`))
		req.Header.Set("Souk-Signature", "sha256=00")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("forged callback: HTTP %d", res.StatusCode)
		}
		env = s.call(t, "POST", "order/payChange", `{"payUid":"`+pay+`","payMethod":9}`, "TOKEN", ana)
		if env.Code != 102 {
			t.Errorf("unknown method answered %d", env.Code)
		}
		env = s.call(t, "POST", "order/payChange", `{"payUid":"`+pay+`","payMethod":1,"card":{"number":"4242424242424242","expMonth":12,"expYear":2099,"cvc":"123"}}`, "TOKEN", ana)
		if env.Code != 200 || !strings.Contains(string(env.Content), `"succeeded"`) {
			t.Fatalf("ana pays: %d %s %s", env.Code, env.Easg, env.Content)
		}
		for _, q := range []string{`-1`, `0`, `1000000000`} {
			env := s.call(t, "POST", "calPrice/quick", `{"lines":[{"treId":"`+treID+`","quantity":`+q+`}]}`)
			if env.Code != 102 || env.Easg == "" {
				t.Errorf("quick price of %s pieces: %d %q", q, env.Code, env.Easg)
			}
		}
		if env := s.call(t, "POST", "calPrice/quick", `{"lines":[{"treId":"`+treID+`","skuId":"forged","quantity":1}]}`); env.Code != 102 {
			t.Errorf("forged sku priced: %d", env.Code)
		}
	})
}
