package creation

import (
	"context"
	"fmt"

	"souk/ent"
	"souk/ent/creationversion"
)

const (
	statusPending = "pending"
	statusDone    = "done"
)

// reserve takes the user's unit of the day's quota first (the one quota
// service: parallel requests on any node never pass it together), then
// inserts the version (pending). A refused request leaves nothing; a
// failed one gives its unit back in discard.
func (s *Service) reserve(ctx context.Context, j *job) error {
	release, err := s.o.Quota.Reserve(ctx, j.user.ID, 1)
	if err != nil {
		return err
	}
	j.release = release
	tx, err := s.db.Tx(ctx)
	if err != nil {
		s.discard(j)
		return fmt.Errorf("creation: begin: %w", err)
	}
	if j.creation == nil {
		j.creation, err = tx.Creation.Create().SetUID(newUID()).SetUserID(j.user.ID).SetGoodsID(j.goodsID).
			SetModel(j.ask.Model).Save(ctx)
		j.newOne = err == nil
	}
	if err == nil {
		j.version, err = s.pending(ctx, tx, j)
	}
	if err == nil {
		err = tx.Commit()
	} else {
		_ = tx.Rollback()
	}
	if err != nil {
		j.creation, j.version = nil, nil
		s.discard(j)
		return fmt.Errorf("creation: reserve: %w", err)
	}
	return nil
}

// pending is the reserved version, with the options it ends up with: the
// refined version's, overridden by those asked now.
func (s *Service) pending(ctx context.Context, tx *ent.Tx, j *job) (*ent.CreationVersion, error) {
	n, err := tx.CreationVersion.Query().Where(creationversion.CreationIDEQ(j.creation.ID)).Count(ctx)
	if err != nil {
		return nil, err
	}
	sw, pat, length := j.ask.Swatch, j.ask.Pattern, j.ask.Length
	if p := j.parent; p != nil {
		sw, pat, length = or(sw, p.Swatch), or(pat, p.Pattern), or(length, p.Length)
	}
	c := tx.CreationVersion.Create().SetUID(newUID()).SetCreationID(j.creation.ID).SetUserID(j.user.ID).
		SetGoodsID(j.goodsID).SetNumber(n + 1).SetPrompt(j.ask.Prompt).SetSwatch(sw).SetPattern(pat).
		SetLength(length).SetLang(lang(j.ask.Lang)).SetStatus(statusPending).SetCreatedAt(s.o.Now())
	if j.parent != nil {
		c.SetParentID(j.parent.ID)
	}
	return c.Save(ctx)
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func lang(l string) string {
	if l == "" {
		return "en"
	}
	return l
}
