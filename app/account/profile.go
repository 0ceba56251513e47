package account

import (
	"context"
	"fmt"
	"strings"

	"souk/app/apperr"
	"souk/app/media"
	"souk/ent"
	"souk/ent/user"
)

// Profile is the user info of SPEC §3 (wire names).
type Profile struct {
	UserUID          string `json:"userUid"`
	UserName         string `json:"userName"`
	UserType         int    `json:"userType"`
	Title            string `json:"title"`
	Brief            string `json:"brief"`
	AvatarURL        string `json:"avatarUrl"`
	BackgroundURL    string `json:"backgroundUrl"`
	ShoppingQuantity int    `json:"shoppingQuantity"`
	Email            string `json:"email,omitempty"` // only in the owner's own view
	// StaffRole (reviewer, admin) is only in the owner's own view: the back
	// office shows its queues to staff (the calls check the role anyway).
	StaffRole string `json:"staffRole,omitempty"`
}

func profileOf(u *ent.User) *Profile {
	p := &Profile{UserUID: u.UID, UserName: u.UserName, UserType: u.UserType, Title: u.Title, Brief: u.Brief,
		AvatarURL: u.AvatarURL, BackgroundURL: u.BackgroundURL}
	if u.Email != nil {
		p.Email = *u.Email
	}
	p.StaffRole = u.Role
	return p
}

// MyProfile is the caller's own profile.
func (s *Service) MyProfile(c *Caller) *Profile { return profileOf(c.User) }

// PublicProfile is another user's public page: no email.
func (s *Service) PublicProfile(ctx context.Context, uid string) (*Profile, error) {
	if uid == "" || len(uid) > 64 {
		return nil, apperr.New(apperr.NotFound, "UserNotFound")
	}
	u, err := s.db.User.Query().Where(user.UIDEQ(uid), user.StatusEQ("active")).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apperr.New(apperr.NotFound, "UserNotFound")
	}
	if err != nil {
		return nil, fmt.Errorf("account: find user: %w", err)
	}
	p := profileOf(u)
	p.Email, p.StaffRole = "", ""
	return p, nil
}

// SafeInfo is the security overview: the masked address and live sessions.
type SafeInfo struct {
	Email    string        `json:"email"`
	Sessions []SessionInfo `json:"sessions"`
}

// Safe returns the caller's security overview.
func (s *Service) Safe(ctx context.Context, c *Caller) (*SafeInfo, error) {
	list, err := s.Sessions(ctx, c)
	if err != nil {
		return nil, err
	}
	email := ""
	if c.User.Email != nil {
		email = maskEmail(*c.User.Email)
	}
	return &SafeInfo{Email: email, Sessions: list}, nil
}

func maskEmail(e string) string {
	for i, r := range e {
		if r == '@' {
			if i <= 2 {
				return e[:1] + "***" + e[i:]
			}
			return e[:2] + "***" + e[i-1:]
		}
	}
	return "***"
}

// EditUsername renames the caller.
func (s *Service) EditUsername(ctx context.Context, c *Caller, name string) (*Profile, error) {
	name, err := CheckUsername(name)
	if err != nil {
		return nil, err
	}
	u, err := s.db.User.UpdateOneID(c.User.ID).SetUserName(name).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("account: rename: %w", err)
	}
	s.profileChanged(u.UID)
	return profileOf(u), nil
}

// EditImage sets the caller's avatar or background to one of the caller's
// own uploads of that kind, by its URL: /media/uploads/<which>/<the
// caller's upload folder>/<id>-<s|b>.jpg. Anything else (another user's
// upload, a path that climbs out, a foreign URL) is refused.
func (s *Service) EditImage(ctx context.Context, c *Caller, which, url string) (*Profile, error) {
	if which != "avatar" && which != "background" {
		return nil, apperr.Invalid("which", "ImageBadRequest", "ImageBadRequest")
	}
	if !ownUpload(url, which, c.User.UID) {
		return nil, apperr.Invalid("url", "ImageBadRequest", "ProfileImageNotOwn")
	}
	q := s.db.User.UpdateOneID(c.User.ID)
	if which == "avatar" {
		q.SetAvatarURL(url)
	} else {
		q.SetBackgroundURL(url)
	}
	u, err := q.Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("account: set %s: %w", which, err)
	}
	s.profileChanged(u.UID)
	return profileOf(u), nil
}

// ownUpload accepts only the URL of an upload of kind disk in uid's folder.
func ownUpload(url, disk, uid string) bool {
	p, ok := strings.CutPrefix(url, "/media/")
	if !ok {
		return false
	}
	d, owner, ok := media.ParseUploadPath(p)
	return ok && d == disk && owner == media.OwnerDir(uid)
}
