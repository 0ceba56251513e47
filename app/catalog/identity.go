package catalog

import (
	"context"
	"fmt"

	"souk/app/apperr"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/identity"
)

// Identity types (SPEC §3).
const (
	IdentityShopCard        = 1
	IdentityOrder           = 2
	IdentityStrollAround    = 3
	IdentityCreator         = 21
	IdentitySeller          = 22
	IdentityMaker           = 23
	IdentityAnalyst         = 24
	IdentityCustomerService = 41
)

// IdentityTypeNames maps the identity types that have pages to their URL names.
var IdentityTypeNames = map[string]int{
	"creator": IdentityCreator, "seller": IdentitySeller, "maker": IdentityMaker,
	"analyst": IdentityAnalyst, "customerservice": IdentityCustomerService,
}

// IdentityPage is an identity as its public page shows it.
type IdentityPage struct {
	UID           string   `json:"uid"`
	IdentityType  int      `json:"identityType"`
	EntityType    int      `json:"entityType"`
	Name          string   `json:"name"`
	Title         Txt      `json:"title"`
	Brief         Txt      `json:"brief"`
	Country       string   `json:"country"`
	AvatarURL     string   `json:"avatarUrl"`
	BackgroundURL string   `json:"backgroundUrl"`
	Rating        int      `json:"rating"`
	GoodsCount    int      `json:"goodsCount"`
	Designs       []Design `json:"designs"` // a Creator's published AI creations
}

// Identity loads an identity's public page data by uid. An identity whose
// application was never passed has no page.
func (s *Service) Identity(ctx context.Context, uid, lang string) (*IdentityPage, error) {
	if uid == "" || len(uid) > 64 {
		return nil, apperr.New(apperr.NotFound, "IdentityNotFound")
	}
	it, err := s.db.Identity.Query().Where(identity.UIDEQ(uid), identity.PublicEQ(true)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apperr.New(apperr.NotFound, "IdentityNotFound")
	}
	if err != nil {
		return nil, fmt.Errorf("catalog: load identity %s: %w", uid, err)
	}
	texts, err := loadTexts(ctx, s.db, KindIdentity, []int{it.ID}, lang, "en")
	if err != nil {
		return nil, err
	}
	n, err := s.db.Goods.Query().Where(goods.HasOwnerWith(identity.IDEQ(it.ID)), Listed()).Count(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: count identity goods: %w", err)
	}
	designs, err := s.designs(ctx, it.ID)
	if err != nil {
		return nil, err
	}
	return &IdentityPage{
		UID: it.UID, IdentityType: it.IdentityType, EntityType: it.EntityType, Name: it.Name,
		Title: texts.pick(it.ID, "title", lang, "en"), Brief: texts.pick(it.ID, "brief", lang, "en"),
		Country: it.Country, AvatarURL: it.AvatarURL, BackgroundURL: it.BackgroundURL,
		Rating: it.Rating, GoodsCount: n, Designs: designs,
	}, nil
}
