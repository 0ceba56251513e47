// Package staff owns operators: the staff role on a user (reviewer, admin),
// granted and revoked only from the command line, the check every staff call
// makes, and the audit trail of staff decisions, which nothing updates.
package staff

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"souk/app/apperr"
	"souk/ent"
	"souk/ent/staffaudit"
	"souk/ent/user"
)

// Roles.
const (
	Reviewer = "reviewer" // decides reviews
	Admin    = "admin"    // also edits forms and content, sees every order
)

// ErrNoRole answers a caller without the role exactly as an unknown call
// would, so staff calls do not show that they exist.
func ErrNoRole() *apperr.Error { return apperr.New(apperr.NotFound, "NoSuchCall") }

// ValidRole reports whether r names a role that can be granted.
func ValidRole(r string) bool { return r == Reviewer || r == Admin }

// Allows reports whether a user with role has at least need: an admin may
// do what a reviewer may.
func Allows(role, need string) bool {
	switch need {
	case Reviewer:
		return role == Reviewer || role == Admin
	case Admin:
		return role == Admin
	}
	return false
}

// Require refuses u (nil for a visitor) unless its role allows need.
func Require(u *ent.User, need string) error {
	if u == nil || u.Status != "active" || !Allows(u.Role, need) {
		return ErrNoRole()
	}
	return nil
}

// Service grants roles and keeps the audit trail.
type Service struct {
	db  *ent.Client
	now func() time.Time
}

// New makes the service.
func New(db *ent.Client, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: db, now: now}
}

// Grant gives the account of email the role (the command line's `souk
// operator grant`). The change is audited with the actor "cli".
func (s *Service) Grant(ctx context.Context, email, role string) error {
	if !ValidRole(role) {
		return fmt.Errorf("staff: unknown role %q (reviewer or admin)", role)
	}
	return s.setRole(ctx, email, role, "grant")
}

// Revoke takes any role from the account of email.
func (s *Service) Revoke(ctx context.Context, email string) error {
	return s.setRole(ctx, email, "", "revoke")
}

func (s *Service) setRole(ctx context.Context, email, role, action string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	tx, err := s.db.Tx(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	u, err := tx.User.Query().Where(user.EmailEQ(email), user.StatusEQ("active")).Only(ctx)
	if ent.IsNotFound(err) {
		return fmt.Errorf("staff: no active account with the email %q", email)
	}
	if err != nil {
		return fmt.Errorf("staff: find %s: %w", email, err)
	}
	if err := tx.User.UpdateOneID(u.ID).SetRole(role).Exec(ctx); err != nil {
		return fmt.Errorf("staff: set role: %w", err)
	}
	if err := s.Record(ctx, tx, Decision{Actor: nil, Kind: "user", UID: u.UID, Action: action,
		Before: map[string]string{"role": u.Role}, After: map[string]string{"role": role}}); err != nil {
		return err
	}
	return tx.Commit()
}

// Decision is one audited staff act. Actor nil means the command line.
type Decision struct {
	Actor  *ent.User
	Kind   string // entity, identity, goods, form, user
	UID    string
	Action string
	Before any
	After  any
	Reason string
}

// Record writes d in tx, so the audit row exists exactly when the decision does.
func (s *Service) Record(ctx context.Context, tx *ent.Tx, d Decision) error {
	before, err := json.Marshal(d.Before)
	if err != nil {
		return fmt.Errorf("staff: audit before: %w", err)
	}
	after, err := json.Marshal(d.After)
	if err != nil {
		return fmt.Errorf("staff: audit after: %w", err)
	}
	q := tx.StaffAudit.Create().SetAt(s.now()).SetObjectKind(d.Kind).SetObjectUID(d.UID).SetAction(d.Action).
		SetBefore(string(before)).SetAfter(string(after)).SetReason(d.Reason)
	if d.Actor != nil {
		q.SetActorID(d.Actor.ID).SetActorRole(d.Actor.Role)
		if d.Actor.Email != nil {
			q.SetActorEmail(*d.Actor.Email)
		}
	} else {
		q.SetActorID(0).SetActorEmail("cli")
	}
	if err := q.Exec(ctx); err != nil {
		return fmt.Errorf("staff: audit: %w", err)
	}
	return nil
}

// Entry is an audit row as staff read it.
type Entry struct {
	Actor  string    `json:"actor"`
	Role   string    `json:"role"`
	At     time.Time `json:"at"`
	Action string    `json:"action"`
	Before string    `json:"before"`
	After  string    `json:"after"`
	Reason string    `json:"reason"`
}

// Trail lists the decisions on one object, oldest first.
func (s *Service) Trail(ctx context.Context, kind, uid string) ([]Entry, error) {
	rows, err := s.db.StaffAudit.Query().Where(staffaudit.ObjectKindEQ(kind), staffaudit.ObjectUIDEQ(uid)).
		Order(ent.Asc(staffaudit.FieldAt), ent.Asc(staffaudit.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("staff: trail: %w", err)
	}
	out := make([]Entry, len(rows))
	for i, r := range rows {
		out[i] = Entry{Actor: r.ActorEmail, Role: r.ActorRole, At: r.At, Action: r.Action, Before: r.Before, After: r.After, Reason: r.Reason}
	}
	return out, nil
}
