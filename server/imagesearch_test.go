package server_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
	"time"

	"souk/app/media"
	"souk/app/search/visual"
	"souk/app/seed"
	"souk/ent/goodsimage"
)

func pngOf(t *testing.T, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func waitVisual(t *testing.T, s *testStore) {
	t.Helper()
	for i := 0; !s.app.Visual.Ready(); i++ {
		if i > 1200 {
			t.Fatal("the visual index is not ready")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Issue 16: a picture of something the store does not sell answers no
// goods, with the 'show more' (6) and feedback (7) sections; a catalogue
// item photographed on a wooden table is found first.
func TestImageSearchShopperPhotos(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	waitVisual(t, s)
	// Pages and screenshots (white, with small grey parts) still come
	// close to white goods in the full catalogue: not asserted here.
	clear := map[string]bool{"landscape": true, "brick-wall": true, "night-city": true, "forest": true, "face": true}
	for _, sc := range visual.OutOfCatalogue(600) {
		if !clear[sc.Name] {
			continue
		}
		fs, err := s.searchPicture(pngOf(t, sc.Img))
		if err != nil {
			t.Fatal(err)
		}
		if count(fs, 1)+count(fs, 8) != 0 || count(fs, 6) != 1 || count(fs, 7) != 1 || fs[0].C != 5 {
			t.Errorf("%s: frames %v, want no goods and sections 6 and 7", sc.Name, codes(fs))
		}
	}
	ims, err := s.app.DB.GoodsImage.Query().Where(goodsimage.PositionEQ(0)).WithGoods().Limit(40).All(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	spec := seed.MediaSpec(s.app.DB)
	tried, found := 0, 0
	for i, im := range ims {
		sp, ok := spec(im.UID)
		if i%8 != 0 || !ok || im.Edges.Goods == nil {
			continue
		}
		sp.Background = color.RGBA{A: 255}
		black := media.RenderDemo(sp, 600, 600)
		sp.Background = color.RGBA{180, 180, 180, 255}
		grey := media.RenderDemo(sp, 600, 600)
		fs, err := s.searchPicture(pngOf(t, visual.OnBackdrop(visual.Matte(black, grey, 180), 0)))
		if err != nil {
			t.Fatal(err)
		}
		tried++
		for _, f := range fs {
			if f.C == 1 || f.C == 8 {
				if f.Item["treId"] == im.Edges.Goods.UID {
					found++
				} else {
					t.Logf("%s on wood: first %v", im.Edges.Goods.UID, f.Item["treId"])
				}
				break
			}
		}
	}
	if tried == 0 || found < tried-1 {
		t.Fatalf("items on a wooden table found first: %d of %d", found, tried)
	}
}
