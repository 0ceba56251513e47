package seed

import (
	"strings"
	"testing"
)

// TestCurrencySymbolsTellCurrenciesApart: every currency has a symbol, and
// no two share one, so "¥100" never leaves a shopper guessing (issue 9).
func TestCurrencySymbolsTellCurrenciesApart(t *testing.T) {
	seen := map[string]string{}
	for _, c := range currencies {
		sym := strings.TrimSpace(c.symbol)
		if sym == "" {
			t.Errorf("%s has no symbol", c.code)
		}
		if other, dup := seen[sym]; dup {
			t.Errorf("%s and %s both show %q", other, c.code, sym)
		}
		seen[sym] = c.code
	}
}
