package listing

import (
	"context"
	"fmt"
	"time"

	"souk/app/apperr"
	"souk/app/form"
	"souk/app/review"
	"souk/app/staff"
	"souk/app/store"
	"souk/ent"
	"souk/ent/goods"
)

// ReviewKindGoods names goods in the audit trail.
const ReviewKindGoods = "goods"

// ReviewPageSize is how many goods a review list answers.
const ReviewPageSize = 50

// ReviewItem is a goods item as a reviewer sees it: the change beside the
// live version (nil before the first pass).
type ReviewItem struct {
	TreID        string        `json:"treId"`
	Sid          string        `json:"sid"`
	Owner        string        `json:"owner"` // the seller's email
	Status       review.Status `json:"status"`
	RejectReason string        `json:"rejectReason"`
	Reviewer     string        `json:"reviewer"`
	MaLan        string        `json:"maLan"`
	Submitted    form.Values   `json:"submitted"`
	Live         form.Values   `json:"live"`
	// Translations wait beside the change: language → field key → text
	// (see translate.go; empty removes one).
	Translations map[string]map[string]string `json:"translations,omitempty"`
	// Machine are the waiting translations a translation engine made:
	// language → field keys.
	Machine   map[string][]string `json:"machine,omitempty"`
	UpdatedAt time.Time           `json:"updatedAt"`
}

// ReviewList is operations/treasure/list: goods whose change waits (status
// 0: Waiting and Doing), or those of one status, oldest first.
func (e *Editor) ReviewList(ctx context.Context, actor *ent.User, status, page int, t func(string) string) ([]ReviewItem, error) {
	if err := staff.Require(actor, staff.Reviewer); err != nil {
		return nil, err
	}
	if page < 1 || page > 10000 {
		page = 1
	}
	statuses := []int{review.Waiting, review.Doing}
	if status != 0 {
		if status < review.Waiting || status > review.Rejected {
			return nil, apperr.Invalid("status", "FormNotInList", "ReviewStatusUnknown")
		}
		statuses = []int{status}
	}
	// Drafts (None) are the seller's own; a passed item without a change is not in review.
	rows, err := e.db.Goods.Query().Where(goods.ApproveStatusIn(statuses...), goods.PendingNotNil()).
		Order(ent.Asc(goods.FieldUpdatedAt), ent.Asc(goods.FieldID)).
		Offset((page - 1) * ReviewPageSize).Limit(ReviewPageSize).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing: review queue: %w", err)
	}
	out := make([]ReviewItem, 0, len(rows))
	for _, r := range rows {
		g, err := editorLoad(ctx, e.db, editorByUID(r.UID), func(q *ent.GoodsQuery) {
			q.WithOwner(func(q *ent.IdentityQuery) { q.WithUser() })
		})
		if err != nil || g == nil {
			return nil, err
		}
		it := ReviewItem{TreID: g.UID, Status: review.Object(g.ApproveStatus, t), RejectReason: g.RejectReason,
			MaLan: g.PendingLang, Submitted: g.Pending, Translations: g.PendingTexts, Machine: g.PendingMachine, UpdatedAt: g.UpdatedAt}
		if o := g.Edges.Owner; o != nil {
			it.Sid = o.UID
			if u := o.Edges.User; u != nil && u.Email != nil {
				it.Owner = *u.Email
			}
		}
		if g.Live {
			if it.Live, err = e.editorLiveValues(ctx, e.db, g); err != nil {
				return nil, err
			}
		}
		if g.ReviewerID != nil {
			if u, err := e.db.User.Get(ctx, *g.ReviewerID); err == nil && u.Email != nil {
				it.Reviewer = *u.Email
			}
		}
		out = append(out, it)
	}
	return out, nil
}

// ReviewDecision is a reviewer's act on one goods item.
type ReviewDecision struct {
	TreID  string
	Action string // take, pass, reject
	Reason string // reject: required
}

// Review actions.
const (
	ReviewTake   = review.ActTake
	ReviewPass   = review.ActPass
	ReviewReject = review.ActReject
)

// ReviewDecide takes, passes or rejects a goods item's waiting change as
// one conditional update (only a Waiting item can be taken; only a Waiting
// one or one the same reviewer took can be passed or rejected), with its
// audit row in the same transaction. Passing makes the change live; a
// rejection leaves the live version as it was and tells the owner why.
func (e *Editor) ReviewDecide(ctx context.Context, actor *ent.User, d ReviewDecision) error {
	if err := staff.Require(actor, staff.Reviewer); err != nil {
		return err
	}
	reason, err := review.CheckDecision(d.Action, d.Reason)
	if err != nil {
		return err
	}
	d.Reason = reason
	if d.TreID == "" || len(d.TreID) > 64 {
		return apperr.New(apperr.NotFound, "ReviewItemNotFound")
	}
	passed := ""
	err = store.InTx(ctx, e.db, func(tx *ent.Tx) error {
		g, err := editorLoad(ctx, tx.Client(), editorByUID(d.TreID))
		if err != nil {
			return err
		}
		if g == nil {
			return apperr.New(apperr.NotFound, "ReviewItemNotFound")
		}
		if g.Pending == nil { // decided already (perhaps a moment ago, by another reviewer)
			return apperr.New(apperr.Conflict, "ReviewNotWaiting")
		}
		waiting := goods.ApproveStatusEQ(review.Waiting)
		cond := goods.Or(waiting, goods.And(goods.ApproveStatusEQ(review.Doing), goods.ReviewerIDEQ(actor.ID)))
		if d.Action == ReviewTake {
			cond = waiting
		}
		q := tx.Goods.Update().Where(goods.IDEQ(g.ID), goods.PendingNotNil(), cond)
		after := review.Doing
		switch d.Action {
		case ReviewTake:
			q.SetApproveStatus(review.Doing).SetReviewerID(actor.ID)
		case ReviewPass:
			q.SetApproveStatus(review.Pass).ClearReviewerID() // editorPublish writes the rest
			after = review.Pass
		case ReviewReject:
			q.SetApproveStatus(review.Rejected).ClearReviewerID().SetRejectReason(d.Reason)
			after = review.Rejected
		}
		n, err := q.Save(ctx)
		if err != nil {
			return fmt.Errorf("listing: decide: %w", err)
		}
		if n == 0 {
			return e.reviewTakenBy(ctx, g)
		}
		var live form.Values
		if g.Live {
			if live, err = e.editorLiveValues(ctx, tx.Client(), g); err != nil {
				return err
			}
		}
		if d.Action == ReviewPass {
			// Read again now that the update holds the row: an owner's save
			// that landed after the first read is what gets approved.
			cur, err := editorLoad(ctx, tx.Client(), editorByUID(d.TreID))
			if err != nil {
				return err
			}
			if cur == nil || cur.Pending == nil {
				return apperr.New(apperr.Conflict, "ReviewNotWaiting")
			}
			if err := e.editorPublish(ctx, tx, cur); err != nil {
				return err
			}
			passed = cur.UID
		}
		return e.staff.Record(ctx, tx, staff.Decision{Actor: actor, Kind: ReviewKindGoods, UID: g.UID, Action: d.Action,
			Reason: d.Reason, Before: map[string]any{"status": g.ApproveStatus, "live": live, "pending": g.Pending},
			After: map[string]any{"status": after}})
	})
	if err == nil && passed != "" && e.OnChange != nil {
		e.OnChange(ctx, passed)
	}
	if err == nil && d.Action != ReviewTake && e.OnDecided != nil {
		e.tellOwner(ctx, d)
	}
	return err
}

// tellOwner finds the owner of a decided goods item and tells OnDecided.
// The decision has committed: a failed lookup only loses the notice (the
// owner's goods list still shows the status), so it is not an error.
func (e *Editor) tellOwner(ctx context.Context, d ReviewDecision) {
	u, err := e.db.Goods.Query().Where(goods.UIDEQ(d.TreID)).QueryOwner().QueryUser().Only(ctx)
	if err != nil {
		return
	}
	e.OnDecided(ctx, review.Decided{Kind: ReviewKindGoods, UID: d.TreID, Owner: u.ID, Action: d.Action,
		Link: "/createTre/" + d.TreID})
}

func (e *Editor) reviewTakenBy(ctx context.Context, g *ent.Goods) error {
	if g.ApproveStatus == review.Doing && g.ReviewerID != nil {
		who := ""
		if u, err := e.db.User.Get(ctx, *g.ReviewerID); err == nil && u.Email != nil {
			who = *u.Email
		}
		return apperr.New(apperr.Conflict, "ReviewTakenBy", "who", who)
	}
	return apperr.New(apperr.Conflict, "ReviewNotWaiting")
}
