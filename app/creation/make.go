package creation

import (
	"context"
	"errors"
	"fmt"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/ent"
	"souk/ent/creationversion"
	"souk/ent/goods"
	"souk/ent/schema"
)

// User is who makes a version: the id owns the rows, the uid the files.
type User struct {
	ID  int
	UID string
}

// Progress reports a step (catalogue key) and how far the work is.
type Progress func(step string, percent int)

// job is one generation between its reservation and its end.
type job struct {
	ask      Ask
	user     User
	item     *catalog.Goods
	goodsID  int
	base     string // URL of the picture worked from
	parent   *ent.CreationVersion
	creation *ent.Creation
	newOne   bool // the creation was made for this version
	version  *ent.CreationVersion
	files    []string
	release  func() // gives the quota's unit back
}

// Make makes a version: a new creation from ask.TreID and ask.Model, or a
// refinement of ask.From. The version is reserved first (it counts for the
// quota while the engine works); if anything fails or ctx ends, nothing of
// it is left.
func (s *Service) Make(ctx context.Context, u User, ask Ask, progress Progress) (*Version, error) {
	if err := ask.check(); err != nil {
		return nil, err
	}
	j := &job{ask: ask, user: u}
	if err := s.prepare(ctx, j); err != nil {
		return nil, err
	}
	progress("CreationStepQueued", 5)
	if err := s.reserve(ctx, j); err != nil {
		return nil, err
	}
	v, err := s.run(ctx, j, progress)
	if err != nil {
		s.discard(j)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	return v, nil
}

// prepare finds the item, the model and the base picture (the refined
// version's picture, or the item's first).
func (s *Service) prepare(ctx context.Context, j *job) error {
	if j.ask.From != "" {
		if err := s.loadParent(ctx, j); err != nil {
			return err
		}
	}
	ref, err := catalog.ParseRef(j.ask.TreID)
	if err != nil {
		return err
	}
	if j.item, err = s.cat.Detail(ctx, ref, lang(j.ask.Lang), "USD"); err != nil {
		return err
	}
	if !hasModel(j.item.AIGenModels, j.ask.Model) {
		return ErrModelUnknown
	}
	if j.goodsID, err = s.db.Goods.Query().Where(goods.UIDEQ(j.item.TreID)).OnlyID(ctx); err != nil {
		return fmt.Errorf("creation: goods id: %w", err)
	}
	if j.parent != nil && j.parent.GoodsID != j.goodsID {
		return ErrNotFound
	}
	switch {
	case j.parent != nil && len(j.parent.Images) > 0:
		j.base = j.parent.Images[0].BigURL
	case len(j.item.TreImages) > 0:
		j.base = j.item.TreImages[0].Image.Large.URL
	default:
		return ErrNoPicture
	}
	return nil
}

// loadParent loads the refined version (the caller's own, done) and takes
// its item and model.
func (s *Service) loadParent(ctx context.Context, j *job) error {
	p, err := s.db.CreationVersion.Query().Where(creationversion.UIDEQ(j.ask.From),
		creationversion.UserIDEQ(j.user.ID), creationversion.StatusEQ(statusDone)).Only(ctx)
	if ent.IsNotFound(err) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("creation: parent: %w", err)
	}
	c, err := s.db.Creation.Get(ctx, p.CreationID)
	if err != nil {
		return fmt.Errorf("creation: parent's creation: %w", err)
	}
	j.parent, j.creation, j.ask.Model = p, c, c.Model
	return nil
}

func hasModel(ms []catalog.AIGenModel, name string) bool {
	for _, m := range ms {
		if m.Name == name {
			return true
		}
	}
	return false
}

// run generates, stores the pictures and completes the reserved version.
func (s *Service) run(ctx context.Context, j *job, progress Progress) (*Version, error) {
	wait, stop := context.WithTimeout(ctx, QueueWait)
	release, err := s.gate.Enter(wait)
	stop()
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, ErrBusy.Wrap(err)
	}
	defer release()
	base, err := s.o.Media.Picture(j.base, s.o.Spec)
	if err != nil {
		return nil, ErrNoPicture.Wrap(err)
	}
	img, err := s.o.Engine.Generate(ctx, ImageRequest{Base: base, Swatch: j.ask.Swatch, Pattern: j.ask.Pattern,
		Length: j.ask.Length, Prompt: j.ask.Prompt, Item: j.item.TreName.Txt}, progress)
	if err != nil {
		return nil, engineErr(err)
	}
	progress("CreationStepSave", 90)
	up, err := s.o.Media.SaveGenerated(j.user.UID, img, smallSide, bigSide)
	if err != nil {
		return nil, saveErr(err)
	}
	j.files = []string{up.Small.URL, up.Big.URL}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	imgs := []schema.CreationImage{{SmallURL: up.Small.URL, SmallW: up.Small.Width, SmallH: up.Small.Height,
		BigURL: up.Big.URL, BigW: up.Big.Width, BigH: up.Big.Height}}
	v, err := s.db.CreationVersion.UpdateOneID(j.version.ID).SetImages(imgs).SetStatus(statusDone).
		SetDescription(s.describe(j)).SetEngine(s.o.Engine.Name()).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("creation: complete version: %w", err)
	}
	progress("CreationStepDone", 100)
	return s.view(v, j.creation, j.item.TreID, j.parent, true), nil
}

func engineErr(err error) error {
	var ae *apperr.Error
	switch {
	case errors.As(err, &ae), errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return err
	case errors.Is(err, errTooManyPixels):
		return apperr.New(apperr.InvalidInput, "ImageTooManyPixels").Wrap(err)
	}
	return fmt.Errorf("creation: engine: %w", err)
}

// discard removes what a failed or cancelled job left: its files, its
// version and the creation made for it. It runs after ctx ended, so it
// uses a context of its own.
func (s *Service) discard(j *job) {
	ctx := context.WithoutCancel(context.Background())
	if j.release != nil {
		j.release()
	}
	for _, u := range j.files {
		s.o.Media.RemoveUpload(u)
	}
	if j.version != nil {
		_ = s.db.CreationVersion.DeleteOneID(j.version.ID).Exec(ctx)
	}
	if j.newOne && j.creation != nil {
		_ = s.db.Creation.DeleteOneID(j.creation.ID).Exec(ctx)
	}
}
