package creation

import (
	"context"
	"fmt"
	"strings"

	"souk/app/catalog"
	"souk/ent"
	"souk/ent/creation"
	"souk/ent/creationversion"
	"souk/ent/goods"
	"souk/ent/schema"
)

// Version is a creation version as the API shows it.
type Version struct {
	UID         string                 `json:"createVUid"`
	CreationUID string                 `json:"creationUid"`
	TreID       string                 `json:"treId"`
	Number      int                    `json:"number"`
	ParentUID   string                 `json:"parentUid,omitempty"`
	Model       string                 `json:"model"`
	Prompt      string                 `json:"prompt"`
	Swatch      string                 `json:"swatch"`
	Pattern     string                 `json:"pattern"`
	Length      string                 `json:"length"`
	Images      []schema.CreationImage `json:"images"`
	Description string                 `json:"description"`
	Lang        string                 `json:"lan"`
	Engine      string                 `json:"engine"`
	Shared      bool                   `json:"shared"`
	Design      bool                   `json:"design"` // shown on its Creator's identity page
	Mine        bool                   `json:"mine"`
	CreatedAt   int64                  `json:"createdAt"`
}

func (s *Service) view(v *ent.CreationVersion, c *ent.Creation, treID string, parent *ent.CreationVersion, mine bool) *Version {
	out := &Version{UID: v.UID, CreationUID: c.UID, TreID: treID, Number: v.Number, Model: c.Model, Prompt: v.Prompt,
		Swatch: v.Swatch, Pattern: v.Pattern, Length: v.Length, Images: v.Images, Description: v.Description,
		Lang: v.Lang, Engine: v.Engine, Shared: v.Shared, Design: v.DesignOf != nil, Mine: mine, CreatedAt: v.CreatedAt.UnixMilli()}
	if parent != nil {
		out.ParentUID = parent.UID
	}
	if out.Images == nil {
		out.Images = []schema.CreationImage{}
	}
	return out
}

// describe composes the description from the item's name and attributes
// and what was asked, saying which engine made it; in the asker's language.
func (s *Service) describe(j *job) string {
	l := lang(j.ask.Lang)
	t := func(key string, args ...string) string { return s.o.T(l, key, args...) }
	lines := []string{t("CreationDescIntro", "name", j.item.TreName.Txt, "model", j.ask.Model)}
	if j.ask.Swatch != "" {
		lines = append(lines, t("CreationDescColour", "colour", t("Swatch_"+j.ask.Swatch)))
	}
	if j.ask.Pattern != "" {
		lines = append(lines, t("CreationDescPattern", "pattern", t("Pattern_"+j.ask.Pattern)))
	}
	if j.ask.Length != "" {
		lines = append(lines, t("CreationDescLength", "length", t("Length_"+j.ask.Length)))
	}
	for i, a := range j.item.IntroAttrs {
		if i == 4 {
			break
		}
		lines = append(lines, a.K.Txt+": "+a.V.Txt)
	}
	if j.ask.Prompt != "" {
		lines = append(lines, t("CreationDescWords", "words", j.ask.Prompt))
	}
	return strings.Join(append(lines, t("CreationMadeBy", "engine", s.o.Engine.Name())), "\n")
}

// Get is a version for its owner, or for anyone once it is shared.
func (s *Service) Get(ctx context.Context, viewerID int, uid string) (*Version, error) {
	v, err := s.db.CreationVersion.Query().Where(creationversion.UIDEQ(uid), creationversion.StatusEQ(statusDone)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("creation: get: %w", err)
	}
	mine := viewerID != 0 && v.UserID == viewerID
	if !mine && !v.Shared {
		return nil, ErrNotFound
	}
	vs, err := s.views(ctx, []*ent.CreationVersion{v}, mine)
	if err != nil {
		return nil, err
	}
	return vs[0], nil
}

// List is the user's versions of one item (treId), newest first; or of
// one creation when creationUID is set.
func (s *Service) List(ctx context.Context, userID int, treID, creationUID string) ([]*Version, error) {
	var (
		ids []int
		err error
	)
	q := s.db.CreationVersion.Query().Where(creationversion.UserIDEQ(userID), creationversion.StatusEQ(statusDone))
	if creationUID != "" {
		ids, err = s.db.Creation.Query().Where(creation.UIDEQ(creationUID), creation.UserIDEQ(userID)).IDs(ctx)
		q = q.Where(creationversion.CreationIDIn(ids...))
	} else {
		ids, err = s.db.Goods.Query().Where(goods.UIDEQ(treID)).IDs(ctx)
		q = q.Where(creationversion.GoodsIDIn(ids...))
	}
	if err != nil {
		return nil, fmt.Errorf("creation: list: %w", err)
	}
	rows, err := q.Order(ent.Desc(creationversion.FieldID)).Limit(200).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("creation: list: %w", err)
	}
	return s.views(ctx, rows, true)
}

// Share lets anyone with its link see the owner's version.
func (s *Service) Share(ctx context.Context, userID int, uid string) (*Version, error) {
	n, err := s.db.CreationVersion.Update().Where(creationversion.UIDEQ(uid), creationversion.UserIDEQ(userID),
		creationversion.StatusEQ(statusDone)).SetShared(true).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("creation: share: %w", err)
	}
	if n == 0 {
		return nil, ErrNotFound
	}
	return s.Get(ctx, userID, uid)
}

// views names each row's creation, item and parent.
func (s *Service) views(ctx context.Context, rows []*ent.CreationVersion, mine bool) ([]*Version, error) {
	cids, gids, pids := []int{}, []int{}, []int{}
	for _, r := range rows {
		cids, gids = append(cids, r.CreationID), append(gids, r.GoodsID)
		if r.ParentID != nil {
			pids = append(pids, *r.ParentID)
		}
	}
	cs, err := s.db.Creation.Query().Where(creation.IDIn(cids...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("creation: creations: %w", err)
	}
	gs, err := s.db.Goods.Query().Where(goods.IDIn(gids...)).Select(goods.FieldUID).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("creation: goods: %w", err)
	}
	ps, err := s.db.CreationVersion.Query().Where(creationversion.IDIn(pids...)).Select(creationversion.FieldUID).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("creation: parents: %w", err)
	}
	cm, gm, pm := map[int]*ent.Creation{}, map[int]string{}, map[int]*ent.CreationVersion{}
	for _, c := range cs {
		cm[c.ID] = c
	}
	for _, g := range gs {
		gm[g.ID] = g.UID
	}
	for _, p := range ps {
		pm[p.ID] = p
	}
	out := make([]*Version, 0, len(rows))
	for _, r := range rows {
		var p *ent.CreationVersion
		if r.ParentID != nil {
			p = pm[*r.ParentID]
		}
		out = append(out, s.view(r, cm[r.CreationID], gm[r.GoodsID], p, mine))
	}
	return out, nil
}

// Choices is what the creation page offers for an item.
type Choices struct {
	TreID    string               `json:"treId"`
	Name     catalog.Txt          `json:"treName"`
	Image    *catalog.ImageSet    `json:"treImage,omitempty"`
	Models   []catalog.AIGenModel `json:"aiGenModels"`
	Swatches []Swatch             `json:"swatches"`
	Patterns []string             `json:"patterns"`
	Lengths  []string             `json:"lengths"`
	Engine   string               `json:"engine"`
	MaxWords int                  `json:"maxPrompt"`
}

// Choices is the item's models and the options; an item without models is
// not found.
func (s *Service) Choices(ctx context.Context, treID, lang string) (*Choices, error) {
	ref, err := catalog.ParseRef(treID)
	if err != nil {
		return nil, err
	}
	g, err := s.cat.Detail(ctx, ref, lang, "USD")
	if err != nil {
		return nil, err
	}
	if len(g.AIGenModels) == 0 {
		return nil, ErrNotFound
	}
	return &Choices{TreID: g.TreID, Name: g.TreName, Image: g.TreImage, Models: g.AIGenModels, Swatches: Swatches,
		Patterns: Patterns, Lengths: Lengths, Engine: s.o.Engine.Name(), MaxWords: MaxPrompt}, nil
}
