package seed

import (
	"context"
	"fmt"
	"sort"

	"souk/app/seed/content"
	"souk/ent"
)

// homeRow is how many goods a home page row shows: a strip that scrolls
// sideways on a phone, and what goja renders in budget (DESIGN §7).
const homeRow = 8

// home writes the index data blocks of SPEC §3 and the wholesale buying
// texts, picking goods from what was just made.
func home(ctx context.Context, tx *ent.Tx, c *content.Catalog, goods []made) error {
	pick := func(n int, keep func(made) bool) []any {
		out := []any{}
		for _, m := range goods {
			if keep(m) && len(out) < n {
				out = append(out, m.uid)
			}
		}
		return out
	}
	isDress := func(m made) bool { return m.category == "dresses" }
	// The make-goods block opens AI creation of a goods item that offers it.
	creatable := func(m made) bool { return m.aiGen && !isDress(m) }
	bySales := append([]made(nil), goods...)
	sort.SliceStable(bySales, func(i, j int) bool { return bySales[i].sales > bySales[j].sales })
	best := []any{}
	for _, m := range bySales[:min(homeRow, len(bySales))] {
		best = append(best, m.uid)
	}
	dresses := pick(2*homeRow, isDress)
	h := c.Home
	blocks := map[string]map[string]any{
		"makeTre": {"title": h.MakeTre.Title, "text": h.MakeTre.Text, "cta": h.MakeTre.CTA, "link": creationLink(first(goods, creatable)), "goods": pick(1, creatable), "imageOf": first(goods, creatable)},
		"ad1":     {"title": h.DressAd.Title, "text": h.DressAd.Text, "cta": h.DressAd.CTA, "link": "/dresses", "goods": pick(1, isDress), "imageOf": first(goods, isDress)},
		"wn3":     {"title": h.Wn3.Title, "goods": pick(homeRow, func(m made) bool { return m.bigType == 1 && !isDress(m) })},
		"wn4":     {"title": h.Wn4.Title, "goods": pick(homeRow, func(m made) bool { return m.bigType == 2 })},
		"bt1":     {"title": h.Bt1.Title, "goods": best},
		"drT1":    {"title": h.DrT1.Title, "goods": half(dresses, 0)},
		"drT2":    {"title": h.DrT2.Title, "goods": half(dresses, 1)},
		"dress1":  {"title": h.DrT1.Title, "goods": pick(1, isDress)},
		"dress2":  {"title": h.DrT2.Title, "goods": half(dresses, 1)[:min(1, len(half(dresses, 1)))]},
		"steps":   {"items": stepsAny(h.Steps)},
		"refund":  {"text": toAny(h.Refund)},
	}
	for _, key := range []string{"makeTre", "ad1", "wn3", "wn4", "bt1", "drT1", "drT2", "dress1", "dress2", "steps", "refund"} {
		payload := blocks[key]
		for k, v := range payload {
			if m, ok := v.(map[string]string); ok {
				payload[k] = toAny(m)
			}
		}
		if err := tx.HomeBlock.Create().SetKey(key).SetPayload(payload).Exec(ctx); err != nil {
			return fmt.Errorf("seed: home block %s: %w", key, err)
		}
	}
	return nil
}

func first(goods []made, keep func(made) bool) string {
	for _, m := range goods {
		if keep(m) {
			return m.uid
		}
	}
	return ""
}

// creationLink opens AI creation of uid; with no such goods (a tiny
// seed), the new-goods row.
func creationLink(uid string) string {
	if uid == "" {
		return "/#wn3"
	}
	return "/ai-creation/" + uid
}

// half returns every other element starting at k, so the two dress rows
// show different dresses.
func half(list []any, k int) []any {
	out := []any{}
	for i := k; i < len(list); i += 2 {
		out = append(out, list[i])
	}
	return out
}

func toAny(m map[string]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func stepsAny(steps []content.L) []any {
	out := make([]any, len(steps))
	for i, s := range steps {
		out[i] = toAny(s)
	}
	return out
}
