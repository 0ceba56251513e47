package catalog

import "sort"

// sortCurrencies puts the most used currencies first, then the rest by code.
func sortCurrencies(cs []CurrencyItem) {
	rank := map[string]int{"USD": 0, "EUR": 1, "CNY": 2, "GBP": 3, "JPY": 4}
	sort.Slice(cs, func(i, j int) bool {
		ri, iok := rank[cs[i].C]
		rj, jok := rank[cs[j].C]
		switch {
		case iok && jok:
			return ri < rj
		case iok != jok:
			return iok
		}
		return cs[i].C < cs[j].C
	})
}
