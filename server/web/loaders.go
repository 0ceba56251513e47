package web

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"time"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/content"
)

// Request is what a loader knows about the visit.
type Request struct {
	Lang, Region, Currency string
	Params                 map[string]string
	Query                  url.Values
	Now                    time.Time
	XDefault               bool // the URL had no language prefix (see Props.XDefault)
}

type loader func(ctx context.Context, s *Site, r Request) (*Loaded, error)

// loaders are the pages that exist. Every other route of routeTable answers
// the not-found page until its feature lands.
var loaders = map[string]loader{
	"":                                   loadHome,
	"tredetail/{treId}":                  loadGoods,
	"tredetail/{treId}/{suri}":           loadGoods,
	"biger/{identityType}/{identityUid}": loadIdentity,
	"404":                                loadNotFound,
	// The dresses line (dresses.go); the other names redirect.
	"dresses": loadDresses, "dressesindex": redirectTo("/dresses"),
	"dresses/c/{uid}": loadDressCat, "dresses/c/{uid}/{suri}": loadDressCat,
	"dressescat/{uid}": loadDressCat, "dressescat/{uid}/{suri}": loadDressCat,
	"dresses/faq/{faqId}": loadFAQ, "dressesfaq/{faqId}": loadFAQ,
	// The catalogue's categories (categories.go).
	"category/{uid}": loadCategory, "category/{uid}/{suri}": loadCategory,
	// Account pages: public shells; the browser fills them in after it has
	// read the session (SSR output is shared, so never private data).
	"login":                   shell("login"),
	"register":                shell("register"),
	"forgetPwd":               shell("forgetPwd"),
	"editProfile":             shell("editProfile"),
	"mysafes":                 shell("mysafes"),
	"changemyaccountemail":    shell("changeEmail"),
	"destroyaccountintro":     shell("destroyIntro"),
	"destroymyaccounta":       shell("destroyA"),
	"destroymyaccountb":       shell("destroyB"),
	"prisafedeclare":          shell("declare"),
	"cart":                    shell("cart"),
	"addressmanagement":       shell("addresses"),
	"addressedit/{addressId}": shellWith("addressEdit", "addressId"), // "new" or an address id
	"block/{code}":            loadBlock,
	"qrlogin/{ticket}":        loadQR,
	"user":                    loadUser,
	// Buying pages: private, so shells too; the param is only echoed back.
	"makeorder":                  shell("makeorder"),
	"makeline/{uid}":             shellWith("makeline", "uid"), // a createVUid or a treId
	"myorders":                   shell("myorders"),
	"mygoods":                    shell("mygoods"),
	"bigchat":                    shell("bigchat"), // the open conversation is ?c=, read by the browser
	"myorder/{orderNumber}":      shellWith("myorder", "orderNumber"),
	"shippinginfo/{orderNumber}": shellWith("shippinginfo", "orderNumber"),
	"dogepay/{uid}":              shellWith("dogepay", "uid"),
	// Seller pages: shells like the buying pages, never stored by browsers
	// or proxies and never indexed (noStorePages). uid is an order number,
	// or "all" for the seller's order list.
	"operations/showorder/{uid}": shellWith("sellerOrder", "uid"),
	"operations/showtrack/{uid}": shellWith("sellerTrack", "uid"),
	// Review queues of the back office: shells too; the calls they make
	// answer "unknown call" to anyone without a staff role.
	"operations/showbiggerentity":                  shell("reviewEntity"),
	"operations/showbiggeridentity/{identityType}": reviewShell,
	"operations/showtreasure":                      shell("reviewGoods"),
	// Sellers' side: private shells too.
	"bigerentity":                     shell("entity"),
	"editbigerprofile/{identityType}": identityShell("identityEdit"),
	"createTre/{treId}":               shellWith("goodsEdit", "treId"), // "0" for a new item
	// AI creation: shells too (a user's versions; a shared one by its link).
	"ai-creation/{treId}":              shellWith("creation", "treId"),
	"ai-creation/{treId}/{createVUid}": creationShell,
	// The texts an admin edits in the back office, and its editor (a shell:
	// its calls answer "unknown call" to anyone without a staff role).
	"aboutsouk":                      loadText("about", "text"),
	"contact":                        loadText("contact", "contact"), // the text and the contact form
	"downloadapp":                    loadText("downloadapp", "downloadapp"),
	"dlandroidapp":                   loadText("dlandroidapp", "dlandroidapp"),
	"operations/EditForm/{EditName}": editShell,
	// Collections: trending and curated (hots.go).
	"hotspage":   loadHotsPage,
	"hots/{uid}": loadHots,
}

// identityShell is a shell for the identity types users apply for (by page
// name or number); any other type is not found.
func identityShell(page string) loader {
	return func(_ context.Context, _ *Site, r Request) (*Loaded, error) {
		v := r.Params["identityType"]
		if !applicable(v) {
			return &Loaded{Page: "notfound", Status: 404}, nil
		}
		return &Loaded{Page: page, Status: 200, Data: PageData{Param: v}, Deps: []string{"enums"}}, nil
	}
}

// applicable: Creator, Seller, Maker or Analyst, by name or number.
func applicable(v string) bool {
	n, ok := catalog.IdentityTypeNames[v]
	if !ok {
		n, _ = strconv.Atoi(v)
	}
	return n >= catalog.IdentityCreator && n <= catalog.IdentityAnalyst
}

// noStorePages answer Cache-Control: no-store and X-Robots-Tag: noindex:
// they are a seller's work (the server's page cache keeps only their
// public shell, one per language, which holds no order data).
var noStorePages = map[string]bool{"operations/showorder/{uid}": true, "operations/showtrack/{uid}": true,
	"operations/showbiggerentity": true, "operations/showbiggeridentity/{identityType}": true, "operations/showtreasure": true,
	"createTre/{treId}": true, "operations/EditForm/{EditName}": true,
	"ai-creation/{treId}": true, "ai-creation/{treId}/{createVUid}": true, "makeline/{uid}": true}

// creationShell is one creation version's page: the item and the version
// ids are handed to the page, which loads the version itself.
func creationShell(_ context.Context, _ *Site, r Request) (*Loaded, error) {
	t, v := r.Params["treId"], r.Params["createVUid"]
	if !isID(t) || !isID(v) {
		return &Loaded{Page: "notfound", Status: 404}, nil
	}
	return &Loaded{Page: "creationVersion", Status: 200, Data: PageData{Param: t, Param2: v}, Deps: []string{"enums"}}, nil
}

// reviewShell is the identity queue of one applicable type (by name or
// number) or of "all".
func reviewShell(_ context.Context, _ *Site, r Request) (*Loaded, error) {
	v := r.Params["identityType"]
	if v != "all" && !applicable(v) {
		return &Loaded{Page: "notfound", Status: 404}, nil
	}
	return &Loaded{Page: "reviewIdentity", Status: 200, Data: PageData{Param: v}, Deps: []string{"enums"}}, nil
}

// shell serves a page whose content the browser loads itself.
func shell(page string) loader {
	return func(context.Context, *Site, Request) (*Loaded, error) {
		return &Loaded{Page: page, Status: 200, Deps: []string{"enums"}}, nil
	}
}

// shellWith is a shell that hands one route parameter (an order number, a
// payment uid) to the page, which loads the rest itself. Only ids that look
// like ids are accepted: the page cache keys on the path.
func shellWith(page, param string) loader {
	return func(_ context.Context, _ *Site, r Request) (*Loaded, error) {
		v := r.Params[param]
		if !isID(v) {
			return &Loaded{Page: "notfound", Status: 404}, nil
		}
		return &Loaded{Page: page, Status: 200, Data: PageData{Param: v}, Deps: []string{"enums"}}, nil
	}
}

// isID accepts 1 to 64 letters, digits, '-' and '_'.
func isID(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func loadBlock(_ context.Context, _ *Site, r Request) (*Loaded, error) {
	code := r.Params["code"]
	if _, err := strconv.Atoi(code); err != nil || len(code) > 9 || strings.Trim(code, "0123456789") != "" {
		return &Loaded{Page: "notfound", Status: 404}, nil
	}
	return &Loaded{Page: "block", Status: 200, Data: PageData{Param: code}, Deps: []string{"enums"}}, nil
}

// loadQR is the page an app opens from a QR code.
func loadQR(_ context.Context, _ *Site, r Request) (*Loaded, error) {
	t := r.Params["ticket"]
	if len(t) < 20 || !isID(t) { // tickets are base64url
		return &Loaded{Page: "notfound", Status: 404}, nil
	}
	return &Loaded{Page: "qrlogin", Status: 200, Data: PageData{Param: t}, Deps: []string{"enums"}}, nil
}

// loadUser is a user's public page: user?userUid=…
func loadUser(ctx context.Context, s *Site, r Request) (*Loaded, error) {
	p, err := s.Accounts.PublicProfile(ctx, r.Query.Get("userUid"))
	if err != nil {
		return notFoundOr(err)
	}
	return &Loaded{Page: "user", Status: 200, Query: "?userUid=" + url.QueryEscape(p.UserUID),
		Data: PageData{Profile: &UserProfile{UserUID: p.UserUID, UserName: p.UserName, Title: p.Title, Brief: p.Brief, AvatarURL: p.AvatarURL, BackgroundURL: p.BackgroundURL}},
		Deps: []string{"user:" + p.UserUID, "enums"}}, nil
}

func loadNotFound(context.Context, *Site, Request) (*Loaded, error) {
	return &Loaded{Page: "notfound", Status: 404}, nil
}

func loadHome(ctx context.Context, s *Site, r Request) (*Loaded, error) {
	home, err := s.Catalog.Home(ctx, r.Lang, r.Currency)
	if err != nil {
		return nil, err
	}
	blocks := pageBlocks(home)
	deps := []string{"catalog", "home", "enums"}
	for _, b := range blocks {
		deps = append(deps, goodsDeps(b.Goods)...)
	}
	return &Loaded{Page: "home", Status: 200, Data: PageData{Home: blocks}, Deps: deps}, nil
}

func loadGoods(ctx context.Context, s *Site, r Request) (*Loaded, error) {
	ref, err := catalog.ParseRef(r.Params["treId"])
	if err != nil {
		return notFoundOr(err)
	}
	g, err := s.Catalog.Detail(ctx, ref, r.Lang, r.Currency)
	if err != nil {
		return notFoundOr(err)
	}
	comments, err := s.Catalog.Comments(ctx, catalog.Ref{TreID: g.TreID}, 0, catalog.CommentPageSize)
	if err != nil {
		return nil, err
	}
	canonical := "/tredetail/" + url.PathEscape(g.TreID)
	if g.URI != "" {
		canonical += "/" + url.PathEscape(g.URI)
	}
	crumbs, err := s.goodsCrumbs(ctx, g.Category, r.Lang)
	if err != nil {
		return nil, err
	}
	l := &Loaded{Page: "goods", Status: 200, Canonical: canonical,
		Data: PageData{Goods: pageGoodsOf(g, r.Lang, r.Currency), Comments: comments, Shipping: s.shippingRule(g), Crumbs: crumbs},
		Deps: []string{"goods:" + g.TreID, "enums"}, Langs: g.Langs}
	if catalog.HasSizeLabel(g) {
		l.Data.SizeChart = catalog.SizeChartFor(g)
	}
	if g.Spe == 1 {
		d := catalog.DressDelivery(r.Now)
		l.Data.Delivery = &d
		l.Deps = append(l.Deps, dayStamp(r.Now)) // the dates move with the calendar
		// The dresses FAQ's questions (how to measure, delivery, returns),
		// each linked to its page.
		dd := &DressesData{}
		if err := s.faqQuestions(ctx, r.Lang, dd); err != nil {
			return nil, err
		}
		if len(dd.Questions) > 0 {
			l.Data.Dresses = dd
		}
		l.Deps = append(l.Deps, "content:"+content.FAQName)
	}
	if g.BigType == 2 {
		steps, refund, err := s.Catalog.BuyingTexts(ctx, r.Lang)
		if err != nil {
			return nil, err
		}
		l.Data.Steps, l.Data.Refund = steps, &refund
		l.Deps = append(l.Deps, "home")
	}
	return l, nil
}

func loadIdentity(ctx context.Context, s *Site, r Request) (*Loaded, error) {
	if r.Params["identityUid"] == "me" { // the signed-in user's own: found in the browser
		return identityShell("identityMe")(ctx, s, r)
	}
	it, err := s.Catalog.Identity(ctx, r.Params["identityUid"], r.Lang)
	if err != nil {
		return notFoundOr(err)
	}
	typ := r.Params["identityType"]
	want, named := catalog.IdentityTypeNames[typ]
	if n, err := strconv.Atoi(typ); err == nil {
		want, named = n, false
	}
	canonical := "/biger/" + catalog.IdentityTypeName(it.IdentityType) + "/" + url.PathEscape(it.UID)
	if want != it.IdentityType || !named {
		return &Loaded{Redirect: canonical}, nil // wrong or numeric type: one URL per page
	}
	page := 1
	if p, err := strconv.Atoi(r.Query.Get("page")); err == nil && p > 1 {
		page = p
	}
	cards, err := s.Catalog.Cards(ctx, catalog.CardQuery{OwnerUID: it.UID, Spe: -1, Page: page, PageSize: 24, Lang: r.Lang, Currency: r.Currency})
	if err != nil {
		return nil, err
	}
	q := ""
	if page > 1 {
		q = "?page=" + strconv.Itoa(page)
	}
	if page > 1 && len(cards.Cards) == 0 {
		return &Loaded{Page: "notfound", Status: 404}, nil // past the last page
	}
	return &Loaded{Page: "identity", Status: 200, Canonical: canonical, Query: q,
		Data: PageData{Identity: it, Cards: &pageCardPage{CardPage: cards, Cards: cards.Cards}},
		Deps: append([]string{"catalog", "enums"}, goodsDeps(cards.Cards)...)}, nil
}

// goodsDeps are the versions of the goods whose cards a page shows: a
// change to one (stock, sale status) re-renders the pages showing it,
// not every page.
func goodsDeps(cards []catalog.Card) []string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = "goods:" + c.TreID
	}
	return out
}

// notFoundOr turns a not-found error into the not-found page and passes
// every other error on.
func notFoundOr(err error) (*Loaded, error) {
	if c := apperr.CodeOf(err); c == apperr.NotFound || c == apperr.InvalidInput {
		return &Loaded{Page: "notfound", Status: 404}, nil
	}
	return nil, err
}
