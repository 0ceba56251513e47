// Package search finds goods by text and by image. It understands a query
// (language, price limits, colours, sizes, wholesale intent, codes), asks
// an Engine (Bleve by default) for candidates, and ranks them with goods
// signals; results come as consumer and wholesale groups.
package search

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Lexicon is what understanding needs to know of words (app/search/lexicon).
type Lexicon interface {
	Term(word string) (string, bool)
	Kind(key string) string // a term's kind: "goods" for what is sold (lexicon.KindGoods)
	Words(key string) []string
	Color(word string) (string, bool)
	Size(word string) (string, bool)
	IsWholesale(phrase string) bool
	IsPriceBelow(phrase string) bool
	IsPriceAbove(phrase string) bool
	Currency(word string) (string, bool)
	IsStopword(lang, word string) bool
	Phrases() []string
	Join(tokens []string) []string // merges multiword entries ("al por mayor") into one token
	Segment(token string) []string // splits a run of Chinese or Japanese into words
}

// Understood is what a query says besides its words; it is applied as
// filters and boosts, and sent back so the page can show it.
type Understood struct {
	Raw       string   `json:"-"` // the query as typed
	Lang      string   `json:"lang"`
	Words     []string `json:"words"`               // text words left to match
	Terms     []string `json:"terms,omitempty"`     // lexicon keys of those words (cross-language)
	Colors    []string `json:"colors,omitempty"`    // colour keys
	Sizes     []string `json:"sizes,omitempty"`     // XS…XXL
	MaxPrice  float64  `json:"maxPrice,omitempty"`  // in Currency
	MinPrice  float64  `json:"minPrice,omitempty"`  // in Currency
	Currency  string   `json:"currency,omitempty"`  // of the limits
	Wholesale bool     `json:"wholesale,omitempty"` // bulk intent
	Quantity  int      `json:"quantity,omitempty"`  // "x500", "500 pcs"
	Code      string   `json:"code,omitempty"`      // an old id or a treId typed as is
	// Foreign are words of Words that the lexicon knows only in other
	// languages, in a query written in Lang: they are matched as written,
	// not translated (German "leer", empty, is Dutch for leather).
	Foreign []string `json:"-"`
	own     int      // function words of Lang the query had
}

// langWords is what telling a sentence's own words from other languages'
// needs of the lexicon (lexicon.Lexicon.InLang).
type langWords interface {
	InLang(word, lang string) bool
}

// ownSentence is how many function words of its language make a query a
// sentence in that language: any lexicon word of another language in it is
// then that language's own word that happens to be spelt the same.
const ownSentence = 2

// markForeign finds the Foreign words of a sentence and drops their terms.
func (u *Understood) markForeign(lex Lexicon) {
	lw, ok := lex.(langWords)
	if !ok || u.own < ownSentence {
		return
	}
	u.Terms = nil
	for _, w := range u.Words {
		k, known := lex.Term(w)
		switch {
		case !known:
		case hasCJK(w) || lw.InLang(w, u.Lang):
			u.Terms = appendNew(u.Terms, k)
		default:
			u.Foreign = append(u.Foreign, w)
		}
	}
}

// foreign reports whether w is one of the Foreign words.
func (u Understood) foreign(w string) bool {
	for _, f := range u.Foreign {
		if f == w {
			return true
		}
	}
	return false
}

var (
	reQtyX     = regexp.MustCompile(`(?i)^[x×](\d{2,6})$|^(\d{2,6})[x×]$`)
	reQtyUnit  = regexp.MustCompile(`(?i)^(\d{2,6})(pcs|pieces|units|件|个|шт|unidades|piezas|stück|pièces)$`)
	reOldID    = regexp.MustCompile(`^#?(\d{5,9})$`)
	reTreID    = regexp.MustCompile(`^tr[0-9a-z]{4,10}$`) // with a digit (hasDigit): "trousers" is a word
	reNumCur   = regexp.MustCompile(`^([$€£¥₽₹]|r\$)?(\d+(?:[.,]\d{1,2})?)(万|千)?([$€£¥₽₹]|元|块|円|руб\.?|р\.?|€)?$`)
	rePriceCmp = regexp.MustCompile(`^(<=?|>=?)(.*)$`)
)

// Understand reads a query typed in pageLang (the fallback language).
func Understand(q, pageLang string, lex Lexicon) Understood {
	u := Understood{Raw: strings.TrimSpace(q), Lang: detectLang(q, pageLang, lex)}
	tokens := tokenize(strings.ToLower(q), lex)
	for i := 0; i < len(tokens); i++ {
		t := tokens[i]
		if n := u.readPrice(tokens, i, lex); n > 0 {
			i += n - 1
			continue
		}
		n, _ := strconv.Atoi(t)
		switch {
		case lex.IsWholesale(t):
			u.Wholesale = true
		case reQtyX.MatchString(t) || reQtyUnit.MatchString(t):
			u.Quantity = atoiDigits(t)
			u.Wholesale = true
		case n > 0 && i+1 < len(tokens) && reQtyUnit.MatchString(t+tokens[i+1]): // "500 pcs"
			u.Quantity = n
			u.Wholesale = true
			i++
		case isWithout(lex, t):
			i = u.skipUnwanted(tokens, i, lex)
		case reOldID.MatchString(t) || (reTreID.MatchString(t) && strings.ContainsAny(t, "0123456789")):
			u.Code = strings.TrimPrefix(t, "#")
			u.Words = append(u.Words, t)
		default:
			u.word(t, lex)
		}
	}
	u.markForeign(lex)
	u.dropPurpose(lex)
	return u
}

// withouts is what reading "without …" needs of the lexicon
// (lexicon.Lexicon.IsWithout).
type withouts interface {
	IsWithout(phrase string) bool
}

func isWithout(lex Lexicon, t string) bool {
	w, ok := lex.(withouts)
	return ok && w.IsWithout(t)
}

// skipUnwanted reads "without X" ("Kopfhörer ohne Kabel", "сумка без
// молнии"): X is what the shopper does not want, so it must not be a word
// every result has to match. It returns the index of X (the filler before
// it skipped too), and counts the negation as a word of the query's own
// language when it is one.
func (u *Understood) skipUnwanted(tokens []string, i int, lex Lexicon) int {
	if lw, ok := lex.(langWords); ok && lw.InLang(tokens[i], u.Lang) {
		u.own++
	}
	j := i + 1
	for j < len(tokens)-1 && lex.IsStopword(u.Lang, tokens[j]) {
		j++
	}
	return min(j, len(tokens)-1)
}

// Sentence reports whether the query is a sentence of its language (it
// had ownSentence function words or more): its words are then taken as
// written, without typo guesses, which in a sentence of common words
// matched "correr" to "correa" and "parque" to "parte".
func (u Understood) Sentence() bool { return u.own >= ownSentence }

// purposes are term keys that say why the shopper buys, not what: in "a
// gift for my dad who loves writing" the goods are what writing needs,
// and "gift" matched every goods item whose text calls it a good gift.
var purposes = map[string]bool{"gift": true}

// parents is what dropping a broader word needs of the lexicon
// (lexicon.Lexicon.Parent).
type parents interface {
	Parent(key string) string
}

// dropPurpose drops words that add nothing to what else the query says,
// when it says something else: purpose words ("gift"), and a goods word
// broader than another one ("music", which names headphones, beside
// "イヤホン", earbuds).
func (u *Understood) dropPurpose(lex Lexicon) {
	drop := map[string]bool{}
	for _, k := range u.Terms {
		if purposes[k] {
			drop[k] = true
		}
	}
	if p, ok := lex.(parents); ok {
		for _, k := range u.Terms {
			for a := p.Parent(k); a != ""; a = p.Parent(a) {
				drop[a] = true
			}
		}
	}
	if len(drop) == 0 {
		return
	}
	var keep []string
	for _, w := range u.Words {
		if k, ok := lex.Term(w); !ok || !drop[k] || u.foreign(w) {
			keep = append(keep, w)
		}
	}
	if len(keep) == 0 || len(keep) == len(u.Words) {
		return
	}
	u.Words = keep
	var terms []string
	for _, k := range u.Terms {
		if !drop[k] {
			terms = append(terms, k)
		}
	}
	u.Terms = terms
}

func (u *Understood) word(t string, lex Lexicon) {
	if c, ok := lex.Color(t); ok {
		u.Colors = appendNew(u.Colors, c)
		return
	}
	if s, ok := lex.Size(t); ok && len(t) <= 3 { // "m" or "xl", not the word "small" in a name
		u.Sizes = appendNew(u.Sizes, s)
		return
	}
	if lex.IsStopword(u.Lang, t) {
		u.own++
		return
	}
	if lex.IsStopword("en", t) || isKanaEnding(t) {
		return
	}
	u.Words = append(u.Words, t)
	if k, ok := lex.Term(t); ok {
		u.Terms = appendNew(u.Terms, k)
	}
	if m, ok := lex.(modifiers); ok {
		if first, ok := m.Modifier(t); ok { // "holz" of "Holzspielzeug"
			u.word(first, lex)
		}
	}
}

// modifiers is what reading both parts of a German or Dutch compound
// needs of the lexicon (lexicon.Lexicon.Modifier).
type modifiers interface {
	Modifier(word string) (string, bool)
}

// readPrice recognises "under 50", "< 50€", "50元以下", "до 3000 руб";
// it returns how many tokens it used.
func (u *Understood) readPrice(tokens []string, i int, lex Lexicon) int {
	t := tokens[i]
	if m := rePriceCmp.FindStringSubmatch(t); m != nil && m[2] != "" {
		if v, cur, ok := parseAmount(m[2], lex); ok {
			u.setLimit(strings.HasPrefix(m[1], "<"), v, cur)
			return 1
		}
	}
	below := lex.IsPriceBelow(t) || t == "<" || t == "<="
	above := lex.IsPriceAbove(t) || t == ">" || t == ">="
	if (below || above) && i+1 < len(tokens) {
		if v, cur, ok := parseAmount(tokens[i+1], lex); ok {
			n := 2
			if cur == "" && i+2 < len(tokens) {
				if c, ok := lex.Currency(tokens[i+2]); ok {
					cur, n = c, 3
				}
			}
			u.setLimit(below, v, cur)
			return n
		}
	}
	// Postfix forms: "50元以下", "50 以下", "3000円未満".
	if v, cur, ok := parseAmount(t, lex); ok && i+1 < len(tokens) && (lex.IsPriceBelow(tokens[i+1]) || lex.IsPriceAbove(tokens[i+1])) {
		u.setLimit(lex.IsPriceBelow(tokens[i+1]), v, cur)
		return 2
	}
	return 0
}

func (u *Understood) setLimit(below bool, v float64, cur string) {
	if below {
		u.MaxPrice = v
	} else {
		u.MinPrice = v
	}
	if cur != "" {
		u.Currency = cur
	}
}

// parseAmount reads "50", "49.99", "50€", "$50", "50元", "3000руб".
func parseAmount(t string, lex Lexicon) (float64, string, bool) {
	for _, suffix := range []string{"以下", "以内", "之内", "未満", "まで", "以上"} { // CJK limits stick to the number
		t = strings.TrimSuffix(t, suffix)
	}
	m := reNumCur.FindStringSubmatch(t)
	if m == nil {
		return 0, "", false
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(m[2], ",", "."), 64)
	if err != nil || v <= 0 {
		return 0, "", false
	}
	v *= map[string]float64{"": 1, "万": 10000, "千": 1000}[m[3]] // "1万円" is 10 000 yen
	cur := ""
	for _, sym := range []string{m[1], m[4]} {
		if c, ok := lex.Currency(sym); ok && sym != "" {
			cur = c
		}
	}
	return v, cur, true
}

func atoiDigits(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n = n*10 + int(r-'0')
		}
	}
	return n
}

func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// tokenize splits on spaces and punctuation, splits CJK limit words
// ("50元以下" → "50元", "以下") from what they follow, segments runs of
// Chinese or Japanese into words ("红色连衣裙" → 红色, 连衣裙), and joins
// lexicon phrases ("al por mayor", "less than") into one token each.
func tokenize(q string, lex Lexicon) []string {
	var out []string
	for _, f := range strings.FieldsFunc(q, func(r rune) bool {
		return unicode.IsSpace(r) || r == ',' || r == ';' || r == '/' || r == '!' || r == '?' || r == '，' || r == '、' || r == '。'
	}) {
		for _, part := range splitCJKLimit(f) {
			if hasCJK(part) && !reNumCur.MatchString(part) {
				out = append(out, lex.Segment(part)...)
			} else {
				out = append(out, part)
			}
		}
	}
	return lex.Join(out)
}

// reCJKLimit is a price limit written into a run of CJK text: an amount,
// the limit word, and a particle that ties it to the next word
// ("连衣裙500元以下的", "4500円以下のドレス", "1万円までの腕時計": up to).
var reCJKLimit = regexp.MustCompile(`(\d+(?:[.,]\d{1,2})?(?:万|千)?(?:元|块|円)?)(以下|以内|之内|未満|まで|以上)(?:的|の)?`)

// splitCJKLimit cuts a field around a CJK price limit: the text before,
// the amount, the limit word, the text after (empty parts left out).
func splitCJKLimit(f string) []string {
	m := reCJKLimit.FindStringSubmatchIndex(f)
	if m == nil {
		return []string{f}
	}
	var out []string
	for _, part := range []string{f[:m[0]], f[m[2]:m[3]], f[m[4]:m[5]], f[m[1]:]} {
		if part != "" {
			out = append(out, part)
		}
	}
	return out
}

// detectLang guesses a query's language from its script, then from which
// language's words it uses, then falls back to the page's language.
func detectLang(q, pageLang string, lex Lexicon) string {
	var han, kana, hangul, arabic, cyrillic int
	for _, r := range q {
		switch {
		case unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r):
			kana++
		case unicode.Is(unicode.Han, r):
			han++
		case unicode.Is(unicode.Hangul, r):
			hangul++
		case unicode.Is(unicode.Arabic, r):
			arabic++
		case unicode.Is(unicode.Cyrillic, r):
			cyrillic++
		}
	}
	switch {
	case kana > 0:
		return "ja"
	case hangul > 0:
		return "ko"
	case han > 0:
		if pageLang == "ja" || pageLang == "zh-tw" {
			return pageLang
		}
		return "zh"
	case arabic > 0:
		if pageLang == "fa" || pageLang == "ur" {
			return pageLang
		}
		return "ar"
	case cyrillic > 0:
		if pageLang == "uk" || pageLang == "bg" || pageLang == "sr" {
			return pageLang
		}
		return "ru"
	}
	return pageLang
}

// isKanaEnding is a lone hiragana left from an adjective or particle
// ("赤い" → 赤 + い): it means nothing to match on.
func isKanaEnding(t string) bool {
	r := []rune(t)
	return len(r) == 1 && unicode.Is(unicode.Hiragana, r[0])
}
