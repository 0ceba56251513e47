package catalog

import (
	"context"
	"fmt"
	"time"

	"souk/app/apperr"
	"souk/ent"
	"souk/ent/category"
	"souk/ent/classlabel"
	"souk/ent/exchangerate"
	"souk/ent/region"
)

// RegionItem is a region with its default currency (c region, y currency).
type RegionItem struct {
	C    string `json:"c"`
	Y    string `json:"y"`
	Name string `json:"name"`
}

// Regions lists every region in display order (kept in memory).
func (s *Service) Regions(context.Context) ([]RegionItem, error) {
	return *s.regions.Load(), nil
}

func (s *Service) loadRegions(ctx context.Context) ([]RegionItem, error) {
	rows, err := s.db.Region.Query().Order(ent.Asc(region.FieldPosition), ent.Asc(region.FieldCode)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: list regions: %w", err)
	}
	out := make([]RegionItem, len(rows))
	for i, r := range rows {
		out[i] = RegionItem{C: r.Code, Y: r.Currency, Name: r.Name}
	}
	return out, nil
}

// CurrencyItem is a currency as the region menu lists it.
type CurrencyItem struct {
	C string `json:"c"`
	S string `json:"s"`
}

// Currencies lists every known currency.
func (s *Service) Currencies() []CurrencyItem {
	m := *s.symbols.Load()
	out := make([]CurrencyItem, 0, len(m))
	for _, c := range m {
		out = append(out, CurrencyItem{C: c.Code, S: c.Symbol})
	}
	sortCurrencies(out)
	return out
}

// ExchangeRates is the dated snapshot the prices are computed from.
type ExchangeRates struct {
	Base  string             `json:"base"`
	AsOf  time.Time          `json:"asOf"`
	Rates map[string]float64 `json:"rates"`
}

// ExchangeRateSnapshot returns the rates against USD.
func (s *Service) ExchangeRateSnapshot(ctx context.Context) (*ExchangeRates, error) {
	rows, err := s.db.ExchangeRate.Query().Where(exchangerate.BaseEQ("USD")).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: list exchange rates: %w", err)
	}
	out := &ExchangeRates{Base: "USD", Rates: map[string]float64{"USD": 1}}
	for _, r := range rows {
		out.Rates[r.Quote] = r.Rate
		if r.AsOf.After(out.AsOf) {
			out.AsOf = r.AsOf
		}
	}
	return out, nil
}

// CategoryNode is a category with its children.
type CategoryNode struct {
	Code     string         `json:"code"`
	Name     Txt            `json:"name"`
	Children []CategoryNode `json:"children"`
}

// ClassLabelTree is a classification label with its categories.
type ClassLabelTree struct {
	ID         int            `json:"id"`
	Code       string         `json:"code"`
	Name       Txt            `json:"name"`
	Categories []CategoryNode `json:"categories"`
}

// ClassLabel returns a classification label and its category tree in lang.
func (s *Service) ClassLabel(ctx context.Context, labelID int, lang string) (*ClassLabelTree, error) {
	l, err := s.db.ClassLabel.Query().Where(classlabel.LabelIDEQ(labelID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apperr.New(apperr.NotFound, "LabelNotFound")
	}
	if err != nil {
		return nil, fmt.Errorf("catalog: load class label %d: %w", labelID, err)
	}
	cats, err := s.categoriesOf(ctx, labelID, lang)
	if err != nil {
		return nil, err
	}
	lt, err := loadTexts(ctx, s.db, KindClass, []int{l.ID}, lang, "en")
	if err != nil {
		return nil, err
	}
	return &ClassLabelTree{ID: l.LabelID, Code: l.Code, Name: lt.pick(l.ID, "name", lang, "en"), Categories: cats}, nil
}

// categoriesOf is the category tree of a classification label, named in lang.
func (s *Service) categoriesOf(ctx context.Context, labelID int, lang string) ([]CategoryNode, error) {
	cats, err := s.db.Category.Query().Where(category.LabelIDEQ(labelID)).Order(ent.Asc(category.FieldPosition)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: list categories: %w", err)
	}
	ids := []int{}
	for _, c := range cats {
		ids = append(ids, c.ID)
	}
	ct, err := loadTexts(ctx, s.db, KindCategory, ids, lang, "en")
	if err != nil {
		return nil, err
	}
	return tree(cats, ct, lang, ""), nil
}

func tree(cats []*ent.Category, texts textSet, lang, parent string) []CategoryNode {
	out := []CategoryNode{}
	for _, c := range cats {
		if c.ParentCode == parent {
			out = append(out, CategoryNode{Code: c.Code, Name: texts.pick(c.ID, "name", lang, "en"), Children: tree(cats, texts, lang, c.Code)})
		}
	}
	return out
}

// EnumsVersion changes whenever regions, currencies or rates are reloaded,
// so data derived from them (the pages' shared script) knows when to rebuild.
func (s *Service) EnumsVersion() int64 { return s.versions.Get("enums") }
