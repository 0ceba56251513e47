package content

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"souk/app/media"
)

// checkL fails unless m has exactly the languages in Langs, each non-empty.
func checkL(t *testing.T, where string, m L) {
	t.Helper()
	if m == nil {
		t.Errorf("%s: missing localized text", where)
		return
	}
	for _, l := range Langs {
		if strings.TrimSpace(m[l]) == "" {
			t.Errorf("%s: language %q missing or empty", where, l)
		}
	}
	for k := range m {
		if !slices.Contains(Langs, k) {
			t.Errorf("%s: unexpected language key %q", where, k)
		}
	}
}

// scripts checks that prose in zh/ja/ar/ru is actually written in that
// script, and that no translation is a verbatim copy of the English text.
func checkProse(t *testing.T, where string, m L) {
	t.Helper()
	checkL(t, where, m)
	has := func(s string, tab ...*unicode.RangeTable) bool {
		for _, r := range s {
			if unicode.In(r, tab...) {
				return true
			}
		}
		return false
	}
	if s := m["zh"]; s != "" && !has(s, unicode.Han) {
		t.Errorf("%s: zh text has no Chinese characters: %q", where, s)
	}
	if s := m["ja"]; s != "" && !has(s, unicode.Hiragana, unicode.Katakana, unicode.Han) {
		t.Errorf("%s: ja text has no Japanese characters: %q", where, s)
	}
	if s := m["ar"]; s != "" && !has(s, unicode.Arabic) {
		t.Errorf("%s: ar text has no Arabic characters: %q", where, s)
	}
	if s := m["ru"]; s != "" && !has(s, unicode.Cyrillic) {
		t.Errorf("%s: ru text has no Cyrillic characters: %q", where, s)
	}
	for _, l := range Langs[1:] {
		if m[l] == m["en"] {
			t.Errorf("%s: %s text identical to English: %q", where, l, m[l])
		}
	}
}

type keySet map[string]bool

func (s keySet) add(t *testing.T, where, key string) {
	t.Helper()
	if strings.TrimSpace(key) == "" {
		t.Errorf("%s: empty key", where)
	}
	if s[key] {
		t.Errorf("%s: duplicate key %q", where, key)
	}
	s[key] = true
}

func load(t *testing.T) *Catalog {
	t.Helper()
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestJSONValid(t *testing.T) {
	names, err := fs.Glob(FS, "*.json")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"colors.json", "comments.json", "home.json", "hots.json", "identities.json", "options.json", "products.json"}
	for _, w := range want {
		if !slices.Contains(names, w) {
			t.Errorf("missing %s", w)
		}
	}
	for _, n := range names {
		b, _ := FS.ReadFile(n)
		if !json.Valid(b) {
			t.Errorf("%s: invalid JSON", n)
		}
	}
}

func TestColors(t *testing.T) {
	c := load(t)
	if len(c.Colors) < 16 {
		t.Errorf("colors: %d < 16", len(c.Colors))
	}
	hex := regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
	keys := keySet{}
	for i, col := range c.Colors {
		where := fmt.Sprintf("colors[%d] %s", i, col.Key)
		keys.add(t, "colors", col.Key)
		if !hex.MatchString(col.Hex) {
			t.Errorf("%s: invalid hex %q", where, col.Hex)
		}
		checkL(t, where+".name", col.Name)
	}
	for _, k := range []string{"red", "crimson", "pink", "blush", "orange", "yellow", "gold", "green", "olive", "teal",
		"blue", "navy", "purple", "lavender", "brown", "beige", "ivory", "white", "grey", "black", "champagne"} {
		if !keys[k] {
			t.Errorf("colors: missing %q", k)
		}
	}
}

func TestOptions(t *testing.T) {
	c := load(t)
	min := map[string]int{KindSize: 6, KindShoeSize: 6, KindMaterial: 6, KindCapacity: 4, KindStyle: 5}
	for kind, n := range min {
		opts := c.Options.ByKind(kind)
		if len(opts) < n {
			t.Errorf("options.%s: %d < %d", kind, len(opts), n)
		}
		keys := keySet{}
		for i, o := range opts {
			keys.add(t, "options."+kind, o.Key)
			checkL(t, fmt.Sprintf("options.%s[%d] %s", kind, i, o.Key), o.Name)
		}
	}
	for _, k := range []string{"XS", "S", "M", "L", "XL", "XXL"} {
		if !slices.ContainsFunc(c.Options.Size, func(o Option) bool { return o.Key == k }) {
			t.Errorf("options.size: missing %q", k)
		}
	}
}

func TestProducts(t *testing.T) {
	c := load(t)
	if len(c.Products) < 60 {
		t.Errorf("products: %d < 60", len(c.Products))
	}
	colors := keySet{}
	for _, col := range c.Colors {
		colors[col.Key] = true
	}
	perCat := map[string]int{}
	keys := keySet{}
	for i, p := range c.Products {
		where := fmt.Sprintf("products[%d] %s", i, p.Key)
		keys.add(t, "products", p.Key)
		perCat[p.Category]++
		if !slices.Contains(Categories, p.Category) {
			t.Errorf("%s: unknown category %q", where, p.Category)
		}
		if _, _, ok := media.ParseLook(p.Shape); !ok {
			t.Errorf("%s: unknown shape %q", where, p.Shape)
		}
		checkProse(t, where+".name", p.Name)
		checkProse(t, where+".brief", p.Brief)
		checkProse(t, where+".intro", p.Intro)
		if n := strings.Count(p.Intro["en"], ". ") + 1; n < 2 || n > 4 {
			t.Errorf("%s: intro has %d sentences, want 2-4", where, n)
		}
		if len(p.Attrs) < 3 || len(p.Attrs) > 5 {
			t.Errorf("%s: %d attrs, want 3-5", where, len(p.Attrs))
		}
		attrKeys := keySet{}
		for j, a := range p.Attrs {
			aw := fmt.Sprintf("%s.attrs[%d]", where, j)
			checkL(t, aw+".k", a.K)
			checkL(t, aw+".v", a.V)
			attrKeys.add(t, aw, a.K["en"])
		}
		if p.PriceUSD <= 0 || p.PriceUSD > 5000 {
			t.Errorf("%s: unrealistic price %v", where, p.PriceUSD)
		}
		if p.Group1 == nil && p.Group2 != nil {
			t.Errorf("%s: group2 without group1", where)
		}
		for gi, g := range []*Group{p.Group1, p.Group2} {
			if g == nil {
				continue
			}
			gw := fmt.Sprintf("%s.group%d", where, gi+1)
			checkL(t, gw+".name", g.Name)
			var valid keySet
			if g.Kind == KindColor {
				valid = colors
			} else if opts := c.Options.ByKind(g.Kind); opts != nil {
				valid = keySet{}
				for _, o := range opts {
					valid[o.Key] = true
				}
			} else {
				t.Errorf("%s: unknown kind %q", gw, g.Kind)
				continue
			}
			for _, v := range g.Values {
				if !valid[v] {
					t.Errorf("%s: value %q is not a known %s", gw, v, g.Kind)
				}
			}
		}
		if p.Group1 != nil && p.Group2 != nil && p.Group1.Kind == p.Group2.Kind {
			t.Errorf("%s: both groups have kind %q", where, p.Group1.Kind)
		}
		for _, l := range Langs {
			kw := p.Keywords[l]
			if len(kw) < 3 || len(kw) > 6 {
				t.Errorf("%s: keywords[%s] has %d words, want 3-6", where, l, len(kw))
			}
			seen := keySet{}
			for _, w := range kw {
				seen.add(t, fmt.Sprintf("%s.keywords[%s]", where, l), strings.ToLower(w))
			}
		}
		if len(p.Keywords) != len(Langs) {
			t.Errorf("%s: keywords has %d languages", where, len(p.Keywords))
		}
	}
	for _, cat := range Categories {
		if perCat[cat] == 0 {
			t.Errorf("products: no template in category %q", cat)
		}
	}
	if perCat["dresses"] < 8 {
		t.Errorf("products: %d dresses < 8", perCat["dresses"])
	}
}

func TestIdentities(t *testing.T) {
	c := load(t)
	if len(c.Identities) < 12 {
		t.Errorf("identities: %d < 12", len(c.Identities))
	}
	country := regexp.MustCompile(`^[A-Z]{2}$`)
	perType := map[int]int{}
	keys := keySet{}
	for i, id := range c.Identities {
		where := fmt.Sprintf("identities[%d] %s", i, id.Key)
		keys.add(t, "identities", id.Key)
		perType[id.Type]++
		if id.EntityType != EntityPerson && id.EntityType != EntityCompany {
			t.Errorf("%s: bad entityType %d", where, id.EntityType)
		}
		if strings.TrimSpace(id.Name) == "" {
			t.Errorf("%s: empty name", where)
		}
		if !country.MatchString(id.Country) {
			t.Errorf("%s: bad country %q", where, id.Country)
		}
		checkProse(t, where+".title", id.Title)
		checkProse(t, where+".brief", id.Brief)
	}
	for typ, n := range map[int]int{TypeSeller: 5, TypeMaker: 3, TypeCreator: 2, TypeAnalyst: 1, TypeCustomerService: 1} {
		if perType[typ] < n {
			t.Errorf("identities: %d of type %d < %d", perType[typ], typ, n)
		}
	}
	for typ := range perType {
		if !slices.Contains([]int{TypeCreator, TypeSeller, TypeMaker, TypeAnalyst, TypeCustomerService}, typ) {
			t.Errorf("identities: unknown type %d", typ)
		}
	}
}

func TestComments(t *testing.T) {
	c := load(t)
	if len(c.Comments.Authors) < 40 {
		t.Errorf("authors: %d < 40", len(c.Comments.Authors))
	}
	authors := keySet{}
	for _, a := range c.Comments.Authors {
		authors.add(t, "authors", a)
	}
	if len(c.Comments.Reviews) < 60 {
		t.Errorf("reviews: %d < 60", len(c.Comments.Reviews))
	}
	perLang := map[string]int{}
	high, low := 0, 0
	texts := keySet{}
	for i, r := range c.Comments.Reviews {
		where := fmt.Sprintf("reviews[%d]", i)
		if !slices.Contains(Langs, r.Lang) {
			t.Errorf("%s: unknown lang %q", where, r.Lang)
		}
		perLang[r.Lang]++
		if r.Rating < 1 || r.Rating > 5 {
			t.Errorf("%s: rating %d out of 1-5", where, r.Rating)
		}
		if r.Rating >= 4 {
			high++
		} else {
			low++
		}
		texts.add(t, where, r.Text)
	}
	for _, l := range Langs {
		if perLang[l] < 5 {
			t.Errorf("reviews: only %d in %s", perLang[l], l)
		}
	}
	if high <= 2*low || low == 0 {
		t.Errorf("reviews: %d rated 4-5 vs %d rated 1-3; want mostly 4-5 and some lower", high, low)
	}
}

func TestHome(t *testing.T) {
	c := load(t)
	h := c.Home
	for name, b := range map[string]Block{"makeTre": h.MakeTre, "dressAd": h.DressAd} {
		checkProse(t, name+".title", b.Title)
		checkProse(t, name+".text", b.Text)
		checkL(t, name+".cta", b.CTA)
	}
	for name, b := range map[string]Block{"wn3": h.Wn3, "wn4": h.Wn4, "bt1": h.Bt1, "drT1": h.DrT1, "drT2": h.DrT2} {
		checkL(t, name+".title", b.Title)
	}
	if len(h.Steps) != 4 {
		t.Errorf("home.steps: %d, want 4", len(h.Steps))
	}
	for i, s := range h.Steps {
		checkProse(t, fmt.Sprintf("home.steps[%d]", i), s)
	}
	checkProse(t, "home.refund", h.Refund)
	if !strings.Contains(h.Refund["en"], "10 days") {
		t.Errorf("home.refund: should mention the 10-day window")
	}
}

func TestHots(t *testing.T) {
	c := load(t)
	if len(c.Hots) < 3 {
		t.Fatalf("%d curated collections, want a few", len(c.Hots))
	}
	seen := map[string]bool{}
	for _, h := range c.Hots {
		if !regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`).MatchString(h.UID) || seen[h.UID] || strings.HasPrefix(h.UID, "trending") {
			t.Errorf("hots uid %q", h.UID)
		}
		seen[h.UID] = true
		checkL(t, h.UID+".title", h.Title)
		checkProse(t, h.UID+".text", h.Text)
		for _, cat := range append(slices.Clone(h.Categories), h.Category) {
			if cat != "" && !slices.Contains(Categories, cat) {
				t.Errorf("%s: unknown category %q", h.UID, cat)
			}
		}
	}
}
