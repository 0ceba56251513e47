package search

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/draw"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"souk/app/ai"
)

// fakeImageModel is a local OpenAI-compatible embeddings endpoint for
// pictures: the vector is the mean colour of a 4×4 grid, centred.
func fakeImageModel(t *testing.T) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Model string              `json:"model"`
			Input []map[string]string `json:"input"`
		}
		if r.URL.Path != "/v1/embeddings" || json.NewDecoder(r.Body).Decode(&in) != nil || in.Model != "clip-test" {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		type datum struct {
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		}
		var out struct {
			Data []datum `json:"data"`
		}
		for i, inp := range in.Input {
			_, b64, ok := strings.Cut(inp["image"], ";base64,")
			raw, err := base64.StdEncoding.DecodeString(b64)
			m, _, err2 := image.Decode(bytes.NewReader(raw))
			if !ok || err != nil || err2 != nil {
				http.Error(w, "not a picture", http.StatusBadRequest)
				return
			}
			out.Data = append(out.Data, datum{i, gridColours(m)})
		}
		_ = json.NewEncoder(w).Encode(out)
	}))
}

func gridColours(m image.Image) []float32 {
	b := m.Bounds()
	v := make([]float32, 48)
	n := make([]float32, 16)
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			c := (y-b.Min.Y)*4/b.Dy()*4 + (x-b.Min.X)*4/b.Dx()
			r, g, bl, _ := m.At(x, y).RGBA()
			v[3*c] += float32(r>>8) - 128
			v[3*c+1] += float32(g>>8) - 128
			v[3*c+2] += float32(bl>>8) - 128
			n[c]++
		}
	}
	for i := range v {
		v[i] /= max(n[i/3], 1)
	}
	return v
}

func picture(top, bottom color.RGBA) image.Image {
	m := image.NewRGBA(image.Rect(0, 0, 600, 600))
	draw.Draw(m, image.Rect(0, 0, 600, 300), image.NewUniform(top), image.Point{}, draw.Src)
	draw.Draw(m, image.Rect(0, 300, 600, 600), image.NewUniform(bottom), image.Point{}, draw.Src)
	return m
}

// The production engine ranks by the remote model's vectors and answers
// nothing for a picture unlike every indexed one.
func TestEmbedMatcher(t *testing.T) {
	srv := fakeImageModel(t)
	defer srv.Close()
	c := ai.New(srv.URL, "", "")
	m := newEmbedMatcher(func(ctx context.Context, pics [][]byte) ([][]float32, error) {
		return c.EmbedImages(ctx, "clip-test", pics)
	}, 0.9)
	red, navy, white := color.RGBA{200, 30, 40, 255}, color.RGBA{20, 30, 90, 255}, color.RGBA{250, 250, 250, 255}
	pics := map[string]image.Image{"red-over-white": picture(red, white), "navy-over-white": picture(navy, white), "white-over-red": picture(white, red)}
	for id, p := range pics {
		if err := m.Add(t.Context(), id, p); err != nil {
			t.Fatal(err)
		}
	}
	hits, err := m.Nearest(t.Context(), picture(color.RGBA{180, 35, 45, 255}, color.RGBA{240, 240, 240, 255}), 5)
	if err != nil || len(hits) == 0 || hits[0].ID != "red-over-white" {
		t.Fatalf("darker red over white: %v %v", hits, err)
	}
	if hits, err := m.Nearest(t.Context(), picture(color.RGBA{30, 160, 60, 255}, color.RGBA{240, 200, 40, 255}), 5); err != nil || len(hits) != 0 {
		t.Fatalf("green over yellow: %v %v, want nothing", hits, err)
	}
	if err := newEmbedMatcher(func(ctx context.Context, pics [][]byte) ([][]float32, error) {
		return c.EmbedImages(ctx, "other-model", pics)
	}, 0.9).Add(t.Context(), "x", pics["red-over-white"]); err == nil {
		t.Fatal("an endpoint error was not reported")
	}
}
