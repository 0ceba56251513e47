package search

import (
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"souk/app/search/lexicon"
)

// fakeLex is a tiny lexicon for understanding tests.
type fakeLex struct{}

var fakeTerms = map[string]string{"dress": "dress", "vestido": "dress", "kleid": "dress", "连衣裙": "dress", "t恤": "tshirt", "t-shirt": "tshirt", "bag": "bag", "silk": "silk"}
var fakeColors = map[string]string{"red": "red", "rojo": "red", "红色": "red", "blue": "blue", "ivory": "ivory"}

func (fakeLex) Term(w string) (string, bool) { k, ok := fakeTerms[w]; return k, ok }
func (fakeLex) Words(k string) []string      { return nil }
func (fakeLex) Kind(k string) string {
	if k == "silk" {
		return "material"
	}
	return "goods"
}
func (fakeLex) Color(w string) (string, bool) { k, ok := fakeColors[w]; return k, ok }
func (fakeLex) Size(w string) (string, bool) {
	s := strings.ToUpper(w)
	return s, s == "XL" || s == "M" || s == "S"
}
func (fakeLex) IsWholesale(p string) bool {
	return p == "wholesale" || p == "bulk" || p == "批发" || p == "al por mayor"
}
func (fakeLex) IsPriceBelow(p string) bool {
	return p == "under" || p == "below" || p == "以下" || p == "まで" || p == "之内" || p == "до" || p == "less than" || p == "menos de"
}
func (fakeLex) IsPriceAbove(p string) bool { return p == "over" }
func (fakeLex) Currency(w string) (string, bool) {
	m := map[string]string{"€": "EUR", "$": "USD", "元": "CNY", "円": "JPY", "руб": "RUB", "euros": "EUR"}
	c, ok := m[w]
	return c, ok
}
func (fakeLex) IsStopword(lang, w string) bool { return w == "the" || w == "for" || w == "de" }
func (fakeLex) Phrases() []string              { return []string{"al por mayor", "less than", "menos de"} }
func (f fakeLex) Join(tokens []string) []string {
	var out []string
	for i := 0; i < len(tokens); i++ {
		joined := false
		for _, p := range f.Phrases() {
			n := len(strings.Fields(p))
			if i+n <= len(tokens) && strings.Join(tokens[i:i+n], " ") == p {
				out, i, joined = append(out, p), i+n-1, true
				break
			}
		}
		if !joined {
			out = append(out, tokens[i])
		}
	}
	return out
}
func (fakeLex) Segment(t string) []string {
	if strings.HasPrefix(t, "红色") && len(t) > len("红色") {
		return []string{"红色", strings.TrimPrefix(t, "红色")}
	}
	for _, p := range []string{"的", "の"} { // a particle before a word
		if a, b, ok := strings.Cut(t, p); ok && a == "" && b != "" {
			return []string{p, b}
		}
	}
	return []string{t}
}

func TestUnderstand(t *testing.T) {
	tests := []struct {
		q, page string
		want    Understood
	}{
		{"red silk dress under 50", "en", Understood{Lang: "en", Words: []string{"silk", "dress"}, Terms: []string{"silk", "dress"}, Colors: []string{"red"}, MaxPrice: 50}},
		{"vestido rojo", "de", Understood{Lang: "de", Words: []string{"vestido"}, Terms: []string{"dress"}, Colors: []string{"red"}}},
		{"< 50€ bag", "en", Understood{Lang: "en", Words: []string{"bag"}, Terms: []string{"bag"}, MaxPrice: 50, Currency: "EUR"}},
		{"50元以下 T恤", "zh", Understood{Lang: "zh", Words: []string{"t恤"}, Terms: []string{"tshirt"}, MaxPrice: 50, Currency: "CNY"}},
		{"批发 T恤", "en", Understood{Lang: "zh", Words: []string{"t恤"}, Terms: []string{"tshirt"}, Wholesale: true}},
		{"t-shirt x500", "en", Understood{Lang: "en", Words: []string{"t-shirt"}, Terms: []string{"tshirt"}, Wholesale: true, Quantity: 500}},
		{"bags al por mayor", "es", Understood{Lang: "es", Words: []string{"bags"}, Wholesale: true}},
		{"vestido menos de 30 euros", "es", Understood{Lang: "es", Words: []string{"vestido"}, Terms: []string{"dress"}, MaxPrice: 30, Currency: "EUR"}},
		{"платье до 3000 руб", "en", Understood{Lang: "ru", Words: []string{"платье"}, MaxPrice: 3000, Currency: "RUB"}},
		{"#10042", "en", Understood{Lang: "en", Words: []string{"#10042"}, Code: "10042"}},
		{"dress XL", "en", Understood{Lang: "en", Words: []string{"dress"}, Terms: []string{"dress"}, Sizes: []string{"XL"}}},
		{"红色连衣裙", "en", Understood{Lang: "zh", Words: []string{"连衣裙"}, Terms: []string{"dress"}, Colors: []string{"red"}}},
		{"the dress for me", "en", Understood{Lang: "en", Words: []string{"dress", "me"}, Terms: []string{"dress"}}},
		{"ドレス", "en", Understood{Lang: "ja", Words: []string{"ドレス"}}},
		// A limit with a particle after it, and a count with a space before its unit.
		{"500元以下的连衣裙", "zh", Understood{Lang: "zh", Words: []string{"连衣裙"}, Terms: []string{"dress"}, MaxPrice: 500, Currency: "CNY"}},
		{"4500円以下のドレス", "ja", Understood{Lang: "ja", Words: []string{"ドレス"}, MaxPrice: 4500, Currency: "JPY"}},
		{"1万円以下 ドレス", "ja", Understood{Lang: "ja", Words: []string{"ドレス"}, MaxPrice: 10000, Currency: "JPY"}},
		{"1万円までのドレス", "ja", Understood{Lang: "ja", Words: []string{"ドレス"}, MaxPrice: 10000, Currency: "JPY"}},
		{"300元之内的t恤", "zh", Understood{Lang: "zh", Words: []string{"t恤"}, Terms: []string{"tshirt"}, MaxPrice: 300, Currency: "CNY"}},
		{"t-shirt 500 pcs", "en", Understood{Lang: "en", Words: []string{"t-shirt"}, Terms: []string{"tshirt"}, Wholesale: true, Quantity: 500}},
		{"500 шт платье", "ru", Understood{Lang: "ru", Words: []string{"платье"}, Wholesale: true, Quantity: 500}},
		// Words that begin like a goods id are words; an id has a digit.
		{"trousers", "en", Understood{Lang: "en", Words: []string{"trousers"}}},
		{"tr1ukyh", "en", Understood{Lang: "en", Words: []string{"tr1ukyh"}, Code: "tr1ukyh"}},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			got := Understand(tt.q, tt.page, fakeLex{})
			got.Raw, got.own = "", 0
			for _, s := range [][]string{got.Words, got.Terms, tt.want.Words, tt.want.Terms} {
				sort.Strings(s)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("Understand(%q)\n got %+v\nwant %+v", tt.q, got, tt.want)
			}
		})
	}
}

func TestFuzziness(t *testing.T) {
	tests := []struct {
		w    string
		want int
	}{{"bag", 0}, {"scarf", 1}, {"dreess", 1}, {"cashmere", 1}, {"handkerchief", 2}, {"10042", 0}, {"连衣裙连衣裙", 0}}
	for _, tt := range tests {
		if got := fuzziness(tt.w); got != tt.want {
			t.Errorf("fuzziness(%q) = %d, want %d", tt.w, got, tt.want)
		}
	}
}

func FuzzUnderstand(f *testing.F) {
	for _, s := range []string{"red dress under 50", "50元以下", "< 5€", "x500", "#1", "", "al por mayor", "\x00\xff", strings.Repeat("a ", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		u := Understand(q, "en", fakeLex{})
		if u.MaxPrice < 0 || u.MinPrice < 0 || u.Quantity < 0 {
			t.Fatalf("negative limits from %q: %+v", q, u)
		}
	})
}

// In a sentence evidently in its language, a word the lexicon knows only in
// another language is that language's own word: it is not translated. A
// query of a word or two may be typed in any language.
func TestUnderstandForeignWordsInASentence(t *testing.T) {
	lex := lexicon.MustLoad()
	tests := []struct {
		q, lang        string
		foreign, terms []string
	}{
		{"etwas, damit mein Handy unterwegs nicht leer wird", "de", []string{"leer"}, []string{"phone"}},
		{"leer handy", "de", nil, []string{"leather", "phone"}},
		{"vestido rojo", "en", nil, []string{"dress"}},
	}
	for _, tt := range tests {
		u := Understand(tt.q, tt.lang, lex)
		sort.Strings(u.Terms)
		if !slices.Equal(u.Foreign, tt.foreign) || !slices.Equal(u.Terms, tt.terms) {
			t.Errorf("%q: foreign %v terms %v, want %v %v", tt.q, u.Foreign, u.Terms, tt.foreign, tt.terms)
		}
	}
}

// Sentences keep what names goods, uses and who they are for, and lose
// their filler: relatives, verbs of liking and wearing, "gift" beside
// something else, and a goods word broader than another one.
func TestUnderstandSentences(t *testing.T) {
	lex := lexicon.MustLoad()
	tests := []struct {
		q, lang  string
		words    []string
		terms    []string
		sentence bool
	}{
		{"I need a gift for my dad who loves writing", "en", []string{"writing"}, []string{"pen"}, true},
		{"gift", "en", []string{"gift"}, []string{"gift"}, false},
		{"quero um presente para minha mãe que adora chá", "pt", []string{"chá"}, []string{"tea"}, true},
		{"какую игрушку из дерева подарить ребёнку", "ru", []string{"игрушку", "дерева", "ребёнку"}, []string{"kids", "toy", "wood"}, true},
		{"o que minha filha pode usar para pintar", "pt", []string{"filha", "pintar"}, []string{"kids", "paint-set"}, true},
		{"ランニング中に音楽を聴けるイヤホンがほしい", "ja", []string{"ランニング", "聴ける", "イヤホン"}, []string{"earbuds", "run"}, true},
		{"Geschenk für meine Freundin, die gerne Tee trinkt", "de", []string{"tee"}, nil, true},
		{"alguma coisa para carregar o celular na rua", "pt", []string{"carregar", "celular", "rua"}, []string{"charger", "phone"}, true},
		{"Holzspielzeug", "de", []string{"holzspielzeug", "holz"}, []string{"toy", "wood"}, false},
	}
	for _, tt := range tests {
		u := Understand(tt.q, tt.lang, lex)
		sort.Strings(u.Terms)
		if !slices.Equal(u.Words, tt.words) || !slices.Equal(u.Terms, tt.terms) || u.Sentence() != tt.sentence {
			t.Errorf("%q: words %q terms %v sentence %v, want %q %v %v", tt.q, u.Words, u.Terms, u.Sentence(), tt.words, tt.terms, tt.sentence)
		}
	}
}

// What follows "without" in any language is not wanted: no result must
// match it. A known phrase with it ("без проводов", wireless) is a word.
// The lexicon's fillers count in their other inflections, and Portuguese
// diminutives name their plain word.
func TestUnderstandWithoutInflectionsDiminutives(t *testing.T) {
	lex := lexicon.MustLoad()
	tests := []struct {
		q, lang string
		words   []string
		terms   []string
	}{
		{"Jacke ohne Kapuze", "de", []string{"jacke"}, []string{"jacket"}},
		{"Kopfhörer ohne Kabel", "de", []string{"kopfhörer", "ohne kabel"}, []string{"headphones", "wireless"}},
		{"сумка без молнии", "ru", []string{"сумка"}, []string{"bag"}},
		{"bolsa sem a alça", "pt", []string{"bolsa"}, []string{"bag"}},
		{"dress without sleeves", "en", []string{"dress"}, []string{"dress"}},
		{"without", "en", nil, nil},
		{"наушники без проводов", "ru", []string{"наушники", "без проводов"}, []string{"headphones", "wireless"}},
		{"нужна недорогая сумка через плечо", "ru", []string{"сумка через плечо"}, []string{"shoulder-bag"}},
		{"um casaco quentinho pro inverno", "pt", []string{"casaco", "quentinho", "inverno"}, []string{"coat", "winter"}},
		{"mochilão", "pt", []string{"mochilão"}, []string{"backpack"}},
		{"что надеть на пробежку", "ru", []string{"пробежку"}, []string{"run"}},
	}
	for _, tt := range tests {
		u := Understand(tt.q, tt.lang, lex)
		sort.Strings(u.Terms)
		if !slices.Equal(u.Words, tt.words) || !slices.Equal(u.Terms, tt.terms) {
			t.Errorf("%q: words %q terms %v, want %q %v", tt.q, u.Words, u.Terms, tt.words, tt.terms)
		}
	}
}
