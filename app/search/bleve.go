package search

import (
	"context"
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	_ "github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	_ "github.com/blevesearch/bleve/v2/analysis/analyzer/standard"
	_ "github.com/blevesearch/bleve/v2/analysis/lang/ar"
	_ "github.com/blevesearch/bleve/v2/analysis/lang/cjk"
	_ "github.com/blevesearch/bleve/v2/analysis/lang/de"
	_ "github.com/blevesearch/bleve/v2/analysis/lang/en"
	_ "github.com/blevesearch/bleve/v2/analysis/lang/es"
	_ "github.com/blevesearch/bleve/v2/analysis/lang/fr"
	_ "github.com/blevesearch/bleve/v2/analysis/lang/it"
	_ "github.com/blevesearch/bleve/v2/analysis/lang/pt"
	_ "github.com/blevesearch/bleve/v2/analysis/lang/ru"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search/query"
)

// stemmed are the languages Bleve has an analyzer for; others are matched
// through the standard (unicode words) and CJK fields.
var stemmed = []string{"en", "de", "fr", "es", "it", "pt", "ru", "ar"}

var cjkLangs = map[string]bool{"zh": true, "zh-tw": true, "ja": true, "ko": true}

// Bleve is the embedded text engine.
type Bleve struct {
	idx bleve.Index
	lex Lexicon
}

// OpenBleve opens the index at path (empty: in memory), creating it.
func OpenBleve(path string, lex Lexicon) (*Bleve, error) {
	var idx bleve.Index
	var err error
	switch {
	case path == "":
		idx, err = bleve.NewMemOnly(indexMapping())
	default:
		idx, err = bleve.Open(path)
		if err == nil && metaOf(idx, "format") != indexFormat {
			idx.Close() // built with another mapping: build anew
			err = fmt.Errorf("index format changed")
		}
		if err != nil {
			_ = os.RemoveAll(path) // missing, unreadable or outdated: build anew
			idx, err = bleve.New(path, indexMapping())
		}
	}
	if err != nil {
		return nil, fmt.Errorf("search: open index: %w", err)
	}
	if err := idx.SetInternal([]byte("format"), []byte(indexFormat)); err != nil {
		return nil, fmt.Errorf("search: mark index: %w", err)
	}
	return &Bleve{idx: idx, lex: lex}, nil
}

// indexFormat changes whenever the mapping does, so kept indexes rebuild.
const indexFormat = "3-bm25-nodocvalues"

func metaOf(idx bleve.Index, key string) string {
	v, _ := idx.GetInternal([]byte(key))
	return string(v)
}

// indexMapping keeps no doc values (Bleve's column store for sorting and
// facets, on by default): ranking reads the few stored fields of the
// candidates, and doc values of the text fields made up much of the
// index, which is mapped into the server's memory.
func indexMapping() *mapping.IndexMappingImpl {
	text := func(analyzer string) *mapping.FieldMapping {
		f := bleve.NewTextFieldMapping()
		f.Analyzer, f.Store, f.IncludeInAll, f.IncludeTermVectors = analyzer, false, false, false
		f.DocValues = false
		return f
	}
	kw := func() *mapping.FieldMapping {
		f := bleve.NewKeywordFieldMapping()
		f.Store, f.IncludeInAll, f.DocValues = false, false, false
		return f
	}
	num := func(store bool) *mapping.FieldMapping {
		f := bleve.NewNumericFieldMapping()
		f.Store, f.IncludeInAll, f.DocValues = store, false, false
		return f
	}
	doc := bleve.NewDocumentMapping()
	for _, k := range []string{"oldid", "template", "category"} {
		doc.AddFieldMappingsAt(k, kw())
	}
	color := kw()
	color.Store = true // read back for ranking
	doc.AddFieldMappingsAt("color", color)
	for _, k := range []string{"big", "price", "minqty"} {
		doc.AddFieldMappingsAt(k, num(false))
	}
	for _, k := range []string{"onsale", "rating", "sales"} {
		doc.AddFieldMappingsAt(k, num(true)) // read back for ranking
	}
	doc.AddFieldMappingsAt("name", text("standard"))
	doc.AddFieldMappingsAt("text", text("standard"))
	doc.AddFieldMappingsAt("cjk", text("cjk"))
	for _, l := range stemmed {
		doc.AddFieldMappingsAt("stem_"+l, text(l))
	}
	m := bleve.NewIndexMapping()
	m.DefaultMapping = doc
	m.DefaultAnalyzer = "standard"
	m.ScoringModel = "bm25" // text relevance as BM25 (TF-IDF is Bleve's default)
	return m
}

func toBleve(d Doc) map[string]any {
	names, texts, cjk := []string{}, []string{}, []string{}
	for l, n := range d.Names {
		names = append(names, n)
		texts = append(texts, n)
		if cjkLangs[l] {
			cjk = append(cjk, n, d.Briefs[l])
		}
	}
	for _, b := range d.Briefs {
		texts = append(texts, b)
	}
	texts = append(texts, d.Keywords...)
	onsale := 0.0
	if d.OnSale {
		onsale = 1
	}
	m := map[string]any{
		"oldid": d.OldID, "color": d.Color, "template": d.Template, "category": d.Category,
		"big": float64(d.BigType), "price": d.PriceUSD, "minqty": float64(d.MinQty),
		"onsale": onsale, "rating": d.Rating, "sales": d.Sales,
		"name": strings.Join(names, " \n "), "text": strings.Join(texts, " \n "), "cjk": strings.Join(cjk, " \n "),
	}
	for _, l := range stemmed {
		if n := d.Names[l]; n != "" {
			m["stem_"+l] = n + " \n " + d.Briefs[l]
		}
	}
	return m
}

// Put indexes (or re-indexes) documents in one batch.
func (b *Bleve) Put(_ context.Context, docs []Doc) error {
	batch := b.idx.NewBatch()
	for _, d := range docs {
		if err := batch.Index(d.UID, toBleve(d)); err != nil {
			return fmt.Errorf("search: index %s: %w", d.UID, err)
		}
	}
	if err := b.idx.Batch(batch); err != nil {
		return fmt.Errorf("search: write batch: %w", err)
	}
	return nil
}

// Delete removes documents.
func (b *Bleve) Delete(_ context.Context, uids []string) error {
	batch := b.idx.NewBatch()
	for _, u := range uids {
		batch.Delete(u)
	}
	return b.idx.Batch(batch)
}

// Count is how many documents the index holds.
func (b *Bleve) Count() (int, error) {
	n, err := b.idx.DocCount()
	return int(n), err
}

// Compact merges the index into one segment: a full build leaves a dozen,
// each searched apart (every term looked up, every fuzzy word expanded, in
// each), and Bleve goes on merging some of them after the next start,
// reading them all into the server's memory.
func (b *Bleve) Compact(ctx context.Context) error {
	adv, err := b.idx.Advanced()
	if err != nil {
		return fmt.Errorf("search: compact: %w", err)
	}
	s, ok := adv.(*scorch.Scorch)
	if !ok {
		return nil // the in-memory index of tests
	}
	if err := s.ForceMerge(ctx, nil); err != nil {
		return fmt.Errorf("search: compact: %w", err)
	}
	return nil
}

// Close closes the index.
func (b *Bleve) Close() error { return b.idx.Close() }

// SetMeta and Meta keep small facts with the index (its sync point).
func (b *Bleve) SetMeta(key, val string) error { return b.idx.SetInternal([]byte(key), []byte(val)) }

// Meta reads what SetMeta wrote.
func (b *Bleve) Meta(key string) string {
	v, _ := b.idx.GetInternal([]byte(key))
	return string(v)
}

// Candidates is how many matches are re-ranked with goods signals.
const Candidates = 240

// Search runs a query for one group and page.
//
// Goods with all the words come first; only when they cannot fill the page
// does a second pass add goods with some of the words. Asking for some
// words at once made Bleve score nearly every document for a query with a
// common word ("vestido de novia"): seconds at 100 000 goods.
func (b *Bleve) Search(ctx context.Context, q Query) (*Result, error) {
	res, err := b.searchWords(ctx, q)
	if err != nil || res.Total > 0 || !q.U.Sentence() || q.guessing {
		return res, err
	}
	// A sentence's words are taken as written (see Understood.Sentence);
	// when that finds nothing at all, a word may still begin a compound
	// ("Tee" of "Teekanne") or be misspelt: guessing is better than an
	// empty page, and costs nothing when the words were found.
	q.guessing = true
	return b.searchWords(ctx, q)
}

// searchWords is Search without the guessing retry: all the words, then
// some of them to fill a short page.
func (b *Bleve) searchWords(ctx context.Context, q Query) (*Result, error) {
	res, err := b.search(ctx, q)
	if err != nil || len(q.U.Words) < 2 || q.relaxed || res.Total >= q.From+q.Size {
		return res, err
	}
	q.relaxed = true
	more, err := b.search(ctx, q)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, h := range res.hits {
		seen[h.UID] = true
	}
	for _, h := range more.hits {
		if !seen[h.UID] {
			res.hits = append(res.hits, Hit{UID: h.UID, Score: h.Score * 0.5}) // below every all-words match
			res.Total++
		}
	}
	res.Hits = page(res.hits, q)
	return res, nil
}

func page(hits []Hit, q Query) []Hit {
	if q.From >= len(hits) {
		return nil
	}
	return hits[q.From:min(len(hits), q.From+q.Size)]
}

func (b *Bleve) search(ctx context.Context, q Query) (*Result, error) {
	qq := b.build(q)
	if qq == nil {
		return &Result{}, nil
	}
	size := max(Candidates, q.From+q.Size)
	req := bleve.NewSearchRequestOptions(qq, size, 0, false)
	req.Fields = []string{"onsale", "rating", "sales", "color"}
	res, err := b.idx.SearchInContext(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("search: query: %w", err)
	}
	hits := make([]Hit, 0, len(res.Hits))
	for _, h := range res.Hits {
		hits = append(hits, Hit{UID: h.ID, Score: h.Score * signal(h.Fields) * colorFactor(h.Fields, q.U.Colors)})
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].Score > hits[j].Score })
	return &Result{Total: int(res.Total), Hits: page(hits, q), hits: hits}, nil
}

// signal weighs goods signals after text relevance: on sale and in stock
// first, then rating and sales (log-scaled so best sellers do not bury
// better matches).
func signal(f map[string]any) float64 {
	num := func(k string) float64 { v, _ := f[k].(float64); return v }
	return (1 + 0.5*num("onsale")) * (1 + 0.15*num("rating")/100) * (1 + 0.04*math.Log10(1+num("sales")))
}

// build turns an understood query into a Bleve query: every word as a
// disjunction of its spellings (typo-tolerant by length, prefix for the
// last word, stemmed in the query's language, its translations from the
// lexicon); documents with all words score above those with some; the
// whole phrase in a name scores higher still; filters come last.
func (b *Bleve) build(q Query) query.Query {
	u := q.U
	var words []query.Query
	for i, w := range u.Words {
		guess := !q.relaxed && (!u.Sentence() || q.guessing)
		words = append(words, b.wordQuery(w, u.Lang, i == len(u.Words)-1 || q.guessing, guess, !u.foreign(w)))
	}
	var text query.Query
	switch {
	case u.Code != "":
		code := bleve.NewTermQuery(u.Code)
		code.SetField("oldid")
		code.SetBoost(50)
		text = bleve.NewDisjunctionQuery(code, all(words))
	case len(words) == 1:
		text = words[0]
	case len(words) > 1 && q.relaxed:
		if text = b.someWords(u, words); text == nil { // only to fill a short page
			return nil
		}
	case len(words) > 1:
		// All words; all of them in the name scores higher still.
		inName := bleve.NewMatchQuery(strings.Join(u.Words, " "))
		inName.SetField("name")
		inName.SetOperator(query.MatchQueryOperatorAnd)
		inName.SetBoost(4)
		must, should := b.required(u, words)
		bq := bleve.NewBooleanQuery()
		bq.AddMust(all(must))
		bq.AddShould(inName)
		if len(should) > 0 {
			bq.AddShould(should...)
		}
		text = bq
	}
	bq := bleve.NewBooleanQuery()
	switch {
	case text != nil:
		bq.AddMust(text) // a colour multiplies the score when ranking (see rank)
	case len(u.Colors) > 0:
		bq.AddMust(colorQuery(u.Colors, 1)) // the query was only a colour
	case u.MaxPrice > 0 || u.MinPrice > 0 || u.Wholesale || len(u.Sizes) > 0:
		bq.AddMust(bleve.NewMatchAllQuery()) // only limits: "under 50", "wholesale"
	default:
		return nil
	}
	bq.AddMust(numEq("big", float64(q.BigType)))
	if q.MaxPriceUSD > 0 || q.MinPriceUSD > 0 {
		var lo, hi *float64
		if q.MinPriceUSD > 0 {
			lo = &q.MinPriceUSD
		}
		if q.MaxPriceUSD > 0 {
			hi = &q.MaxPriceUSD
		}
		r := bleve.NewNumericRangeQuery(lo, hi)
		r.SetField("price")
		bq.AddMust(r)
	}
	if u.Quantity > 0 && q.BigType == 2 {
		maxQ := float64(u.Quantity)
		r := bleve.NewNumericRangeQuery(nil, &maxQ)
		r.SetField("minqty")
		bq.AddMust(r)
	}
	return bq
}

// someWords is the relaxed form of a query of several words: every word
// that names what is sold ("dress" in "dress for a garden party") must
// still match, the others may not; without such a word, any word may (a
// sentence rarely has all its words in one listing; its filler words are
// gone already, see lexicon function words). So a short page is filled with
// related goods, never with what shares one word other than the goods.
func (b *Bleve) someWords(u Understood, qs []query.Query) query.Query {
	ws := u.Words
	var must, rest []query.Query
	for i, w := range ws {
		k, ok := b.term(w)
		switch {
		case ok && !u.foreign(w) && b.lex.Kind(k) == "goods":
			must = append(must, qs[i])
		case ok && !u.foreign(w):
			// A known style, material or use ("correr", "wood") says more
			// than an unknown word of a sentence ("cómodos", "parque").
			rest = append(rest, scaleBoost(qs[i], knownWordBoost))
		default:
			rest = append(rest, qs[i])
		}
	}
	if len(must) == 0 {
		// A lone Chinese or Japanese character left over from segmenting
		// an unknown word (自行车 → 自, 行, 车) means too little alone.
		var strong []query.Query
		for i, w := range ws {
			if !(hasCJK(w) && utf8.RuneCountInString(w) == 1) {
				strong = append(strong, qs[i])
			}
		}
		if len(strong) == 0 {
			return nil
		}
		return bleve.NewDisjunctionQuery(strong...)
	}
	bq := bleve.NewBooleanQuery()
	bq.AddMust(must...)
	if len(rest) > 0 {
		bq.AddShould(rest...)
	}
	return bq
}

// required splits the word queries of an all-words pass into those every
// result must match and those that only raise a match. In a sentence that
// names goods, a word the lexicon does not know ("confortável", "cómodos",
// "bequeme") is how the shopper wants them, which few listings say in
// those words: requiring it put the sneakers whose text says
// "comfortable" before the running shoes a runner asked for.
func (b *Bleve) required(u Understood, qs []query.Query) (must, should []query.Query) {
	if !u.Sentence() {
		return qs, nil
	}
	goods := false
	for i, w := range u.Words {
		k, ok := b.term(w)
		switch {
		case ok && !u.foreign(w):
			must = append(must, qs[i])
			goods = goods || b.lex.Kind(k) == "goods"
		default:
			should = append(should, scaleBoost(qs[i], unknownWordBoost))
		}
	}
	if !goods {
		return qs, nil
	}
	return must, should
}

// unknownWordBoost weighs a sentence's unknown word that may match (see
// required): a listing that has it still comes first.
const unknownWordBoost = 3

// knownWordBoost weighs a lexicon word that may match, in a relaxed query,
// against a word the lexicon does not know.
const knownWordBoost = 3

// scaleBoost multiplies the boosts of a word query's alternatives (Bleve
// ignores a boost set on a disjunction itself).
func scaleBoost(q query.Query, f float64) query.Query {
	d, ok := q.(*query.DisjunctionQuery)
	if !ok {
		return q
	}
	for _, alt := range d.Disjuncts {
		if b, ok := alt.(query.BoostableQuery); ok {
			b.SetBoost(b.Boost() * f)
		}
	}
	return q
}

// term is w's lexicon key, if the index has a lexicon and w is in it.
func (b *Bleve) term(w string) (string, bool) {
	if b.lex == nil {
		return "", false
	}
	return b.lex.Term(w)
}

func all(words []query.Query) *query.ConjunctionQuery { return bleve.NewConjunctionQuery(words...) }

func numEq(field string, v float64) query.Query {
	incl := true
	q := bleve.NewNumericRangeInclusiveQuery(&v, &v, &incl, &incl)
	q.SetField(field)
	return q
}

func colorQuery(colors []string, boost float64) query.Query {
	var qs []query.Query
	for _, c := range withShades(colors) {
		t := bleve.NewTermQuery(c)
		t.SetField("color")
		qs = append(qs, t)
	}
	d := bleve.NewDisjunctionQuery(qs...)
	d.SetBoost(boost)
	return d
}

// shades are the colours shoppers accept for a colour they name. Decided
// for the demo palette: asking for blue finds navy too, red finds crimson.
var shades = map[string][]string{
	"red": {"crimson", "burgundy"}, "blue": {"navy", "teal"}, "green": {"emerald", "sage", "olive"},
	"pink": {"blush"}, "white": {"ivory"}, "yellow": {"gold"}, "purple": {"lavender"},
	"brown": {"beige"}, "grey": {"silver"}, "ivory": {"white", "champagne"}, "gold": {"yellow", "champagne"},
}

func withShades(colors []string) []string {
	out := append([]string(nil), colors...)
	for _, c := range colors {
		for _, s := range shades[c] {
			out = appendNew(out, s)
		}
	}
	return out
}

// Colour factors (see colorFactor).
const (
	colorExact = 10
	colorShade = 5
)

// colorFactor multiplies a match that has the asked colour (colorExact) or
// a shade of it (colorShade). Every candidate matches the words already,
// so colour may weigh more than how often a name repeats them: at 3× the
// red dresses named "gown" came after dresses of every other colour whose
// names say "dress".
func colorFactor(f map[string]any, colors []string) float64 {
	if len(colors) == 0 {
		return 1
	}
	c, _ := f["color"].(string)
	for _, want := range colors {
		if c == want {
			return colorExact
		}
	}
	for _, s := range withShades(colors) {
		if c == s {
			return colorShade
		}
	}
	return 1
}

// fuzziness allows no typo in short words, one from 5 letters, two from 9,
// and none in numbers or codes.
func fuzziness(w string) int {
	n := utf8.RuneCountInString(w)
	for _, r := range w {
		if unicode.IsDigit(r) || unicode.Is(unicode.Han, r) {
			return 0
		}
	}
	switch {
	case n >= 9:
		return 2
	case n >= 5:
		return 1
	}
	return 0
}

// A relaxed query (some of the words) takes a word only as written, stemmed
// or translated: a typo guess of one word of several is how "lawn mower"
// found power banks. A word of another language inside a sentence
// (Understood.Foreign) is not translated.
func (b *Bleve) wordQuery(w, lang string, last, guess, translate bool) query.Query {
	match := func(text, field string, fuzzy int, boost float64) query.Query {
		m := bleve.NewMatchQuery(text)
		m.SetField(field)
		m.SetFuzziness(fuzzy)
		m.SetBoost(boost)
		if hasHan(text) || strings.Contains(text, " ") {
			// A Chinese or Japanese word in characters is analysed into
			// characters or pairs of them, a translation like "electric
			// bike" into words; any one of them is no match (自行车 found
			// 旅行袋 by 行, and power banks by "electric"). A kana word keeps
			// matching by some of its pairs: that is its typo tolerance
			// (スニカー).
			m.SetOperator(query.MatchQueryOperatorAnd)
		}
		return m
	}
	if strings.Contains(w, " ") {
		return b.phraseQuery(w, lang) // a lexicon phrase: its words together, no typos
	}
	f := fuzziness(w)
	if !guess {
		f, last = 0, false
	}
	alts := []query.Query{
		match(w, "name", 0, 3), match(w, "text", 0, 1.2),
	}
	if f > 0 {
		alts = append(alts, match(w, "name", f, 1.5), match(w, "text", f, 0.6))
	}
	for _, l := range stemmed {
		if l == lang {
			alts = append(alts, match(w, "stem_"+l, 0, 2))
		}
	}
	if hasCJK(w) {
		alts = append(alts, match(w, "cjk", 0, 2.5))
	}
	if base, ok := arabicBase(w, lang); ok {
		alts = append(alts, match(base, "name", 0, 2), match(base, "text", 0, 1))
	}
	if last && utf8.RuneCountInString(w) >= 2 && !hasCJK(w) {
		p := bleve.NewPrefixQuery(w)
		p.SetField("name")
		p.SetBoost(1.5)
		alts = append(alts, p)
	}
	// A translation is spelled right: all of it must match (マウンテン
	// バイク found ステンレス by テン).
	if translate {
		b.synonyms(w, func(syn, field string) { alts = append(alts, synonymQuery(syn, field)) })
	}
	return bleve.NewDisjunctionQuery(alts...)
}

// synonymQuery matches a translation of a word. A translation of several
// words ("wedding dress") needs all of them: any one ("dress", "de") would
// match most goods, which buried the few that are the thing asked for
// under everything that shares a common word, and made Bleve score them
// all (a single-word query matched every goods item).
func synonymQuery(syn, field string) query.Query {
	m := bleve.NewMatchQuery(syn)
	m.SetField(field)
	m.SetOperator(query.MatchQueryOperatorAnd)
	m.SetBoost(0.8)
	return m
}

// synonyms calls add for up to 24 of a word's translations from the
// lexicon, with the field each belongs in (CJK words in the CJK field).
func (b *Bleve) synonyms(w string, add func(syn, field string)) {
	if b.lex == nil {
		return
	}
	key, ok := b.lex.Term(w)
	if !ok {
		return
	}
	n := 0
	for _, syn := range b.lex.Words(key) {
		if syn == w || n == 24 {
			continue
		}
		field := "text"
		if hasCJK(syn) {
			field = "cjk"
		}
		add(syn, field)
		n++
	}
}

// phraseQuery matches a multiword token ("vestido de novia") as a phrase,
// or its lexicon term's words. Typo tolerance is per word and must not
// apply to a phrase: two edits on "de" would match most short terms.
func (b *Bleve) phraseQuery(w, lang string) query.Query {
	// All of the phrase's words, in any order: the index keeps no positions
	// (term vectors would grow it by half), and word order rarely matters
	// for goods names.
	phrase := func(text, field string, boost float64) query.Query {
		p := bleve.NewMatchQuery(text)
		p.SetField(field)
		p.SetOperator(query.MatchQueryOperatorAnd)
		p.SetBoost(boost)
		return p
	}
	alts := []query.Query{phrase(w, "name", 3), phrase(w, "text", 1.2)}
	for _, l := range stemmed {
		if l == lang {
			alts = append(alts, phrase(w, "stem_"+l, 2))
		}
	}
	b.synonyms(w, func(syn, field string) { alts = append(alts, phrase(syn, field, 0.8)) })
	return bleve.NewDisjunctionQuery(alts...)
}

func hasHan(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) })
}

func hasCJK(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r) {
			return true
		}
	}
	return false
}

// HasText reports whether some goods' text holds words exactly as given
// (no typo allowance, no stemming): a spelling suggestion must be words the
// catalogue uses, not words a fuzzy match brings near something else.
func (b *Bleve) HasText(ctx context.Context, words string) (bool, error) {
	m := bleve.NewMatchQuery(words)
	m.SetField("text")
	m.SetOperator(query.MatchQueryOperatorAnd)
	res, err := b.idx.SearchInContext(ctx, bleve.NewSearchRequestOptions(m, 0, 0, false))
	if err != nil {
		return false, fmt.Errorf("search: look up words: %w", err)
	}
	return res.Total > 0, nil
}

// arabicPrefixes are the definite article and the particles written onto
// it, longest first.
var arabicPrefixes = []string{"وال", "بال", "كال", "فال", "لل", "ال"}

// arabicBase is an Arabic word without its article ("القهوة" → "قهوة"):
// keywords and the unstemmed text hold the bare word ("كوب قهوة"), and
// the stemmed field only names and briefs.
func arabicBase(w, lang string) (string, bool) {
	if lang != "ar" {
		return "", false
	}
	for _, p := range arabicPrefixes {
		if rest, ok := strings.CutPrefix(w, p); ok && utf8.RuneCountInString(rest) >= 3 {
			return rest, true
		}
	}
	return "", false
}
