package media

import (
	"encoding/base64"
	"errors"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzProcess feeds arbitrary files (base64-encoded here, as the handler
// receives them) to Process: it must never panic, and must either store
// both sizes or refuse with an *UploadError.
//
//	go test -run XXX -fuzz FuzzProcess -fuzztime 20s ./app/media/
func FuzzProcess(f *testing.F) {
	// Small seeds keep executions (and the minimisation of new inputs,
	// which stalls the fuzzer while it runs) fast.
	pic := upPicture(12, 9)
	p := upPNG(f, pic)
	j := upJPEG(f, pic)
	for _, seed := range [][]byte{
		j, p, upGIF(f, pic), upTransparentPNG(f),
		upPNG(f, image.NewGray16(image.Rect(0, 0, 5, 9))),
		upPNG(f, image.NewPaletted(image.Rect(0, 0, 6, 4), color.Palette{color.Transparent, color.White})),
		upWebPLossless, upWebPLossy, upWebPAlpha,
		upWithOrientation(j, 6),
		upProgressiveBomb(16, 16, 3),
		// refused ones
		nil,
		[]byte("plain text"),
		[]byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`),
		[]byte("<!DOCTYPE html><html></html>"),
		j[:len(j)/2],
		p[:len(p)-30],
		upPatchPNGSize(f, p, 50000, 50000),
		upPatchJPEGSize(f, j, 30000, 30000),
		upProgressiveBomb(16, 8, maxJPEGScans+1),
	} {
		f.Add(seed)
	}
	dir := f.TempDir() // one per worker process; stored files are removed below
	f.Fuzz(func(t *testing.T, data []byte) {
		req := UploadRequest{
			Disk: "avatar", Owner: "ufuzz", Base64: base64.StdEncoding.EncodeToString(data),
			Quality: 70, SmallW: 8, SmallH: 8, BigW: 24, BigH: 16,
		}
		up, err := Process(dir, "/media", req)
		if err != nil {
			var ue *UploadError
			if !errors.As(err, &ue) {
				t.Fatalf("non-UploadError %T: %v", err, err)
			}
			if ue.Key == "" || ue.Message == "" {
				t.Fatalf("incomplete UploadError %+v", ue)
			}
			return
		}
		for _, th := range []Thumb{up.Small, up.Big} {
			name := strings.TrimPrefix(th.URL, "/media/")
			if err := os.Remove(filepath.Join(dir, filepath.FromSlash(name))); err != nil {
				t.Fatalf("stored %s: %v", th.URL, err)
			}
		}
	})
}
