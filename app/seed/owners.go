package seed

// categoryOwners says which demo identities sell which categories, so a
// bridal atelier sells dresses and an electronics maker electronics. Goods
// of a category go to its owners in turn.
var categoryOwners = map[string][]string{
	"dresses":                 {"atelier-lumiere", "suzhou-huqiu-bridal"},
	"womens-fashion":          {"hangzhou-silk-road", "nile-cotton-house", "elena-sokolova", "kostroma-linen-mill"},
	"mens-fashion":            {"nile-cotton-house", "kostroma-linen-mill", "lucas-almeida"},
	"shoes":                   {"anatolia-leather-works", "lucas-almeida"},
	"bags":                    {"anatolia-leather-works", "hangzhou-silk-road"},
	"jewelry-watches":         {"jaipur-gem-bazaar", "yuki-tanaka"},
	"beauty":                  {"casa-olivar", "sakura-zakka"},
	"home-kitchen":            {"casa-olivar", "sakura-zakka", "kostroma-linen-mill"},
	"electronics-accessories": {"nordlicht-elektronik", "shenzhen-brightway"},
	"sports-outdoors":         {"rio-verde-outdoor"},
	"toys-kids":               {"sakura-zakka", "yuki-tanaka"},
	"office-stationery":       {"sakura-zakka", "yuki-tanaka"},
}
