package server

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"souk/app/ratelimit"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"

	"souk/app/account"
	"souk/app/address"
	"souk/app/ai"
	"souk/app/assistant"
	"souk/app/cart"
	"souk/app/catalog"
	"souk/app/chat"
	"souk/app/config"
	"souk/app/contact"
	edit "souk/app/content"
	"souk/app/creation"
	"souk/app/form"
	"souk/app/i18n"
	"souk/app/identity"
	"souk/app/listing"
	"souk/app/mail"
	"souk/app/makeline"
	"souk/app/media"
	"souk/app/mobileapp"
	"souk/app/order"
	"souk/app/payment"
	"souk/app/search"
	"souk/app/search/lexicon"
	"souk/app/secret"
	"souk/app/seed"
	"souk/app/seed/content"
	"souk/app/staff"
	"souk/app/store"
	"souk/app/trend"
	"souk/app/version"
	"souk/ent"
	"souk/locales"
	"souk/server/api"
	"souk/server/realtime"
	"souk/server/ssr"
	"souk/server/web"
	"souk/static"
)

// SearchPagesPerMinute bounds the server-rendered search page (no script)
// per client address: each one runs a search and a render.
const SearchPagesPerMinute = 30

// App is the assembled store.
type App struct {
	DB    *ent.Client
	Echo  *echo.Echo
	Site  *web.Site
	Ready *atomic.Bool
	// Outbox records mail when no SMTP server is configured (tests read
	// codes from it); nil when mail goes out by SMTP without DEV.
	Outbox *mail.Outbox
	Search *search.Service
	Visual *search.Visual
	Gate   *media.Gate // picture decoding slots (uploads and search by image)
	Hub    *realtime.Hub
	// Assistant answers customer service first (tests wait for it).
	Assistant *assistant.Service
	Close     func()
}

// startSearch opens the text index under DATA_DIR/search, brings it up to
// date, keeps it so in the background, and builds the visual index in the
// background too (image search answers from what is ready).
func startSearch(ctx, bg context.Context, cfg config.Config, db *ent.Client, cat *catalog.Service, shared Shared, log *slog.Logger) (*search.Service, *search.Visual, func(), error) {
	lex, err := lexicon.Load()
	if err != nil {
		return nil, nil, nil, err
	}
	if err := os.MkdirAll(filepath.Join(cfg.DataDir, "search"), 0o755); err != nil {
		return nil, nil, nil, fmt.Errorf("search dir: %w", err)
	}
	eng, err := search.OpenBleve(filepath.Join(cfg.DataDir, "search", "goods.bleve"), lex)
	if err != nil {
		return nil, nil, nil, err
	}
	svc := search.New(db, cat, eng, lex, log)
	svc.EnableAI(ai.New(cfg.AIBaseURL, cfg.AIModel, cfg.AIAPIKey)) // off unless AI_BASE_URL is set
	start := time.Now()
	n, err := svc.Sync(ctx)
	if err != nil {
		eng.Close()
		return nil, nil, nil, err
	}
	if n > 0 {
		log.Info("search index built", "goods", n, "took", time.Since(start).Round(time.Millisecond))
	}
	go svc.Run(bg, 15*time.Second)
	sw, err := swatches()
	if err != nil {
		eng.Close()
		return nil, nil, nil, err
	}
	demo := seed.MediaSpec(db)
	vis := search.NewVisual(db, search.DemoPicture(demo), sw, log)
	if shared.DemoDescriptors != nil {
		vis.RememberDemo(demo, shared.DemoDescriptors)
	}
	if c := ai.New(cfg.AIBaseURL, cfg.AIModel, cfg.AIAPIKey); c != nil && cfg.AIImageEmbedModel != "" {
		vis.UseEmbeddings(func(ctx context.Context, pics [][]byte) ([][]float32, error) {
			return c.EmbedImages(ctx, cfg.AIImageEmbedModel, pics)
		}, cfg.AIImageEmbedMin)
	}
	go func() {
		start := time.Now()
		if err := vis.Build(bg); err != nil {
			if bg.Err() == nil {
				log.Error("visual index", "err", err)
			}
			return
		}
		// Also the sign the browser tests wait for before they copy a seeded store.
		log.Info("visual index built", "pictures", vis.Len(), "took", time.Since(start).Round(time.Millisecond))
	}()
	return svc, vis, func() { eng.Close() }, nil
}

// swatches are the demo colours, to name a picture's dominant colours.
func swatches() ([]search.Swatch, error) {
	c, err := content.Load()
	if err != nil {
		return nil, err
	}
	out := make([]search.Swatch, 0, len(c.Colors))
	for _, col := range c.Colors {
		var r, g, b uint8
		if _, err := fmt.Sscanf(col.Hex, "#%02x%02x%02x", &r, &g, &b); err == nil {
			out = append(out, search.Swatch{Key: col.Key, R: r, G: g, B: b, Names: col.Name})
		}
	}
	return out, nil
}

// Shared is what the stores started in one process may share: memos of
// pure functions of their input, never data. Only the tests and the bench
// start more than one store in a process; the zero value shares nothing.
type Shared struct {
	DemoDescriptors *search.DemoDescriptors
	Bundle          *BundleMemo
}

// BundleMemo builds the view bundles (esbuild, then brotli and gzip) once
// for every store that shares it; a development store builds its own.
type BundleMemo struct {
	once   sync.Once
	bundle *ssr.Bundle
	err    error
}

func (m *BundleMemo) load(viewsDir string) (*ssr.Bundle, error) {
	m.once.Do(func() { m.bundle, m.err = loadBundle(viewsDir, false) })
	return m.bundle, m.err
}

// Assemble wires configuration, storage, services and transport: the one
// place that knows every part. viewsDir is where the React sources are
// (for a checkout without an embedded bundle).
func Assemble(ctx context.Context, cfg config.Config, viewsDir string, log *slog.Logger) (*App, error) {
	return AssembleShared(ctx, cfg, viewsDir, log, Shared{})
}

// AssembleShared is Assemble with memos shared with other stores.
func AssembleShared(ctx context.Context, cfg config.Config, viewsDir string, log *slog.Logger, shared Shared) (*App, error) {
	db, err := store.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	if err := seed.EnsureDemo(ctx, db, cfg.SeedGoods, log); err != nil {
		db.Close()
		return nil, err
	}
	langs, err := i18n.LoadSet(locales.FS)
	if err != nil {
		return nil, err
	}
	strs, err := i18n.LoadCatalogs(locales.FS, langs)
	if err != nil {
		return nil, err
	}
	versions := version.New()
	cat, err := catalog.New(ctx, db, langs, versions)
	if err != nil {
		return nil, err
	}
	var bundle *ssr.Bundle
	if shared.Bundle != nil && !cfg.Dev {
		bundle, err = shared.Bundle.load(viewsDir)
	} else {
		bundle, err = loadBundle(viewsDir, cfg.Dev)
	}
	if err != nil {
		return nil, err
	}
	renderer, err := ssr.NewRenderer(bundle, versions, log)
	if err != nil {
		return nil, err
	}
	sealer, err := api.NewSealer(cfg.EnvelopeKey)
	if err != nil {
		return nil, err
	}
	site := &web.Site{
		Catalog: cat, Langs: langs, Strings: strs, Renderer: renderer,
		Cache: ssr.NewCache(versions, cfg.PageCacheMB<<20), BaseURL: cfg.BaseURL, Log: log, Now: time.Now,
	}
	mediaStore := media.NewStore(filepath.Join(cfg.DataDir, "media"), "/media")
	sender, outbox, err := mail.New(cfg.SMTPURL, cfg.Dev, log)
	if err != nil {
		return nil, err
	}
	codePepper, err := secret.Get(ctx, db, secret.CodePepper, cfg.CodePepper)
	if err != nil {
		return nil, err
	}
	webhookSecret, err := secret.Get(ctx, db, secret.Webhook, cfg.WebhookSecret)
	if err != nil {
		return nil, err
	}
	accounts := account.New(db, mailer(sender), strs.T, codePepper, nil)
	accounts.SetHashMemory(cfg.PasswordMemoryKiB)
	site.Accounts, site.EnvelopeKey, site.TestPay = accounts, sealer.KeyBase64(), cfg.PayProvider == "test"
	site.SearchLimit = ratelimit.New(SearchPagesPerMinute, time.Minute, time.Now)
	accounts.OnProfileChange = func(uid string) { versions.Bump("user:" + uid) }
	handlers := api.New(cat, langs, strs, sealer, log)
	bg, stopBG := context.WithCancel(context.Background())
	if store.IsPostgres(cfg.DatabaseURL) { // nodes of one database share cache invalidations
		if _, err := version.StartBus(bg, cfg.DatabaseURL, versions, log); err != nil {
			stopBG()
			return nil, err
		}
	}
	searchSvc, vis, closeSearch, err := startSearch(ctx, bg, cfg, db, cat, shared, log)
	if err != nil {
		stopBG()
		return nil, err
	}
	site.Search = searchSvc
	ready := &atomic.Bool{}
	devOutbox := outbox
	if !cfg.Dev {
		devOutbox = nil // the outbox page exists only in development
	}
	accountAPI := api.NewAccounts(handlers, accounts)
	identities := identity.New(db, form.New(db), staff.New(db, nil), cat)
	if err := identities.EnsureForms(ctx); err != nil {
		stopBG()
		closeSearch()
		return nil, err
	}
	// A passed identity changes its page and every card and product naming it.
	identities.OnPublicChange = func(string) { versions.Bump("catalog") }
	editor := listing.NewEditor(db, form.New(db), cat, staff.New(db, nil))
	aiL, err := startAI(bg, cfg, db, log)
	if err != nil {
		stopBG()
		closeSearch()
		return nil, err
	}
	aiSvc := aiL.svc
	editor.EnableAI(aiSvc)
	editor.PictureColours = pictureColours(filepath.Join(cfg.DataDir, "media"), vis)
	if err := editor.EnsureForms(ctx); err != nil {
		stopBG()
		closeSearch()
		return nil, err
	}
	// A change of a live goods item shows at once on its page, its cards
	// (home, lists) and in search.
	editor.OnChange = func(ctx context.Context, uid string) {
		versions.Bump("goods:"+uid, "catalog")
		if err := searchSvc.Reindex(ctx, uid); err != nil {
			log.Error("search reindex", "goods", uid, "err", err)
		}
	}
	contents, err := startContent(ctx, db, langs, strs, versions)
	if err != nil {
		stopBG()
		closeSearch()
		return nil, err
	}
	site.Content = contents
	trends, err := startTrends(ctx, bg, cfg, db, cat, versions, log)
	if err != nil {
		stopBG()
		closeSearch()
		return nil, err
	}
	site.Trends = trends
	gate := media.NewGate(media.DecodeSlots)
	identityAPI := api.NewIdentities(accountAPI, identities)
	hub, err := startRealtime(bg, cfg, db, strs, log)
	if err != nil {
		stopBG()
		closeSearch()
		return nil, err
	}
	accounts.OnSessionsEnd = hub.SessionsEnded // every tab of an ended session hears frame 5
	chats := chat.New(db, cat, chat.Options{Fanout: hub, T: strs.T})
	assist := startAssistant(cfg, db, cat, chats, aiSvc, strs, log)
	contacts := contact.New(contact.Options{Chat: chats, Mail: sender, To: cfg.ContactEmail, T: strs.T, Log: log})
	apps, err := mobileapp.Load(mobileapp.Config{APKPath: cfg.AndroidAPK, APKVersion: cfg.AndroidVersion,
		PlayURL: cfg.PlayStoreURL, AppStoreURL: cfg.AppStoreURL})
	if err != nil {
		stopBG()
		closeSearch()
		return nil, err
	}
	apps.OnChange = func(cause error) { // the APK file changed: the pages say so at once
		versions.Bump(web.AppsVersion)
		if cause != nil {
			log.Error("ANDROID_APK cannot be offered; the download answers 503 until it can", "err", cause)
		} else {
			log.Info("ANDROID_APK changed: measured again")
		}
	}
	site.Apps = apps
	orders := startOrders(bg, cfg, db, cat, sender, strs, versions, webhookSecret, orderSignals(orderNotices(hub), trends, log), log)
	identities.OnDecided = reviewNotices(hub)
	editor.OnDecided = reviewNotices(hub)
	carts := cart.New(db, cat)
	carts.OnAdd = func(ctx context.Context, goodsID int) {
		if err := trends.Carted(context.WithoutCancel(ctx), goodsID); err != nil {
			log.Error("trend: count an add to cart", "goods", goodsID, "err", err) // a lost signal, not a lost add
		}
	}
	e := New(Deps{
		Gate: gate, Site: site, API: handlers, Accounts: accountAPI, Outbox: devOutbox, DataDir: cfg.DataDir,
		Carts:      api.NewCarts(accountAPI, carts),
		Addresses:  api.NewAddresses(accountAPI, address.New(db)),
		Orders:     api.NewOrders(accountAPI, orders, startMakeLine(bg, cfg, db, cat, orders, log)),
		Identities: identityAPI, Goods: goodsAPI(identityAPI, editor, aiSvc), Contents: api.NewContents(identityAPI, contents),
		Listings: api.NewListings(accountAPI, listings(db, cat, versions, searchSvc, log)),
		Chats:    api.NewChats(accountAPI, chats), Channel: hub.Handler(accounts.Authenticate, langs.Normalize),
		Contacts: api.NewContacts(accountAPI, contacts), Apps: apps,
		Searches: api.NewSearches(handlers, searchSvc, vis, db),
		Trends:   api.NewTrends(handlers, trends),
		Creations: api.NewCreations(accountAPI, creation.New(db, cat, creation.Options{Media: mediaStore, Engine: aiL.images, Quota: aiL.creations,
			Spec: seed.MediaSpec(db), T: strs.T, PerDay: cfg.CreationsDay,
			OnPublish: func() { versions.Bump("catalog") }})), // identity pages show designs
		Media: mediaStore, MediaSpec: seed.MediaSpec(db), Public: static.Public(), Log: log, Ready: ready,
	})
	stopWatch := func() {}
	if cfg.Dev {
		stopWatch = watchViews(viewsDir, renderer, log)
	}
	return &App{DB: db, Echo: e, Site: site, Ready: ready, Outbox: outbox, Search: searchSvc, Visual: vis, Gate: gate, Hub: hub,
		Assistant: assist, Close: func() { stopWatch(); stopBG(); assist.Wait(); closeSearch(); db.Close() }}, nil
}

// startRealtime runs the socket hub until bg ends; on PostgreSQL its
// frames also travel to the other nodes of the database.
func startRealtime(bg context.Context, cfg config.Config, db *ent.Client, strs *i18n.Catalogs, log *slog.Logger) (*realtime.Hub, error) {
	hub := realtime.New(strs.T, log)
	go hub.Run(bg)
	if store.IsPostgres(cfg.DatabaseURL) {
		if _, err := realtime.StartBus(bg, cfg.DatabaseURL, db, hub, log); err != nil {
			return nil, err
		}
	}
	return hub, nil
}

// startContent wires the back office's content and form editor: a saved
// home block shows on the home page at once, a saved text on its page.
func startContent(ctx context.Context, db *ent.Client, langs *i18n.Set, strs *i18n.Catalogs, versions *version.Registry) (*edit.Service, error) {
	en := strs.Strings("en")
	svc := edit.New(db, edit.Options{
		Forms: form.New(db), Staff: staff.New(db, nil), Langs: langs,
		Builtin: append(append([]form.Form{}, identity.DefaultForms...), listing.DefaultForms()...),
		Known:   func(k string) bool { _, ok := en[k]; return ok },
		OnChange: func(name string) {
			if name == edit.HomeName {
				versions.Bump("home")
				return
			}
			versions.Bump("content:" + name)
		},
	})
	return svc, svc.EnsureDefaults(ctx)
}

// startTrends records shoppers' signals and ranks trending goods; its
// refresh (every TRENDING_EVERY) bumps the "trending" version when the
// ranking's order changed, which re-renders hotspage and hots/{uid}: a
// bump per counted view would re-render them for every visitor.
func startTrends(ctx, bg context.Context, cfg config.Config, db *ent.Client, cat *catalog.Service, versions *version.Registry, log *slog.Logger) (*trend.Service, error) {
	salt, err := secret.Get(ctx, db, secret.VisitorSalt, "")
	if err != nil {
		return nil, err
	}
	svc := trend.New(db, trend.Options{Salt: salt, Every: cfg.TrendingEvery, Log: log,
		Categories: func(ctx context.Context) ([]catalog.CategoryNode, error) { return cat.CategoryTree(ctx, "en") },
		OnChange:   func() { versions.Bump("trending") }})
	go svc.Run(bg)
	return svc, nil
}

// orderSignals adds to the order notices the count of a paid order's goods
// for trending.
func orderSignals(notices func(*ent.Order), trends *trend.Service, log *slog.Logger) func(*ent.Order) {
	return func(o *ent.Order) {
		notices(o)
		if o.Status == order.Paid {
			if err := trends.Ordered(context.Background(), o.ID); err != nil {
				log.Error("trend: count an order", "order", o.Number, "err", err)
			}
		}
	}
}

// startOrders wires the order service to the test payment provider and the
// simulated Dogecoin chain (the embedded defaults of DESIGN §5), and runs
// its sweeper until bg ends.
func startOrders(bg context.Context, cfg config.Config, db *ent.Client, cat *catalog.Service, sender mail.Sender,
	strs *i18n.Catalogs, versions *version.Registry, webhookSecret []byte, onStatus func(*ent.Order), log *slog.Logger) *order.Service {
	var svc *order.Service
	provider := payment.NewTestProvider(webhookSecret, func(ctx context.Context, body []byte, sig string) error {
		return svc.Callback(ctx, body, sig) // what POST /payments/webhook does, in process
	}, 300*time.Millisecond)
	svc = order.New(db, cat, order.Options{
		PayWindow: cfg.PayWindow, Mail: order.Mailer(mailer(sender)), Provider: provider,
		Chain: payment.NewSimChain(db, cfg.DogeBlock, 6), WebhookSecret: webhookSecret, Log: log,
		OnStock: func(uid string) { versions.Bump("goods:" + uid) }, T: strs.T, OnStatus: onStatus,
		Auth:            order.Operators{DB: db, Next: order.Owners{DB: db}}, // admins oversee every order
		MakeLineRespond: cfg.MakeLineRespond,
	})
	go svc.Run(bg, 5*time.Second)
	return svc
}

// startMakeLine wires make-line orders over the order service, and runs
// their expiry sweep until bg ends.
func startMakeLine(bg context.Context, cfg config.Config, db *ent.Client, cat *catalog.Service, orders *order.Service, log *slog.Logger) *makeline.Service {
	svc := makeline.New(db, cat, orders, makeline.Options{QuoteTTL: cfg.MakeLineQuoteTTL, Log: log})
	go svc.Run(bg, 5*time.Second)
	return svc
}

// listings wires sellers' goods writes to the page cache and the search
// index: a change shows on the product page, cards, home and search at once.
func listings(db *ent.Client, cat *catalog.Service, versions *version.Registry, s *search.Service, log *slog.Logger) *listing.Service {
	return listing.New(db, cat, listing.Options{OnChange: func(ctx context.Context, removed bool, uids ...string) {
		for _, uid := range uids {
			versions.Bump("goods:" + uid) // its page, and home and identity pages showing its card
		}
		if removed {
			versions.Bump("catalog") // lists and counts of goods change
		}
		if err := s.Reindex(context.WithoutCancel(ctx), uids...); err != nil {
			log.Error("search reindex", "goods", uids, "err", err) // the 15 s sync catches up
		}
	}})
}

// mailer adapts the mail sender to what the account service needs.
func mailer(s mail.Sender) account.Mailer {
	return func(ctx context.Context, to, subject, text string) error {
		return s.Send(ctx, mail.Message{To: to, Subject: subject, Text: text})
	}
}

// loadBundle prefers the bundle embedded by `souk build`; a checkout without
// one (make run, tests) builds from views/ in memory, which takes well
// under a second.
func loadBundle(viewsDir string, dev bool) (*ssr.Bundle, error) {
	if !dev {
		if b, err := static.Embedded(); err != nil || b != nil {
			return b, err
		}
	}
	if _, err := os.Stat(filepath.Join(viewsDir, "entry-server.tsx")); err != nil {
		return nil, fmt.Errorf("no embedded bundle and no views/ to build from (run `souk build` before `go build`)")
	}
	return ssr.Build(viewsDir, dev)
}

// watchViews rebuilds the bundles when a file under views/ changes (DEV).
func watchViews(viewsDir string, r *ssr.Renderer, log *slog.Logger) func() {
	done := make(chan struct{})
	go func() {
		last := latestChange(viewsDir)
		tick := time.NewTicker(500 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			if t := latestChange(viewsDir); t.After(last) {
				last = t
				b, err := ssr.Build(viewsDir, true)
				if err == nil {
					err = r.Swap(b)
				}
				if err != nil {
					log.Error("dev rebuild", "err", err)
					continue
				}
				log.Info("dev rebuild: bundles replaced")
			}
		}
	}()
	return func() { close(done) }
}

func latestChange(dir string) time.Time {
	var t time.Time
	_ = filepath.Walk(dir, func(_ string, info os.FileInfo, err error) error {
		if err == nil && info.ModTime().After(t) {
			t = info.ModTime()
		}
		return nil
	})
	return t
}
