// Package creation is AI creation (SPEC ai-creation/{treId}): a signed-in
// user makes versions of a goods item that offers aiGenModels, with an
// ImageEngine, refines any version, compares and shares them. A version
// keeps what was asked (prompt, swatch, pattern, length) and what was made,
// so a make-line order can reference it by uid.
package creation

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strconv"
	"time"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/media"
	"souk/app/quota"
	"souk/ent"
)

// Limits of a request.
const (
	MaxPrompt     = 500              // characters of the user's words
	DefaultPerDay = 30               // versions a user may make a day (UTC)
	DefaultSlots  = 1                // generations running at once on this server
	QueueWait     = 20 * time.Second // the longest a request waits for a slot: then CreationBusy
	smallSide     = 400              // stored sizes of a generated picture
	bigSide       = 800
)

// Options configure the service; zero values take the defaults.
type Options struct {
	Engine ImageEngine
	Media  *media.Store
	Spec   func(uid string) (media.DemoSpec, bool) // demo pictures' specs (seed.MediaSpec)
	T      func(lang, key string, args ...string) string
	PerDay int // with no Quota: versions a user may make a UTC day
	// Quota is the quota service's meter of creations; nil: one over the
	// service's database with PerDay.
	Quota Limiter
	Slots int
	Now   func() time.Time
	// OnPublish runs after a version became a design on an identity page
	// (the pages showing designs are cached).
	OnPublish func()
}

// Service makes and keeps creation versions.
type Service struct {
	db   *ent.Client
	cat  *catalog.Service
	o    Options
	gate *media.Gate
}

// New makes the service.
func New(db *ent.Client, cat *catalog.Service, o Options) *Service {
	if o.Engine == nil {
		o.Engine = NewEmbedded()
	}
	if o.PerDay <= 0 {
		o.PerDay = DefaultPerDay
	}
	if o.Quota == nil {
		o.Quota = quota.New(db).Meter(QuotaLimit(o.PerDay))
	}
	if o.Slots <= 0 {
		o.Slots = DefaultSlots
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Service{db: db, cat: cat, o: o, gate: media.NewGate(o.Slots)}
}

// Engine is the name of the engine that makes new versions.
func (s *Service) Engine() string { return s.o.Engine.Name() }

// Errors the user sees.
var (
	ErrNotFound      = apperr.New(apperr.NotFound, "CreationNotFound")
	ErrModelUnknown  = apperr.Invalid("model", "CreationModel", "CreationModelUnknown")
	ErrOptionUnknown = apperr.Invalid("option", "CreationOption", "CreationOptionUnknown")
	ErrNothingAsked  = apperr.Invalid("prompt", "CreationPrompt", "CreationNothingAsked")
	ErrPromptChars   = apperr.Invalid("prompt", "CreationPrompt", "InvalidCharacters")
	ErrNoPicture     = apperr.New(apperr.Conflict, "CreationNoPicture")
	ErrBusy          = apperr.New(apperr.RateLimited, "CreationBusy")
)

func errPromptLong() *apperr.Error {
	return apperr.Invalid("prompt", "CreationPrompt", "CreationPromptTooLong", "max", strconv.Itoa(MaxPrompt))
}

// Limiter reserves quota units before work (app/quota.Meter).
type Limiter interface {
	Reserve(ctx context.Context, userID, n int) (release func(), err error)
}

// QuotaLimit is the creations quota: perDay versions a user a UTC day
// (AI_CREATIONS_PER_DAY).
func QuotaLimit(perDay int) quota.Limit {
	return quota.Limit{Kind: "creation", PerUser: perDay, UserRefusal: apperr.New(apperr.RateLimited, "CreationQuotaReached")}
}

func newUID() string {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("creation: random: %v", err)) // the system's randomness is gone
	}
	return hex.EncodeToString(b[:])
}
