// Package config reads Souk's configuration from the environment, once, into
// one typed struct. Every setting has a default that makes `make run` work.
package config

import (
	"fmt"
	"net/mail"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Config is every setting the binary reads.
type Config struct {
	Port        int    // PORT: where the HTTP server listens
	DataDir     string // DATA_DIR: SQLite file, search index, media
	DatabaseURL string // DATABASE_URL: postgres://… ; empty means SQLite in DataDir
	BaseURL     string // BASE_URL: public origin for canonical links and sitemaps
	Dev         bool   // DEV: rebuild bundles on change, show the mail outbox
	SMTPURL     string // SMTP_URL: smtp://user:pass@host:port for outgoing mail
	AIBaseURL   string // AI_BASE_URL: OpenAI-compatible endpoint; empty = built-in rules
	AIModel     string // AI_MODEL
	AIAPIKey    string // AI_API_KEY
	// AI_IMAGE_MODEL: the endpoint's image model; with AI_BASE_URL, AI
	// creation edits pictures with it instead of the embedded engine.
	AIImageModel string
	// AI_IMAGE_EMBED_MODEL: a multimodal embedding model of the endpoint
	// that ranks search by image (the production engine); empty = the
	// embedded picture descriptors. AI_IMAGE_EMBED_MIN: the least cosine
	// similarity of a goods picture to the query's for it to be shown.
	AIImageEmbedModel string
	AIImageEmbedMin   float64
	// AI_QUOTA_USER and AI_QUOTA_DAY: AI calls one user, and everyone
	// together, may make in a UTC day (both engines count; app/quota keeps
	// the counts in the database, shared by every node).
	AIQuotaUser, AIQuotaDay int
	AITimeout               time.Duration // AI_TIMEOUT: one attempt of a call to the endpoint
	EnvelopeKey             string        // ENVELOPE_KEY: 64 hex chars (AES-256) for the encrypted API envelope; public by nature
	// WEBHOOK_SECRET and CODE_PEPPER: server secrets; empty means generated
	// once per installation and kept in the database (app/secret).
	WebhookSecret string
	CodePepper    string
	PayProvider   string        // PAYMENT_PROVIDER: "test", the embedded test provider (no real money moves)
	SeedGoods     int           // SEED_GOODS: how many demo goods a fresh database gets
	PayWindow     time.Duration // PAY_WINDOW: an unpaid order is cancelled after this
	DogeBlock     time.Duration // DOGE_BLOCK_TIME: a block on the simulated Dogecoin chain
	// MAKELINE_QUOTE_TTL: how long a fixed make-line quote may be ordered;
	// MAKELINE_RESPOND: how long a maker has, from payment, to accept a
	// make-line order before it is refunded.
	MakeLineQuoteTTL time.Duration
	MakeLineRespond  time.Duration
	// CONTACT_EMAIL: where the contact form of a signed-out visitor is mailed.
	ContactEmail string
	// The native apps (downloadapp, dlandroidapp). ANDROID_APK is the path of
	// the APK file this server offers for download, ANDROID_APK_VERSION its
	// version; PLAY_STORE_URL and APP_STORE_URL the stores' pages. Empty:
	// the pages say the app is not available (yet) instead of linking nowhere.
	AndroidAPK     string
	AndroidVersion string
	PlayStoreURL   string
	AppStoreURL    string
	TrendingEvery  time.Duration // TRENDING_EVERY: how often trending collections are ranked again
	CreationsDay   int           // AI_CREATIONS_PER_DAY: AI creation versions a user may make a day
	// PAGE_CACHE_MB: rendered pages kept in memory (HTML and its gzip and
	// brotli forms), least recently used out first. Part of the 300 MB the
	// whole server is to stay within (DESIGN §7).
	PageCacheMB int
	// ARGON2_MEMORY_KIB: the memory of each new password hash (argon2id,
	// three passes). 64 MiB in production; the test suites lower it, since
	// a test store hashes hundreds of passwords. A hash keeps its own
	// parameters, so changing this never locks anyone out.
	PasswordMemoryKiB int
}

// Vars lists every variable with its default, for the README and `souk help`.
var Vars = [][2]string{
	{"PORT", "8080"}, {"DATA_DIR", "./data"}, {"DATABASE_URL", ""},
	{"BASE_URL", "http://localhost:8080"}, {"DEV", "false"}, {"SMTP_URL", ""},
	{"AI_BASE_URL", ""}, {"AI_MODEL", ""}, {"AI_API_KEY", ""},
	{"AI_IMAGE_MODEL", ""}, {"AI_IMAGE_EMBED_MODEL", ""}, {"AI_IMAGE_EMBED_MIN", "0.8"}, {"AI_QUOTA_USER", "100"}, {"AI_QUOTA_DAY", "5000"}, {"AI_TIMEOUT", "60s"},
	{"ENVELOPE_KEY", "(derived from a fixed development key)"}, {"WEBHOOK_SECRET", "(generated, kept in the database)"},
	{"CODE_PEPPER", "(generated, kept in the database)"}, {"PAYMENT_PROVIDER", "test"}, {"SEED_GOODS", "480"},
	{"PAY_WINDOW", "30m"}, {"DOGE_BLOCK_TIME", "2s"}, {"CONTACT_EMAIL", "help@souk.test"},
	{"ANDROID_APK", ""}, {"ANDROID_APK_VERSION", ""}, {"PLAY_STORE_URL", ""}, {"APP_STORE_URL", ""},
	{"TRENDING_EVERY", "1m"}, {"AI_CREATIONS_PER_DAY", "30"}, {"PAGE_CACHE_MB", "64"}, {"ARGON2_MEMORY_KIB", "65536"},
}

// FromEnv reads the process environment.
func FromEnv() (Config, error) { return Load(os.Getenv) }

// Load reads configuration through getenv, so tests can pass a map.
func Load(getenv func(string) string) (Config, error) {
	get := func(k, def string) string {
		if v := strings.TrimSpace(getenv(k)); v != "" {
			return v
		}
		return def
	}
	c := Config{
		DataDir:           get("DATA_DIR", "./data"),
		DatabaseURL:       get("DATABASE_URL", ""),
		BaseURL:           strings.TrimRight(get("BASE_URL", ""), "/"),
		SMTPURL:           get("SMTP_URL", ""),
		AIBaseURL:         get("AI_BASE_URL", ""),
		AIModel:           get("AI_MODEL", ""),
		AIAPIKey:          get("AI_API_KEY", ""),
		AIImageModel:      get("AI_IMAGE_MODEL", ""),
		AIImageEmbedModel: get("AI_IMAGE_EMBED_MODEL", ""),
		EnvelopeKey:       get("ENVELOPE_KEY", ""),
		WebhookSecret:     get("WEBHOOK_SECRET", ""),
		CodePepper:        get("CODE_PEPPER", ""),
		PayProvider:       get("PAYMENT_PROVIDER", "test"),
	}
	if c.PayProvider != "test" {
		return c, fmt.Errorf("config: PAYMENT_PROVIDER must be \"test\" (the embedded test provider is the only one built), got %q", c.PayProvider)
	}
	var err error
	if c.Port, err = intVar(get("PORT", "8080"), "PORT", 1, 65535); err != nil {
		return c, err
	}
	if c.AIImageEmbedMin, err = strconv.ParseFloat(get("AI_IMAGE_EMBED_MIN", "0.8"), 64); err != nil || c.AIImageEmbedMin < -1 || c.AIImageEmbedMin > 1 {
		return c, fmt.Errorf("config: AI_IMAGE_EMBED_MIN must be a number from -1 to 1, got %q", get("AI_IMAGE_EMBED_MIN", ""))
	}
	if c.AIQuotaUser, err = intVar(get("AI_QUOTA_USER", "100"), "AI_QUOTA_USER", 1, 1_000_000); err != nil {
		return c, err
	}
	if c.AIQuotaDay, err = intVar(get("AI_QUOTA_DAY", "5000"), "AI_QUOTA_DAY", 1, 100_000_000); err != nil {
		return c, err
	}
	if c.AITimeout, err = durationVar(get("AI_TIMEOUT", "60s"), "AI_TIMEOUT"); err != nil {
		return c, err
	}
	if c.SeedGoods, err = intVar(get("SEED_GOODS", "480"), "SEED_GOODS", 0, 10_000_000); err != nil {
		return c, err
	}
	if c.Dev, err = strconv.ParseBool(get("DEV", "false")); err != nil {
		return c, fmt.Errorf("config: DEV must be true or false: %w", err)
	}
	if c.PayWindow, err = durationVar(get("PAY_WINDOW", "30m"), "PAY_WINDOW"); err != nil {
		return c, err
	}
	if c.DogeBlock, err = durationVar(get("DOGE_BLOCK_TIME", "2s"), "DOGE_BLOCK_TIME"); err != nil {
		return c, err
	}
	if c.MakeLineQuoteTTL, err = durationVar(get("MAKELINE_QUOTE_TTL", "30m"), "MAKELINE_QUOTE_TTL"); err != nil {
		return c, err
	}
	if c.MakeLineRespond, err = durationVar(get("MAKELINE_RESPOND", "48h"), "MAKELINE_RESPOND"); err != nil {
		return c, err
	}
	c.ContactEmail = get("CONTACT_EMAIL", "help@souk.test")
	c.AndroidAPK, c.AndroidVersion = get("ANDROID_APK", ""), get("ANDROID_APK_VERSION", "")
	c.PlayStoreURL, c.AppStoreURL = get("PLAY_STORE_URL", ""), get("APP_STORE_URL", "")
	if err := c.checkApps(); err != nil {
		return c, err
	}
	if _, err := mail.ParseAddress(c.ContactEmail); err != nil || strings.ContainsAny(c.ContactEmail, "\r\n") {
		return c, fmt.Errorf("config: CONTACT_EMAIL must be an email address, got %q", c.ContactEmail)
	}
	if c.TrendingEvery, err = durationVar(get("TRENDING_EVERY", "1m"), "TRENDING_EVERY"); err != nil {
		return c, err
	}
	if c.CreationsDay, err = intVar(get("AI_CREATIONS_PER_DAY", "30"), "AI_CREATIONS_PER_DAY", 1, 100_000); err != nil {
		return c, err
	}
	if c.PasswordMemoryKiB, err = intVar(get("ARGON2_MEMORY_KIB", "65536"), "ARGON2_MEMORY_KIB", 1024, 1<<20); err != nil {
		return c, err
	}
	if c.PageCacheMB, err = intVar(get("PAGE_CACHE_MB", "64"), "PAGE_CACHE_MB", 1, 65536); err != nil {
		return c, err
	}
	if c.BaseURL == "" {
		c.BaseURL = fmt.Sprintf("http://localhost:%d", c.Port)
	}
	if c.DataDir, err = filepath.Abs(c.DataDir); err != nil {
		return c, fmt.Errorf("config: DATA_DIR: %w", err)
	}
	return c, nil
}

func durationVar(v, name string) (time.Duration, error) {
	d, err := time.ParseDuration(v)
	if err != nil || d < time.Second || d > 30*24*time.Hour {
		return 0, fmt.Errorf("config: %s must be a duration from 1s to 720h (like 30m), got %q", name, v)
	}
	return d, nil
}

func intVar(v, name string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("config: %s must be a whole number from %d to %d, got %q", name, lo, hi, v)
	}
	return n, nil
}

// apkVersion is a version name as an APK's file name can carry it.
var apkVersion = regexp.MustCompile(`^[0-9A-Za-z][0-9A-Za-z.+-]{0,31}$`)

// checkApps checks the native apps' settings: a version with the APK, and
// store pages that are absolute http(s) addresses.
func (c *Config) checkApps() error {
	if c.AndroidAPK != "" && !apkVersion.MatchString(c.AndroidVersion) {
		return fmt.Errorf("config: ANDROID_APK_VERSION must name the APK's version (like 1.4.2), got %q", c.AndroidVersion)
	}
	for name, v := range map[string]string{"PLAY_STORE_URL": c.PlayStoreURL, "APP_STORE_URL": c.AppStoreURL} {
		if u, err := url.Parse(v); v != "" && (err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "") {
			return fmt.Errorf("config: %s must be an http(s) address, got %q", name, v)
		}
	}
	return nil
}
