package lexicon

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"souk/app/seed/content"
)

func lex(t testing.TB) *Lexicon {
	t.Helper()
	l, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// raw decodes the embedded JSON without Parse, so data checks can list
// every problem even when Parse refuses the data.
func raw(t *testing.T) Data {
	t.Helper()
	var d Data
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatalf("lexicon.json: %v", err)
	}
	return d
}

func TestParses(t *testing.T) {
	l := lex(t)
	kinds := map[string]int{}
	for _, term := range l.Terms {
		kinds[term.Kind]++
	}
	t.Logf("%d terms %v, %d colours, %d phrases, %d CJK entries", len(l.Terms), kinds, len(l.Colors), len(l.phrases), len(l.unspaced))
	if len(l.Terms) < 150 {
		t.Errorf("%d terms, want at least 150", len(l.Terms))
	}
	if kinds[KindGoods] < 100 || kinds[KindMaterial] < 20 || kinds[KindStyle] < 10 || kinds[KindFeature] < 20 {
		t.Errorf("too few terms of some kind: %v", kinds)
	}
	for _, k := range []string{"XS", "S", "M", "L", "XL", "XXL"} {
		if len(l.Sizes[k]) == 0 {
			t.Errorf("size %s has no words", k)
		}
	}
	for name, by := range map[string]ByLang{"wholesale": l.Wholesale, "priceBelow": l.PriceBelow, "priceAbove": l.PriceAbove, "stopwords": l.Stopwords} {
		for _, lang := range Langs {
			if len(by[lang]) == 0 {
				t.Errorf("%s: no %s words", name, lang)
			}
		}
	}
}

func TestTermsHaveLanguages(t *testing.T) {
	var partial []string
	for _, term := range raw(t).Terms {
		for _, lang := range CoreLangs {
			if len(term.Words[lang]) == 0 {
				t.Errorf("term %q: no %s words", term.Key, lang)
			}
		}
		for _, lang := range Langs[len(CoreLangs):] {
			if len(term.Words[lang]) == 0 {
				partial = append(partial, term.Key+"/"+lang)
			}
		}
		for lang := range term.Words {
			if !slices.Contains(Langs, lang) {
				t.Errorf("term %q: unknown language %q", term.Key, lang)
			}
		}
	}
	if len(partial) > 0 {
		t.Logf("terms without an optional language: %v", partial)
	}
}

// TestWordsClean: every entry is lower case, trimmed, single-spaced and
// listed once per language.
func TestWordsClean(t *testing.T) {
	d := raw(t)
	check := func(where string, ws []string) {
		seen := map[string]bool{}
		for _, w := range ws {
			switch {
			case w == "":
				t.Errorf("%s: empty word", where)
			case w != strings.TrimSpace(w) || strings.Contains(w, "  "):
				t.Errorf("%s: stray spaces in %q", where, w)
			case w != strings.ToLower(w):
				t.Errorf("%s: %q is not lower case", where, w)
			case seen[w]:
				t.Errorf("%s: %q twice", where, w)
			}
			seen[w] = true
		}
	}
	for _, term := range d.Terms {
		for lang, ws := range term.Words {
			check("term "+term.Key+"/"+lang, ws)
		}
	}
	for _, c := range d.Colors {
		for lang, ws := range c.Words {
			check("colour "+c.Key+"/"+lang, ws)
		}
	}
	for name, m := range map[string]map[string][]string{"sizes": d.Sizes, "wholesale": d.Wholesale, "priceBelow": d.PriceBelow,
		"priceAbove": d.PriceAbove, "currencies": d.Currencies, "stopwords": d.Stopwords} {
		for k, ws := range m {
			check(name+"/"+k, ws)
		}
	}
}

// TestNoConflicts lists every word that means two things: two terms, two
// colours, a term and a colour, two sizes, two currencies, both price
// limits. Parse refuses most of these; this test names them all.
func TestNoConflicts(t *testing.T) {
	d := raw(t)
	// Words deliberately both a term and a colour. Keep empty: colour
	// words go to Color, and "gold"/"silver" the metals are spelt
	// "solid gold", "sterling silver", "oro", "plata"…
	allowTermColor := map[string]bool{}

	index := func(add func(func(key, lang, w string))) map[string]map[string]bool {
		m := map[string]map[string]bool{}
		add(func(key, lang, w string) {
			n := Normalize(w)
			if m[n] == nil {
				m[n] = map[string]bool{}
			}
			m[n][key] = true
		})
		return m
	}
	terms := index(func(f func(string, string, string)) {
		for _, term := range d.Terms {
			for lang, ws := range term.Words {
				for _, w := range ws {
					f(term.Key, lang, w)
				}
			}
		}
	})
	colors := index(func(f func(string, string, string)) {
		for _, c := range d.Colors {
			for lang, ws := range c.Words {
				for _, w := range ws {
					f(c.Key, lang, w)
				}
			}
		}
	})
	flat := func(m map[string][]string) map[string]map[string]bool {
		return index(func(f func(string, string, string)) {
			for k, ws := range m {
				for _, w := range ws {
					f(k, "", w)
				}
			}
		})
	}
	sizes, currencies := flat(d.Sizes), flat(d.Currencies)
	below, above := flat(d.PriceBelow), flat(d.PriceAbove)

	var conflicts []string
	many := func(what string, m map[string]map[string]bool) {
		for w, keys := range m {
			if len(keys) > 1 {
				conflicts = append(conflicts, fmt.Sprintf("%s %q → %v", what, w, sortedKeys(keys)))
			}
		}
	}
	many("term", terms)
	many("colour", colors)
	many("size", sizes)
	many("currency", currencies)
	for w := range terms {
		if colors[w] != nil && !allowTermColor[w] {
			conflicts = append(conflicts, fmt.Sprintf("term %v and colour %v: %q", sortedKeys(terms[w]), sortedKeys(colors[w]), w))
		}
		if sizes[w] != nil {
			conflicts = append(conflicts, fmt.Sprintf("term %v and size: %q", sortedKeys(terms[w]), w))
		}
	}
	for w := range colors {
		if sizes[w] != nil {
			conflicts = append(conflicts, fmt.Sprintf("colour and size: %q", w))
		}
	}
	for w := range below {
		if above[w] != nil {
			conflicts = append(conflicts, fmt.Sprintf("price below and above: %q", w))
		}
	}
	// A stopword must not hide a word of its own language.
	for lang, ws := range d.Stopwords {
		own := map[string]bool{}
		for _, term := range d.Terms {
			for _, w := range term.Words[lang] {
				own[Normalize(w)] = true
			}
		}
		for _, c := range d.Colors {
			for _, w := range c.Words[lang] {
				own[Normalize(w)] = true
			}
		}
		for _, by := range []ByLang{d.Wholesale, d.PriceBelow, d.PriceAbove} {
			for _, w := range by[lang] {
				own[Normalize(w)] = true
			}
		}
		for _, w := range ws {
			if own[Normalize(w)] {
				conflicts = append(conflicts, fmt.Sprintf("%s stopword %q is also a lexicon word", lang, w))
			}
		}
	}
	sort.Strings(conflicts)
	for _, c := range conflicts {
		t.Error(c)
	}
}

func TestParseRefusesConflicts(t *testing.T) {
	words := func(w string) string {
		return `{"en":["` + w + `"],"zh":["x"],"ar":["x"],"ja":["x"],"es":["x"],"fr":["x"],"de":["x"],"ru":["x"],"pt":["x"]}`
	}
	tests := []struct{ name, json, want string }{
		{"two terms", `{"terms":[{"key":"a","kind":"goods","words":` + words("w") + `},{"key":"b","kind":"goods","words":` + words("W") + `}]}`, `"w" is the term "a" and the term "b"`},
		{"unknown kind", `{"terms":[{"key":"a","kind":"thing","words":` + words("w") + `}]}`, `unknown kind`},
		{"unknown parent", `{"terms":[{"key":"a","kind":"goods","parent":"z","words":` + words("w") + `}]}`, `unknown parent`},
		{"missing language", `{"terms":[{"key":"a","kind":"goods","words":{"en":["w"]}}]}`, `no zh words`},
		{"price both ways", `{"priceBelow":{"en":["to"]},"priceAbove":{"fr":["to"]}}`, `both a lower and an upper`},
		{"unknown field", `{"termz":[]}`, `unknown field`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.json))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Parse: %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// TestColorsMatchCatalogue: the colour keys are exactly those of the seed
// catalogue, and every catalogue colour name, in every language, resolves.
func TestColorsMatchCatalogue(t *testing.T) {
	l := lex(t)
	cat, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, c := range cat.Colors {
		want[c.Key] = true
		for lang, name := range c.Name {
			if got, ok := l.Color(name); !ok || got != c.Key {
				t.Errorf("Color(%q) [%s name of %s] = %q, %v", name, lang, c.Key, got, ok)
			}
		}
	}
	for _, c := range l.Colors {
		if !want[c.Key] {
			t.Errorf("colour %q is not in colors.json", c.Key)
		}
		delete(want, c.Key)
		for _, lang := range CoreLangs {
			if len(c.Words[lang]) == 0 {
				t.Errorf("colour %q: no %s words", c.Key, lang)
			}
		}
	}
	for k := range want {
		t.Errorf("colors.json colour %q is missing from the lexicon", k)
	}
}

// TestOptionsCovered: every material and style option of the catalogue,
// in every language, is a lexicon term.
func TestOptionsCovered(t *testing.T) {
	l := lex(t)
	cat, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{content.KindMaterial, content.KindStyle} {
		for _, o := range cat.Options.ByKind(kind) {
			for lang, name := range o.Name {
				if _, ok := l.Term(name); !ok {
					t.Errorf("%s option %q: %s name %q is not a term", kind, o.Key, lang, name)
				}
			}
		}
	}
}

// umbrella terms are too broad to show that two languages name the same
// product: every garment is clothing.
var umbrella = map[string]bool{"clothing": true, "stationery": true}

// goodsIn returns the goods terms (with their broader terms, short of the
// umbrella ones) named in a product text, read the way a query would be:
// tokens, joined phrases, segmented CJK.
func goodsIn(l *Lexicon, text string) map[string]bool {
	out := map[string]bool{}
	add := func(w string) {
		k, ok := l.Term(w)
		if !ok || l.Kind(k) != KindGoods {
			return
		}
		for ; k != "" && !umbrella[k]; k = l.Parent(k) {
			out[k] = true
		}
	}
	add(text)
	tokens := strings.FieldsFunc(Normalize(text), func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(",.;:!?()（）、，。/&+", r)
	})
	for _, tok := range l.Join(tokens) {
		add(tok)
		if hasCJK(tok) {
			for _, p := range l.Segment(tok) {
				add(p)
			}
		}
	}
	return out
}

// TestProductsAcrossLanguages: for every demo product, the name and
// keywords in each of the nine catalogue languages name at least one goods
// term in common, so a query in any language reaches the product through
// the lexicon.
func TestProductsAcrossLanguages(t *testing.T) {
	l := lex(t)
	cat, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	var kwAll, kwHit int
	for _, p := range cat.Products {
		var common map[string]bool
		per := map[string][]string{}
		for _, lang := range content.Langs {
			found := goodsIn(l, p.Name[lang])
			for _, kw := range p.Keywords[lang] {
				kwAll++
				g := goodsIn(l, kw)
				if _, ok := l.Term(kw); ok || len(g) > 0 {
					kwHit++
				}
				for k := range g {
					found[k] = true
				}
			}
			per[lang] = sortedKeys(found)
			if common == nil {
				common = found
				continue
			}
			for k := range common {
				if !found[k] {
					delete(common, k)
				}
			}
		}
		if len(common) == 0 {
			t.Errorf("product %q: no goods term shared by all languages: %v", p.Key, per)
		}
	}
	t.Logf("%d of %d product keywords are, or contain, a goods term", kwHit, kwAll)
}

func TestLookups(t *testing.T) {
	l := lex(t)
	type lookup func(string) (string, bool)
	tests := []struct {
		fn   string
		in   string
		want string // "" = not found
	}{
		// The brief's samples.
		{"term", "vestido", "dress"},
		{"term", "Kleid", "dress"},
		{"term", "连衣裙", "dress"},
		{"term", "فستان", "dress"},
		{"term", "ドレス", "dress"},
		{"color", "rojo", "red"},
		{"currency", "€", "EUR"},
		// Shopper synonyms.
		{"term", "purse", "handbag"},
		{"term", "Trainers", "sneakers"},
		{"term", "tee", "t-shirt"},
		{"term", "T恤", "t-shirt"},
		{"term", "jumper", "sweater"},
		{"term", "mobile", "phone"},
		{"term", "cell phone", "phone"},
		{"term", "handy", "phone"},
		{"term", "robes", "dress"},
		{"term", "kleider", "dress"},
		{"term", "платья", "dress"},
		{"term", "vestido de novia", "wedding-dress"},
		{"term", "婚纱", "wedding-dress"},
		{"term", "earrings", "earrings"},
		{"term", "ピアス", "earrings"},
		{"term", "yoga mat", "yoga-mat"},
		{"term", "esterilla", "yoga-mat"},
		{"term", "washi tape", "washi-tape"},
		{"term", "マステ", "washi-tape"},
		{"term", "seda", "silk"},
		{"term", "Seide", "silk"},
		{"term", "真丝", "silk"},
		{"term", "stainless steel", "stainless-steel"},
		{"term", "boho", "bohemian"},
		{"term", "waterproof", "waterproof"},
		{"term", "防水", "waterproof"},
		{"term", "handmade", "handmade"},
		{"term", "fait main", "handmade"},
		{"term", "ropa", "clothing"},
		{"term", "одежда", "clothing"},
		{"term", "文具", "stationery"},
		{"term", "Lederbörse", "wallet"},
		{"term", "elbise", "dress"},
		{"term", "jurk", "dress"},
		{"term", "sukienka", "dress"},
		{"term", "원피스", "dress"},
		{"term", "vestito", "dress"},
		// Folding and fallbacks.
		{"term", "ﾜﾝﾋﾟｰｽ", "dress"},       // half-width katakana
		{"term", "ＤＲＥＳＳ", "dress"},        // full-width Latin
		{"term", "шелк", "silk"},          // ё typed as е
		{"term", "algodon", "cotton"},     // accent left out
		{"term", "ŞAL", "shawl"},          // Turkish capitals
		{"term", "الفستان", "dress"},      // Arabic article
		{"term", "bags", "bag"},           // plural
		{"term", "wallets", "wallet"},     // plural in the data
		{"term", "Lederjacke", "jacket"},  // German compound
		{"term", "Leinenbluse", "blouse"}, // compound, head ≥ 5 letters
		{"term", "Damenhemd", "shirt"},    // short head after a known word
		{"term", "Baumwollhemd", "shirt"}, // linking letter dropped
		{"term", "Satinrock", "skirt"},    //
		{"term", "zomerjurk", "dress"},    // Dutch compound
		{"term", "Canvas-Rucksack", "backpack"},
		{"term", "mini-сумка", "bag"},
		{"term", "watches", "watch"},      // -es after a sibilant
		{"term", "ordinateurs", "laptop"}, //
		{"term", "Glattleder", "leather"}, // material compound
		{"term", "Lippenstift-Set", "lipstick"},
		{"term", "featuring", ""},           // not a ring
		{"term", "without", ""},             // not "wit|hout" (white wood)
		{"term", "la", ""},                  // not Portuguese "lã" (wool)
		{"term", "is", ""},                  // not Turkish "iş"
		{"term", "meses", ""},               // not Turkish "meşe" (oak) + s
		{"term", "bordes", ""},              // not Dutch "bord" + es
		{"term", "magnetisch", ""},          // not "magne|tisch" (table)
		{"term", "romantische", "romantic"}, // an inflection, not "roman|tische"
		// Inflections by Snowball stem; of styles and uses only by a
		// stem of five letters or more.
		{"term", "пробежку", "run"},
		{"term", "warmen", "winter"},
		{"term", "игрушку", "toy"},
		{"term", "дерева", "wood"},
		{"term", "рюкзаке", "backpack"},
		{"term", "кофемашина", ""},
		{"term", "furadeira", ""},
		{"term", "Bildschirm", ""},
		{"term", "kindersicheren", ""},
		{"term", "après-midi", ""},
		{"term", "spring", ""},
		{"term", "address", ""},
		{"term", "al por mayor", ""},
		{"term", "", ""},
		// Cross-language collisions settled one way.
		{"term", "horloge", "watch"}, // Dutch watch; French clock is "horloge murale"
		{"term", "tassen", "cup"},    // German cups; Dutch bags stay "tas"
		{"term", "vaso", "vase"},     // Portuguese/Italian vase; Spanish glass is "vaso de vidrio"
		// Colours.
		{"color", "Rot", "red"},
		{"color", "红色", "red"},
		{"color", "أحمر", "red"},
		{"color", "красная", "red"},
		{"color", "navy blue", "navy"},
		{"color", "azul marino", "navy"},
		{"color", "Weiß", "white"},
		{"color", "weiss", "white"},
		{"color", "gris", "grey"},
		{"color", "gray", "grey"},
		{"color", "Champagne", "champagne"},
		{"color", "ivoire", "ivory"},
		{"color", "dress", ""},
		// Sizes.
		{"size", "XL", "XL"},
		{"size", "m", "M"},
		{"size", "extra large", "XL"},
		{"size", "大号", "L"},
		{"size", "GG", "XL"},
		{"size", "2XL", "XXL"},
		{"size", "dress", ""},
		// Currencies.
		{"currency", "$", "USD"},
		{"currency", "¥", "CNY"},
		{"currency", "￥", "CNY"},
		{"currency", "元", "CNY"},
		{"currency", "円", "JPY"},
		{"currency", "руб.", "RUB"},
		{"currency", "R$", "BRL"},
		{"currency", "euros", "EUR"},
		{"currency", "£", "GBP"},
		{"currency", "ريال", "SAR"},
		{"currency", "dress", ""},
	}
	fns := map[string]lookup{"term": l.Term, "color": l.Color, "size": l.Size, "currency": l.Currency}
	for _, tt := range tests {
		t.Run(tt.fn+"/"+tt.in, func(t *testing.T) {
			got, ok := fns[tt.fn](tt.in)
			if got != tt.want || ok != (tt.want != "") {
				t.Errorf("%s(%q) = %q, %v; want %q", tt.fn, tt.in, got, ok, tt.want)
			}
		})
	}
}

func TestPhraseKinds(t *testing.T) {
	l := lex(t)
	tests := []struct {
		phrase                  string
		wholesale, below, above bool
	}{
		{"批发", true, false, false},
		{"al por mayor", true, false, false},
		{"Wholesale", true, false, false},
		{"in bulk", true, false, false},
		{"оптом", true, false, false},
		{"Großhandel", true, false, false},
		{"grosshandel", true, false, false},
		{"à vendre", false, false, false},
		{"以下", false, true, false},
		{"under", false, true, false},
		{"less than", false, true, false},
		{"menos de", false, true, false},
		{"до", false, true, false},
		{"أقل من", false, true, false},
		{"اقل من", false, true, false}, // typed without hamza
		{"jusqu'à", false, true, false},
		{"jusqu’à", false, true, false}, // typographic apostrophe
		{"<", false, true, false},
		{"以上", false, false, true},
		{"over", false, false, true},
		{"a partir de", false, false, true},
		{"от", false, false, true},
		{"dress", false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.phrase, func(t *testing.T) {
			if got := l.IsWholesale(tt.phrase); got != tt.wholesale {
				t.Errorf("IsWholesale = %v", got)
			}
			if got := l.IsPriceBelow(tt.phrase); got != tt.below {
				t.Errorf("IsPriceBelow = %v", got)
			}
			if got := l.IsPriceAbove(tt.phrase); got != tt.above {
				t.Errorf("IsPriceAbove = %v", got)
			}
		})
	}
}

func TestStopwords(t *testing.T) {
	l := lex(t)
	tests := []struct {
		lang, word string
		want       bool
	}{
		{"en", "the", true},
		{"en", "The", true},
		{"en", "dress", false},
		{"es", "de", true},
		{"pt-BR", "de", true},
		{"zh", "的", true},
		{"de", "für", true},
		{"ru", "для", true},
		{"ru", "до", false}, // a price limit, not noise
		{"fr", "sous", false},
		{"en", "de", false},
		{"", "de", true},
		{"xx", "the", false},
		// Function words of sentences (Bleve's Snowball lists), never a
		// word the lexicon gives a meaning.
		{"de", "man", true},
		{"de", "worauf", true}, // the lexicon's own sentence fillers
		{"en", "something", true},
		{"ru", "нужно", true},
		{"en", "which", true},
		{"en", "under", false}, // a price limit
		{"pt", "você", true},
		{"fr", "quelque", true},
		{"fr", "pour", true},
		{"ar", "التي", true},
		{"ru", "чтобы", true},
	}
	for _, tt := range tests {
		if got := l.IsStopword(tt.lang, tt.word); got != tt.want {
			t.Errorf("IsStopword(%q, %q) = %v, want %v", tt.lang, tt.word, got, tt.want)
		}
	}
}

func TestWords(t *testing.T) {
	l := lex(t)
	tests := []struct {
		key  string
		want []string
	}{
		{"dress", []string{"dress", "vestido", "kleid", "连衣裙", "فستان", "ドレス", "robe", "платье", "elbise", "jurk", "sukienka", "드레스", "vestito"}},
		{"red", []string{"red", "rojo", "rot", "红色", "أحمر", "rouge", "красный", "vermelho"}},
		{"wholesale", nil}, // not a term
		{"nope", nil},
	}
	for _, tt := range tests {
		got := l.Words(tt.key)
		if tt.want == nil && got != nil {
			t.Errorf("Words(%q) = %v, want nil", tt.key, got)
		}
		for _, w := range tt.want {
			if !slices.Contains(got, w) {
				t.Errorf("Words(%q) lacks %q", tt.key, w)
			}
		}
	}
	// Each language's main word comes first, so a capped expansion still
	// crosses every language.
	first := l.Words("dress")[:len(Langs)]
	for _, lang := range Langs {
		found := false
		for _, term := range l.Terms {
			if term.Key == "dress" && slices.Contains(first, term.Words[lang][0]) {
				found = true
			}
		}
		if !found {
			t.Errorf("first %d words of dress lack the main %s word: %v", len(Langs), lang, first)
		}
	}
	// Words returns a copy.
	w := l.Words("dress")
	w[0] = "changed"
	if l.Words("dress")[0] == "changed" {
		t.Error("Words shares its slice")
	}
	// Expand includes narrower terms.
	if e := l.Expand("shoes"); !slices.Contains(e, "sneakers") || !slices.Contains(e, "ハイヒール") {
		t.Errorf("Expand(shoes) lacks its children's words")
	}
	if l.Parent("wedding-dress") != "dress" || l.Kind("silk") != KindMaterial || !slices.Contains(l.Children("bag"), "backpack") {
		t.Error("Parent/Kind/Children disagree with the data")
	}
}

func TestPhrases(t *testing.T) {
	l := lex(t)
	p := l.Phrases()
	for _, want := range []string{"al por mayor", "in bulk", "less than", "menos de", "أقل من", "اقل من", "vestido de novia", "extra large", "stainless steel", "im großhandel", "im grosshandel"} {
		if !slices.Contains(p, want) {
			t.Errorf("Phrases lacks %q", want)
		}
	}
	for i, s := range p {
		if !strings.Contains(s, " ") {
			t.Errorf("phrase %q has no space", s)
		}
		if i > 0 && utf8.RuneCountInString(s) > utf8.RuneCountInString(p[i-1]) {
			t.Errorf("phrases not longest first: %q after %q", s, p[i-1])
			break
		}
	}
}

func TestJoin(t *testing.T) {
	l := lex(t)
	tests := []struct{ in, want []string }{
		{[]string{"vestido", "al", "por", "mayor"}, []string{"vestido", "al por mayor"}},
		{[]string{"red", "dress", "less", "than", "50"}, []string{"red", "dress", "less than", "50"}},
		{[]string{"Vestido", "de", "Novia", "blanco"}, []string{"Vestido de Novia", "blanco"}},
		{[]string{"dress"}, []string{"dress"}},
		{nil, []string{}},
	}
	for _, tt := range tests {
		if got := l.Join(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("Join(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSegment(t *testing.T) {
	l := lex(t)
	tests := []struct {
		in   string
		want []string
	}{
		{"红色连衣裙", []string{"红色", "连衣裙"}},
		{"批发T恤", []string{"批发", "t恤"}},
		{"100元以下", []string{"100", "元", "以下"}},
		{"真丝围巾的", []string{"真丝", "围巾", "的"}},
		{"赤いワンピース", []string{"赤", "い", "ワンピース"}},
		{"dress", []string{"dress"}},
		{"", nil},
	}
	for _, tt := range tests {
		if got := l.Segment(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("Segment(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestLangsOf(t *testing.T) {
	l := lex(t)
	tests := []struct {
		word string
		want []string
	}{
		{"kleid", []string{"de"}},
		{"vestido", []string{"es", "pt"}},
		{"unknownword", nil},
	}
	for _, tt := range tests {
		if got := l.LangsOf(tt.word); !slices.Equal(got, tt.want) {
			t.Errorf("LangsOf(%q) = %v, want %v", tt.word, got, tt.want)
		}
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"  Al   POR mayor ", "al por mayor"},
		{"Großhandel", "grosshandel"},
		{"ШЁЛК", "шелк"},
		{"أقل من", "اقل من"},
		{"فُسْتَان", "فستان"},
		{"ＸＬ", "xl"},
		{"jusqu’à", "jusqu'à"},
	}
	for _, tt := range tests {
		if got := Normalize(tt.in); got != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func BenchmarkTerm(b *testing.B) {
	l := lex(b)
	words := []string{"vestido", "Lederjacke", "连衣裙", "featuring", "bags", "algodon"}
	for i := 0; b.Loop(); i++ {
		l.Term(words[i%len(words)])
	}
}

// TestModifier: a compound read by its last part gives its first part
// when that is a lexicon word; listed words and non-compounds give none.
func TestModifier(t *testing.T) {
	l := lex(t)
	tests := []struct{ in, want string }{
		{"Holzspielzeug", "holz"},
		{"Kinderschuhe", "kinder"},
		{"Kinderregenjacke", "kinder"},
		{"Damenkleid", ""}, // listed as it is
		{"featuring", ""},
		{"magnetisch", ""},
		{"Kleid", ""},
	}
	for _, tt := range tests {
		got, ok := l.Modifier(tt.in)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("Modifier(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}

// A shop filler of the lexicon is filler in its other inflections too,
// unless the lexicon gives that word a meaning.
func TestStopwordInflections(t *testing.T) {
	l := lex(t)
	tests := []struct {
		lang, word string
		want       bool
	}{
		{"ru", "недорогая", true}, // the list has "недорогой"
		{"ru", "недорогую", true},
		{"ru", "красивую", true},
		{"ru", "сумку", false},
		{"de", "günstiges", true},
		{"pt", "baratinho", false}, // a diminutive, not an inflection
		{"en", "cheaper", false},   // a limit word's stem is not filler
	}
	for _, tt := range tests {
		if got := l.IsStopword(tt.lang, tt.word); got != tt.want {
			t.Errorf("IsStopword(%q, %q) = %v, want %v", tt.lang, tt.word, got, tt.want)
		}
	}
}

// Portuguese and Spanish diminutives and augmentatives name what the plain
// word names.
func TestDiminutives(t *testing.T) {
	l := lex(t)
	tests := []struct{ word, want string }{
		{"mochilão", "backpack"},
		{"mochilões", "backpack"},
		{"bolsinha", "bag"},
		{"bolsinhas", "bag"},
		{"casaquinho", "cardigan"}, // listed as it is: a light cardigan
		{"vestidinho", "dress"},
		{"canequinhas", "mug"},
		{"bolsita", "bag"},
		{"zapatitos", "shoes"},
		{"bonito", ""},
		{"visão", ""},
		{"botão", ""}, // a button, not a big boot
		{"botões", ""},
	}
	for _, tt := range tests {
		if got, _ := l.Term(tt.word); got != tt.want {
			t.Errorf("Term(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}

// A colour adjective names its colour in every ending; a noun that begins
// like a colour does not.
func TestColorInflections(t *testing.T) {
	l := lex(t)
	tests := []struct{ word, want string }{
		{"schwarzen", "black"},
		{"grünen", "green"},
		{"чёрную", "black"},
		{"чёрного", "black"},
		{"amarelas", "yellow"},
		{"Rosen", ""},   // roses
		{"белья", ""},   // linen
		{"Orangen", ""}, // oranges
		{"зелень", ""},  // greens (herbs)
		{"rede", ""},    // Portuguese hammock: German endings on English "red"
		{"redes", ""},
		{"tane", ""},
		{"golden", "gold"}, // German "golden": "gold" is German too
	}
	for _, tt := range tests {
		if got, _ := l.Color(tt.word); got != tt.want {
			t.Errorf("Color(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}
