// Package identity owns who sells, makes, creates and analyses: a user's
// entity (Person or Company, one per user) and the identities under it
// (Creator, Seller, Maker, Analyst), each described by a data-driven form
// and reviewed by an operator. An identity's approved public fields (name,
// title, brief, country, avatar, background) stay live while a change of
// them waits for review; the change is kept apart as pending values.
package identity

import (
	"context"
	"time"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/form"
	"souk/app/review"
	"souk/app/staff"
	"souk/ent"
)

// Entity types (SPEC §3).
const (
	Person  = 1
	Company = 2
)

// Identity types that users apply for (SPEC §3); Customer service (41) is
// staffed by operators, not applied for.
const (
	Creator = catalog.IdentityCreator
	Seller  = catalog.IdentitySeller
	Maker   = catalog.IdentityMaker
	Analyst = catalog.IdentityAnalyst
)

// Applicable reports whether users may apply for identity type t.
func Applicable(t int) bool { return t == Creator || t == Seller || t == Maker || t == Analyst }

// Service is the entity and identity service.
type Service struct {
	db    *ent.Client
	forms *form.Service
	staff *staff.Service
	cat   *catalog.Service
	now   func() time.Time
	// OnPublicChange is told when an identity's public page changes
	// (passed), so cached pages showing it are refreshed.
	OnPublicChange func(identityUID string)
	// OnDecided is told after a pass or a rejection commits, so the owner
	// hears of it.
	OnDecided func(ctx context.Context, d review.Decided)
}

// New makes the service.
func New(db *ent.Client, forms *form.Service, st *staff.Service, cat *catalog.Service) *Service {
	return &Service{db: db, forms: forms, staff: st, cat: cat, now: time.Now}
}

// Errors shared by the calls.
var (
	errNoEntity      = func() error { return apperr.New(apperr.NotFound, "EntityNotFound") }
	errEntityFirst   = func() error { return apperr.New(apperr.Conflict, "EntityFirst") }
	errInReview      = func() error { return apperr.New(apperr.Conflict, "ReviewInProgress") }
	errBadEntityType = func() error { return apperr.Invalid("entityType", "FormNotInList", "EntityTypeUnknown") }
	errBadType       = func() error { return apperr.New(apperr.NotFound, "IdentityTypeUnknown") }
)

// EnsureForms stores the default forms a database lacks.
func (s *Service) EnsureForms(ctx context.Context) error { return s.forms.Ensure(ctx, DefaultForms) }
