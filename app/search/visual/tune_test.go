package visual

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// Evaluation and weight tuning, run on demand:
//
//	VISUAL_EVAL=1 go test -run TestEvaluate -v ./app/search/visual/
//	VISUAL_TUNE=1 go test -run TestTuneWeights -v -timeout 1h ./app/search/visual/
//
// VISUAL_KEYS sets the pictures per shape and colour (3 is a harder
// catalogue: more same-shape, same-colour siblings), VISUAL_PREFIX the seed
// key prefix (a fresh one validates weights tuned on another), VISUAL_ZERO
// a comma-separated list of distance parts to switch off (ablation), and
// VISUAL_PARTS=1 prints the distance parts of misses.
func evalSettings(t *testing.T, env string) {
	if os.Getenv(env) == "" {
		t.Skip("set " + env + "=1")
	}
	if k, err := strconv.Atoi(os.Getenv("VISUAL_KEYS")); err == nil {
		catalogKeys = k
	}
	if p := os.Getenv("VISUAL_PREFIX"); p != "" {
		catalogPrefix = p
	}
	if z := os.Getenv("VISUAL_ZERO"); z != "" {
		for _, f := range strings.Split(z, ",") {
			p, ok := weightFields()[f]
			if !ok {
				t.Fatalf("unknown part %q", f)
			}
			*p = 0
		}
	}
}

func weightFields() map[string]*float32 { return fieldsOf(&w) }

func fieldsOf(w *weights) map[string]*float32 {
	return map[string]*float32{"color": &w.color, "avgL": &w.avgL, "avgAB": &w.avgAB, "domL": &w.domL, "domAB": &w.domAB,
		"domCap": &w.domCap, "bgCap": &w.bgCap, "shape": &w.shape, "fill": &w.fill, "bg": &w.bg, "edge": &w.edge, "cover": &w.cover,
		"cellLL": &w.cellLL, "cellAB": &w.cellAB, "hash": &w.hash}
}

// crossQueries describes another photo (new seed key) of every shape and
// colour, as a shopper's upload: large, JPEG.
func crossQueries(items []item) (qs []Descriptor, want []item) {
	for _, it := range items {
		if it.ID == it.Shape.String()+"_"+it.Colour { // first key only
			want = append(want, it)
		}
	}
	qs = make([]Descriptor, len(want))
	parallel(len(want), func(i int) {
		it := want[i]
		qs[i] = Describe(recompress(render("q-"+it.ID, it.Shape, colourOf(it.Colour), 800), 82))
	})
	return qs, want
}

// crossScore returns how often the top hit, and the first hit of the same
// shape, has the query's shape and colour.
func crossScore(x *Index, byID map[string]item, qs []Descriptor, want []item) (top, shapeTop float64) {
	for i := range qs {
		hits := x.Nearest(&qs[i], x.Len())
		if o := byID[hits[0].ID]; o.Shape == want[i].Shape && o.Colour == want[i].Colour {
			top++
		}
		for _, h := range hits {
			if o := byID[h.ID]; o.Shape == want[i].Shape {
				if o.Colour == want[i].Colour {
					shapeTop++
				}
				break
			}
		}
	}
	return top / float64(len(qs)), shapeTop / float64(len(qs))
}

func TestEvaluate(t *testing.T) {
	evalSettings(t, "VISUAL_EVAL")
	items := catalogue(t)
	x := catalogueIndex(items)
	byID := map[string]item{}
	for _, it := range items {
		byID[it.ID] = it
	}
	t.Logf("%d pictures", len(items))
	qs, want := crossQueries(items)
	top, shapeTop := crossScore(x, byID, qs, want)
	t.Logf("another photo: top-1 same shape and colour %.3f, first same-shape hit same colour %.3f", top, shapeTop)
	for _, tr := range Transforms() {
		a := evaluate(x, items, tr)
		t.Logf("%-10s top-1 %.3f top-5 %.3f misses %d %v", tr.Name, a.Top1, a.Top5, len(a.Misses), head(a.Misses, 8))
		if os.Getenv("VISUAL_PARTS") == "" {
			continue
		}
		for _, m := range head(a.Misses, 6) {
			selfID, otherID, _ := strings.Cut(m, "→")
			self, other := byID[selfID], byID[otherID]
			q := Describe(tr.Apply(self.Img))
			t.Logf("   %s: self %v", m, fmtParts(parts(&q, &self.Desc)))
			t.Logf("   %s: top  %v", m, fmtParts(parts(&q, &other.Desc)))
		}
	}
}

// TestTuneWeights is a coordinate search over the distance weights that
// maximises the sum of top-1 accuracies over the transforms plus
// VISUAL_CROSSW (default 2) times the two cross-picture scores.
func TestTuneWeights(t *testing.T) {
	evalSettings(t, "VISUAL_TUNE")
	items := catalogue(t)
	trs := Transforms()[1:]
	tq := make([][]Descriptor, len(trs))
	for ti, tr := range trs {
		tq[ti] = queries(items, tr)
	}
	cq, cwant := crossQueries(items)
	crossW := 2.0
	if v, err := strconv.ParseFloat(os.Getenv("VISUAL_CROSSW"), 64); err == nil {
		crossW = v
	}
	byID := map[string]item{}
	for _, it := range items {
		byID[it.ID] = it
	}
	score := func() (float64, []float64) {
		x := catalogueIndex(items)
		top, shapeTop := crossScore(x, byID, cq, cwant)
		per := []float64{top, shapeTop}
		total := crossW * (top + shapeTop)
		for ti := range trs {
			hits := make([]bool, len(items))
			parallel(len(items), func(i int) { hits[i] = x.Nearest(&tq[ti][i], 1)[0].ID == items[i].ID })
			acc := 0.0
			for _, h := range hits {
				if h {
					acc++
				}
			}
			per = append(per, acc/float64(len(items)))
			total += acc / float64(len(items))
		}
		return total, per
	}
	best, per := score()
	t.Logf("start %.4f %.3f %+v", best, per, w)
	names := []string{"avgL", "avgAB", "domL", "domAB", "domCap", "color", "shape", "fill", "edge", "cover", "cellLL", "cellAB", "hash"}
	for round := range 3 {
		for _, name := range names {
			f := weightFields()[name]
			for _, mul := range []float32{0.5, 0.7, 1.4, 2} {
				old := *f
				*f = old * mul
				if s, p := score(); s > best+1e-9 {
					best, per = s, p
					t.Logf("%s ×%.1f → %.4f %.3f", name, mul, best, per)
				} else {
					*f = old
				}
			}
		}
		t.Logf("round %d: %.4f %+v", round, best, w)
	}
}

func head(s []string, n int) []string { return s[:min(n, len(s))] }

// parts splits Distance into its parts, switching the others off.
func parts(a, b *Descriptor) map[string]float32 {
	out := map[string]float32{}
	saved := w
	defer func() { w = saved }()
	for name, p := range fieldsOf(&saved) {
		if name == "domCap" || name == "bgCap" {
			continue
		}
		w = weights{domCap: saved.domCap, bgCap: saved.bgCap}
		*weightFields()[name] = *p
		out[name] = float32(Distance(a, b))
	}
	return out
}

func fmtParts(p map[string]float32) string {
	var tot float32
	s := ""
	for _, k := range []string{"domL", "domAB", "avgL", "avgAB", "color", "shape", "fill", "bg", "edge", "cover", "cellLL", "cellAB", "hash"} {
		s += fmt.Sprintf(" %s=%.3f", k, p[k])
		tot += p[k]
	}
	return fmt.Sprintf("total=%.3f%s", tot, s)
}
