package web

import (
	"time"

	"souk/app/catalog"
	"souk/app/content"
	"souk/app/mobileapp"
	"souk/server/ssr"
)

// Props is what React renders a page from (views/lib/types.ts SoukData).
// It is public data only: SSR output is cached and shared between visitors.
type Props struct {
	Page     string    `json:"page"`
	Path     string    `json:"path"`
	Query    string    `json:"query"`
	Lang     string    `json:"lang"`
	Dir      string    `json:"dir"`
	Region   string    `json:"region"`
	Currency string    `json:"currency"`
	BaseURL  string    `json:"baseUrl"`
	Assets   ssr.Entry `json:"assets"`
	// Shared is the URL of the language's shared script (sharedData).
	Shared  string `json:"shared"`
	Now     int64  `json:"now"`
	EK      string `json:"ek"`
	TestPay bool   `json:"testPay,omitempty"` // the embedded test payment provider is active
	// XDefault: the page is served at its unprefixed URL, the hreflang
	// x-default, which is canonical to itself (README "Decisions").
	XDefault bool     `json:"xDefault,omitempty"`
	Data     PageData `json:"data"`
}

// LangItem is a language as the picker lists it.
type LangItem struct {
	Code string `json:"code"`
	Name string `json:"name"`
	Dir  string `json:"dir"`
}

// PageData is the page-specific part of Props.
type PageData struct {
	Home      map[string]pageBlock  `json:"home,omitempty"`
	Goods     *pageGoods            `json:"goods,omitempty"`
	Comments  []catalog.Comment     `json:"comments,omitempty"`
	SizeChart []catalog.SizeRow     `json:"sizeChart,omitempty"`
	Delivery  *catalog.Delivery     `json:"delivery,omitempty"`
	Steps     []catalog.Txt         `json:"steps,omitempty"`
	Refund    *catalog.Txt          `json:"refund,omitempty"`
	Identity  *catalog.IdentityPage `json:"identity,omitempty"`
	Cards     *pageCardPage         `json:"cards,omitempty"`
	Profile   *UserProfile          `json:"profile,omitempty"`
	Param     string                `json:"param,omitempty"`
	Param2    string                `json:"param2,omitempty"` // a second route parameter (ai-creation's createVUid)
	Search    *SearchResults        `json:"search,omitempty"`
	Shipping  *ShippingRule         `json:"shipping,omitempty"` // goods page: the order shipping rule in the offer's currency
	CardLans  []string              `json:"cardLans,omitempty"` // the languages of cards that name none (slimFor)
	Content   *content.Page         `json:"content,omitempty"`  // aboutsouk, contact: the text an admin edits
	Dresses   *DressesData          `json:"dresses,omitempty"`  // the dresses line's pages
	FAQ       *content.FAQ          `json:"faq,omitempty"`      // dresses/faq/{faqId}
	Apps      *mobileapp.Apps       `json:"apps,omitempty"`     // downloadapp, dlandroidapp
	Hots      *HotsData             `json:"hots,omitempty"`     // hotspage, hots/{uid}
	Category  *CategoryData         `json:"category,omitempty"` // category/{uid}
	Crumbs    []CategoryLink        `json:"crumbs,omitempty"`   // goods page: its categories, from the top down
}

// UserProfile is a user's public page data.
type UserProfile struct {
	UserUID       string `json:"userUid"`
	UserName      string `json:"userName"`
	Title         string `json:"title"`
	Brief         string `json:"brief"`
	AvatarURL     string `json:"avatarUrl"`
	BackgroundURL string `json:"backgroundUrl"`
}

// Loaded is what a page loader produces.
type Loaded struct {
	Page      string
	Status    int
	Canonical string // path without prefix to show as canonical; "" keeps the request's
	Query     string // the part of the query string the page depends on
	Data      PageData
	Deps      []string
	Redirect  string // answer a redirect instead (to a path without language prefix)
	// Langs are the languages the page's content is written in, its hreflang
	// alternates; nil: every language (the interface is the content).
	Langs []string
}

func dayStamp(t time.Time) string { return "day:" + t.UTC().Format("2006-01-02") }
