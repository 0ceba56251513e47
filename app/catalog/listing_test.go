package catalog

import (
	"slices"
	"testing"
)

func TestNiceMinor(t *testing.T) {
	for _, c := range []struct {
		minor  int64
		digits int
		want   int64
	}{
		{2500, 2, 2500},   // $25
		{18537, 2, 19000}, // 185.37 → 190
		{3712, 0, 3700},   // ¥3712 → 3700
		{930, 2, 900},     // 9.30 → 9
		{40, 2, 100},      // 0.40 → at least one unit
		{1_234_567, 0, 1_200_000},
		{99_50, 2, 100_00}, // 99.50 → 100
	} {
		if got := niceMinor(c.minor, c.digits); got != c.want {
			t.Errorf("niceMinor(%d, %d) = %d, want %d", c.minor, c.digits, got, c.want)
		}
	}
}

// Bands are shown and applied in the shopper's currency, rounded.
func TestBandsInCurrency(t *testing.T) {
	s := testService()
	for _, c := range []struct {
		cur      string
		min, max float64 // of the band 25-50
	}{{"USD", 25, 50}, {"EUR", 23, 45}, {"JPY", 3800, 7500}, {"nope", 25, 50}} {
		b := s.Bands(CategoryPriceBands, c.cur)[1]
		if b.Min == nil || b.Max == nil || b.Min.Amount != c.min || b.Max.Amount != c.max {
			t.Errorf("%s: 25-50 is %+v %+v, want %v to %v", c.cur, b.Min, b.Max, c.min, c.max)
		}
	}
	if b := s.Bands(CategoryPriceBands, "USD"); b[0].Min != nil || b[len(b)-1].Max != nil {
		t.Error("the first band has a lower bound or the last an upper one")
	}
}

func TestCategoryQueryNormalize(t *testing.T) {
	for _, c := range []struct {
		in, want CategoryQuery
	}{
		{CategoryQuery{Price: "u25", MOQ: 20, Type: "wholesale", Sort: SortNew, Page: 2}, CategoryQuery{Price: "u25", MOQ: 20, Type: "wholesale", Sort: SortNew, Page: 2}},
		{CategoryQuery{Price: "free", MOQ: 7, Type: "retail", Sort: "random", Page: 1}, CategoryQuery{Page: 1}},
		{CategoryQuery{Sort: SortRelevance, Page: 1}, CategoryQuery{Page: 1}},
		{CategoryQuery{Page: -3}, CategoryQuery{Page: 1}},
	} {
		q := c.in
		if q.Normalize(); q != c.want {
			t.Errorf("%+v normalised to %+v, want %+v", c.in, q, c.want)
		}
	}
}

func TestFindCategory(t *testing.T) {
	tree := []CategoryNode{
		{Code: "a", Children: []CategoryNode{{Code: "a1"}, {Code: "a2", Children: []CategoryNode{{Code: "a2x"}}}}},
		{Code: "b"},
	}
	for _, c := range []struct {
		code  string
		path  []string
		codes []string
	}{
		{"a", []string{"a"}, []string{"a", "a1", "a2", "a2x"}},
		{"a2x", []string{"a", "a2", "a2x"}, []string{"a2x"}},
		{"b", []string{"b"}, []string{"b"}},
		{"zz", nil, nil},
	} {
		path, ok := FindCategory(tree, c.code)
		var got []string
		for _, n := range path {
			got = append(got, n.Code)
		}
		if ok != (c.path != nil) || !slices.Equal(got, c.path) {
			t.Errorf("FindCategory(%s) = %v %v, want %v", c.code, got, ok, c.path)
		}
		if ok && !slices.Equal(path[len(path)-1].Codes(), c.codes) {
			t.Errorf("%s's codes %v, want %v", c.code, path[len(path)-1].Codes(), c.codes)
		}
	}
}
