package web

import (
	"context"
	"net/http"

	"souk/app/content"
)

// ContentPages is what pages read of the back office's content (app/content).
type ContentPages interface {
	PageText(ctx context.Context, name, lang string) (*content.Page, error)
	Known(name string) bool
	DressesFAQ(ctx context.Context, lang string) (*content.FAQ, error)
	Collections(ctx context.Context, lang string) ([]content.Collection, error)
	Collection(ctx context.Context, lang, uid string) (*content.Collection, error)
}

// loadText is the page showing the text document name (about, contact, the app
// download pages), in the page's language or English; a save in the back
// office bumps its version. The app pages also show what the configuration
// says of the apps (the same for every visitor: the platform is chosen in
// the browser).
func loadText(name, page string) loader {
	return func(ctx context.Context, s *Site, r Request) (*Loaded, error) {
		if s.Content == nil {
			return loadNotFound(ctx, s, r)
		}
		p, err := s.Content.PageText(ctx, name, r.Lang)
		if err != nil {
			return notFoundOr(err)
		}
		l := &Loaded{Page: page, Status: 200, Data: PageData{Content: p, Param: name},
			Deps: []string{"content:" + name, "enums"}}
		if appPages[page] {
			apps, err := s.Apps.Current()
			l.Data.Apps, l.Deps = apps, append(l.Deps, AppsVersion)
			if err != nil && page == "dlandroidapp" {
				l.Status = http.StatusServiceUnavailable // the APK is configured but cannot be read now
			}
		}
		return l, nil
	}
}

// AppsVersion is the version name of what the app pages say of the apps
// (mobileapp.Service.OnChange bumps it).
const AppsVersion = "apps"

// appPages are the routes showing what mobileapp.Service offers.
var appPages = map[string]bool{"downloadapp": true, "dlandroidapp": true}

// TextPaths are the pages of texts an admin edits that are worth finding,
// for the sitemaps (dlandroidapp is noindex: the download page says it).
func TextPaths() []string { return []string{"/aboutsouk", "/contact", "/downloadapp"} }

// editShell is operations/EditForm/{EditName}: "all" is the index; any
// other name must be one the editor knows.
func editShell(_ context.Context, s *Site, r Request) (*Loaded, error) {
	v := r.Params["EditName"]
	if v != "all" && (s.Content == nil || !s.Content.Known(v)) {
		return &Loaded{Page: "notfound", Status: 404}, nil
	}
	return &Loaded{Page: "editForm", Status: 200, Data: PageData{Param: v}, Deps: []string{"enums"}}, nil
}
