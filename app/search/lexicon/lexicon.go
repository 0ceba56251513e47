// Package lexicon is Souk's multilingual shopping vocabulary: goods,
// materials, styles and features in 14 languages, the catalogue's colours,
// sizes, wholesale and price-limit phrases, currencies and stopwords. It
// lets a query typed in one language find goods described in another
// ("vestido" → dress → "连衣裙", "فستان", "kleid" …) and lets the query
// parser recognise what is not a word to match.
//
// The data is lexicon.json next to this file (embedded). Load parses it
// once and builds lookup maps; every lookup folds its input the same way
// the data was folded (see Normalize), so "Kleid", "KLEID" and "kleid"
// are one word, "أقل من" matches "اقل من", "шелк" matches "шёлк" and
// "Großhandel" matches "grosshandel". Lookups also forgive missing Latin
// accents ("algodon" → cotton) when that is unambiguous.
package lexicon

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

//go:embed lexicon.json
var data []byte

// Langs are the languages of the lexicon, in the order Words interleaves
// them. The first nine (CoreLangs) are the catalogue's languages; every
// term has words in each of them.
var Langs = []string{"en", "zh", "ar", "ja", "es", "fr", "de", "ru", "pt", "it", "ko", "tr", "nl", "pl"}

// CoreLangs are the languages every term must have words in.
var CoreLangs = Langs[:9]

// Kinds of terms.
const (
	KindGoods    = "goods"    // what is sold: dress, mug, headphones
	KindMaterial = "material" // silk, ceramic, stainless steel
	KindStyle    = "style"    // vintage, boho, summer, a-line, floral
	KindFeature  = "feature"  // waterproof, wireless, handmade, women's
)

// ByLang is a word list per language code.
type ByLang map[string][]string

// Term is one concept with its words in every language. Parent, when set,
// is a broader term (wedding-dress → dress, sneakers → shoes).
type Term struct {
	Key    string `json:"key"`
	Kind   string `json:"kind"`
	Parent string `json:"parent,omitempty"`
	Words  ByLang `json:"words"`
}

// Color is one of the catalogue's colours (keys of seed content
// colors.json) with its names and common synonyms in every language.
type Color struct {
	Key   string `json:"key"`
	Words ByLang `json:"words"`
}

// Data is lexicon.json as written.
type Data struct {
	Terms  []Term              `json:"terms"`
	Colors []Color             `json:"colors"`
	Sizes  map[string][]string `json:"sizes"` // XS…XXL → words
	// "without", "ohne", "без": what follows is not wanted. Only languages
	// whose word for it comes first: Japanese なし, Korean 없는 and Turkish
	// olmadan follow what is not wanted, and reading the next word as
	// unwanted dropped the goods asked for.
	Without    ByLang              `json:"without"`
	Wholesale  ByLang              `json:"wholesale"`  // bulk-buying intent
	PriceBelow ByLang              `json:"priceBelow"` // "under", "以下", "до"
	PriceAbove ByLang              `json:"priceAbove"` // "over", "以上", "от"
	Currencies map[string][]string `json:"currencies"` // ISO code → symbols and names
	Stopwords  ByLang              `json:"stopwords"`
}

// Lexicon is the parsed data with its lookup maps. It is read-only and
// safe for concurrent use.
type Lexicon struct {
	Data

	term, termLoose     map[string]string            // folded word → term key
	color, colorLoose   map[string]string            // folded word → colour key
	size, currency      map[string]string            // folded word → size / ISO code
	heads               map[string]string            // de/nl words that end compounds → term key
	stems               map[string]map[string]string // lang → stem → term key (see stemmed)
	sharedHeads         map[string]bool              // heads that are also words of another language
	wholesale, without  set
	below, above        set
	stop                map[string]set // lang → folded stopwords
	stopStems           map[string]set // lang → stems of its own fillers (buildStopStems)
	langs               map[string]uint16
	kinds, parents      map[string]string
	children            map[string][]string
	words               map[string][]string // term or colour key → words, languages interleaved
	phrases             []string            // multiword entries, longest first
	phraseSet           set
	maxPhraseTokens     int
	unspaced            []string // CJK entries, longest first (for Segment)
	unspacedSet         set
	maxUnspacedRuneSize int
}

type set map[string]bool

var load = sync.OnceValues(func() (*Lexicon, error) { return Parse(data) })

// Load returns the embedded lexicon, parsed and indexed on first use.
func Load() (*Lexicon, error) { return load() }

// MustLoad is Load for program start-up; it panics if the embedded data is
// broken (the package tests make sure it is not).
func MustLoad() *Lexicon {
	l, err := Load()
	if err != nil {
		panic(err)
	}
	return l
}

// Parse reads lexicon JSON and builds the lookup maps. It refuses data in
// which one word means two different things of the same sort (two terms,
// two colours, two sizes, two currencies, both a lower and an upper price
// limit), a term with an unknown kind or parent, or a term lacking one of
// the core languages.
func Parse(b []byte) (*Lexicon, error) {
	var d Data
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil {
		return nil, fmt.Errorf("lexicon: %w", err)
	}
	l := &Lexicon{Data: d}
	if err := l.build(); err != nil {
		return nil, err
	}
	return l, nil
}

func (l *Lexicon) build() error {
	var errs []error
	fail := func(format string, a ...any) { errs = append(errs, fmt.Errorf("lexicon: "+format, a...)) }

	l.kinds = map[string]string{}
	l.parents = map[string]string{}
	l.children = map[string][]string{}
	l.words = map[string][]string{}
	l.langs = map[string]uint16{}
	langBit := map[string]uint16{}
	for i, lang := range Langs {
		langBit[lang] = 1 << i
	}
	mark := func(lang, w string) {
		if bit, ok := langBit[lang]; ok {
			l.langs[Normalize(w)] |= bit
		}
	}

	// Terms.
	l.term = map[string]string{}
	for _, t := range l.Terms {
		switch {
		case t.Key == "":
			fail("a term without key")
			continue
		case l.kinds[t.Key] != "":
			fail("term %q twice", t.Key)
			continue
		}
		switch t.Kind {
		case KindGoods, KindMaterial, KindStyle, KindFeature:
		default:
			fail("term %q: unknown kind %q", t.Key, t.Kind)
		}
		l.kinds[t.Key] = t.Kind
		for _, lang := range CoreLangs {
			if len(t.Words[lang]) == 0 {
				fail("term %q: no %s words", t.Key, lang)
			}
		}
		for lang, ws := range t.Words {
			for _, w := range ws {
				addUnique(l.term, Normalize(w), t.Key, "term", fail)
				mark(lang, w)
			}
		}
		l.words[t.Key] = interleave(t.Words)
	}
	for _, t := range l.Terms {
		if t.Parent == "" {
			continue
		}
		if l.kinds[t.Parent] == "" {
			fail("term %q: unknown parent %q", t.Key, t.Parent)
			continue
		}
		l.parents[t.Key] = t.Parent
		l.children[t.Parent] = append(l.children[t.Parent], t.Key)
	}
	for k := range l.parents { // no cycles
		seen := map[string]bool{}
		for p := k; p != ""; p = l.parents[p] {
			if seen[p] {
				fail("term %q: parent cycle", k)
				break
			}
			seen[p] = true
		}
	}

	// Colours.
	l.color = map[string]string{}
	for _, c := range l.Colors {
		if c.Key == "" || l.words[c.Key] != nil {
			fail("colour %q: empty or already a term or colour key", c.Key)
			continue
		}
		for lang, ws := range c.Words {
			for _, w := range ws {
				addUnique(l.color, Normalize(w), c.Key, "colour", fail)
				mark(lang, w)
			}
		}
		l.words[c.Key] = interleave(c.Words)
	}

	// Sizes and currencies.
	l.size = map[string]string{}
	for _, k := range sortedKeys(l.Sizes) {
		for _, w := range l.Sizes[k] {
			addUnique(l.size, Normalize(w), k, "size", fail)
		}
	}
	l.currency = map[string]string{}
	for _, k := range sortedKeys(l.Currencies) {
		for _, w := range l.Currencies[k] {
			addUnique(l.currency, Normalize(w), k, "currency", fail)
		}
	}

	// Phrases: wholesale, price limits, stopwords.
	l.wholesale, l.without, l.below, l.above = set{}, set{}, set{}, set{}
	fill := func(s set, by ByLang) {
		for lang, ws := range by {
			for _, w := range ws {
				n := Normalize(w)
				s[n], s[fold(n)] = true, true
				mark(lang, w)
			}
		}
	}
	fill(l.wholesale, l.Wholesale)
	fill(l.without, l.Without)
	fill(l.below, l.PriceBelow)
	fill(l.above, l.PriceAbove)
	for _, ws := range l.PriceBelow {
		for _, w := range ws {
			if n := Normalize(w); l.above[n] {
				fail("%q is both a lower and an upper price limit", w)
			}
		}
	}
	l.stop = map[string]set{}
	for lang, ws := range l.Stopwords {
		s := set{}
		for _, w := range ws {
			s[Normalize(w)] = true
			mark(lang, w)
		}
		l.stop[lang] = s
	}
	if err := l.addFunctionWords(); err != nil {
		fail("function words: %v", err)
	}

	// Loose (accent-free) forms, kept only when they are unambiguous.
	l.termLoose = looseIndex(l.term)
	l.colorLoose = looseIndex(l.color)

	// Heads of German and Dutch compounds ("Leder|jacke", "zomer|jurk").
	l.heads, l.sharedHeads = map[string]string{}, map[string]bool{}
	for _, t := range l.Terms {
		if t.Kind != KindGoods && t.Kind != KindMaterial {
			continue // "heren", "lässig" end too many unrelated words
		}
		for _, lang := range []string{"de", "nl"} {
			for _, w := range t.Words[lang] {
				n := Normalize(w)
				if strings.ContainsAny(n, " -") || utf8.RuneCountInString(n) < 3 || !isLatin(n) {
					continue
				}
				l.heads[n] = t.Key
			}
		}
	}
	for _, t := range l.Terms {
		for lang, ws := range t.Words {
			if lang == "de" || lang == "nl" {
				continue
			}
			for _, w := range ws {
				if n := Normalize(w); l.heads[n] != "" {
					l.sharedHeads[n] = true
				}
			}
		}
	}

	for _, h := range []string{"tisch", "tische"} { // "magnetisch", "romantische"
		if l.heads[h] != "" {
			l.sharedHeads[h] = true
		}
	}

	l.buildStems()
	l.buildStopStems()
	l.buildPhrases()
	return errors.Join(errs...)
}

func addUnique(m map[string]string, w, key, what string, fail func(string, ...any)) {
	if w == "" {
		fail("%s %q: empty word", what, key)
		return
	}
	if old, ok := m[w]; ok && old != key {
		fail("%q is the %s %q and the %s %q", w, what, old, what, key)
		return
	}
	m[w] = key
}

func looseIndex(exact map[string]string) map[string]string {
	loose := map[string]string{}
	bad := set{}
	for w, k := range exact {
		f := fold(w)
		if f == w || utf8.RuneCountInString(f) < 4 { // "lã" must not become "la"
			continue
		}
		if old, ok := loose[f]; ok && old != k {
			bad[f] = true
		}
		loose[f] = k
	}
	for f := range bad {
		delete(loose, f)
	}
	for f := range loose {
		if k, ok := exact[f]; ok && k != loose[f] { // an exact word wins
			delete(loose, f)
		}
	}
	return loose
}

// buildPhrases collects every multiword entry (for tokenizers that join
// "al por mayor" before splitting) and every CJK entry (for Segment).
func (l *Lexicon) buildPhrases() {
	l.phraseSet, l.unspacedSet = set{}, set{}
	add := func(w string) {
		for _, f := range []string{strings.ToLower(strings.TrimSpace(w)), Normalize(w)} {
			if strings.Contains(f, " ") {
				l.phraseSet[f] = true
				if n := len(strings.Fields(f)); n > l.maxPhraseTokens {
					l.maxPhraseTokens = n
				}
			}
		}
		if n := Normalize(w); hasCJK(n) && !strings.Contains(n, " ") {
			l.unspacedSet[n] = true
			if r := utf8.RuneCountInString(n); r > l.maxUnspacedRuneSize {
				l.maxUnspacedRuneSize = r
			}
		}
	}
	each := func(by ByLang) {
		for _, ws := range by {
			for _, w := range ws {
				add(w)
			}
		}
	}
	for _, t := range l.Terms {
		each(t.Words)
	}
	for _, c := range l.Colors {
		each(c.Words)
	}
	for _, m := range []map[string][]string{l.Sizes, l.Currencies, l.Wholesale, l.Without, l.PriceBelow, l.PriceAbove} {
		each(m)
	}
	for _, lang := range []string{"zh", "ja"} {
		for _, w := range l.Stopwords[lang] {
			add(w)
		}
	}
	l.phrases = longestFirst(l.phraseSet)
	l.unspaced = longestFirst(l.unspacedSet)
}

func longestFirst(s set) []string {
	out := make([]string, 0, len(s))
	for w := range s {
		out = append(out, w)
	}
	sort.Slice(out, func(i, j int) bool {
		ri, rj := utf8.RuneCountInString(out[i]), utf8.RuneCountInString(out[j])
		if ri != rj {
			return ri > rj
		}
		return out[i] < out[j]
	})
	return out
}

// interleave lists words language by language in rounds: every language's
// first word, then every language's second word… so that a caller taking
// only the first few words for query expansion still gets all languages.
// Duplicates (the same word in two languages) are listed once.
func interleave(by ByLang) []string {
	var out []string
	seen := set{}
	for round := 0; ; round++ {
		more := false
		for _, lang := range Langs {
			ws := by[lang]
			if round >= len(ws) {
				continue
			}
			more = true
			if w := ws[round]; !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
		if !more {
			return out
		}
	}
}

// Term returns the term key of a word or multiword phrase in any language
// ("vestido", "Kleid", "连衣裙" → "dress"; "al por mayor" is not a term).
// Besides exact words it understands simple plurals ("bags"), Arabic
// prefixes ("الفستان"), hyphenated compounds ("mini-сумка") and German or
// Dutch compounds whose last part is a known word ("Lederjacke" → jacket).
func (l *Lexicon) Term(word string) (key string, ok bool) {
	n := Normalize(word)
	if k, ok := l.lookup(l.term, l.termLoose, n); ok {
		return k, true
	}
	if strings.Contains(n, " ") {
		return "", false
	}
	if strings.Contains(n, "-") {
		// "canvas-rucksack", "mini-сумка": the last part names the thing,
		// else the first ("lippenstift-set"); only goods and materials count.
		parts := strings.Split(n, "-")
		for _, p := range []string{parts[len(parts)-1], parts[0]} {
			k, ok := l.lookup(l.term, l.termLoose, p)
			if !ok {
				k, ok = l.compound(p)
			}
			if ok && (l.kinds[k] == KindGoods || l.kinds[k] == KindMaterial) {
				return k, true
			}
		}
		return "", false
	}
	if k, ok := l.compound(n); ok {
		return k, true
	}
	if k, ok := l.stemmed(n); ok {
		return k, true
	}
	return l.diminutive(n)
}

// lookup tries a folded word exactly, without accents, then without simple
// plural endings and Arabic prefixes.
func (l *Lexicon) lookup(exact, loose map[string]string, n string) (string, bool) {
	if n == "" {
		return "", false
	}
	if k, ok := exact[n]; ok {
		return k, true
	}
	if k, ok := loose[fold(n)]; ok {
		return k, true
	}
	if strings.Contains(n, " ") {
		return "", false
	}
	if isLatin(n) && utf8.RuneCountInString(n) >= 4 {
		if stem, ok := strings.CutSuffix(n, "es"); ok && hasAnySuffix(stem, "s", "x", "z", "ch", "sh") {
			if k, ok := exact[stem]; ok { // boxes, watches
				return k, true
			}
		}
		if stem, ok := strings.CutSuffix(n, "s"); ok {
			if k, ok := exact[stem]; ok { // bags, mugs
				return k, true
			}
		}
	}
	if r, _ := utf8.DecodeRuneInString(n); unicode.Is(unicode.Arabic, r) {
		for _, prefix := range []string{"وال", "بال", "كال", "فال", "لل", "ال", "و"} {
			if rest, ok := strings.CutPrefix(n, prefix); ok && utf8.RuneCountInString(rest) >= 2 {
				if k, ok := exact[rest]; ok {
					return k, true
				}
			}
		}
	}
	return "", false
}

// compound finds the longest German or Dutch goods or material word ending
// n ("sommer|kleid", "baumwoll|hemd"). A short head, or one that is also a
// word of another language ("ring", "jeans"), only counts when what
// precedes it is itself a known word of four letters or more, so
// "featuring" is not a ring and "without" is not wood.
func (l *Lexicon) compound(n string) (string, bool) {
	if !isLatin(n) {
		return "", false
	}
	runes := []rune(n)
	for i := 3; i <= len(runes)-3; i++ {
		head := string(runes[i:])
		key, ok := l.heads[head]
		if !ok {
			continue
		}
		if len(runes)-i >= 5 && !l.sharedHeads[head] {
			return key, true
		}
		if l.isModifier(string(runes[:i])) {
			return key, true
		}
	}
	return "", false
}

// isModifier reports whether the first part of a compound is a known word,
// allowing for German linking letters (Damen|, Baumwoll(e)|, Geschenk(s)|).
func (l *Lexicon) isModifier(p string) bool {
	cands := []string{p, p + "e"}
	for _, suffix := range []string{"s", "es", "n", "en", "e"} {
		if stem, ok := strings.CutSuffix(p, suffix); ok {
			cands = append(cands, stem)
		}
	}
	for _, c := range cands {
		if utf8.RuneCountInString(c) < 4 { // "wit|hout" is not white wood
			continue
		}
		if _, ok := l.term[c]; ok {
			return true
		}
		if _, ok := l.color[c]; ok {
			return true
		}
	}
	return false
}

// Kind returns a term's kind (KindGoods…), or "" for an unknown key.
func (l *Lexicon) Kind(key string) string { return l.kinds[key] }

// Parent returns a term's broader term, or "".
func (l *Lexicon) Parent(key string) string { return l.parents[key] }

// Children returns the terms whose parent is key.
func (l *Lexicon) Children(key string) []string { return slices.Clone(l.children[key]) }

// Words returns every word of a term or colour key in every language, each
// language's main word first (see interleave); nil for an unknown key.
func (l *Lexicon) Words(key string) []string { return slices.Clone(l.words[key]) }

// Expand returns the words of key and of all its narrower terms
// ("shoes" → shoes, sneakers, boots… in every language).
func (l *Lexicon) Expand(key string) []string {
	out := l.Words(key)
	for _, c := range l.children[key] {
		out = append(out, l.Expand(c)...)
	}
	return out
}

// Color returns the colour key (a key of colors.json) of a colour word in
// any language: "rojo", "红色", "Rot", "أحمر" → "red".
func (l *Lexicon) Color(word string) (key string, ok bool) {
	n := Normalize(word)
	if k, ok := l.lookup(l.color, l.colorLoose, n); ok {
		return k, true
	}
	if _, ok := l.term[n]; ok {
		return "", false // a word with a meaning of its own
	}
	return l.colorInflected(n)
}

// Size returns the clothing size (XS, S, M, L, XL, XXL) a word names:
// "xl", "extra large", "大号", "grande", "gg".
func (l *Lexicon) Size(word string) (key string, ok bool) {
	key, ok = l.size[Normalize(word)]
	return key, ok
}

// IsWholesale reports whether a word or phrase says the shopper buys in
// bulk: "wholesale", "al por mayor", "批发", "оптом".
func (l *Lexicon) IsWholesale(phrase string) bool { return l.has(l.wholesale, phrase) }

// IsWithout reports whether a word or phrase says that what follows is not
// wanted: "without", "ohne", "sans", "без", "بدون".
func (l *Lexicon) IsWithout(phrase string) bool { return l.has(l.without, phrase) }

// IsPriceBelow reports whether a word or phrase puts an upper limit on the
// price: "under", "less than", "以下", "до", "menos de", "<".
func (l *Lexicon) IsPriceBelow(phrase string) bool { return l.has(l.below, phrase) }

// IsPriceAbove reports whether a word or phrase puts a lower limit on the
// price: "over", "more than", "以上", "от", "a partir de", ">".
func (l *Lexicon) IsPriceAbove(phrase string) bool { return l.has(l.above, phrase) }

func (l *Lexicon) has(s set, phrase string) bool {
	n := Normalize(phrase)
	return n != "" && (s[n] || s[fold(n)])
}

// Currency returns the ISO 4217 code a symbol or name stands for:
// "€" → EUR, "元" → CNY, "руб." → RUB, "r$" → BRL.
func (l *Lexicon) Currency(word string) (code string, ok bool) {
	code, ok = l.currency[Normalize(word)]
	return code, ok
}

// IsStopword reports whether word carries no search meaning in lang ("the",
// "de", "的"). lang may carry a region ("pt-BR"); an empty lang means any
// language.
func (l *Lexicon) IsStopword(lang, word string) bool {
	n := Normalize(word)
	if lang == "" {
		for _, s := range l.stop {
			if s[n] {
				return true
			}
		}
		return false
	}
	lang = strings.ToLower(lang)
	if i := strings.IndexAny(lang, "-_"); i > 0 {
		lang = lang[:i]
	}
	return l.stop[lang][n] || l.stopStem(lang, n)
}

// LangsOf returns the languages in which a word is a lexicon entry, in Langs
// order (a hint for telling "vestido" from "kleid" in Latin-script queries).
func (l *Lexicon) LangsOf(word string) []string {
	bits := l.langs[Normalize(word)]
	var out []string
	for i, lang := range Langs {
		if bits&(1<<i) != 0 {
			out = append(out, lang)
		}
	}
	return out
}

// Phrases returns every multiword entry of the lexicon (terms, colours,
// sizes, wholesale and price phrases, currencies), longest first, both as
// written in lower case and as Normalize folds it when that differs, so
// that a tokenizer can keep "al por mayor" or "less than" together before
// splitting on spaces. Match them on word boundaries.
func (l *Lexicon) Phrases() []string { return slices.Clone(l.phrases) }

// Join merges consecutive tokens that form a lexicon phrase, longest match
// first: ["vestido", "al", "por", "mayor"] → ["vestido", "al por mayor"].
// Tokens are compared after Normalize; merged tokens are joined by a space.
func (l *Lexicon) Join(tokens []string) []string {
	out := make([]string, 0, len(tokens))
	for i := 0; i < len(tokens); {
		n := min(l.maxPhraseTokens, len(tokens)-i)
		for ; n >= 2; n-- {
			if l.phraseSet[Normalize(strings.Join(tokens[i:i+n], " "))] {
				break
			}
		}
		if n >= 2 {
			out = append(out, strings.Join(tokens[i:i+n], " "))
			i += n
			continue
		}
		out = append(out, tokens[i])
		i++
	}
	return out
}

// Segment splits the Chinese and Japanese runs of a token into lexicon
// words by longest match ("红色连衣裙" → "红色", "连衣裙"); characters that
// start no known word are kept together. Other runs (Latin, digits) are
// left whole: "批发T恤" → "批发", "t恤"; "100元以下" → "100", "元", "以下".
// The pieces are Normalized.
func (l *Lexicon) Segment(token string) []string {
	runes := []rune(Normalize(token))
	var out []string
	var unknown []rune
	flush := func() {
		if len(unknown) > 0 {
			out = append(out, string(unknown))
			unknown = unknown[:0]
		}
	}
	for i := 0; i < len(runes); {
		if !isCJKRune(runes[i]) {
			// A non-CJK run, extended by CJK letters that complete a
			// known word with it ("t恤", "polo衫").
			j := i
			for j < len(runes) && !isCJKRune(runes[j]) && !unicode.IsSpace(runes[j]) {
				j++
			}
			best := j
			for k := min(len(runes), i+l.maxUnspacedRuneSize); k > j; k-- {
				if l.unspacedSet[string(runes[i:k])] {
					best = k
					break
				}
			}
			flush()
			if w := strings.TrimSpace(string(runes[i:best])); w != "" {
				out = append(out, w)
			}
			i = best
			for i < len(runes) && unicode.IsSpace(runes[i]) {
				i++
			}
			continue
		}
		matched := 0
		for k := min(len(runes), i+l.maxUnspacedRuneSize); k > i; k-- {
			if l.unspacedSet[string(runes[i:k])] {
				matched = k - i
				break
			}
		}
		if matched == 0 {
			unknown = append(unknown, runes[i])
			i++
			continue
		}
		flush()
		out = append(out, string(runes[i:i+matched]))
		i += matched
	}
	flush()
	return out
}

// Normalize folds text the way the lexicon compares it: Unicode NFKC
// (full-width and half-width forms become ordinary ones), lower case, "ß"
// as "ss", Russian "ё" as "е", Arabic alef forms as "ا", "ى" as "ي", "ة"
// as "ه", Arabic diacritics and tatweel dropped, typographic apostrophes
// as "'", and runs of spaces as one space.
func Normalize(s string) string {
	s = strings.ToLower(norm.NFKC.String(s))
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if (r >= 0x064B && r <= 0x065F) || r == 0x0670 || r == 0x0640 {
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		switch r {
		case 'ß':
			b.WriteString("ss")
			continue
		case 'ё':
			r = 'е'
		case 'أ', 'إ', 'آ', 'ٱ':
			r = 'ا'
		case 'ى', 'ی':
			r = 'ي'
		case 'ة':
			r = 'ه'
		case 'ک':
			r = 'ك'
		case '’', '‘', '`', '´', 'ʼ':
			r = '\''
		}
		b.WriteRune(r)
	}
	return b.String()
}

// fold is the accent-free form of a Normalized string: Latin letters lose
// their diacritics ("algodón" → "algodon", "ı" → "i", "ł" → "l") and
// hyphens become spaces. Other scripts are left as they are.
func fold(n string) string {
	d := norm.NFD.String(n)
	var b strings.Builder
	b.Grow(len(d))
	prevLatin := false
	for _, r := range d {
		if unicode.Is(unicode.Mn, r) {
			if prevLatin {
				continue
			}
			b.WriteRune(r)
			continue
		}
		prevLatin = unicode.Is(unicode.Latin, r)
		switch r {
		case 'ı':
			r = 'i'
		case 'ł':
			r = 'l'
		case 'ø':
			r = 'o'
		case 'đ':
			r = 'd'
		case 'æ':
			b.WriteString("ae")
			continue
		case 'œ':
			b.WriteString("oe")
			continue
		case '-':
			r = ' '
		}
		b.WriteRune(r)
	}
	return strings.Join(strings.Fields(norm.NFC.String(b.String())), " ")
}

func hasAnySuffix(s string, suffixes ...string) bool {
	for _, x := range suffixes {
		if strings.HasSuffix(s, x) {
			return true
		}
	}
	return false
}

func isLatin(s string) bool {
	latin := false
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Latin, r):
			latin = true
		case unicode.IsLetter(r):
			return false
		}
	}
	return latin
}

func isCJKRune(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || r == 'ー' || r == '々'
}

func hasCJK(s string) bool {
	for _, r := range s {
		if isCJKRune(r) {
			return true
		}
	}
	return false
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
