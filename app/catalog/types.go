// Package catalog serves the goods catalogue: goods detail, cards, comments,
// identities' goods, the home page data and the enums. Its view types carry
// the wire names of SPEC §3 as JSON tags because clients need them.
package catalog

import "souk/app/money"

// Txt is one multilingual text resolved for a language; Lan says which
// language it is really in (the main language when untranslated).
type Txt struct {
	Txt string `json:"txt"`
	Lan string `json:"lan,omitempty"`
	// Machine: a translation engine made this text (the page says so).
	Machine bool `json:"machine,omitempty"`
}

// Thumb is one size of an image.
type Thumb struct {
	URL    string `json:"url"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// ImageSet is an image in its three sizes.
type ImageSet struct {
	Large Thumb `json:"largeThumbnail"`
	Small Thumb `json:"smallThumbnail"`
	Tiny  Thumb `json:"tinyImg"`
}

// Image is one picture of a goods item.
type Image struct {
	ID    string   `json:"id"`
	Image ImageSet `json:"image"`
}

// Price is an amount in one currency, rounded to 2 decimals.
type Price struct {
	Currency money.Currency `json:"currency"`
	Amount   float64        `json:"amount"`
}

// PriceRange is a quantity break.
type PriceRange struct {
	StartQty int     `json:"startQty"`
	Prices   []Price `json:"prices"`
}

// PriceData is what a card or a detail page shows about price.
type PriceData struct {
	Prices    []Price      `json:"prices"`
	MaxPrices []Price      `json:"maxPrices,omitempty"` // with ranges or various sku prices: the highest
	Ranges    []PriceRange `json:"ranges"`
	MinQty    int          `json:"minQty"`
	CalType   int          `json:"calType"`
}

// Attr is one value of an attribute group.
type Attr struct {
	ID    string `json:"id"`
	Name  Txt    `json:"name"`
	ImgID string `json:"imgId,omitempty"`
}

// SkuView is one sellable combination. Prices is its unit price at the
// minimum order quantity; Tiers its unit price from each quantity break on
// (the first at the minimum order quantity), both from Service.Unit.
type SkuView struct {
	ID     string       `json:"id"`
	Prices []Price      `json:"prices"`
	Tiers  []PriceRange `json:"tiers"`
	ImgID  string       `json:"imgId,omitempty"`
	Stock  int          `json:"stock"`
}

// SkuModule holds up to two attribute groups and the skus keyed by
// 'attr1Id' or 'attr1Id,attr2Id'.
type SkuModule struct {
	GroupNames []Txt              `json:"groupNames"`
	Attrs      [][]Attr           `json:"attrs"`
	Skus       map[string]SkuView `json:"skus"`
}

// ScenarioValue is one option of a scenario label.
type ScenarioValue struct {
	ID       int     `json:"id"`
	Name     Txt     `json:"name"`
	AddPrice []Price `json:"addPrice"`
	Swatch   string  `json:"swatch,omitempty"`
}

// ScenarioLabel is an option group: 2 colour swatches, 9 size.
type ScenarioLabel struct {
	LabelID   int             `json:"labelId"`
	LabelName Txt             `json:"labelName"`
	Values    []ScenarioValue `json:"values"`
}

// IntroAttr is one row of the specification table.
type IntroAttr struct {
	K Txt `json:"k"`
	V Txt `json:"v"`
}

// OwnerRef names the identity that sells a goods item.
type OwnerRef struct {
	UID          string `json:"uid"`
	Name         string `json:"name"`
	IdentityType int    `json:"identityType"`
	AvatarURL    string `json:"avatarUrl"`
}

// Card is a goods item as a product card shows it.
type Card struct {
	TreID     string    `json:"treId"`
	TreName   Txt       `json:"treName"`
	BigType   int       `json:"bigType"`
	Spe       int       `json:"spe"`
	Saleable  int       `json:"saleable"`
	URI       string    `json:"uri,omitempty"`
	TreImage  *ImageSet `json:"treImage,omitempty"`
	PriceData PriceData `json:"priceData"`
	Rating    int       `json:"rating"`
	Stock     int       `json:"stock"`
	OwnerUID  string    `json:"ownerUid"`
	NeedsPick bool      `json:"needsPick"` // attributes or scenario options must be chosen first
	Langs     []string  `json:"lans"`      // languages the name exists in (OtherLans)
}

// Goods is the full goods item of the product page ("tre").
type Goods struct {
	Card
	OldID            int64           `json:"oldId,omitempty"`
	TreType          int             `json:"treType"`
	ApproveStatus    int             `json:"approveStatus"`
	TestResults      []TestResult    `json:"testResults"`
	TreImages        []Image         `json:"treImages"`
	Brief            Txt             `json:"brief"`
	IntroHTML        Txt             `json:"introHtml"`
	IntroAttrs       []IntroAttr     `json:"introAttrs"`
	Description      string          `json:"description"`
	RatingCount      int             `json:"ratingCount"`
	BestRating       int             `json:"bestRating"`
	CommentCount     int             `json:"commentCount"`
	Sales            int             `json:"sales"`
	AIGenModels      []AIGenModel    `json:"aiGenModels"`
	SkuModule        SkuModule       `json:"skuModule"`
	SkuTag           string          `json:"skuTag"`
	UseScenarioLabel bool            `json:"useScenarioLabel"`
	ScenarioLabels   []ScenarioLabel `json:"scenarioLabels"`
	Tiers            []PriceRange    `json:"tiers"` // without a sku: the unit price from each quantity break on
	MainLan          string          `json:"maLan"`
	Category         string          `json:"category"`
	Owner            OwnerRef        `json:"owner"`
	UpdatedAt        int64           `json:"updatedAt"`
}

// TestResult names a quality test of a goods item.
type TestResult struct {
	TestID string `json:"testId"`
}

// AIGenModel is an AI generation model offered for a goods item.
type AIGenModel struct {
	Name  string `json:"name"`
	Tips  string `json:"tips"`
	Tips2 string `json:"tips2"`
}

// Comment is one review as the comment list shows it.
type Comment struct {
	ObjID       string        `json:"objId"`
	Author      CommentAuthor `json:"author"`
	CreTime     int64         `json:"creTime"`
	RatingValue int           `json:"ratingValue"`
	Content     Txt           `json:"content"`
	SortFactor  int64         `json:"sortFactor"`
}

// CommentAuthor is who wrote a review.
type CommentAuthor struct {
	UserName  string `json:"userName"`
	AvatarURL string `json:"avatarUrl"`
}
