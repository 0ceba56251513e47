// Package eval holds a judged query set for evaluating Souk's search over
// the deterministic demo catalogue (the 480 goods the seeder builds from
// app/seed/content). Each query names the goods that are relevant to it by
// template key, main colour, bigType, maximum base unit price or old id;
// a "none" query names none. About a third of the queries is held out
// (HeldOut): reported apart, never tuned on.
package eval

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"slices"
)

//go:embed queries.json
var queriesJSON []byte

// Kinds lists the query kinds, i.e. what the shopper is doing: besides the
// first eight, natural sentences, queries for things the catalogue does not
// hold ("none"), everyday words and slang, two edits on a longer word, kana
// spellings of kanji words (ja) and price limits inside CJK text.
var Kinds = []string{"plain", "typo", "synonym", "cross-language", "colour", "price", "wholesale", "code",
	"sentence", KindNone, "colloquial", "typo2", "kana", "cjkprice"}

// KindNone is the kind of a query nothing in the catalogue answers: it is
// answered well by no results in either group.
const KindNone = "none"

// Query is one judged search query.
type Query struct {
	ID   string `json:"id"`   // e.g. "en-001", unique
	Lang string `json:"lang"` // the shopper's language (en zh ar ja es fr de ru pt)
	Q    string `json:"q"`    // the text typed into the search box
	Kind string `json:"kind"` // one of Kinds
	// HeldOut marks the held-out part (see HeldOut): reported apart and
	// never tuned on.
	HeldOut  bool      `json:"heldout,omitempty"`
	Relevant Relevance `json:"relevant"` // empty for KindNone
}

// Answers reports whether g answers q; nothing answers a KindNone query.
func (q Query) Answers(g Goods) bool {
	return q.Kind != KindNone && q.Relevant.Matches(g)
}

// HeldOut is the rule that put a query in the held-out part: about a third
// of the ids, by hash, so the choice depends on nothing the engine does.
// The salt was picked once so that every kind and language is within seven
// points of a third; queries.json records the result and a test keeps the
// two in step.
func HeldOut(id string) bool {
	h := fnv.New32a()
	h.Write([]byte("heldout131:" + id))
	return h.Sum32()%3 == 0
}

// Relevance says which goods answer a query. A goods item is relevant when
// every given condition holds.
type Relevance struct {
	// Templates: the goods' template key is one of these (empty = any).
	Templates []string `json:"templates,omitempty"`
	// Colors: the goods' main colour key is one of these (empty = any).
	Colors []string `json:"colors,omitempty"`
	// BigType: 1 consumer, 2 wholesale, 0 any.
	BigType int `json:"bigType"`
	// MaxPriceUSD: the goods' base unit price in USD is at most this (0 = no limit).
	MaxPriceUSD float64 `json:"maxPriceUSD"`
	// OldIDs: for code queries, exactly these goods (by old id).
	OldIDs []int64 `json:"oldIds,omitempty"`
}

// Goods is what Relevance needs to know of a goods item.
type Goods struct {
	OldID    int64
	Template string
	Color    string
	BigType  int
	PriceUSD float64 // base unit price
}

// Matches reports whether g is relevant under r.
func (r Relevance) Matches(g Goods) bool {
	if len(r.OldIDs) > 0 {
		return slices.Contains(r.OldIDs, g.OldID)
	}
	if len(r.Templates) > 0 && !slices.Contains(r.Templates, g.Template) {
		return false
	}
	if len(r.Colors) > 0 && !slices.Contains(r.Colors, g.Color) {
		return false
	}
	if r.BigType != 0 && g.BigType != r.BigType {
		return false
	}
	if r.MaxPriceUSD > 0 && g.PriceUSD > r.MaxPriceUSD {
		return false
	}
	return true
}

// Empty reports whether r names no templates, colours or old ids.
func (r Relevance) Empty() bool {
	return len(r.Templates) == 0 && len(r.Colors) == 0 && len(r.OldIDs) == 0
}

// Load parses the embedded query set.
func Load() ([]Query, error) {
	var qs []Query
	d := json.NewDecoder(bytes.NewReader(queriesJSON))
	d.DisallowUnknownFields()
	if err := d.Decode(&qs); err != nil {
		return nil, fmt.Errorf("eval: queries.json: %w", err)
	}
	return qs, nil
}
