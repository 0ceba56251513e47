package assistant

import (
	"strconv"
	"strings"

	"souk/app/ai"
	"souk/app/order"
)

// maxSizeRows bounds the size chart written into one answer.
const maxSizeRows = 12

// compose is the answer to r from the facts, from catalogue keys in lang
// (or the engine's own phrasing, which only a model gives), and whether
// the conversation goes to a person.
func (s *Service) compose(r *ai.Reply, f *Facts, lang string) (string, bool) {
	switch r.Intent {
	case ai.IntentPerson:
		return s.t(lang, "AssistHandover"), true
	case ai.IntentNone:
		return s.t(lang, "AssistUnsure"), true
	}
	if r.Answer != "" {
		return r.Answer, false
	}
	switch r.Intent {
	case ai.IntentOrder:
		return s.orderAnswer(f, r.OrderNumber, lang)
	case ai.IntentDelivery:
		return s.deliveryAnswer(f, r.OrderNumber, lang)
	case ai.IntentSize:
		return s.sizeAnswer(f, lang), false
	case ai.IntentReturns:
		return s.t(lang, "AssistReturns", "days", strconv.Itoa(f.ReturnPolicy.Days)), false
	case ai.IntentStock:
		return s.stockAnswer(f, lang)
	}
	return s.t(lang, "AssistUnsure"), true
}

// pick is the order the shopper means: the one named (theirs only), else
// their newest. ok is false when a named order is not theirs.
func pick(f *Facts, number string) (*OrderFact, bool) {
	for i := range f.Orders {
		if number == "" || f.Orders[i].Number == number {
			return &f.Orders[i], true
		}
	}
	return nil, number == ""
}

// noOrder answers when the order is not found: a person looks into it.
func (s *Service) noOrder(number, lang string) (string, bool) {
	if number != "" {
		return join(s.t(lang, "AssistOrderNotFound", "number", number), s.t(lang, "AssistHandover")), true
	}
	return join(s.t(lang, "AssistNoOrders"), s.t(lang, "AssistHandover")), true
}

func (s *Service) orderAnswer(f *Facts, number, lang string) (string, bool) {
	o, ok := pick(f, number)
	if o == nil || !ok {
		return s.noOrder(number, lang)
	}
	parts := []string{s.t(lang, "AssistOrderStatus", "number", o.Number, "items", strings.Join(o.Items, ", "), "status", o.Status)}
	parts = append(parts, s.orderDetails(o, lang)...)
	if len(f.Orders) > 1 && number == "" {
		var others []string
		for _, x := range f.Orders[1:] {
			others = append(others, x.Number)
		}
		parts = append(parts, s.t(lang, "AssistOtherOrders", "numbers", strings.Join(others, ", ")))
	}
	return join(parts...), false
}

// orderDetails are the shipping and delivery lines of one order.
func (s *Service) orderDetails(o *OrderFact, lang string) []string {
	var out []string
	if o.Tracking != "" {
		out = append(out, s.t(lang, "AssistOrderTracking", "carrier", o.Carrier, "tracking", o.Tracking))
	}
	live := o.StatusCode == order.Paid || o.StatusCode == order.InProduction || o.StatusCode == order.Shipped
	if o.EstimatedBy != "" && live {
		out = append(out, s.t(lang, "AssistOrderDress", "accepted", o.AcceptedBy, "standard", o.StandardBy, "estimated", o.EstimatedBy))
	}
	return out
}

func (s *Service) deliveryAnswer(f *Facts, number, lang string) (string, bool) {
	d := f.DressDelivery
	rules := s.t(lang, "AssistDeliveryRules", "accepted", d.AcceptedBy, "standard", d.StandardBy, "estimated", d.EstimatedBy,
		"tailoring", strconv.Itoa(d.TailoringDays), "shipping", strconv.Itoa(d.ShippingDays))
	o, ok := pick(f, number)
	if !ok {
		return s.noOrder(number, lang)
	}
	if o == nil {
		return rules, false
	}
	parts := []string{s.t(lang, "AssistOrderStatus", "number", o.Number, "items", strings.Join(o.Items, ", "), "status", o.Status)}
	details := s.orderDetails(o, lang)
	if len(details) == 0 {
		details = []string{rules}
	}
	return join(append(parts, details...)...), false
}

func (s *Service) sizeAnswer(f *Facts, lang string) string {
	it := f.Item
	if it == nil || len(it.Sizes) == 0 {
		return s.t(lang, "AssistSizesGeneral")
	}
	var rows []string
	for _, r := range it.Sizes[:min(len(it.Sizes), maxSizeRows)] {
		cm := make([]string, len(r.CM))
		for i, v := range r.CM {
			cm[i] = strconv.FormatFloat(v, 'f', -1, 64)
		}
		rows = append(rows, r.Label+": "+strings.Join(cm, " / "))
	}
	out := s.t(lang, "AssistSizes", "name", it.Name, "rows", strings.Join(rows, "; "))
	if len(it.Sizes) > maxSizeRows {
		out = join(out, s.t(lang, "AssistSizesMore"))
	}
	if it.CustomSize {
		out = join(out, s.t(lang, "AssistSizesCustom"))
	}
	return out
}

func (s *Service) stockAnswer(f *Facts, lang string) (string, bool) {
	it := f.Item
	switch {
	case it == nil:
		return s.t(lang, "AssistStockWhich"), false
	case it.MadeToOrder:
		return s.t(lang, "AssistStockMade", "name", it.Name), false
	case it.Stock > 0:
		return s.t(lang, "AssistStock", "name", it.Name, "n", strconv.Itoa(it.Stock)), false
	}
	return s.t(lang, "AssistStockOut", "name", it.Name), false
}

// join puts sentences one after another.
func join(parts ...string) string { return strings.Join(parts, "\n") }
