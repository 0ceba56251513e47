package identity

import (
	"context"
	"fmt"

	"souk/app/catalog"
	"souk/app/form"
	"souk/app/review"
	"souk/app/store"
	"souk/ent"
	entid "souk/ent/identity"
	"souk/ent/text"
	"souk/ent/user"
)

// MineView is one of the caller's identities as its owner sees it: the
// review status and reason, whether a change waits (Pending) and the
// values the form shows (the pending ones, else the approved ones).
type MineView struct {
	UID          string        `json:"uid"`
	IdentityType int           `json:"identityType"`
	EntityType   int           `json:"entityType"`
	Status       review.Status `json:"status"`
	RejectReason string        `json:"rejectReason"`
	Public       bool          `json:"public"`
	Pending      bool          `json:"pending"`
	Values       form.Values   `json:"values"`
	// Live is the approved public page, nil before the first pass.
	Live *catalog.IdentityPage `json:"live"`
}

func (s *Service) identityOf(ctx context.Context, db *ent.Client, userID, typ int) (*ent.Identity, error) {
	it, err := db.Identity.Query().Where(entid.HasUserWith(user.IDEQ(userID)), entid.IdentityTypeEQ(typ)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("identity: load identity: %w", err)
	}
	return it, nil
}

// approvedValues are the form values of the live identity: the approved
// form, or for identities older than forms (the demo's) their live fields.
func (s *Service) approvedValues(ctx context.Context, db *ent.Client, it *ent.Identity, lang string) (form.Values, error) {
	if it.FormValues != nil {
		return it.FormValues, nil
	}
	v := form.Values{"name": it.Name, "country": it.Country}
	if it.AvatarURL != "" {
		v["avatar"] = it.AvatarURL
	}
	if it.BackgroundURL != "" {
		v["background"] = it.BackgroundURL
	}
	rows, err := db.Text.Query().Where(text.OwnerKindEQ(catalog.KindIdentity), text.OwnerIDEQ(it.ID),
		text.FieldIn("title", "brief")).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("identity: texts: %w", err)
	}
	for _, pref := range []string{"en", lang} { // the reader's language wins
		for _, r := range rows {
			if r.Lang == pref {
				v[r.Field] = r.Txt
			}
		}
	}
	return v, nil
}

func (s *Service) mineView(ctx context.Context, it *ent.Identity, lang string, t func(string) string) (*MineView, error) {
	v := it.Pending
	if v == nil {
		var err error
		if v, err = s.approvedValues(ctx, s.db, it, lang); err != nil {
			return nil, err
		}
	}
	out := &MineView{UID: it.UID, IdentityType: it.IdentityType, EntityType: it.EntityType,
		Status: review.Object(it.ReviewStatus, t), RejectReason: it.RejectReason, Public: it.Public,
		Pending: it.Pending != nil, Values: v}
	if it.Public {
		live, err := s.cat.Identity(ctx, it.UID, lang)
		if err != nil {
			return nil, err
		}
		out.Live = live
	}
	return out, nil
}

// MyIdentity is the caller's identity of type typ, nil when there is none.
func (s *Service) MyIdentity(ctx context.Context, userID, typ int, lang string, t func(string) string) (*MineView, error) {
	if !Applicable(typ) {
		return nil, errBadType()
	}
	it, err := s.identityOf(ctx, s.db, userID, typ)
	if err != nil || it == nil {
		return nil, err
	}
	return s.mineView(ctx, it, lang, t)
}

// IdentityWithForm is MyIdentity with the form of its type (Item nil before
// the first application).
func (s *Service) IdentityWithForm(ctx context.Context, userID, typ int, lang string, t func(string) string) (*WithForm[MineView], error) {
	mine, err := s.MyIdentity(ctx, userID, typ, lang, t)
	if err != nil {
		return nil, err
	}
	f, err := s.forms.Get(ctx, identityForm(typ))
	if err != nil {
		return nil, err
	}
	return &WithForm[MineView]{Item: mine, Form: f}, nil
}

// SaveIdentity validates values against the form of typ and submits them
// for review: an application makes the identity (not public until passed);
// a change of an existing one waits beside the live version. The caller
// needs an entity first.
func (s *Service) SaveIdentity(ctx context.Context, userID int, userUID string, typ int, values form.Values, lang string, t func(string) string) (*WithForm[MineView], error) {
	if !Applicable(typ) {
		return nil, errBadType()
	}
	e, err := s.entityOf(ctx, s.db, userID)
	if err != nil {
		return nil, err
	}
	if e == nil || e.ReviewStatus == review.None {
		return nil, errEntityFirst()
	}
	f, err := s.forms.Get(ctx, identityForm(typ))
	if err != nil {
		return nil, err
	}
	clean, err := form.Validate(f, values, userUID)
	if err != nil {
		return nil, err
	}
	it, err := s.identityOf(ctx, s.db, userID, typ)
	if err != nil {
		return nil, err
	}
	if it == nil {
		err = s.db.Identity.Create().SetUID(store.NewUID("bi")).SetIdentityType(typ).SetEntityType(e.EntityType).
			SetName("").SetUserID(userID).SetPublic(false).SetReviewStatus(review.Waiting).
			SetPending(clean).SetPendingLang(lang).Exec(ctx)
		if ent.IsConstraintError(err) { // a parallel first save won: one identity per type
			return nil, errInReview()
		}
		if err != nil {
			return nil, fmt.Errorf("identity: apply: %w", err)
		}
	} else {
		n, err := s.db.Identity.Update().Where(entid.IDEQ(it.ID), entid.ReviewStatusNEQ(review.Doing)).
			SetPending(clean).SetPendingLang(lang).SetReviewStatus(review.Waiting).SetRejectReason("").
			ClearReviewerID().Save(ctx)
		if err != nil {
			return nil, fmt.Errorf("identity: save: %w", err)
		}
		if n == 0 {
			return nil, errInReview()
		}
	}
	return s.IdentityWithForm(ctx, userID, typ, lang, t)
}
