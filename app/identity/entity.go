package identity

import (
	"context"
	"fmt"

	"souk/app/apperr"
	"souk/app/form"
	"souk/app/review"
	"souk/app/store"
	"souk/ent"
	"souk/ent/entity"
	"souk/ent/user"
)

// EntityView is a user's entity as its owner sees it.
type EntityView struct {
	UID          string        `json:"uid"`
	EntityType   int           `json:"entityType"`
	Status       review.Status `json:"status"`
	RejectReason string        `json:"rejectReason"`
	Values       form.Values   `json:"values"`
}

// WithForm is an owner's object with the form it is edited by.
type WithForm[T any] struct {
	Item *T         `json:"item"`
	Form *form.Form `json:"form"`
}

func entityView(e *ent.Entity, t func(string) string) *EntityView {
	v := e.FormValues
	if v == nil {
		v = form.Values{}
	}
	return &EntityView{UID: e.UID, EntityType: e.EntityType, Status: review.Object(e.ReviewStatus, t),
		RejectReason: e.RejectReason, Values: v}
}

func (s *Service) entityOf(ctx context.Context, db *ent.Client, userID int) (*ent.Entity, error) {
	e, err := db.Entity.Query().Where(entity.HasUserWith(user.IDEQ(userID))).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("identity: load entity: %w", err)
	}
	return e, nil
}

// MyEntity is the caller's entity with its form; Item and Form are nil when
// the caller has none yet (the page then asks Person or Company).
func (s *Service) MyEntity(ctx context.Context, userID int, t func(string) string) (*WithForm[EntityView], error) {
	e, err := s.entityOf(ctx, s.db, userID)
	if err != nil || e == nil {
		return &WithForm[EntityView]{}, err
	}
	f, err := s.forms.Get(ctx, entityForm(e.EntityType))
	if err != nil {
		return nil, err
	}
	return &WithForm[EntityView]{Item: entityView(e, t), Form: f}, nil
}

func validEntityType(t int) bool { return t == Person || t == Company }

// AddType makes the caller's entity of type t (status None until its form
// is saved). A user has one entity: a second answers conflict.
func (s *Service) AddType(ctx context.Context, userID, t int, tr func(string) string) (*WithForm[EntityView], error) {
	if !validEntityType(t) {
		return nil, errBadEntityType()
	}
	err := s.db.Entity.Create().SetUID(store.NewUID("en")).SetEntityType(t).SetUserID(userID).Exec(ctx)
	if ent.IsConstraintError(err) { // the user's entity edge is unique
		return nil, apperr.New(apperr.Conflict, "EntityExists")
	}
	if err != nil {
		return nil, fmt.Errorf("identity: add entity: %w", err)
	}
	return s.MyEntity(ctx, userID, tr)
}

// EditType changes the type of the caller's entity. A passed entity keeps
// its type (its identities were approved for it), and one in review waits.
func (s *Service) EditType(ctx context.Context, userID, t int, tr func(string) string) (*WithForm[EntityView], error) {
	if !validEntityType(t) {
		return nil, errBadEntityType()
	}
	n, err := s.db.Entity.Update().Where(entity.HasUserWith(user.IDEQ(userID)),
		entity.ReviewStatusNotIn(review.Pass, review.Doing)).SetEntityType(t).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("identity: edit entity type: %w", err)
	}
	if n == 0 {
		e, err := s.entityOf(ctx, s.db, userID)
		switch {
		case err != nil:
			return nil, err
		case e == nil:
			return nil, errNoEntity()
		case e.ReviewStatus == review.Doing:
			return nil, errInReview()
		}
		return nil, apperr.New(apperr.Conflict, "EntityTypeLocked")
	}
	return s.MyEntity(ctx, userID, tr)
}

// SaveEntity validates values against the entity's form and submits them
// for review (Waiting). Nothing is kept when a field is wrong, and an
// entity an operator is deciding cannot change under them.
func (s *Service) SaveEntity(ctx context.Context, userID int, userUID string, values form.Values, tr func(string) string) (*WithForm[EntityView], error) {
	e, err := s.entityOf(ctx, s.db, userID)
	if err != nil {
		return nil, err
	}
	if e == nil {
		return nil, errNoEntity()
	}
	f, err := s.forms.Get(ctx, entityForm(e.EntityType))
	if err != nil {
		return nil, err
	}
	clean, err := form.Validate(f, values, userUID)
	if err != nil {
		return nil, err
	}
	// The type is part of the condition: a concurrent editType would
	// otherwise leave values of the other form.
	n, err := s.db.Entity.Update().Where(entity.IDEQ(e.ID), entity.EntityTypeEQ(e.EntityType),
		entity.ReviewStatusNEQ(review.Doing)).
		SetFormValues(clean).SetReviewStatus(review.Waiting).SetRejectReason("").ClearReviewerID().Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("identity: save entity: %w", err)
	}
	if n == 0 {
		return nil, errInReview()
	}
	return s.MyEntity(ctx, userID, tr)
}
