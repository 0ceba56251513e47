package bench

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"io"
	"log/slog"
	"os"
	"sort"
	"strings"
	"time"

	"souk/app/config"
	"souk/app/media"
	"souk/app/search/eval"
	"souk/app/search/visual"
	"souk/app/seed"
	"souk/ent/goodsimage"
	"souk/server"
	"souk/server/api"
)

// SearchEval prints the text metrics of the judged query set and the image
// search accuracy over transformed goods pictures, on the demo catalogue.
// Text queries go through the served NDJSON stream (POST stream/search),
// as the search page sends them.
func SearchEval(ctx context.Context, out io.Writer) error {
	dir, err := os.MkdirTemp("", "souk-eval-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cfg, err := config.Load(func(k string) string { return map[string]string{"DATA_DIR": dir}[k] })
	if err != nil {
		return err
	}
	a, err := server.Assemble(ctx, cfg, "views", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		return err
	}
	defer a.Close()
	base, stop, err := serve(a)
	if err != nil {
		return err
	}
	defer stop()
	if os.Getenv("SEARCHEVAL_IMAGE_ONLY") == "" {
		if err := textEval(ctx, a, base, out); err != nil {
			return err
		}
	}
	if os.Getenv("SEARCHEVAL_TEXT_ONLY") != "" { // a quick look at text search alone
		return nil
	}
	return imageEval(ctx, a, out)
}

func textEval(ctx context.Context, a *server.App, base string, out io.Writer) error {
	qs, err := eval.Load()
	if err != nil {
		return err
	}
	cat, err := evalCatalogue(ctx, a)
	if err != nil {
		return err
	}
	var misses []eval.Miss
	rep, err := eval.Text(ctx, qs, cat, streamSearcher(base), func(m eval.Miss) { misses = append(misses, m) })
	if err != nil {
		return err
	}
	held := 0
	for _, q := range qs {
		if q.HeldOut {
			held++
		}
	}
	fmt.Fprintf(out, "Text search, %d judged queries (%d held out: never tune on them) over %d goods,\n", len(qs), held, len(cat))
	fmt.Fprintf(out, "scored as the page shows the stream: %d cards of each group, group after group, then the rest of the\n", eval.Collapsed)
	fmt.Fprintf(out, "first pages (%d each); recall = share of the relevant goods those pages could hold;\n", api.PageSize)
	fmt.Fprintf(out, "none ans = nothing-relevant queries answered with results:\n")
	eval.Print(out, rep)
	if os.Getenv("SEARCHEVAL_MERGED") != "" { // the figure taken before, for comparison
		merged, err := eval.Text(ctx, qs, cat, eval.MergedRanker(a.Search, a.Search.Lexicon()))
		if err != nil {
			return err
		}
		m := merged[eval.PartAll]["all"]
		fmt.Fprintf(out, "Internal merged ranking of both groups (no page shows it): nDCG@10 %.3f, recall@50 %.3f\n", m.NDCG10, m.Recall)
	}
	if os.Getenv("SEARCHEVAL_VERBOSE") != "" {
		for _, m := range misses {
			if m.Query.HeldOut { // never look at held-out queries: they are not tuned on
				continue
			}
			fmt.Fprintf(out, "miss %s %s %q nDCG %.2f want %+v got", m.Query.ID, m.Query.Kind, m.Query.Q, m.NDCG, m.Query.Relevant)
			for _, g := range m.Top {
				fmt.Fprintf(out, " [%s %s big%d $%.0f]", g.Template, g.Color, g.BigType, g.PriceUSD)
			}
			fmt.Fprintln(out)
		}
	}
	return nil
}

// evalCatalogue reads the relevance facts of every goods item.
func evalCatalogue(ctx context.Context, a *server.App) (eval.Catalogue, error) {
	rows, err := a.DB.Goods.Query().All(ctx)
	if err != nil {
		return nil, err
	}
	rates := a.Site.Catalog.Rates()
	cat := eval.Catalogue{}
	for _, g := range rows {
		usd, _ := rates.Convert(g.Price, g.Currency, "USD")
		e := eval.Goods{Template: g.Template, Color: g.Color, BigType: g.BigType, PriceUSD: float64(usd) / 100}
		if g.OldID != nil {
			e.OldID = *g.OldID
		}
		cat[g.UID] = e
	}
	return cat, nil
}

// imageEval asks for every 4th goods' first picture, altered, and counts
// how often that goods comes first and among the first five (a rejected
// picture counts as a miss), then asks with pictures of things the store
// does not sell, which should get no goods.
func imageEval(ctx context.Context, a *server.App, out io.Writer) error {
	deadline := time.Now().Add(10 * time.Minute) // a busy machine takes minutes to describe every picture
	for !a.Visual.Ready() && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if !a.Visual.Ready() {
		return fmt.Errorf("bench: the visual index is not ready (%d pictures)", a.Visual.Len())
	}
	imgs, err := a.DB.GoodsImage.Query().Where(goodsimage.PositionEQ(0)).WithGoods().All(ctx)
	if err != nil {
		return err
	}
	spec := seed.MediaSpec(a.DB)
	var picks []evalPicture
	for i, im := range imgs {
		if s, ok := spec(im.UID); ok && i%4 == 0 && im.Edges.Goods != nil {
			picks = append(picks, evalPicture{s, im.Edges.Goods.UID})
		}
	}
	fmt.Fprintf(out, "\nImage search, %d pictures indexed, rejection past distance %.1f:\n%-16s %7s %7s %7s %9s %9s\n",
		a.Visual.Len(), visual.RejectDistance, "alteration", "queries", "top-1", "top-5", "dist p50", "dist p95")
	only := os.Getenv("SEARCHEVAL_ONLY") // comma-separated alteration names, for a quick look
	seen := map[string]bool{}            // both lists have crop10
	for _, tr := range append(visual.Transforms(), visual.Alterations()[1:]...) {
		if seen[tr.Name] || only != "" && !strings.Contains(","+only+",", ","+tr.Name+",") {
			continue
		}
		seen[tr.Name] = true
		n, top1, top5 := 0, 0, 0
		var dists []float64
		for _, p := range picks {
			q := p.altered(tr)
			res := a.Visual.Search(q, 5)
			dists = append(dists, a.Visual.Closest(q))
			n++
			for rank, g := range res.Goods {
				if g == p.goods {
					top5++
					if rank == 0 {
						top1++
					}
				}
			}
		}
		sort.Float64s(dists)
		fmt.Fprintf(out, "%-16s %7d %6.1f%% %6.1f%% %9.2f %9.2f\n", tr.Name, n, 100*float64(top1)/float64(max(n, 1)),
			100*float64(top5)/float64(max(n, 1)), quantile(dists, 0.5), quantile(dists, 0.95))
	}
	answered := 0
	scenes := visual.OutOfCatalogue(800)
	for _, sc := range scenes {
		res := a.Visual.Search(sc.Img, 40)
		if len(res.Goods) > 0 {
			answered++
		}
		fmt.Fprintf(out, "  outside %-12s nearest %.2f, %d goods\n", sc.Name, a.Visual.Closest(sc.Img), len(res.Goods))
	}
	fmt.Fprintf(out, "Out-of-catalogue pictures answered with goods: %d of %d\n", answered, len(scenes))
	return nil
}

// evalPicture is a goods picture as drawn, and its goods.
type evalPicture struct {
	spec  media.DemoSpec
	goods string
}

// altered draws the picture at a shopper's size as tr alters it; a
// cutout alteration draws it on black and on grey to matte it out.
func (p evalPicture) altered(tr visual.Transform) image.Image {
	if tr.Cutout == nil {
		return tr.Apply(media.RenderDemo(p.spec, 800, 800))
	}
	s := p.spec
	s.Background = color.RGBA{A: 255}
	black := media.RenderDemo(s, 800, 800)
	s.Background = color.RGBA{180, 180, 180, 255}
	return tr.Cutout(visual.Matte(black, media.RenderDemo(s, 800, 800), 180))
}

func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}
