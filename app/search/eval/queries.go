// Package eval holds a judged query set for evaluating Souk's search over
// the deterministic demo catalogue (the 480 goods the seeder builds from
// app/seed/content). Each query names the goods that are relevant to it by
// template key, main colour, bigType, maximum base unit price or old id.
package eval

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
)

//go:embed queries.json
var queriesJSON []byte

// Kinds lists the query kinds, i.e. what the shopper is doing.
var Kinds = []string{"plain", "typo", "synonym", "cross-language", "colour", "price", "wholesale", "code"}

// Query is one judged search query.
type Query struct {
	ID       string    `json:"id"`   // e.g. "en-001", unique
	Lang     string    `json:"lang"` // the shopper's language (en zh ar ja es fr de ru pt)
	Q        string    `json:"q"`    // the text typed into the search box
	Kind     string    `json:"kind"` // one of Kinds
	Relevant Relevance `json:"relevant"`
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
