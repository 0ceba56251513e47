package bench

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
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
	if err := textEval(ctx, a, base, out); err != nil {
		return err
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

// imageEval asks for every 4th goods' first picture, transformed, and
// counts how often that goods comes first and among the first five.
func imageEval(ctx context.Context, a *server.App, out io.Writer) error {
	deadline := time.Now().Add(2 * time.Minute)
	for !a.Visual.Ready() && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	imgs, err := a.DB.GoodsImage.Query().Where(goodsimage.PositionEQ(0)).WithGoods().All(ctx)
	if err != nil {
		return err
	}
	spec := seed.MediaSpec(a.DB)
	fmt.Fprintf(out, "\nImage search, %d pictures indexed:\n%-18s %7s %7s %7s\n", a.Visual.Len(), "transformation", "queries", "top-1", "top-5")
	for _, tr := range visual.Transforms() {
		n, top1, top5 := 0, 0, 0
		for i, im := range imgs {
			if i%4 != 0 || im.Edges.Goods == nil {
				continue
			}
			s, ok := spec(im.UID)
			if !ok {
				continue
			}
			res := a.Visual.Search(tr.Apply(media.RenderDemo(s, 800, 800)), 5)
			n++
			for rank, g := range res.Goods {
				if g == im.Edges.Goods.UID {
					top5++
					if rank == 0 {
						top1++
					}
				}
			}
		}
		fmt.Fprintf(out, "%-18s %7d %6.1f%% %6.1f%%\n", tr.Name, n, 100*float64(top1)/float64(max(n, 1)), 100*float64(top5)/float64(max(n, 1)))
	}
	return nil
}
