package server_test

import (
	"strings"
	"testing"
)

// TestChatOrders: the buyer's socket hears the payment (frame 9); the
// buyer may attach and quote the order to customer service, nobody else
// may; the quote shows the order's status.
func TestChatOrders(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		buyer, other := s.signUp(t, "o-buyer@example.com"), s.signUp(t, "o-other@example.com")
		k := s.dialChannel(t, buyer, "en")
		s.waitSockets(t, 1)
		treID := s.anyGoods(t, func(g map[string]any) bool {
			return g["needsPick"] == false && g["saleable"].(float64) == 1 && g["stock"].(float64) > 5
		})
		number := s.paidOrder(t, buyer, treID)
		n := k.next(t, 9)
		if n.Easg != "Payment received for order "+number+"." || !strings.Contains(string(n.Content), `"link":"/myorder/`+number+`"`) {
			t.Errorf("payment notice: %q %s", n.Easg, n.Content)
		}

		if env := s.call(t, "POST", "chat/open", `{"kind":"service","orderNumber":"`+number+`"}`, "TOKEN", other); env.Code != 104 {
			t.Errorf("another user attaching the order: %d %s", env.Code, env.Easg)
		}
		w := &chatWorld{s: s}
		cv := decode[struct {
			UID      string `json:"uid"`
			Attached struct {
				OrderNumber string `json:"orderNumber"`
			} `json:"attached"`
		}](t, s.call(t, "POST", "chat/open", `{"kind":"service","orderNumber":"`+number+`"}`, "TOKEN", buyer))
		if cv.Attached.OrderNumber != number {
			t.Errorf("attached order %q", cv.Attached.OrderNumber)
		}
		env := s.call(t, "POST", "chat/send", sendBody(cv.UID, "ord", 4, number), "TOKEN", buyer)
		m := decode[struct {
			Order *struct {
				OrderNumber string `json:"orderNumber"`
				Status      int    `json:"status"`
			} `json:"order"`
		}](t, env)
		if m.Order == nil || m.Order.OrderNumber != number || m.Order.Status != 200 {
			t.Errorf("order reference: %+v", m.Order)
		}
		otherCV := w.open(t, other, `{"kind":"service"}`)
		if env := s.call(t, "POST", "chat/send", sendBody(otherCV, "ord", 4, number), "TOKEN", other); env.Code != 104 {
			t.Errorf("quoting another user's order: %d %s", env.Code, env.Easg)
		}
	})
}
