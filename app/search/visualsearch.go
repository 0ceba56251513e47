package search

import (
	"context"
	"errors"
	"fmt"
	"image"
	"log/slog"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"souk/app/media"
	"souk/app/search/visual"
	"souk/ent"
	"souk/ent/goodsimage"
	"souk/ent/imagedescriptor"
)

// Swatch is a named colour for turning an image's dominant colours into a
// text refinement ("red").
type Swatch struct {
	Key     string
	R, G, B uint8
	Names   map[string]string // language → name
}

// ColorName names a colour key in lang (English, or the key, when unknown).
func ColorName(sw []Swatch, key, lang string) string {
	for _, s := range sw {
		if s.Key == key {
			if n := s.Names[lang]; n != "" {
				return n
			}
			if n := s.Names["en"]; n != "" {
				return n
			}
		}
	}
	return key
}

// Swatches are the named colours the visual index knows.
func (v *Visual) Swatches() []Swatch { return v.swatches }

// Visual finds goods by picture: every goods picture has a descriptor
// (kept in the database, computed once), held in an in-memory index.
type Visual struct {
	db       *ent.Client
	idx      *visual.Index
	picture  func(uid string) (image.Image, bool)       // draws or loads a stored goods picture
	describe func(uid string) (visual.Descriptor, bool) // describePicture, or a memo of it
	mu       sync.RWMutex
	goodsOf  map[string]string // image uid → goods uid
	swatches []Swatch
	ready    atomic.Bool
	log      *slog.Logger
	remote   pictureMatcher // when set, ranks pictures instead of the descriptors
}

// UseEmbeddings makes a remote image-embedding model rank the pictures
// (the production engine), with descriptors still naming the colours.
// Pictures less similar than minSim (cosine) to a query are not like it.
// Call it before Build.
func (v *Visual) UseEmbeddings(embed ImageEmbedder, minSim float64) {
	v.remote = newEmbedMatcher(embed, minSim)
}

// NewVisual makes an empty visual index; Build fills it.
func NewVisual(db *ent.Client, picture func(uid string) (image.Image, bool), swatches []Swatch, log *slog.Logger) *Visual {
	v := &Visual{db: db, idx: visual.NewIndex(), picture: picture, goodsOf: map[string]string{}, swatches: swatches, log: log}
	v.describe = v.describePicture
	return v
}

// Ready tells whether every picture is indexed.
func (v *Visual) Ready() bool { return v.ready.Load() }

// Len is how many pictures are indexed.
func (v *Visual) Len() int { return v.idx.Len() }

// Build indexes every goods picture: stored descriptors are loaded, missing
// ones computed and stored. Run it in the background: image search answers
// from what is indexed so far.
func (v *Visual) Build(ctx context.Context) error {
	have, err := v.loadStored(ctx)
	if err != nil {
		return err
	}
	var batch []*ent.ImageDescriptorCreate
	for lastID := 0; ; {
		// Pages of pictures: one eager load of 100 000 goods would pass
		// more parameters than SQLite takes in a statement.
		imgs, err := v.db.GoodsImage.Query().Where(goodsimage.IDGT(lastID)).WithGoods().
			Order(ent.Asc(goodsimage.FieldID)).Limit(1000).All(ctx)
		if err != nil {
			return fmt.Errorf("search: list pictures: %w", err)
		}
		if len(imgs) == 0 {
			break
		}
		lastID = imgs[len(imgs)-1].ID
		if err := v.describeAll(ctx, imgs, have, &batch); err != nil {
			return err
		}
	}
	if err := v.flush(ctx, &batch); err != nil {
		return err
	}
	if v.remote != nil {
		v.embedAll(ctx)
	}
	v.ready.Store(true)
	return nil
}

// embedAll gives every indexed picture to the remote engine; a picture it
// fails on is left out of its ranking (and logged).
func (v *Visual) embedAll(ctx context.Context) {
	v.mu.RLock()
	ids := make([]string, 0, len(v.goodsOf))
	for id := range v.goodsOf {
		ids = append(ids, id)
	}
	v.mu.RUnlock()
	for _, id := range ids {
		if ctx.Err() != nil {
			return
		}
		pic, ok := v.picture(id)
		if !ok {
			continue
		}
		if err := v.remote.Add(ctx, id, pic); err != nil {
			v.log.Warn("image embeddings", "err", err)
		}
	}
}

// loadStored adds the stored descriptors to the index, a page at a time:
// all rows at once were some 40 MB of garbage at 100 000 goods (by the
// rows' sizes), which raised the server's resident set at every start. It returns the image uids added.
func (v *Visual) loadStored(ctx context.Context) (map[string]bool, error) {
	have := map[string]bool{}
	for lastID := 0; ; {
		rows, err := v.db.ImageDescriptor.Query().Where(imagedescriptor.IDGT(lastID)).
			Order(ent.Asc(imagedescriptor.FieldID)).Limit(2000).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("search: load descriptors: %w", err)
		}
		if len(rows) == 0 {
			return have, nil
		}
		lastID = rows[len(rows)-1].ID
		for _, row := range rows {
			var d visual.Descriptor
			if d.UnmarshalBinary(row.Data) == nil {
				v.add(row.ImageUID, row.GoodsUID, d)
				have[row.ImageUID] = true
			}
		}
	}
}

// describeAll describes the pictures not yet stored and queues them.
func (v *Visual) describeAll(ctx context.Context, imgs []*ent.GoodsImage, have map[string]bool, batch *[]*ent.ImageDescriptorCreate) error {
	for _, im := range imgs {
		if have[im.UID] || im.Edges.Goods == nil {
			continue
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		d, ok := v.describe(im.UID)
		if !ok {
			continue
		}
		data, _ := d.MarshalBinary()
		v.add(im.UID, im.Edges.Goods.UID, d)
		*batch = append(*batch, v.db.ImageDescriptor.Create().SetImageUID(im.UID).SetGoodsUID(im.Edges.Goods.UID).SetData(data))
		if len(*batch) == 200 {
			if err := v.flush(ctx, batch); err != nil {
				return err
			}
		}
	}
	return nil
}

// flush stores queued descriptors (replacing any of an older format).
func (v *Visual) flush(ctx context.Context, batch *[]*ent.ImageDescriptorCreate) error {
	if len(*batch) == 0 {
		return nil
	}
	err := v.db.ImageDescriptor.CreateBulk(*batch...).OnConflictColumns(imagedescriptor.FieldImageUID).UpdateNewValues().Exec(ctx)
	*batch = (*batch)[:0]
	if err != nil {
		return fmt.Errorf("search: store descriptors: %w", err)
	}
	return nil
}

func (v *Visual) add(imageUID, goodsUID string, d visual.Descriptor) {
	v.mu.Lock()
	v.goodsOf[imageUID] = goodsUID
	v.mu.Unlock()
	v.idx.Add(imageUID, d)
}

// VisualResult is goods ranked by likeness to a picture, and the picture's
// dominant colours as colour keys.
type VisualResult struct {
	Goods    []string // goods uids, most alike first
	Dominant []string
}

// Search ranks goods by likeness to img (at most k goods). A picture whose
// nearest goods picture is farther than visual.RejectDistance is of
// something the store does not sell: no goods, rather than k guesses.
func (v *Visual) Search(img image.Image, k int) VisualResult {
	return v.SearchContext(context.Background(), img, k)
}

// SearchContext is Search for a request: the remote engine, when used, is
// asked within ctx (and at most remoteWait); if it fails the descriptors
// answer.
func (v *Visual) SearchContext(ctx context.Context, img image.Image, k int) VisualResult {
	q := visual.DescribeQuery(img)
	var out VisualResult
	out.Dominant = v.colourKeys(&q[0].Descriptor, 3)
	hits, err := v.remoteNearest(ctx, img, k*4)
	if err != nil {
		hits = v.idx.NearestAny(q, k*4) // several pictures per goods: keep each goods' best
		if len(hits) > 0 && hits[0].Distance > visual.RejectDistance {
			hits = nil
		}
	}
	seen := map[string]bool{}
	v.mu.RLock()
	defer v.mu.RUnlock()
	for _, h := range hits {
		g := v.goodsOf[h.ID]
		if g == "" || seen[g] {
			continue
		}
		seen[g] = true
		out.Goods = append(out.Goods, g)
		if len(out.Goods) == k {
			break
		}
	}
	return out
}

var errNoRemote = errors.New("search: no remote picture engine")

// remoteWait bounds a query to the remote engine.
const remoteWait = 3 * time.Second

func (v *Visual) remoteNearest(ctx context.Context, img image.Image, k int) ([]visual.Hit, error) {
	if v.remote == nil || v.remote.Len() == 0 { // off, or still embedding the catalogue
		return nil, errNoRemote
	}
	ctx, cancel := context.WithTimeout(ctx, remoteWait)
	defer cancel()
	hits, err := v.remote.Nearest(ctx, img, k)
	if err != nil {
		v.log.Warn("image embeddings: query", "err", err)
	}
	return hits, err
}

// Closest returns the distance of the indexed picture nearest to img (for
// evaluations calibrating visual.RejectDistance), or +Inf if none.
func (v *Visual) Closest(img image.Image) float64 {
	if hits := v.idx.NearestAny(visual.DescribeQuery(img), 1); len(hits) > 0 {
		return hits[0].Distance
	}
	return math.Inf(1)
}

// ColourKeys names the dominant colours of the object in img (at most n,
// largest first) by their swatch keys ("red").
func (v *Visual) ColourKeys(img image.Image, n int) []string {
	d := visual.Describe(img)
	return v.colourKeys(&d, n)
}

func (v *Visual) colourKeys(d *visual.Descriptor, n int) []string {
	var out []string
	for _, c := range visual.DominantColors(d, n) {
		if key := v.nearestSwatch(c.R, c.G, c.B); key != "" {
			out = appendNew(out, key)
		}
	}
	return out
}

// nearestSwatch names a colour by the closest swatch (in a rough
// perceptual distance: redmean).
func (v *Visual) nearestSwatch(r, g, b uint8) string {
	best, bestD := "", math.MaxFloat64
	for _, s := range v.swatches {
		rm := (float64(r) + float64(s.R)) / 2
		dr, dg, db := float64(r)-float64(s.R), float64(g)-float64(s.G), float64(b)-float64(s.B)
		d := (2+rm/256)*dr*dr + 4*dg*dg + (2+(255-rm)/256)*db*db
		if d < bestD {
			best, bestD = s.Key, d
		}
	}
	return best
}

// DemoPicture draws a demo goods picture at 256 px from its spec, the size
// descriptors are computed at.
func DemoPicture(spec func(uid string) (media.DemoSpec, bool)) func(uid string) (image.Image, bool) {
	return func(uid string) (image.Image, bool) {
		s, ok := spec(uid)
		if !ok {
			return nil, false
		}
		return media.RenderDemo(s, 256, 256), true
	}
}
