// Package web serves the storefront's pages: it resolves the language
// prefix, matches the route table of SPEC §2, loads a page's data through
// the app services and renders it through the SSR page cache.
package web

import "strings"

// Route is one pattern of SPEC §2, segments with {params}.
type Route struct {
	Name    string
	Pattern []string
}

// routeTable is every route of SPEC §2 (each also reachable with a language
// prefix). Routes without a loader in pages.go answer the not-found page
// until their feature lands: no page pretends.
var routeTable = parseRoutes(
	"", "login", "register", "forgetPwd", "editProfile",
	"biger/{identityType}/{identityUid}", "bigerentity", "editbigerprofile/{identityType}",
	"operations/showbiggerentity", "operations/showbiggeridentity/{identityType}",
	"operations/showtreasure", "operations/showorder/{uid}", "operations/showtrack/{uid}",
	"operations/EditForm/{EditName}",
	"tredetail/{treId}", "tredetail/{treId}/{suri}",
	"ai-creation/{treId}", "ai-creation/{treId}/{createVUid}",
	"addressedit/{addressId}", "addressmanagement", "cart", "makeorder", "makeline/{uid}",
	"user", "createTre/{treId}", "myorder/{orderNumber}", "myorders", "bigchat",
	"prisafedeclare", "aboutsouk", "shippinginfo/{orderNumber}", "contact", "mysafes",
	"changemyaccountemail", "destroyaccountintro", "destroymyaccounta", "destroymyaccountb",
	"downloadapp", "dlandroidapp", "dogepay/{uid}", "hots/{uid}", "hotspage",
	"dressesfaq/{faqId}", "dresses/faq/{faqId}", "dressescat/{uid}", "dressescat/{uid}/{suri}",
	"dresses/c/{uid}", "dresses/c/{uid}/{suri}", "dressesindex", "dresses", "block/{code}", "404",
	// Not in SPEC §2: the page a phone opens from a login QR code (README).
	"qrlogin/{ticket}",
	// Not in SPEC §2: server-rendered search results, what the search box
	// submits without JavaScript (README, Decisions).
	"search",
	// Not in SPEC §2: the seller's own goods, "My goods" in the menu (README).
	"mygoods",
	// Not in SPEC §2: a category of the catalogue (classification label 1)
	// by its code, filtered, sorted and paged; the second is another
	// spelling that redirects to the first (README, Decisions).
	"category/{uid}", "category/{uid}/{suri}",
)

func parseRoutes(patterns ...string) []Route {
	out := make([]Route, 0, len(patterns))
	for _, p := range patterns {
		segs := []string{}
		if p != "" {
			segs = strings.Split(p, "/")
		}
		out = append(out, Route{Name: p, Pattern: segs})
	}
	return out
}

// firstSegments are the names that start a route, so a path's first
// segment can be told apart from a language code.
var firstSegments = func() map[string]bool {
	m := map[string]bool{}
	for _, r := range routeTable {
		if len(r.Pattern) > 0 {
			m[r.Pattern[0]] = true
		}
	}
	return m
}()

// Match finds the route for segments (without the language prefix) and its
// parameters.
func Match(segs []string) (Route, map[string]string, bool) {
	for _, r := range routeTable {
		if len(r.Pattern) != len(segs) {
			continue
		}
		params := map[string]string{}
		ok := true
		for i, p := range r.Pattern {
			if strings.HasPrefix(p, "{") {
				if segs[i] == "" {
					ok = false
					break
				}
				params[p[1:len(p)-1]] = segs[i]
			} else if p != segs[i] {
				ok = false
				break
			}
		}
		if ok {
			return r, params, true
		}
	}
	return Route{}, nil, false
}

// Routes lists every route pattern, for tests and the API reference.
func Routes() []string {
	out := make([]string, len(routeTable))
	for i, r := range routeTable {
		out[i] = "/" + r.Name
	}
	return out
}
