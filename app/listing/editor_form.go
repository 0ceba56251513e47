package listing

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"souk/app/catalog"
	"souk/app/form"
)

// GoodsFormName names the goods form in app/form.
const GoodsFormName = "goods"

// Price calculation types (SPEC §3).
const (
	editorBaseRate     = 2
	editorStaticPrice  = 3
	editorVariousPrice = 4
)

// Limits of the goods form that are not limits of one field definition.
const (
	editorMaxGroupValues = 30      // values of one attribute group
	editorMaxOptions     = 80      // options of one scenario label
	editorMaxStock       = 1000000 // per sku or item
	editorMaxMinor       = int64(1_000_000_000_00)
)

func editorNum(v float64) *float64 { return &v }

// editorGoodsForm is the default goods form. The structured fields
// (attrgroups, skus, scenario, prices, ranges) are checked by
// Editor.check; the others by app/form alone.
var editorGoodsForm = form.Form{Name: GoodsFormName, Fields: []form.Field{
	{Key: "name", Type: form.Text, Label: "GoodsFormName", Required: true, MinLen: 2, MaxLen: 120},
	{Key: "brief", Type: form.TextArea, Label: "GoodsFormBrief", MaxLen: 500},
	{Key: "intro", Type: form.RichText, Label: "GoodsFormIntro", MaxLen: 5000},
	{Key: "introAttrs", Type: form.Pairs, Label: "GoodsFormIntroAttrs", MaxItems: 20, MaxLen: 80},
	{Key: "bigType", Type: form.Select, Label: "GoodsFormBigType", Required: true, Options: []form.Option{
		{Value: "1", Label: "GoodsFormConsumer"}, {Value: "2", Label: "GoodsFormWholesale"}}},
	{Key: "spe", Type: form.Select, Label: "GoodsFormSpe", Options: []form.Option{
		{Value: "0", Label: "GoodsFormSpeNo"}, {Value: "1", Label: "GoodsFormSpeDress"}}},
	// The category puts the item on its category pages (and those above).
	{Key: "category", Type: form.Category, Label: "GoodsFormCategory", Hint: "GoodsFormCategoryHint", Required: true},
	{Key: "images", Type: form.Images, Label: "GoodsFormImages", Required: true, MaxItems: 10,
		Disk: "goods", Crop: []int{360, 480, 900, 1200}},
	{Key: "attrs", Type: form.AttrGroups, Label: "GoodsFormAttrs", MaxItems: 2, MaxLen: 40},
	{Key: "skus", Type: form.Skus, Label: "GoodsFormSkus", MaxItems: 400},
	{Key: "scenario", Type: form.Scenario, Label: "GoodsFormScenario", MaxItems: 2, MaxLen: 40},
	{Key: "priceType", Type: form.Select, Label: "GoodsFormPriceType", Required: true, Options: []form.Option{
		{Value: "2", Label: "GoodsFormBaseRate"}, {Value: "3", Label: "GoodsFormStaticPrice"}, {Value: "4", Label: "GoodsFormVariousPrice"}}},
	{Key: "prices", Type: form.Prices, Label: "GoodsFormPrices", Hint: "GoodsFormPricesHint", Required: true, MaxItems: 8},
	{Key: "ranges", Type: form.Ranges, Label: "GoodsFormRanges", MaxItems: 6},
	{Key: "minQty", Type: form.Number, Label: "GoodsFormMinQty", Required: true, Int: true, Min: editorNum(1), Max: editorNum(100000)},
	{Key: "stock", Type: form.Number, Label: "GoodsFormStock", Hint: "GoodsFormStockHint", Int: true, Min: editorNum(0), Max: editorNum(editorMaxStock)},
}}

// editorAmountRe is a decimal amount as sellers type it.
var editorAmountRe = regexp.MustCompile(`^\d{1,12}(\.\d{1,8})?$`)

// editorMinor converts an amount (a decimal string or a JSON number) to
// minor units of a currency with digits decimals; more decimals than the
// currency has are refused, not rounded.
func editorMinor(raw any, digits int) (int64, string) {
	var s string
	switch x := raw.(type) {
	case string:
		s = strings.TrimSpace(x)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) || x < 0 || x > 1e12 {
			return 0, form.ErrNumber
		}
		s = strconv.FormatFloat(x, 'f', -1, 64)
	default:
		return 0, form.ErrNumber
	}
	if !editorAmountRe.MatchString(s) {
		if strings.HasPrefix(s, "-") {
			return 0, form.ErrSmall
		}
		return 0, form.ErrNumber
	}
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > digits {
		return 0, "FormTooManyDecimals"
	}
	frac += strings.Repeat("0", digits-len(frac))
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil || n > editorMaxMinor {
		return 0, form.ErrLarge
	}
	return n, ""
}

// editorFormat writes minor units back as the decimal string the form shows.
func editorFormat(minor int64, digits int) string {
	if digits == 0 {
		return strconv.FormatInt(minor, 10)
	}
	p := int64(math.Pow10(digits))
	return strconv.FormatInt(minor/p, 10) + "." + strings.Repeat("0", digits-len(strconv.FormatInt(minor%p, 10))) + strconv.FormatInt(minor%p, 10)
}

// editorInt reads a whole number from a JSON number or a string.
func editorInt(raw any) (int, bool) {
	switch x := raw.(type) {
	case int: // clean values before they are stored
		return x, x >= -1e9 && x <= 1e9
	case float64:
		if x != math.Trunc(x) || math.Abs(x) > 1e9 {
			return 0, false
		}
		return int(x), true
	case string:
		n, err := strconv.Atoi(strings.TrimSpace(x))
		return n, err == nil && n >= -1e9 && n <= 1e9
	}
	return 0, false
}

// editorSizeOption reports whether id is a size option (custom or standard).
func editorSizeOption(id int) bool {
	return id == catalog.CustomSizeOption || (id >= catalog.FirstSizeOption && id <= catalog.LastSizeOption)
}
