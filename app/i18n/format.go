package i18n

import (
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

// NumberFormat tells the views how a language writes money: its decimal and
// group separators (from CLDR through x/text) and whether the currency
// symbol follows the number. The views format with it deterministically, so
// the server render and the browser agree.
type NumberFormat struct {
	Dec         string `json:"dec"`
	Group       string `json:"group"`
	SymbolAfter bool   `json:"symbolAfter"`
}

// symbolAfter lists languages that write "12,50 €" rather than "€12.50".
var symbolAfter = map[string]bool{
	"de": true, "fr": true, "es": true, "it": true, "pt": true, "ru": true, "pl": true, "cs": true,
	"sk": true, "sl": true, "hr": true, "sr": true, "bs": true, "uk": true, "be": true, "bg": true,
	"ro": true, "hu": true, "fi": true, "sv": true, "no": true, "da": true, "et": true, "lv": true,
	"lt": true, "el": true, "vi": true, "is": true, "ka": true, "kk": true, "ky": true, "uz": true,
	"az": true, "hy": true, "mk": true, "sq": true, "ca": true, "gl": true, "eu": true, "lb": true,
	"fa": true, "ar": true, "he": true, "tg": true, "tk": true, "mn": true, "ckb": true, "ur": false,
}

var numfmtCache sync.Map // lang → NumberFormat; computed once per language

// NumberFormatFor returns the number format of a supported language.
func NumberFormatFor(lang string) NumberFormat {
	if v, ok := numfmtCache.Load(lang); ok {
		return v.(NumberFormat)
	}
	f := computeFormat(lang)
	numfmtCache.Store(lang, f)
	return f
}

func computeFormat(lang string) NumberFormat {
	f := NumberFormat{Dec: ".", Group: ",", SymbolAfter: symbolAfter[lang]}
	tag, err := language.Parse(lang)
	if err != nil {
		return f
	}
	s := message.NewPrinter(tag).Sprint(number.Decimal(1234567.5, number.Scale(2)))
	// Scripts with their own digits (Arabic-Indic, Devanagari…) keep Latin
	// digits here, and then read best with the Latin separators.
	for _, r := range s {
		if unicode.IsDigit(r) && (r < '0' || r > '9') {
			return f
		}
	}
	var seps []string
	for _, r := range s {
		if r < '0' || r > '9' {
			seps = append(seps, string(r))
		}
	}
	if len(seps) >= 3 {
		f.Group, f.Dec = seps[0], seps[len(seps)-1]
		if strings.TrimSpace(f.Group) == "" {
			f.Group = "\u00a0" // a space that never breaks a price apart
		}
	}
	return f
}

// defaultRegion is where a visitor of a language most likely shops.
var defaultRegion = map[string]string{
	"en": "US", "de": "DE", "fr": "FR", "es": "ES", "it": "IT", "pt": "BR", "ru": "RU", "ja": "JP",
	"zh": "CN", "zh-tw": "TW", "ko": "KR", "ar": "SA", "tr": "TR", "nl": "NL", "pl": "PL", "uk": "UA",
	"hi": "IN", "id": "ID", "vi": "VN", "th": "TH", "he": "IL", "fa": "IR", "sv": "SE", "cs": "CZ",
	"el": "GR", "hu": "HU", "ro": "RO", "da": "DK", "fi": "FI", "no": "NO", "ms": "MY", "fil": "PH",
	"bn": "BD", "ur": "PK", "sw": "KE", "ur-pk": "PK",
}

// DefaultRegion returns the region a language suggests, "US" otherwise.
func DefaultRegion(lang string) string {
	if r, ok := defaultRegion[lang]; ok {
		return r
	}
	return "US"
}
