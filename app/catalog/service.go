package catalog

import (
	"context"
	"fmt"
	"sync/atomic"

	"souk/app/i18n"
	"souk/app/money"
	"souk/app/version"
	"souk/ent"
	"souk/ent/currency"
	"souk/ent/exchangerate"
)

// Service reads the catalogue. It is safe for concurrent use.
type Service struct {
	db       *ent.Client
	langs    *i18n.Set
	versions *version.Registry
	rates    atomic.Pointer[money.Rates]
	symbols  atomic.Pointer[map[string]money.Currency]
	regions  atomic.Pointer[[]RegionItem]
	trees    treeCache
}

// New makes the service and loads the exchange rates.
func New(ctx context.Context, db *ent.Client, langs *i18n.Set, versions *version.Registry) (*Service, error) {
	s := &Service{db: db, langs: langs, versions: versions}
	if err := s.ReloadRates(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// Versions exposes the change counters the service bumps.
func (s *Service) Versions() *version.Registry { return s.versions }

// ReloadRates reads currencies, regions and exchange rates from the
// database; call it after they change.
func (s *Service) ReloadRates(ctx context.Context) error {
	curs, err := s.db.Currency.Query().Order(ent.Asc(currency.FieldCode)).All(ctx)
	if err != nil {
		return fmt.Errorf("catalog: load currencies: %w", err)
	}
	rows, err := s.db.ExchangeRate.Query().Where(exchangerate.BaseEQ("USD")).All(ctx)
	if err != nil {
		return fmt.Errorf("catalog: load exchange rates: %w", err)
	}
	digits := map[string]int{}
	syms := map[string]money.Currency{}
	for _, c := range curs {
		digits[c.Code] = c.Digits
		syms[c.Code] = money.Currency{Code: c.Code, Symbol: c.Symbol, Digits: c.Digits}
	}
	per := map[string]float64{}
	for _, r := range rows {
		per[r.Quote] = r.Rate
	}
	regions, err := s.loadRegions(ctx)
	if err != nil {
		return err
	}
	s.regions.Store(&regions)
	s.rates.Store(money.NewRates("USD", per, digits))
	s.symbols.Store(&syms)
	s.versions.Bump("enums")
	return nil
}

// Rates returns the current exchange rates.
func (s *Service) Rates() *money.Rates { return s.rates.Load() }

// Currency returns a known currency, or ok false.
func (s *Service) Currency(code string) (money.Currency, bool) {
	c, ok := (*s.symbols.Load())[code]
	return c, ok
}
