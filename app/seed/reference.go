package seed

// Reference data the store needs whatever its catalogue: currencies,
// regions with their default currency, and a dated snapshot of exchange
// rates (USD base) for the demo.

type currencyRow struct {
	code, symbol string
	digits       int
	perUSD       float64
}

// RatesAsOf is the date of the demo exchange-rate snapshot.
const RatesAsOf = "2026-11-01"

// Symbols are CLDR's English ones, or the ISO code where a symbol is shared
// (CLDR's own choice for CN¥ and JP¥, SEK, NOK and DKK), so no two
// currencies look alike in a price or in the picker.
var currencies = []currencyRow{
	{"USD", "$", 2, 1}, {"EUR", "€", 2, 0.921}, {"GBP", "£", 2, 0.787}, {"CNY", "CN¥", 2, 7.12},
	{"JPY", "JP¥", 0, 151.4}, {"KRW", "₩", 0, 1372}, {"INR", "₹", 2, 84.1}, {"RUB", "₽", 2, 92.3},
	{"BRL", "R$", 2, 5.42}, {"MXN", "MX$", 2, 18.1}, {"CAD", "CA$", 2, 1.37}, {"AUD", "A$", 2, 1.51},
	{"CHF", "CHF", 2, 0.882}, {"SEK", "SEK", 2, 10.6}, {"NOK", "NOK", 2, 10.9}, {"DKK", "DKK", 2, 6.87},
	{"PLN", "zł", 2, 4.02}, {"CZK", "Kč", 2, 23.2}, {"HUF", "Ft", 0, 362}, {"RON", "lei", 2, 4.58},
	{"TRY", "₺", 2, 34.2}, {"SAR", "ر.س", 2, 3.75}, {"AED", "د.إ", 2, 3.673}, {"EGP", "ج.م", 2, 48.6},
	{"ILS", "₪", 2, 3.71}, {"IRR", "﷼", 0, 42000}, {"PKR", "Rs", 2, 278}, {"BDT", "৳", 2, 119.5},
	{"IDR", "Rp", 0, 15700}, {"MYR", "RM", 2, 4.38}, {"THB", "฿", 2, 34.1}, {"VND", "₫", 0, 25300},
	{"PHP", "₱", 2, 57.9}, {"SGD", "S$", 2, 1.33}, {"HKD", "HK$", 2, 7.78}, {"TWD", "NT$", 2, 32.1},
	{"NGN", "₦", 2, 1650}, {"KES", "KSh", 2, 129}, {"ZAR", "R", 2, 17.9}, {"UAH", "₴", 2, 41.3},
	{"KZT", "₸", 2, 488}, {"ARS", "AR$", 2, 985}, {"CLP", "CL$", 0, 945}, {"COP", "COL$", 2, 4380},
	{"NZD", "NZ$", 2, 1.66}, {"MAD", "د.م.", 2, 9.95}, {"DOGE", "Ð", 2, 6.2},
}

type regionRow struct{ code, currency, name string }

// Regions are named in English here; the picker shows them by code and name.
var regions = []regionRow{
	{"US", "USD", "United States"}, {"CN", "CNY", "中国"}, {"DE", "EUR", "Deutschland"},
	{"FR", "EUR", "France"}, {"ES", "EUR", "España"}, {"IT", "EUR", "Italia"}, {"GB", "GBP", "United Kingdom"},
	{"JP", "JPY", "日本"}, {"KR", "KRW", "대한민국"}, {"IN", "INR", "भारत"}, {"RU", "RUB", "Россия"},
	{"BR", "BRL", "Brasil"}, {"PT", "EUR", "Portugal"}, {"MX", "MXN", "México"}, {"CA", "CAD", "Canada"},
	{"AU", "AUD", "Australia"}, {"NL", "EUR", "Nederland"}, {"BE", "EUR", "Belgique"}, {"AT", "EUR", "Österreich"},
	{"CH", "CHF", "Schweiz"}, {"SE", "SEK", "Sverige"}, {"NO", "NOK", "Norge"}, {"DK", "DKK", "Danmark"},
	{"FI", "EUR", "Suomi"}, {"PL", "PLN", "Polska"}, {"CZ", "CZK", "Česko"}, {"HU", "HUF", "Magyarország"},
	{"RO", "RON", "România"}, {"GR", "EUR", "Ελλάδα"}, {"TR", "TRY", "Türkiye"}, {"SA", "SAR", "السعودية"},
	{"AE", "AED", "الإمارات"}, {"EG", "EGP", "مصر"}, {"MA", "MAD", "المغرب"}, {"IL", "ILS", "ישראל"},
	{"IR", "IRR", "ایران"}, {"PK", "PKR", "پاکستان"}, {"BD", "BDT", "বাংলাদেশ"}, {"ID", "IDR", "Indonesia"},
	{"MY", "MYR", "Malaysia"}, {"TH", "THB", "ประเทศไทย"}, {"VN", "VND", "Việt Nam"}, {"PH", "PHP", "Pilipinas"},
	{"SG", "SGD", "Singapore"}, {"HK", "HKD", "香港"}, {"TW", "TWD", "臺灣"}, {"NG", "NGN", "Nigeria"},
	{"KE", "KES", "Kenya"}, {"ZA", "ZAR", "South Africa"}, {"UA", "UAH", "Україна"}, {"KZ", "KZT", "Қазақстан"},
	{"AR", "ARS", "Argentina"}, {"CL", "CLP", "Chile"}, {"CO", "COP", "Colombia"}, {"NZ", "NZD", "New Zealand"},
	{"IE", "EUR", "Ireland"},
}
