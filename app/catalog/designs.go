package catalog

import (
	"context"
	"fmt"

	"souk/ent"
	"souk/ent/creationversion"
	"souk/ent/goods"
)

// Design is an AI creation version a Creator published on their page.
type Design struct {
	CreateVUID string `json:"createVUid"`
	TreID      string `json:"treId"`
	Number     int    `json:"number"`
	Image      Thumb  `json:"image"`
}

// maxDesigns bounds the designs an identity page shows.
const maxDesigns = 24

// designs are an identity's published designs, newest first.
func (s *Service) designs(ctx context.Context, identityID int) ([]Design, error) {
	rows, err := s.db.CreationVersion.Query().Where(creationversion.DesignOfEQ(identityID), creationversion.StatusEQ("done")).
		Order(ent.Desc(creationversion.FieldID)).Limit(maxDesigns).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: designs: %w", err)
	}
	ids := make([]int, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.GoodsID)
	}
	gs, err := s.db.Goods.Query().Where(goods.IDIn(ids...)).Select(goods.FieldUID).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: designs' goods: %w", err)
	}
	uids := map[int]string{}
	for _, g := range gs {
		uids[g.ID] = g.UID
	}
	out := []Design{}
	for _, r := range rows {
		if len(r.Images) == 0 {
			continue
		}
		im := r.Images[0]
		out = append(out, Design{CreateVUID: r.UID, TreID: uids[r.GoodsID], Number: r.Number,
			Image: Thumb{URL: im.SmallURL, Width: im.SmallW, Height: im.SmallH}})
	}
	return out, nil
}
