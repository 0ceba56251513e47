package seed

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"souk/app/catalog"
	"souk/app/media"
	"souk/app/money"
	"souk/app/seed/content"
	"souk/ent"
	"souk/ent/schema"
)

// builder makes goods from the content templates.
type builder struct {
	tx     *ent.Tx
	c      *content.Catalog
	owners []*ent.Identity
	byKey  map[string]*ent.Identity
	media  *media.Store
	texts  *textWriter
}

// made remembers what the home page needs of each goods item.
type made struct {
	uid      string
	category string
	bigType  int
	sales    int
	imageUID string
	onSale   bool // saleable with stock: what a curated collection shows
	aiGen    bool // offers aiGenModels (AI creation)
}

// ownerOf picks the identity that sells a planned goods item.
func (b *builder) ownerOf(pl *plan) *ent.Identity {
	if keys := categoryOwners[pl.p.Category]; len(keys) > 0 {
		if o, ok := b.byKey[keys[pl.i%len(keys)]]; ok {
			return o
		}
	}
	return b.owners[pl.i%len(b.owners)]
}

func newBuilder(tx *ent.Tx, c *content.Catalog, owners []*ent.Identity) *builder {
	sellers := []*ent.Identity{}
	for _, o := range owners {
		if o.IdentityType == catalog.IdentitySeller || o.IdentityType == catalog.IdentityMaker || o.IdentityType == catalog.IdentityCreator {
			sellers = append(sellers, o)
		}
	}
	byKey := map[string]*ent.Identity{}
	for _, o := range owners {
		byKey[o.UID] = o
	}
	return &builder{tx: tx, c: c, owners: sellers, byKey: byKey, media: media.NewStore("", "/media"), texts: newTextWriter()}
}

// plan is one goods item before it is written.
type plan struct {
	i         int
	p         content.Product
	rng       *rand.Rand
	uid       string
	color     content.Color
	dress     bool
	wholesale bool
	price     int64
	minQty    int
	images    []string // image uids, first is the main picture
}

func (b *builder) goods(ctx context.Context, offset, n int, rich bool) ([]made, error) {
	var out []made
	const batch = 100
	for start := offset; start < offset+n; start += batch {
		end := min(start+batch, offset+n)
		ms, err := b.batch(ctx, start, end, rich)
		if err != nil {
			return nil, err
		}
		out = append(out, ms...)
	}
	return out, nil
}

func (b *builder) batch(ctx context.Context, start, end int, rich bool) ([]made, error) {
	plans := make([]*plan, 0, end-start)
	creates := make([]*ent.GoodsCreate, 0, end-start)
	for i := start; i < end; i++ {
		pl := b.plan(i)
		plans = append(plans, pl)
		creates = append(creates, b.goodsCreate(pl))
	}
	rows, err := b.tx.Goods.CreateBulk(creates...).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("seed: goods %d-%d: %w", start, end, err)
	}
	out := make([]made, len(rows))
	for k, g := range rows {
		pl := plans[k]
		if err := b.children(ctx, g, pl, rich); err != nil {
			return nil, err
		}
		out[k] = made{uid: g.UID, category: pl.p.Category, bigType: g.BigType, sales: g.Sales, imageUID: pl.images[0],
			onSale: g.Saleable == 1 && g.Stock > 0, aiGen: len(g.AiGenModels) > 0}
	}
	return out, b.texts.flush(ctx, b.tx)
}

func (b *builder) plan(i int) *plan {
	products := b.c.Products
	p := products[i%len(products)]
	variant := i / len(products)
	pl := &plan{i: i, p: p, rng: rand.New(rand.NewPCG(uint64(i)+1, 0x50c0)), dress: p.Category == "dresses"}
	pl.uid = "tr" + strconv.FormatInt(int64(i)*7919+1000003, 36)
	palette := b.palette(p)
	pl.color = palette[(i*7+variant*3)%len(palette)]
	// Variants 1 and 4 of every template that can be sold in bulk are wholesale
	// offers, so each such product has both a retail and a wholesale listing.
	pl.wholesale = p.Wholesale && !pl.dress && variant%3 == 1
	usd := p.PriceUSD * (0.85 + 0.1*float64(variant%5))
	if pl.wholesale {
		usd *= 0.55
		pl.minQty = []int{10, 20, 50, 100}[i%4]
	} else {
		pl.minQty = 1
	}
	pl.price = niceCents(usd)
	return pl
}

// niceCents rounds a dollar amount to a shop-like price (x.99 above $5).
func niceCents(usd float64) int64 {
	c := int64(math.Round(usd * 100))
	if c > 500 {
		c = c - c%100 + 99
	}
	return max(c, 49)
}

func (b *builder) goodsCreate(pl *plan) *ent.GoodsCreate {
	r := pl.rng
	g := b.tx.Goods.Create().SetUID(pl.uid).SetOldID(int64(10000 + pl.i)).
		SetURI(slug(pl.p.Name["en"])).SetMainLan(seedLangs[pl.i%3*3%9]).
		SetCategory(cmp.Or(subCategoryOf[pl.p.Key], pl.p.Category)).SetTemplate(pl.p.Key).SetColor(pl.color.Key).SetCurrency("USD").SetPrice(pl.price).SetMinQty(pl.minQty).
		SetOwner(b.ownerOf(pl)).
		SetRating(60 + r.IntN(41)).SetRatingCount(r.IntN(400)).SetSales(r.IntN(5000)).
		SetStock(20 + r.IntN(480)).SetApproveStatus(2).SetTreType(1).
		SetCreatedAt(Base.Add(-time.Duration(pl.i) * 37 * time.Minute))
	if pl.wholesale {
		g.SetBigType(2).SetSkuTag("wholesale")
	}
	if pl.dress {
		g.SetSpe(1).SetUseScenarioLabel(true).SetAiGenModels([]schema.AIGenModel{
			{Name: "Souk Atelier", Tips: "Describe the neckline, sleeves and fabric you dream of", Tips2: "We sketch it, then tailor it to your measurements"},
		})
	}
	if studioModel(pl) {
		g.SetAiGenModels([]schema.AIGenModel{
			{Name: "Souk Studio", Tips: "Pick a colour, a pattern or a length, or name them in your words", Tips2: "We redraw the item from its own photo"},
		})
	}
	switch {
	case pl.i%23 == 11:
		g.SetStock(0) // sold out: shown, but not orderable
	case pl.i%37 == 17:
		g.SetSaleable(0)
	case pl.i%50 == 0:
		g.SetTreType(0).SetTestResults([]string{"fabric-safety", "colour-fastness"})
	}
	if pl.i%11 == 0 {
		g.SetPriceCalType(money.StaticPrice)
	}
	return g
}

// studioModel: some retail goods besides the dresses offer AI creation
// (every fifth, and so the home's make-goods block has one to open).
func studioModel(pl *plan) bool { return !pl.dress && !pl.wholesale && pl.i%5 == 2 }

func slug(s string) string {
	var sb strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			sb.WriteRune(r)
			dash = false
		} else if !dash && sb.Len() > 0 {
			sb.WriteByte('-')
			dash = true
		}
	}
	return strings.Trim(sb.String(), "-")
}

// palette is the colours a template comes in: the ones its colour group
// lists, or every colour.
func (b *builder) palette(p content.Product) []content.Color {
	for _, g := range []*content.Group{p.Group1, p.Group2} {
		if g == nil || g.Kind != "color" || len(g.Values) == 0 {
			continue
		}
		out := []content.Color{}
		for _, c := range b.c.Colors {
			for _, k := range g.Values {
				if c.Key == k {
					out = append(out, c)
				}
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return b.c.Colors
}
