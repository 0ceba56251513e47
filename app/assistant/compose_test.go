package assistant

import (
	"strings"
	"testing"

	"souk/app/ai"
	"souk/app/catalog"
	"souk/app/order"
)

// keys renders a key as itself with its arguments, so a test reads which
// sentence was chosen and with what.
func keys(_ string, key string, args ...string) string {
	return key + "(" + strings.Join(args, "=") + ")"
}

func TestCompose(t *testing.T) {
	s := &Service{t: keys}
	shipped := OrderFact{Number: "S1", Status: "Shipped", StatusCode: order.Shipped, Items: []string{"Dress"}, Carrier: "dhl",
		Tracking: "JD1", AcceptedBy: "2026-12-01", StandardBy: "2026-12-11", EstimatedBy: "2027-03-01"}
	paid := OrderFact{Number: "S2", Status: "Paid", StatusCode: order.Paid, Items: []string{"Bag"}}
	rules := DressRules{AcceptedBy: "a", StandardBy: "b", EstimatedBy: "c", TailoringDays: 71, ShippingDays: 35}
	both := &Facts{Orders: []OrderFact{shipped, paid}, DressDelivery: rules, ReturnPolicy: ReturnPolicy{Days: ReturnDays}}
	none := &Facts{DressDelivery: rules}
	sizes := []catalog.SizeRow{{Label: "US 2", CM: []float64{82.5, 63, 88.5, 150.5}}}
	cases := []struct {
		name     string
		r        ai.Reply
		f        *Facts
		want     []string
		handover bool
	}{
		{"newest order, tracking, dress dates, others", ai.Reply{Intent: ai.IntentOrder}, both,
			[]string{"AssistOrderStatus(number=S1=items=Dress=status=Shipped)", "AssistOrderTracking(carrier=dhl=tracking=JD1)",
				"AssistOrderDress(accepted=2026-12-01", "AssistOtherOrders(numbers=S2)"}, false},
		{"named order", ai.Reply{Intent: ai.IntentOrder, OrderNumber: "S2"}, both, []string{"number=S2", "status=Paid"}, false},
		{"someone else's order", ai.Reply{Intent: ai.IntentOrder, OrderNumber: "S9"}, both,
			[]string{"AssistOrderNotFound(number=S9)", "AssistHandover"}, true},
		{"no orders", ai.Reply{Intent: ai.IntentOrder}, none, []string{"AssistNoOrders", "AssistHandover"}, true},
		{"delivery of a plain order gives the rules", ai.Reply{Intent: ai.IntentDelivery, OrderNumber: "S2"}, both,
			[]string{"number=S2", "AssistDeliveryRules(accepted=a=standard=b=estimated=c=tailoring=71=shipping=35)"}, false},
		{"delivery without orders", ai.Reply{Intent: ai.IntentDelivery}, none, []string{"AssistDeliveryRules("}, false},
		{"returns", ai.Reply{Intent: ai.IntentReturns}, both, []string{"AssistReturns(days=10)"}, false},
		{"sizes of the item", ai.Reply{Intent: ai.IntentSize}, &Facts{Item: &ItemFact{Name: "Gown", Sizes: sizes, CustomSize: true}},
			[]string{"AssistSizes(name=Gown=rows=US 2: 82.5 / 63 / 88.5 / 150.5)", "AssistSizesCustom"}, false},
		{"sizes without an item", ai.Reply{Intent: ai.IntentSize}, none, []string{"AssistSizesGeneral"}, false},
		{"stock", ai.Reply{Intent: ai.IntentStock}, &Facts{Item: &ItemFact{Name: "Bag", Stock: 3}}, []string{"AssistStock(name=Bag=n=3)"}, false},
		{"sold out", ai.Reply{Intent: ai.IntentStock}, &Facts{Item: &ItemFact{Name: "Bag"}}, []string{"AssistStockOut(name=Bag)"}, false},
		{"made to order", ai.Reply{Intent: ai.IntentStock}, &Facts{Item: &ItemFact{Name: "Gown", MadeToOrder: true}}, []string{"AssistStockMade"}, false},
		{"stock of what", ai.Reply{Intent: ai.IntentStock}, none, []string{"AssistStockWhich"}, false},
		{"a person", ai.Reply{Intent: ai.IntentPerson, Answer: "sure!"}, both, []string{"AssistHandover()"}, true},
		{"unsure", ai.Reply{Intent: ai.IntentNone, Answer: "maybe"}, both, []string{"AssistUnsure()"}, true},
		{"the model's phrasing", ai.Reply{Intent: ai.IntentOrder, Answer: "Tu pedido S1 está enviado."}, both, []string{"Tu pedido S1 está enviado."}, false},
	}
	for _, c := range cases {
		got, handover := s.compose(&c.r, c.f, "en")
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", c.name, got, w)
			}
		}
		if handover != c.handover {
			t.Errorf("%s: handover %v, want %v", c.name, handover, c.handover)
		}
	}
}
