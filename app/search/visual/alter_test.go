package visual

import (
	"image"
	"image/color"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"souk/app/media"
)

// alteredQuery draws item it as tr alters it.
func alteredQuery(it item, tr Transform) image.Image {
	if tr.Cutout == nil {
		return tr.Apply(it.Img)
	}
	return tr.Cutout(cutoutOf(it, catalogSize))
}

// cutoutOf renders the item on black and on grey and mattes it out.
func cutoutOf(it item, size int) *image.RGBA {
	spec := media.SpecFromSeed(catalogPrefix+it.ID, it.Shape, colourOf(it.Colour))
	spec.Background = color.RGBA{A: 255}
	black := media.RenderDemo(spec, size, size)
	spec.Background = color.RGBA{180, 180, 180, 255}
	grey := media.RenderDemo(spec, size, size)
	return Matte(black, grey, 180)
}

// alterationResult is top-1/top-5 and the distances of the true match.
type alterationResult struct {
	top1, top5 float64
	self       []float64 // distance to the right picture, sorted
	misses     []string
}

func evalAlteration(x *Index, items []item, tr Transform) alterationResult {
	rank := make([]int, len(items))
	self := make([]float64, len(items))
	top := make([]string, len(items))
	parallel(len(items), func(i int) {
		q := DescribeQuery(alteredQuery(items[i], tr))
		hits := x.NearestAny(q, 5)
		rank[i] = 99
		for r, h := range hits {
			if h.ID == items[i].ID {
				rank[i] = r
				break
			}
		}
		top[i] = hits[0].ID
		if hits[0].Distance > RejectDistance {
			rank[i], top[i] = 99, "(rejected)"
		}
		self[i] = DistanceAny(q, &items[i].Desc)
	})
	var r alterationResult
	for i, k := range rank {
		if k == 0 {
			r.top1++
		} else {
			r.misses = append(r.misses, items[i].ID+"→"+top[i])
		}
		if k < 5 {
			r.top5++
		}
	}
	r.top1 /= float64(len(items))
	r.top5 /= float64(len(items))
	sort.Float64s(self)
	r.self = self
	return r
}

func pct(s []float64, p float64) float64 { return s[min(len(s)-1, int(p*float64(len(s))))] }

// TestEvaluateAlterations reports, per shopper-photo alteration, top-1 and
// top-5 over the catalogue, the distance of the right picture (median, 95th
// percentile), and the nearest distance of each out-of-catalogue scene:
//
//	VISUAL_EVAL=1 go test -short -run TestEvaluateAlterations -v ./app/search/visual/
func TestEvaluateAlterations(t *testing.T) {
	evalSettings(t, "VISUAL_EVAL")
	items := catalogue(t)
	x := catalogueIndex(items)
	qs := items
	if n, err := strconv.Atoi(os.Getenv("VISUAL_EVERY")); err == nil && n > 1 { // a faster, rougher run
		qs = nil
		for i := 0; i < len(items); i += n {
			qs = append(qs, items[i])
		}
	}
	t.Logf("%d pictures, %d queried; threshold %.2f", len(items), len(qs), RejectDistance)
	only := os.Getenv("VISUAL_ONLY") // comma-separated alteration names
	for _, tr := range Alterations() {
		if only != "" && !strings.Contains(","+only+",", ","+tr.Name+",") {
			continue
		}
		r := evalAlteration(x, qs, tr)
		t.Logf("%-14s top-1 %.3f top-5 %.3f self p50 %.2f p95 %.2f max %.2f %v", tr.Name, r.top1, r.top5,
			pct(r.self, 0.5), pct(r.self, 0.95), r.self[len(r.self)-1], head(r.misses, 5))
	}
	for _, s := range OutOfCatalogue(catalogSize) {
		h := x.NearestAny(DescribeQuery(s.Img), 1)
		t.Logf("outside %-12s nearest %.2f (%s) rejected %v", s.Name, h[0].Distance, h[0].ID, h[0].Distance > RejectDistance)
	}
}
