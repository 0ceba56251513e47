package bench

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/jpeg"
	"io"
	"io/fs"
	"log/slog"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"souk/app/media"
	"souk/app/search"
	"souk/app/search/eval"
	"souk/app/seed"
	"souk/ent/goodsimage"
	"souk/server"
)

// searchFigures prints size and latency figures for search.
func searchFigures(ctx context.Context, a *server.App, base, dataDir string, out io.Writer) error {
	if _, err := a.Search.Sync(ctx); err != nil { // bring the served index up to date
		return err
	}
	start, before := time.Now(), a.Visual.Len()
	if !a.Visual.Ready() { // still building after the wait: finish it here, timed
		if err := a.Visual.Build(ctx); err != nil {
			return err
		}
	}
	if added := a.Visual.Len() - before; added > 0 {
		took := time.Since(start)
		fmt.Fprintf(out, "Picture descriptors: %d in %s (%.0f/s)\n", added, took.Round(time.Millisecond), float64(added)/took.Seconds())
	}
	count, _ := a.DB.Goods.Query().Count(ctx)
	fmt.Fprintf(out, "Text index size: %.1f MB for %d goods; %d pictures in the visual index\n", float64(dirSize(filepath.Join(dataDir, "search")))/1e6, count, a.Visual.Len())
	qs, err := eval.Load()
	if err != nil {
		return err
	}
	var first, page []time.Duration
	for i, q := range qs {
		if i%3 != 0 {
			continue
		}
		body, _ := json.Marshal(map[string]string{"txt": q.Q})
		f, p, err := streamTimes(base+"/api/v1/souk/stream/search", "application/json", body, q.Lang)
		if err != nil {
			return err
		}
		first, page = append(first, f), append(page, p)
	}
	sf, sp := summarize(first), summarize(page)
	fmt.Fprintf(out, "Text search, %d queries: first result frame p50 %.1f ms p99 %.1f ms; first page complete p50 %.1f ms p99 %.1f ms\n",
		len(first), ms(sf.p50), ms(sf.p99), ms(sp.p50), ms(sp.p99))
	return imageTimes(ctx, a, base, out)
}

// indexingFigures prints the time of a full rebuild of every goods item
// into a fresh index.
func indexingFigures(ctx context.Context, a *server.App, dataDir string, out io.Writer) error {
	fresh := filepath.Join(dataDir, "search-rebuild")
	_ = os.RemoveAll(fresh)
	defer os.RemoveAll(fresh)
	eng, err := search.OpenBleve(fresh, a.Search.Lexicon())
	if err != nil {
		return err
	}
	start := time.Now()
	n, err := search.New(a.DB, a.Site.Catalog, eng, a.Search.Lexicon(), slog.New(slog.NewTextHandler(io.Discard, nil))).Sync(ctx)
	eng.Close()
	if err != nil {
		return err
	}
	took := time.Since(start)
	fmt.Fprintf(out, "Search indexing (full rebuild): %d goods in %s (%.0f goods/s)\n", n, took.Round(time.Millisecond), float64(n)/took.Seconds())
	return nil
}

// streamTimes posts a search and times the first item frame and the end.
func streamTimes(url, contentType string, body []byte, lang string) (first, done time.Duration, err error) {
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("ALAN", lang)
	start := time.Now()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, 0, err
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if first == 0 && (strings.HasPrefix(line, `{"c":1,`) || strings.HasPrefix(line, `{"c":8,`) || strings.HasPrefix(line, `{"c":2}`) || strings.HasPrefix(line, `{"c":9}`)) {
			first = time.Since(start)
		}
	}
	done = time.Since(start)
	if first == 0 {
		first = done
	}
	return first, done, sc.Err()
}

func imageTimes(ctx context.Context, a *server.App, base string, out io.Writer) error {
	imgs, err := a.DB.GoodsImage.Query().Where(goodsimage.PositionEQ(0)).Limit(400).All(ctx)
	if err != nil {
		return err
	}
	spec := seed.MediaSpec(a.DB)
	var first, page []time.Duration
	for i, im := range imgs {
		if i%20 != 0 {
			continue
		}
		s, ok := spec(im.UID)
		if !ok {
			continue
		}
		var pic bytes.Buffer
		_ = jpeg.Encode(&pic, media.RenderDemo(s, 800, 800), &jpeg.Options{Quality: 85})
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		fw, _ := mw.CreateFormFile("image", "photo.jpg")
		_, _ = fw.Write(pic.Bytes())
		_ = mw.WriteField("contentType", "image/jpeg")
		_ = mw.Close()
		f, p, err := streamTimes(base+"/api/v1/souk/image/stream/search", mw.FormDataContentType(), body.Bytes(), "en")
		if err != nil {
			return err
		}
		first, page = append(first, f), append(page, p)
	}
	if len(first) == 0 {
		return nil
	}
	sf, sp := summarize(first), summarize(page)
	fmt.Fprintf(out, "Image search, %d photos of 800×800: first result frame p50 %.1f ms; complete p50 %.1f ms p99 %.1f ms\n",
		len(first), ms(sf.p50), ms(sp.p50), ms(sp.p99))
	return nil
}

func dirSize(dir string) int64 {
	var n int64
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}
