// Package money converts and rounds prices. Amounts are integers in minor
// units of their currency; the API shows them as decimals rounded to 2 places.
package money

import (
	"fmt"
	"math"
)

// Currency describes how a currency is written and how many minor digits it has.
type Currency struct {
	Code   string `json:"c"`
	Symbol string `json:"s"`
	Digits int    `json:"-"`
}

// Rates converts between currencies through a common base (USD in the demo):
// perBase[c] is how many units of c one base unit buys.
type Rates struct {
	Base    string
	perBase map[string]float64
	digits  map[string]int
}

// NewRates builds a converter. digits gives each currency's minor digits
// (2 when absent).
func NewRates(base string, perBase map[string]float64, digits map[string]int) *Rates {
	pb := make(map[string]float64, len(perBase)+1)
	for k, v := range perBase {
		pb[k] = v
	}
	pb[base] = 1
	return &Rates{Base: base, perBase: pb, digits: digits}
}

// Has tells whether a currency can be converted.
func (r *Rates) Has(code string) bool { _, ok := r.perBase[code]; return ok }

// Digits returns the minor digits of a currency.
func (r *Rates) Digits(code string) int {
	if d, ok := r.digits[code]; ok {
		return d
	}
	return 2
}

// Convert turns minor units of from into minor units of to, rounding half
// away from zero.
func (r *Rates) Convert(minor int64, from, to string) (int64, error) {
	if from == to {
		return minor, nil
	}
	f, okF := r.perBase[from]
	t, okT := r.perBase[to]
	if !okF || !okT || f <= 0 {
		return 0, fmt.Errorf("money: no rate from %s to %s", from, to)
	}
	major := float64(minor) / pow10(r.Digits(from))
	return int64(math.Round(major / f * t * pow10(r.Digits(to)))), nil
}

// Decimal shows minor units as a number rounded to 2 decimals (SPEC §5).
func (r *Rates) Decimal(minor int64, code string) float64 {
	return Round2(float64(minor) / pow10(r.Digits(code)))
}

// Round2 rounds half away from zero to 2 decimals.
func Round2(v float64) float64 { return math.Round(v*100) / 100 }

func pow10(n int) float64 { return math.Pow10(n) }

// Price calculation types (SPEC §3). Decided meanings:
//   - BaseRate: one price in the goods' own currency; other currencies by exchange rate.
//   - StaticPrice: a fixed price per currency where the seller set one, base rate elsewhere.
//   - VariousPrice: the price depends on the chosen sku; cards show the lowest.
const (
	BaseRate     = 2
	StaticPrice  = 3
	VariousPrice = 4
)
