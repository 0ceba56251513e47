package eval

import (
	"math"
	"slices"
	"strings"
	"testing"
	"unicode"

	"souk/app/seed/content"
)

// demoSize is the number of goods in the demo catalogue (seed.EnsureDemo).
const demoSize = 480

func load(t *testing.T) []Query {
	t.Helper()
	qs, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return qs
}

func TestSize(t *testing.T) {
	qs := load(t)
	if len(qs) < 280 {
		t.Errorf("%d queries, want at least 280", len(qs))
	}
}

func TestLanguages(t *testing.T) {
	perLang := map[string]int{}
	for _, q := range load(t) {
		if !slices.Contains(content.Langs, q.Lang) {
			t.Errorf("%s: unknown language %q", q.ID, q.Lang)
		}
		perLang[q.Lang]++
	}
	covered := 0
	for _, l := range content.Langs {
		if perLang[l] >= 12 {
			covered++
		}
	}
	if covered < 8 {
		t.Errorf("only %d languages have at least 12 queries, want 8: %v", covered, perLang)
	}
}

func TestIDs(t *testing.T) {
	seen := map[string]bool{}
	for _, q := range load(t) {
		if q.ID == "" {
			t.Errorf("query %q has no id", q.Q)
		}
		if seen[q.ID] {
			t.Errorf("duplicate id %q", q.ID)
		}
		seen[q.ID] = true
		if !strings.HasPrefix(q.ID, q.Lang+"-") {
			t.Errorf("%s: id does not start with its language %q", q.ID, q.Lang)
		}
		if strings.TrimSpace(q.Q) == "" {
			t.Errorf("%s: empty query text", q.ID)
		}
	}
}

func TestKinds(t *testing.T) {
	perKind := map[string]int{}
	for _, q := range load(t) {
		if !slices.Contains(Kinds, q.Kind) {
			t.Errorf("%s: unknown kind %q", q.ID, q.Kind)
		}
		perKind[q.Kind]++
		switch q.Kind {
		case "kana":
			if q.Lang != "ja" || !hasKana(q.Q) {
				t.Errorf("%s %q: a kana query is Japanese written in kana", q.ID, q.Q)
			}
		case "cjkprice":
			if (q.Lang != "zh" && q.Lang != "ja") || !strings.ContainsAny(q.Q, "元块円") {
				t.Errorf("%s %q: a CJK price query is Chinese or Japanese with 元, 块 or 円", q.ID, q.Q)
			}
		}
	}
	for _, k := range Kinds {
		want := 8
		if k == "code" {
			want = 5
		}
		if perKind[k] < want {
			t.Errorf("kind %q: %d queries, want at least %d", k, perKind[k], want)
		}
	}
}

func hasKana(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Hiragana, unicode.Katakana) {
			return true
		}
	}
	return false
}

// TestEveryLanguage: the kinds that exist in every language have queries
// in every language.
func TestEveryLanguage(t *testing.T) {
	have := map[string]bool{}
	for _, q := range load(t) {
		have[q.Kind+"/"+q.Lang] = true
	}
	for _, k := range []string{"plain", "sentence", KindNone, "colloquial"} {
		for _, l := range content.Langs {
			if !have[k+"/"+l] {
				t.Errorf("no %s query in %s", k, l)
			}
		}
	}
}

// TestHeldOut: the held-out part is the one HeldOut picks, about a third
// of the queries, with some of every kind and language in both parts.
func TestHeldOut(t *testing.T) {
	qs := load(t)
	held := 0
	parts := map[string][2]int{}
	for _, q := range qs {
		if q.HeldOut != HeldOut(q.ID) {
			t.Errorf("%s: heldout is %v, the rule says %v", q.ID, q.HeldOut, HeldOut(q.ID))
		}
		i := 0
		if q.HeldOut {
			held, i = held+1, 1
		}
		for _, key := range []string{"kind " + q.Kind, "language " + q.Lang} {
			c := parts[key]
			c[i]++
			parts[key] = c
		}
	}
	if share := float64(held) / float64(len(qs)); share < 0.28 || share > 0.4 {
		t.Errorf("%d of %d queries held out (%.2f), want about a third", held, len(qs), share)
	}
	for key, c := range parts {
		if c[0] == 0 || c[1] == 0 {
			t.Errorf("%s: %d tuned, %d held out; want some of both", key, c[0], c[1])
		}
	}
}

func TestRelevance(t *testing.T) {
	c, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	templates := map[string]bool{}
	for _, p := range c.Products {
		templates[p.Key] = true
	}
	colors := map[string]bool{}
	for _, col := range c.Colors {
		colors[col.Key] = true
	}
	for _, q := range load(t) {
		r := q.Relevant
		if q.Kind == KindNone {
			if !r.Empty() || r.BigType != 0 || r.MaxPriceUSD != 0 {
				t.Errorf("%s: a nothing-relevant query names relevant goods: %+v", q.ID, r)
			}
			continue
		}
		if r.Empty() {
			t.Errorf("%s: relevance names no templates, colours or old ids", q.ID)
		}
		for _, k := range r.Templates {
			if !templates[k] {
				t.Errorf("%s: unknown template %q", q.ID, k)
			}
		}
		for _, k := range r.Colors {
			if !colors[k] {
				t.Errorf("%s: unknown colour %q", q.ID, k)
			}
		}
		if r.BigType < 0 || r.BigType > 2 {
			t.Errorf("%s: bigType %d, want 0, 1 or 2", q.ID, r.BigType)
		}
		if r.MaxPriceUSD < 0 {
			t.Errorf("%s: negative maxPriceUSD", q.ID)
		}
		for _, id := range r.OldIDs {
			if id < 10000 || id >= 10000+demoSize {
				t.Errorf("%s: old id %d outside the demo catalogue", q.ID, id)
			}
		}
		if (q.Kind == "code") != (len(r.OldIDs) > 0) {
			t.Errorf("%s: kind %q with %d old ids; old ids are for code queries only", q.ID, q.Kind, len(r.OldIDs))
		}
		switch q.Kind {
		case "wholesale":
			if r.BigType != 2 {
				t.Errorf("%s: wholesale query without bigType 2", q.ID)
			}
		case "price", "cjkprice":
			if r.MaxPriceUSD <= 0 {
				t.Errorf("%s: price query without maxPriceUSD", q.ID)
			}
		case "colour":
			if len(r.Colors) == 0 {
				t.Errorf("%s: colour query without colours", q.ID)
			}
		}
	}
}

// demoGoods rebuilds what the evaluator needs of the demo goods. It mirrors
// plan() and palette() in app/seed/builder.go: keep them in step.
func demoGoods(c *content.Catalog) []Goods {
	palette := func(p content.Product) []content.Color {
		for _, g := range []*content.Group{p.Group1, p.Group2} {
			if g == nil || g.Kind != content.KindColor || len(g.Values) == 0 {
				continue
			}
			var out []content.Color
			for _, col := range c.Colors {
				if slices.Contains(g.Values, col.Key) {
					out = append(out, col)
				}
			}
			if len(out) > 0 {
				return out
			}
		}
		return c.Colors
	}
	out := make([]Goods, demoSize)
	for i := range out {
		p := c.Products[i%len(c.Products)]
		variant := i / len(c.Products)
		pal := palette(p)
		wholesale := p.Wholesale && p.Category != "dresses" && variant%3 == 1
		usd := p.PriceUSD * (0.85 + 0.1*float64(variant%5))
		bigType := 1
		if wholesale {
			usd *= 0.55
			bigType = 2
		}
		cents := int64(math.Round(usd * 100))
		if cents > 500 {
			cents = cents - cents%100 + 99
		}
		cents = max(cents, 49)
		out[i] = Goods{
			OldID:    int64(10000 + i),
			Template: p.Key,
			Color:    pal[(i*7+variant*3)%len(pal)].Key,
			BigType:  bigType,
			PriceUSD: float64(cents) / 100,
		}
	}
	return out
}

func TestEveryQueryHasRelevantGoods(t *testing.T) {
	c, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	goods := demoGoods(c)
	for _, q := range load(t) {
		n := 0
		for _, g := range goods {
			if q.Answers(g) {
				n++
			}
		}
		if q.Kind == KindNone {
			if n != 0 {
				t.Errorf("%s %q: nothing-relevant query answered by %d goods", q.ID, q.Q, n)
			}
			continue
		}
		if n == 0 {
			t.Errorf("%s %q: no relevant goods in the demo catalogue", q.ID, q.Q)
		}
		if q.Kind == "code" && n != len(q.Relevant.OldIDs) {
			t.Errorf("%s %q: %d of %d old ids found", q.ID, q.Q, n, len(q.Relevant.OldIDs))
		}
	}
}
