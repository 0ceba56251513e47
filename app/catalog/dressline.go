package catalog

import "slices"

// The dresses line's categories and facets. Goods carry one category
// ("dresses") and their demo template; what a bride filters by (occasion,
// silhouette, length) is a property of the design, so it is read from the
// template here rather than stored on each goods row. A seller's own dress
// (no template) is listed under "all" and found by colour, price and size.

// DressCategory is one category of the dresses line.
type DressCategory struct {
	UID       string   `json:"uid"`
	Slug      string   `json:"suri"` // decorates the URL, canonicalised like a goods slug
	Key       string   `json:"key"`  // catalogue key of its name
	templates []string // nil: every dress
}

// DressDesign is what a template says about a dress.
type DressDesign struct{ Silhouette, Length string }

var dressDesigns = map[string]DressDesign{
	"lace-a-line-wedding-dress":  {"a-line", "floor"},
	"satin-mermaid-wedding-gown": {"mermaid", "floor"},
	"boho-chiffon-wedding-dress": {"a-line", "floor"},
	"satin-cowl-evening-gown":    {"sheath", "floor"},
	"sequin-evening-dress":       {"sheath", "floor"},
	"chiffon-bridesmaid-dress":   {"empire", "floor"},
	"tulle-ball-gown-prom-dress": {"ball-gown", "floor"},
	"crepe-cocktail-dress":       {"a-line", "knee"},
	"embroidered-kaftan-gown":    {"empire", "floor"},
	"flower-girl-tulle-dress":    {"ball-gown", "tea"},
}

// DressCategories in storefront order; a design may be in several.
var DressCategories = []DressCategory{
	{UID: "all", Slug: "all-dresses", Key: "DressCatAll"},
	{UID: "bridal", Slug: "wedding-dresses", Key: "DressCatBridal",
		templates: []string{"lace-a-line-wedding-dress", "satin-mermaid-wedding-gown", "boho-chiffon-wedding-dress"}},
	{UID: "evening", Slug: "evening-dresses", Key: "DressCatEvening",
		templates: []string{"satin-cowl-evening-gown", "sequin-evening-dress", "embroidered-kaftan-gown", "crepe-cocktail-dress"}},
	{UID: "bridesmaid", Slug: "bridesmaid-dresses", Key: "DressCatBridesmaid",
		templates: []string{"chiffon-bridesmaid-dress", "satin-cowl-evening-gown"}},
	{UID: "prom", Slug: "prom-and-cocktail-dresses", Key: "DressCatProm",
		templates: []string{"tulle-ball-gown-prom-dress", "crepe-cocktail-dress", "sequin-evening-dress"}},
	{UID: "flower-girl", Slug: "flower-girl-dresses", Key: "DressCatFlowerGirl",
		templates: []string{"flower-girl-tulle-dress"}},
}

// DressCategoryOf finds a category by uid.
func DressCategoryOf(uid string) (DressCategory, bool) {
	for _, c := range DressCategories {
		if c.UID == uid {
			return c, true
		}
	}
	return DressCategory{}, false
}

// Facet values a dress list accepts; anything else is refused.
var (
	DressColours     = []string{"ivory", "white", "champagne", "blush", "pink", "red", "crimson", "burgundy", "orange", "yellow", "gold", "green", "emerald", "sage", "olive", "teal", "blue", "navy", "purple", "lavender", "brown", "beige", "silver", "grey", "black"}
	DressSilhouettes = []string{"a-line", "ball-gown", "mermaid", "sheath", "empire"}
	DressLengths     = []string{"floor", "tea", "knee"}
	DressSorts       = []string{SortNew, SortPriceAsc, SortPriceDesc, SortPopular}
	// DressSizes are the body sizes of the chart (each in three heights) and
	// "custom", made to measure.
	DressSizes = []string{"0", "2", "4", "6", "8", "10", "12", "14", "16", "18", "20", "22", "24", "26", "16W", "18W", "20W", "22W", "24W", "26W", "28W", "custom"}
)

// DressPriceBands are the dresses line's price filters.
var DressPriceBands = Bands{{"u200", 0, 20000}, {"200-500", 20000, 50000}, {"500-1000", 50000, 100000}, {"o1000", 100000, 0}}

// sizeOptions are the scenario options of a size filter value.
func sizeOptions(size string) []int {
	if size == "custom" {
		return []int{CustomSizeOption}
	}
	i := slices.Index(DressSizes, size)
	n := LastSizeOption - FirstSizeOption + 1
	body := n / 3 // petite, regular, tall
	return []int{FirstSizeOption + i, FirstSizeOption + body + i, FirstSizeOption + 2*body + i}
}

// designsWhere are the templates that are in cat and match silhouette and
// length ("" matches any); nil means no restriction.
func designsWhere(cat DressCategory, silhouette, length string) []string {
	if cat.templates == nil && silhouette == "" && length == "" {
		return nil
	}
	out := []string{}
	for t, d := range dressDesigns {
		if (cat.templates == nil || slices.Contains(cat.templates, t)) &&
			(silhouette == "" || d.Silhouette == silhouette) && (length == "" || d.Length == length) {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out
}

// SizeChart is every standard size of the chart, in option order (the
// dresses FAQ shows it beside the measuring answer).
func SizeChart() []SizeRow {
	out := make([]SizeRow, 0, len(sizeChart))
	for id := FirstSizeOption; id <= LastSizeOption; id++ {
		out = append(out, sizeChart[id])
	}
	return out
}
