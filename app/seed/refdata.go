package seed

import (
	"context"
	"fmt"
	"time"

	"souk/app/i18n"
	"souk/ent"
	"souk/locales"
)

// reference writes languages, currencies, regions and exchange rates.
func reference(ctx context.Context, tx *ent.Tx) error {
	set, err := i18n.LoadSet(locales.FS)
	if err != nil {
		return err
	}
	var langs []*ent.LanguageCreate
	for i, l := range set.All() {
		langs = append(langs, tx.Language.Create().SetCode(l.Code).SetNativeName(l.Name).SetEnglishName(l.English).SetRtl(l.Dir == "rtl").SetPosition(i))
	}
	if err := tx.Language.CreateBulk(langs...).Exec(ctx); err != nil {
		return fmt.Errorf("seed: languages: %w", err)
	}
	asOf, _ := time.Parse("2006-01-02", RatesAsOf)
	var curs []*ent.CurrencyCreate
	var rates []*ent.ExchangeRateCreate
	for _, c := range currencies {
		curs = append(curs, tx.Currency.Create().SetCode(c.code).SetSymbol(c.symbol).SetDigits(c.digits))
		if c.code != "USD" {
			rates = append(rates, tx.ExchangeRate.Create().SetBase("USD").SetQuote(c.code).SetRate(c.perUSD).SetAsOf(asOf))
		}
	}
	if err := tx.Currency.CreateBulk(curs...).Exec(ctx); err != nil {
		return fmt.Errorf("seed: currencies: %w", err)
	}
	if err := tx.ExchangeRate.CreateBulk(rates...).Exec(ctx); err != nil {
		return fmt.Errorf("seed: exchange rates: %w", err)
	}
	var regs []*ent.RegionCreate
	for i, r := range regions {
		regs = append(regs, tx.Region.Create().SetCode(r.code).SetCurrency(r.currency).SetName(r.name).SetPosition(i))
	}
	if err := tx.Region.CreateBulk(regs...).Exec(ctx); err != nil {
		return fmt.Errorf("seed: regions: %w", err)
	}
	return nil
}

// categories writes classification label 1 ("category") and its categories.
func categories(ctx context.Context, tx *ent.Tx) error {
	label, err := tx.ClassLabel.Create().SetLabelID(1).SetCode("category").Save(ctx)
	if err != nil {
		return fmt.Errorf("seed: class label: %w", err)
	}
	labelNames := [9]string{"Categories", "分类", "الفئات", "カテゴリー", "Categorías", "Catégories", "Kategorien", "Категории", "Categorias"}
	w := newTextWriter()
	w.add9("class", label.ID, "name", labelNames)
	pos := 0
	for _, code := range categoryOrder {
		cat, err := tx.Category.Create().SetLabelID(1).SetCode(code).SetPosition(pos).Save(ctx)
		if err != nil {
			return fmt.Errorf("seed: category %s: %w", code, err)
		}
		pos++
		w.add9("category", cat.ID, "name", categoryNames[code])
	}
	for _, pc := range subCategories {
		cat, err := tx.Category.Create().SetLabelID(1).SetCode(pc[1]).SetParentCode(pc[0]).SetPosition(pos).Save(ctx)
		if err != nil {
			return fmt.Errorf("seed: category %s: %w", pc[1], err)
		}
		pos++
		w.add9("category", cat.ID, "name", categoryNames[pc[1]])
	}
	return w.flush(ctx, tx)
}

var categoryOrder = []string{
	"womens-fashion", "mens-fashion", "dresses", "shoes", "bags", "jewelry-watches", "beauty",
	"home-kitchen", "electronics-accessories", "sports-outdoors", "toys-kids", "office-stationery",
}

// textWriter batches Text rows.
type textWriter struct{ rows []textRow }

type textRow struct {
	kind, field, lang, txt string
	id                     int
}

func newTextWriter() *textWriter { return &textWriter{} }

func (w *textWriter) add(kind string, id int, field, lang, txt string) {
	if txt != "" {
		w.rows = append(w.rows, textRow{kind: kind, id: id, field: field, lang: lang, txt: txt})
	}
}

func (w *textWriter) add9(kind string, id int, field string, v [9]string) {
	for i, l := range seedLangs {
		w.add(kind, id, field, l, v[i])
	}
}

func (w *textWriter) addMap(kind string, id int, field string, m map[string]string) {
	for _, l := range seedLangs { // fixed order keeps inserts deterministic
		w.add(kind, id, field, l, m[l])
	}
}

// flush writes the rows in batches (SQLite limits the parameters of one
// statement).
func (w *textWriter) flush(ctx context.Context, tx *ent.Tx) error {
	const batch = 150
	for i := 0; i < len(w.rows); i += batch {
		part := w.rows[i:min(i+batch, len(w.rows))]
		creates := make([]*ent.TextCreate, len(part))
		for j, r := range part {
			creates[j] = tx.Text.Create().SetOwnerKind(r.kind).SetOwnerID(r.id).SetField(r.field).SetLang(r.lang).SetTxt(r.txt)
		}
		if err := tx.Text.CreateBulk(creates...).Exec(ctx); err != nil {
			return fmt.Errorf("seed: texts: %w", err)
		}
	}
	w.rows = w.rows[:0]
	return nil
}
