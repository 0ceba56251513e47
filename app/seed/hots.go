package seed

import (
	"context"
	"fmt"
	"html"
	"slices"

	sitecontent "souk/app/content"
	"souk/app/seed/content"
	"souk/ent"
)

// hotsGoods is how many goods a demo collection lists itself.
const hotsGoods = 12

// hots writes the demo's curated collections (the back office's "hots"
// content, hots/{uid}) in the nine seed languages, with goods picked from
// what was just made. A collection that would show nothing is left out;
// a store seeded without goods gets none.
func hots(ctx context.Context, tx *ent.Tx, c *content.Catalog, goods []made) error {
	pages := make([][]any, len(content.Langs))
	for _, h := range c.Hots {
		picked := pickFor(h, goods)
		if len(picked) == 0 && h.Category == "" {
			continue
		}
		for i, lang := range content.Langs {
			p := map[string]any{"uid": h.UID, "title": h.Title[lang], "text": "<p>" + html.EscapeString(h.Text[lang]) + "</p>", "goods": picked}
			if h.Category != "" {
				p["category"] = h.Category
			}
			pages[i] = append(pages[i], p)
		}
	}
	if len(pages[0]) == 0 {
		return nil
	}
	for i, lang := range content.Langs {
		err := tx.ContentDoc.Create().SetName(sitecontent.HotsName).SetLang(lang).SetPayload(map[string]any{"pages": pages[i]}).Exec(ctx)
		if err != nil {
			return fmt.Errorf("seed: hots %s: %w", lang, err)
		}
	}
	return nil
}

// pickFor takes up to hotsGoods of the collection's goods, turn by turn
// from each of its categories, so a collection of several mixes them.
func pickFor(h content.Collection, goods []made) []any {
	keep := func(m made) bool {
		return m.onSale && (len(h.Categories) == 0 || slices.Contains(h.Categories, m.category)) && (!h.Wholesale || m.bigType == 2)
	}
	byCat := map[string][]string{}
	order := []string{}
	for _, m := range goods {
		if !keep(m) {
			continue
		}
		if _, ok := byCat[m.category]; !ok {
			order = append(order, m.category)
		}
		byCat[m.category] = append(byCat[m.category], m.uid)
	}
	out := []any{}
	for round := 0; len(out) < hotsGoods; round++ {
		added := false
		for _, cat := range order {
			if l := byCat[cat]; round < len(l) && len(out) < hotsGoods {
				out = append(out, l[round])
				added = true
			}
		}
		if !added {
			break
		}
	}
	return out
}
