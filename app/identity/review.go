package identity

import (
	"context"
	"fmt"
	"time"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/form"
	"souk/app/review"
	"souk/app/staff"
	"souk/app/store"
	"souk/ent"
	"souk/ent/entity"
	entid "souk/ent/identity"
	"souk/ent/predicate"
	"souk/ent/text"
	"souk/ent/user"
)

// Kinds of reviewed objects.
const (
	KindEntity   = "entity"
	KindIdentity = "identity"
)

// Actions of a decision (review.CheckDecision checks them).
const (
	Take   = review.ActTake
	Pass   = review.ActPass
	Reject = review.ActReject
)

// PageSize is how many items a review list answers.
const PageSize = 50

// Queue asks for a review list.
type Queue struct {
	Kind         string // entity or identity
	IdentityType int    // identities: 0 for every type
	Status       int    // 0: the open ones (Waiting and Doing)
	Page         int    // from 1
}

// Item is one entity or identity as a reviewer sees it: what waits beside
// what is live.
type Item struct {
	Kind         string        `json:"kind"`
	UID          string        `json:"uid"`
	IdentityType int           `json:"identityType,omitempty"`
	EntityType   int           `json:"entityType"`
	Owner        string        `json:"owner"` // the owner's email
	Status       review.Status `json:"status"`
	RejectReason string        `json:"rejectReason"`
	Reviewer     string        `json:"reviewer"` // who took it
	Submitted    form.Values   `json:"submitted"`
	Live         form.Values   `json:"live"`
	UpdatedAt    time.Time     `json:"updatedAt"`
}

// List is a review queue for a reviewer (actor).
func (s *Service) List(ctx context.Context, actor *ent.User, q Queue, t func(string) string) ([]Item, error) {
	if err := staff.Require(actor, staff.Reviewer); err != nil {
		return nil, err
	}
	if q.Page < 1 || q.Page > 10000 {
		q.Page = 1
	}
	statuses := []int{review.Waiting, review.Doing}
	if q.Status != 0 {
		if q.Status < review.Waiting || q.Status > review.Rejected {
			return nil, apperr.Invalid("status", "FormNotInList", "ReviewStatusUnknown")
		}
		statuses = []int{q.Status}
	}
	off := (q.Page - 1) * PageSize
	var out []Item
	switch q.Kind {
	case KindEntity:
		rows, err := s.db.Entity.Query().Where(entity.ReviewStatusIn(statuses...)).WithUser().
			Order(ent.Asc(entity.FieldUpdatedAt), ent.Asc(entity.FieldID)).Offset(off).Limit(PageSize).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("identity: entity queue: %w", err)
		}
		for _, e := range rows {
			out = append(out, Item{Kind: KindEntity, UID: e.UID, EntityType: e.EntityType, Owner: email(e.Edges.User),
				Status: review.Object(e.ReviewStatus, t), RejectReason: e.RejectReason, Submitted: e.FormValues,
				Live: e.Approved, UpdatedAt: e.UpdatedAt})
		}
	case KindIdentity:
		where := []predicate.Identity{entid.ReviewStatusIn(statuses...)}
		if q.IdentityType != 0 {
			where = append(where, entid.IdentityTypeEQ(q.IdentityType))
		}
		rows, err := s.db.Identity.Query().Where(where...).WithUser().
			Order(ent.Asc(entid.FieldUpdatedAt), ent.Asc(entid.FieldID)).Offset(off).Limit(PageSize).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("identity: identity queue: %w", err)
		}
		for _, it := range rows {
			live := form.Values(nil)
			if it.Public {
				if live, err = s.approvedValues(ctx, s.db, it, "en"); err != nil {
					return nil, err
				}
			}
			out = append(out, Item{Kind: KindIdentity, UID: it.UID, IdentityType: it.IdentityType, EntityType: it.EntityType,
				Owner: email(it.Edges.User), Status: review.Object(it.ReviewStatus, t), RejectReason: it.RejectReason,
				Submitted: it.Pending, Live: live, UpdatedAt: it.UpdatedAt})
		}
	default:
		return nil, apperr.Invalid("kind", "FormNotInList", "ReviewKindUnknown")
	}
	if err := s.reviewers(ctx, q.Kind, out); err != nil {
		return nil, err
	}
	if out == nil {
		out = []Item{}
	}
	return out, nil
}

func email(u *ent.User) string {
	if u == nil || u.Email == nil {
		return ""
	}
	return *u.Email
}

// reviewers fills in who took the items in Doing.
func (s *Service) reviewers(ctx context.Context, kind string, items []Item) error {
	ids := map[string]int{}
	uids := make([]string, 0, len(items))
	for _, it := range items {
		if it.Status.ID == review.Doing {
			uids = append(uids, it.UID)
		}
	}
	if len(uids) == 0 {
		return nil
	}
	if kind == KindEntity {
		rows, err := s.db.Entity.Query().Where(entity.UIDIn(uids...), entity.ReviewerIDNotNil()).All(ctx)
		if err != nil {
			return err
		}
		for _, r := range rows {
			ids[r.UID] = *r.ReviewerID
		}
	} else {
		rows, err := s.db.Identity.Query().Where(entid.UIDIn(uids...), entid.ReviewerIDNotNil()).All(ctx)
		if err != nil {
			return err
		}
		for _, r := range rows {
			ids[r.UID] = *r.ReviewerID
		}
	}
	for i := range items {
		if id, ok := ids[items[i].UID]; ok {
			if u, err := s.db.User.Get(ctx, id); err == nil {
				items[i].Reviewer = email(u)
			}
		}
	}
	return nil
}

// Decision is a reviewer's act on one item.
type Decision struct {
	Kind   string
	UID    string
	Action string // take, pass, reject
	Reason string // reject: required
}

// Decide takes, passes or rejects one entity or identity. Each is one
// conditional update: only a Waiting item can be taken, and only a Waiting
// item or one the same reviewer took can be passed or rejected, so two
// reviewers never decide the same item; the loser is told who has it. The
// audit row is written in the same transaction.
func (s *Service) Decide(ctx context.Context, actor *ent.User, d Decision) error {
	if err := staff.Require(actor, staff.Reviewer); err != nil {
		return err
	}
	reason, err := review.CheckDecision(d.Action, d.Reason)
	if err != nil {
		return err
	}
	d.Reason = reason
	if d.UID == "" || len(d.UID) > 64 {
		return apperr.New(apperr.NotFound, "ReviewItemNotFound")
	}
	var changed string
	err = store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		var err error
		switch d.Kind {
		case KindEntity:
			err = s.decideEntity(ctx, tx, actor, d)
		case KindIdentity:
			changed, err = s.decideIdentity(ctx, tx, actor, d)
		default:
			err = apperr.Invalid("kind", "FormNotInList", "ReviewKindUnknown")
		}
		return err
	})
	if err == nil && changed != "" && s.OnPublicChange != nil {
		s.OnPublicChange(changed)
	}
	if err == nil && d.Action != Take && s.OnDecided != nil {
		s.tellOwner(ctx, d)
	}
	return err
}

// tellOwner finds the owner of a decided entity or identity and tells
// OnDecided. The decision has committed: a failed lookup only loses the
// notice (the owner's page still shows the status), so it is not an error.
func (s *Service) tellOwner(ctx context.Context, d Decision) {
	out := review.Decided{Kind: d.Kind, UID: d.UID, Action: d.Action}
	switch d.Kind {
	case KindEntity:
		u, err := s.db.Entity.Query().Where(entity.UIDEQ(d.UID)).QueryUser().Only(ctx)
		if err != nil {
			return
		}
		out.Owner, out.Link = u.ID, "/bigerentity"
	case KindIdentity:
		it, err := s.db.Identity.Query().Where(entid.UIDEQ(d.UID)).WithUser().Only(ctx)
		if err != nil || it.Edges.User == nil {
			return
		}
		out.Owner, out.Link = it.Edges.User.ID, "/editbigerprofile/"+catalog.IdentityTypeName(it.IdentityType)
	}
	s.OnDecided(ctx, out)
}

// takenBy explains why a conditional update matched nothing.
func (s *Service) takenBy(ctx context.Context, status int, reviewer *int) error {
	if status == review.Doing && reviewer != nil {
		who := ""
		if u, err := s.db.User.Get(ctx, *reviewer); err == nil {
			who = email(u)
		}
		return apperr.New(apperr.Conflict, "ReviewTakenBy", "who", who)
	}
	return apperr.New(apperr.Conflict, "ReviewNotWaiting")
}

func (s *Service) decideEntity(ctx context.Context, tx *ent.Tx, actor *ent.User, d Decision) error {
	e, err := tx.Entity.Query().Where(entity.UIDEQ(d.UID)).Only(ctx)
	if ent.IsNotFound(err) {
		return apperr.New(apperr.NotFound, "ReviewItemNotFound")
	}
	if err != nil {
		return fmt.Errorf("identity: load entity: %w", err)
	}
	cond := entity.Or(entity.ReviewStatusEQ(review.Waiting),
		entity.And(entity.ReviewStatusEQ(review.Doing), entity.ReviewerIDEQ(actor.ID)))
	if d.Action == Take {
		cond = entity.ReviewStatusEQ(review.Waiting)
	}
	q := tx.Entity.Update().Where(entity.IDEQ(e.ID), cond)
	after := map[string]any{}
	switch d.Action {
	case Take:
		q.SetReviewStatus(review.Doing).SetReviewerID(actor.ID)
		after["status"] = review.Doing
	case Pass:
		q.SetReviewStatus(review.Pass).ClearReviewerID().SetRejectReason("")
		after["status"] = review.Pass
	case Reject:
		q.SetReviewStatus(review.Rejected).ClearReviewerID().SetRejectReason(d.Reason)
		after["status"] = review.Rejected
	}
	n, err := q.Save(ctx)
	if err != nil {
		return fmt.Errorf("identity: decide entity: %w", err)
	}
	if n == 0 {
		return s.takenBy(ctx, e.ReviewStatus, e.ReviewerID)
	}
	if d.Action == Pass {
		// Read again after the update holds the row: an owner's save that
		// landed after the first read is what gets approved.
		e2, err := tx.Entity.Get(ctx, e.ID)
		if err != nil {
			return fmt.Errorf("identity: reload entity: %w", err)
		}
		if err := tx.Entity.UpdateOneID(e.ID).SetApproved(e2.FormValues).Exec(ctx); err != nil {
			return fmt.Errorf("identity: approve entity: %w", err)
		}
		after["values"] = e2.FormValues
	}
	return s.staff.Record(ctx, tx, staff.Decision{Actor: actor, Kind: KindEntity, UID: e.UID, Action: d.Action,
		Before: map[string]any{"status": e.ReviewStatus, "values": e.Approved}, After: after, Reason: d.Reason})
}

// decideIdentity answers the identity's uid when its public page changed.
func (s *Service) decideIdentity(ctx context.Context, tx *ent.Tx, actor *ent.User, d Decision) (string, error) {
	it, err := tx.Identity.Query().Where(entid.UIDEQ(d.UID), entid.IdentityTypeIn(Creator, Seller, Maker, Analyst)).WithUser().Only(ctx)
	if ent.IsNotFound(err) {
		return "", apperr.New(apperr.NotFound, "ReviewItemNotFound")
	}
	if err != nil {
		return "", fmt.Errorf("identity: load identity: %w", err)
	}
	waiting := entid.ReviewStatusEQ(review.Waiting)
	cond := entid.Or(waiting, entid.And(entid.ReviewStatusEQ(review.Doing), entid.ReviewerIDEQ(actor.ID)))
	if d.Action == Take {
		cond = waiting
	}
	q := tx.Identity.Update().Where(entid.IDEQ(it.ID), cond)
	switch d.Action {
	case Take:
		q.SetReviewStatus(review.Doing).SetReviewerID(actor.ID)
	case Pass:
		q.SetReviewStatus(review.Pass).ClearReviewerID().SetRejectReason("")
	case Reject:
		q.SetReviewStatus(review.Rejected).ClearReviewerID().SetRejectReason(d.Reason)
	}
	n, err := q.Save(ctx)
	if err != nil {
		return "", fmt.Errorf("identity: decide identity: %w", err)
	}
	if n == 0 {
		return "", s.takenBy(ctx, it.ReviewStatus, it.ReviewerID)
	}
	before, err := s.approvedValues(ctx, tx.Client(), it, it.PendingLang)
	if err != nil {
		return "", err
	}
	audit := staff.Decision{Actor: actor, Kind: KindIdentity, UID: it.UID, Action: d.Action, Reason: d.Reason,
		Before: map[string]any{"status": it.ReviewStatus, "live": before, "pending": it.Pending},
		After:  map[string]any{"status": map[string]int{Take: review.Doing, Pass: review.Pass, Reject: review.Rejected}[d.Action]}}
	changed := ""
	if d.Action == Pass {
		// An identity passes only under a passed entity.
		if it.Edges.User == nil {
			return "", apperr.New(apperr.Conflict, "EntityNotPassed")
		}
		ok, err := tx.Entity.Query().Where(entity.HasUserWith(user.IDEQ(it.Edges.User.ID)), entity.ReviewStatusEQ(review.Pass)).Exist(ctx)
		if err != nil {
			return "", fmt.Errorf("identity: entity of identity: %w", err)
		}
		if !ok {
			return "", apperr.New(apperr.Conflict, "EntityNotPassed")
		}
		// Read again after the update holds the row (see decideEntity).
		cur, err := tx.Identity.Get(ctx, it.ID)
		if err != nil {
			return "", fmt.Errorf("identity: reload identity: %w", err)
		}
		it.Pending, it.PendingLang = cur.Pending, cur.PendingLang
		if it.Pending != nil {
			if err := s.publish(ctx, tx, it); err != nil {
				return "", err
			}
			audit.After.(map[string]any)["live"] = it.Pending
		}
		changed = it.UID
	}
	return changed, s.staff.Record(ctx, tx, audit)
}

// publish makes the pending values the live identity.
func (s *Service) publish(ctx context.Context, tx *ent.Tx, it *ent.Identity) error {
	p := it.Pending
	str := func(k string) string { v, _ := p[k].(string); return v }
	err := tx.Identity.UpdateOneID(it.ID).SetName(str("name")).SetCountry(str("country")).
		SetAvatarURL(str("avatar")).SetBackgroundURL(str("background")).SetPublic(true).
		SetFormValues(p).ClearPending().Exec(ctx)
	if err != nil {
		return fmt.Errorf("identity: publish: %w", err)
	}
	lang := it.PendingLang
	if lang == "" {
		lang = "en"
	}
	for _, f := range []string{"title", "brief"} {
		if v := str(f); v != "" {
			err = tx.Text.Create().SetOwnerKind(catalog.KindIdentity).SetOwnerID(it.ID).SetField(f).SetLang(lang).SetTxt(v).
				OnConflictColumns(text.FieldOwnerKind, text.FieldOwnerID, text.FieldField, text.FieldLang).UpdateTxt().Exec(ctx)
		} else {
			_, err = tx.Text.Delete().Where(text.OwnerKindEQ(catalog.KindIdentity), text.OwnerIDEQ(it.ID), text.FieldEQ(f), text.LangEQ(lang)).Exec(ctx)
		}
		if err != nil {
			return fmt.Errorf("identity: publish %s: %w", f, err)
		}
	}
	return nil
}
