// Package content holds the multilingual demo catalogue (products, colours,
// option values, identities, reviews and home-page texts) that the seeder
// combines deterministically into goods. All data lives in the embedded JSON
// files next to this file; Load parses them into the types below.
package content

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
)

//go:embed *.json
var FS embed.FS

// Langs lists the languages every L map must contain, in display order.
var Langs = []string{"en", "zh", "ar", "ja", "es", "fr", "de", "ru", "pt"}

// L is a localized text: language code -> text. Every L in the catalogue has
// exactly the keys in Langs, each non-empty.
type L = map[string]string

// Category codes used by Product.Category.
var Categories = []string{
	"womens-fashion", "mens-fashion", "shoes", "bags", "home-kitchen",
	"electronics-accessories", "beauty", "sports-outdoors", "toys-kids",
	"office-stationery", "jewelry-watches", "dresses",
}

// Group kinds. KindColor draws its values from colors.json, the others from
// the option list of the same name in options.json.
const (
	KindColor    = "color"
	KindSize     = "size"
	KindShoeSize = "shoeSize"
	KindMaterial = "material"
	KindCapacity = "capacity"
	KindStyle    = "style"
)

// Identity types and entity types (see Identity).
const (
	TypeCreator         = 21
	TypeSeller          = 22
	TypeMaker           = 23
	TypeAnalyst         = 24
	TypeCustomerService = 41

	EntityPerson  = 1
	EntityCompany = 2
)

// Attr is one specification row (e.g. Material: 100% linen).
type Attr struct {
	K L `json:"k"`
	V L `json:"v"`
}

// Group is an attribute group (variant axis) of a product template.
type Group struct {
	Name L      `json:"name"`
	Kind string `json:"kind"` // color|size|shoeSize|material|capacity|style
	// Values optionally restricts the group to these keys (colour keys for
	// kind color, option keys otherwise). Empty means any value of the kind.
	Values []string `json:"values,omitempty"`
}

// Product is a product template; the seeder multiplies templates by sellers,
// colours and options into concrete goods.
type Product struct {
	Key       string              `json:"key"`
	Category  string              `json:"category"`
	Shape     string              `json:"shape"` // the drawing of its pictures: a media look, "cardigan" or "dress-lace"
	Name      L                   `json:"name"`
	Brief     L                   `json:"brief"`
	Intro     L                   `json:"intro"`
	Attrs     []Attr              `json:"attrs"`
	PriceUSD  float64             `json:"priceUSD"`
	Wholesale bool                `json:"wholesale"`
	Group1    *Group              `json:"group1"`
	Group2    *Group              `json:"group2"`
	Keywords  map[string][]string `json:"keywords"`
}

// Color is a named fabric colour.
type Color struct {
	Key  string `json:"key"`
	Hex  string `json:"hex"`
	Name L      `json:"name"`
}

// Option is one value of an attribute kind (size "M", material "linen"...).
type Option struct {
	Key  string `json:"key"`
	Name L      `json:"name"`
}

// Options holds the value lists per attribute kind (options.json).
type Options struct {
	Size     []Option `json:"size"`
	ShoeSize []Option `json:"shoeSize"`
	Material []Option `json:"material"`
	Capacity []Option `json:"capacity"`
	Style    []Option `json:"style"`
}

// ByKind returns the option list for a group kind, or nil for KindColor and
// unknown kinds.
func (o *Options) ByKind(kind string) []Option {
	switch kind {
	case KindSize:
		return o.Size
	case KindShoeSize:
		return o.ShoeSize
	case KindMaterial:
		return o.Material
	case KindCapacity:
		return o.Capacity
	case KindStyle:
		return o.Style
	}
	return nil
}

// Identity is a seller, maker, creator, analyst or customer-service account.
type Identity struct {
	Key        string `json:"key"`
	Type       int    `json:"type"`       // TypeCreator, TypeSeller, ...
	EntityType int    `json:"entityType"` // EntityPerson or EntityCompany
	Name       string `json:"name"`
	Country    string `json:"country"` // ISO 3166-1 alpha-2
	Title      L      `json:"title"`
	Brief      L      `json:"brief"`
}

// Review is a generic shopper review in one language.
type Review struct {
	Lang   string `json:"lang"`
	Rating int    `json:"rating"`
	Text   string `json:"text"`
}

// Comments is comments.json: reviewer display names and reviews.
type Comments struct {
	Authors []string `json:"authors"`
	Reviews []Review `json:"reviews"`
}

// Block is a home-page block; Text and CTA are only set for promo blocks.
type Block struct {
	Title L `json:"title"`
	Text  L `json:"text,omitempty"`
	CTA   L `json:"cta,omitempty"`
}

// HomeTexts is home.json.
type HomeTexts struct {
	MakeTre Block `json:"makeTre"` // promo: create goods with AI help
	DressAd Block `json:"dressAd"` // promo: made-to-measure dresses
	Wn3     Block `json:"wn3"`     // "New arrivals" row
	Wn4     Block `json:"wn4"`     // "Wholesale picks" row
	Bt1     Block `json:"bt1"`     // "Best sellers" row
	DrT1    Block `json:"drT1"`    // "Wedding dresses" row
	DrT2    Block `json:"drT2"`    // "Evening & party" row
	Steps   []L   `json:"steps"`   // the 4 steps of buying wholesale goods
	Refund  L     `json:"refund"`  // refund / return policy summary
}

// Collection is a curated hots page of the demo (hots.json): its goods are
// picked from the demo goods of its categories (any, when none is named),
// and Category, when set, names the category whose trending goods follow.
type Collection struct {
	UID        string   `json:"uid"`
	Categories []string `json:"categories"`
	Wholesale  bool     `json:"wholesale,omitempty"` // only wholesale goods
	Category   string   `json:"category,omitempty"`
	Title      L        `json:"title"`
	Text       L        `json:"text"`
}

// Catalog is every content file parsed.
type Catalog struct {
	Products   []Product
	Colors     []Color
	Options    Options
	Identities []Identity
	Comments   Comments
	Home       HomeTexts
	Hots       []Collection
}

func decode(name string, v any) error {
	b, err := FS.ReadFile(name)
	if err != nil {
		return err
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("content: %s: %w", name, err)
	}
	return nil
}

// Load parses all embedded content files.
func Load() (*Catalog, error) {
	c := &Catalog{}
	for _, f := range []struct {
		name string
		v    any
	}{
		{"products.json", &c.Products},
		{"colors.json", &c.Colors},
		{"options.json", &c.Options},
		{"identities.json", &c.Identities},
		{"comments.json", &c.Comments},
		{"home.json", &c.Home},
		{"hots.json", &c.Hots},
	} {
		if err := decode(f.name, f.v); err != nil {
			return nil, err
		}
	}
	return c, nil
}
