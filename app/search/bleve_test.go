package search

import (
	"context"
	"strings"
	"testing"
)

func testEngine(t *testing.T) *Bleve {
	t.Helper()
	b, err := OpenBleve("", fakeLex{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	docs := []Doc{
		{UID: "d1", OldID: "10001", Color: "red", BigType: 1, OnSale: true, PriceUSD: 40, Names: map[string]string{"en": "Silk Evening Dress · Red", "zh": "真丝晚礼服 · 红色", "es": "Vestido de noche de seda · Rojo"}, Briefs: map[string]string{"en": "Flowing silk gown"}},
		{UID: "d2", OldID: "10002", Color: "blue", BigType: 1, OnSale: true, PriceUSD: 90, Names: map[string]string{"en": "Silk Evening Dress · Blue", "es": "Vestido de noche de seda · Azul"}},
		{UID: "s1", OldID: "10003", Color: "red", BigType: 1, OnSale: true, PriceUSD: 20, Names: map[string]string{"en": "Cotton Scarf · Red"}},
		{UID: "b1", OldID: "10004", Color: "black", BigType: 2, OnSale: true, PriceUSD: 12, MinQty: 50, Names: map[string]string{"en": "Leather Tote Bag · Black"}},
		{UID: "b2", OldID: "10005", Color: "black", BigType: 1, OnSale: false, PriceUSD: 60, Names: map[string]string{"en": "Leather Tote Bag · Black"}},
		{UID: "h1", OldID: "10006", Color: "black", BigType: 1, OnSale: true, PriceUSD: 80, Names: map[string]string{"en": "Wireless Headphones · Black"}},
	}
	if err := b.Put(context.Background(), docs); err != nil {
		t.Fatal(err)
	}
	return b
}

func top(t *testing.T, b *Bleve, q Query) []string {
	t.Helper()
	if q.Size == 0 {
		q.Size = 10
	}
	if q.BigType == 0 {
		q.BigType = 1
	}
	res, err := b.Search(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, h := range res.Hits {
		out = append(out, h.UID)
	}
	return out
}

func TestBleveRanking(t *testing.T) {
	b := testEngine(t)
	u := func(q, lang string) Understood { return Understand(q, lang, fakeLex{}) }
	phrase := Understand("evening dress", "en", fakeLex{})
	phrase.Words = []string{"silk evening dress"} // as the lexicon would join a known phrase
	tests := []struct {
		name  string
		q     Query
		first string
		none  bool
		not   []string
	}{
		{"plain", Query{U: u("silk dress", "en")}, "d1|d2", false, []string{"s1", "h1"}},
		{"typo in a long word", Query{U: u("headphnes", "en")}, "h1", false, nil},
		{"no typo allowed in a short word", Query{U: u("bgg", "en")}, "", true, nil},
		{"prefix of the last word", Query{U: u("wireless head", "en")}, "h1", false, nil},
		{"all words before some", Query{U: u("red silk", "en")}, "d1", false, nil},
		{"colour boosts the red one", Query{U: u("red dress", "en")}, "d1", false, nil},
		{"another language", Query{U: u("vestido azul", "es")}, "d2", false, nil},
		{"chinese", Query{U: u("真丝", "zh")}, "d1", false, nil},
		{"price limit", Query{U: u("silk dress", "en"), MaxPriceUSD: 50}, "d1", false, []string{"d2"}},
		{"code", Query{U: u("10006", "en")}, "h1", false, nil},
		{"wholesale group", Query{U: u("tote", "en"), BigType: 2}, "b1", false, []string{"b2"}},
		{"on sale before off sale", Query{U: u("tote black", "en")}, "b2", false, nil},
		{"only a colour", Query{U: u("red", "en")}, "", false, []string{"d2", "b2"}},
		{"a joined phrase matches as a phrase", Query{U: phrase}, "d1|d2", false, []string{"s1", "h1", "b1"}},
		// Nothing relevant: no page filled with a typo guess of one word or
		// a character shared with an unknown word.
		{"a typo guess of one of several words", Query{U: u("lawn headphnes", "en")}, "", true, nil},
		{"one character of an unknown CJK word", Query{U: u("丝巾", "zh")}, "", true, nil},
		{"a goods word anchors the fill", Query{U: u("dress with pockets", "en")}, "d1|d2", false, []string{"s1", "h1"}},
		// A sentence's words are taken as written; only when that finds
		// nothing at all are typos and word starts guessed.
		{"a sentence that finds nothing guesses", Query{U: sentence("headphnes")}, "h1", false, nil},
		{"a word start in a sentence", Query{U: sentence("headph")}, "h1", false, nil},
		{"a sentence that finds something does not guess", Query{U: sentence("silk", "headphnes")}, "d1|d2", false, []string{"h1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := top(t, b, tt.q)
			if tt.none {
				if len(got) != 0 {
					t.Fatalf("got %v, want nothing", got)
				}
				return
			}
			if len(got) == 0 || (tt.first != "" && !strings.Contains("|"+tt.first+"|", "|"+got[0]+"|")) {
				t.Fatalf("got %v, want %s first", got, tt.first)
			}
			for _, n := range tt.not {
				for _, g := range got {
					if g == n {
						t.Fatalf("got %v: %s must be filtered out", got, n)
					}
				}
			}
		})
	}
}

func TestBlevePagingAndDelete(t *testing.T) {
	b := testEngine(t)
	all := top(t, b, Query{U: Understand("black", "en", fakeLex{}), Size: 10})
	if len(all) < 2 {
		t.Fatalf("want several black goods, got %v", all)
	}
	p2 := top(t, b, Query{U: Understand("black", "en", fakeLex{}), From: 1, Size: 1})
	if len(p2) != 1 || p2[0] != all[1] {
		t.Fatalf("page 2 = %v, want %v", p2, all[1:2])
	}
	if err := b.Delete(context.Background(), []string{"h1"}); err != nil {
		t.Fatal(err)
	}
	if got := top(t, b, Query{U: Understand("headphones", "en", fakeLex{})}); len(got) != 0 {
		t.Fatalf("deleted goods still found: %v", got)
	}
}

func TestArabicBase(t *testing.T) {
	tests := []struct {
		w, lang, want string
	}{
		{"القهوة", "ar", "قهوة"},
		{"للأطفال", "ar", "أطفال"},
		{"والقهوة", "ar", "قهوة"},
		{"الة", "ar", ""},    // too short once bare
		{"كوب", "ar", ""},    // no article
		{"القهوة", "en", ""}, // only in Arabic queries
	}
	for _, tt := range tests {
		got, ok := arabicBase(tt.w, tt.lang)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("arabicBase(%q, %s) = %q, %v; want %q", tt.w, tt.lang, got, ok, tt.want)
		}
	}
}

// sentence is an understood sentence of words (its filler already gone).
func sentence(words ...string) Understood {
	return Understood{Lang: "en", Words: words, own: ownSentence}
}

// In a sentence that names goods, a word the lexicon does not know raises
// the goods that have it and does not hide the others; in a query of
// words, every word must match while the page is full.
func TestBleveSentenceUnknownWordsRaise(t *testing.T) {
	b := testEngine(t)
	words := Understand("dress flowing", "en", fakeLex{})
	for _, tt := range []struct {
		name  string
		u     Understood
		total int
	}{
		{"sentence", sentence("dress", "flowing"), 2},
		{"words", words, 1},
	} {
		res, err := b.Search(context.Background(), Query{U: tt.u, BigType: 1, Size: 1})
		if err != nil {
			t.Fatal(err)
		}
		if res.Total != tt.total || len(res.Hits) != 1 || res.Hits[0].UID != "d1" {
			t.Errorf("%s: total %d, hits %v; want %d with d1 first", tt.name, res.Total, res.Hits, tt.total)
		}
	}
}
