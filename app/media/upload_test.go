package media

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// Tiny WebP files (1×1) from the widely used feature-detection samples:
// lossless (transparent), lossy (grey) and lossy with an ALPH chunk.
var (
	upWebPLossless = upB64("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==")
	upWebPLossy    = upB64("UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA")
	upWebPAlpha    = upB64("UklGRkoAAABXRUJQVlA4WAoAAAAQAAAAAAAAAAAAQUxQSAwAAAARBxAR/Q9ERP8DAABWUDggGAAAABQBAJ0BKgEAAQAAAP4AAA3AAP7mtQAAAA==")
)

func upB64(s string) []byte {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// upPicture is a smooth gradient with a few stripes: compressible but not flat.
func upPicture(w, h int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.NRGBA{uint8(x * 255 / max(w-1, 1)), uint8(y * 255 / max(h-1, 1)), uint8((x/7 + y/5) % 2 * 200), 255}
			m.SetNRGBA(x, y, c)
		}
	}
	return m
}

func upJPEG(tb testing.TB, img image.Image) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

func upPNG(tb testing.TB, img image.Image) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

func upGIF(tb testing.TB, img image.Image) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if err := gif.Encode(&buf, img, nil); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// upTransparentPNG is opaque red on the left half, fully transparent right.
func upTransparentPNG(tb testing.TB) []byte {
	m := image.NewNRGBA(image.Rect(0, 0, 40, 40))
	for y := range 40 {
		for x := range 20 {
			m.SetNRGBA(x, y, color.NRGBA{255, 0, 0, 255})
		}
	}
	return upPNG(tb, m)
}

// upPatchPNGSize rewrites the IHDR width and height of a PNG and fixes the
// chunk CRC, leaving the (small) pixel data as it is.
func upPatchPNGSize(tb testing.TB, p []byte, w, h uint32) []byte {
	tb.Helper()
	if string(p[12:16]) != "IHDR" {
		tb.Fatal("no IHDR")
	}
	p = bytes.Clone(p)
	binary.BigEndian.PutUint32(p[16:], w)
	binary.BigEndian.PutUint32(p[20:], h)
	binary.BigEndian.PutUint32(p[29:], crc32.ChecksumIEEE(p[12:29]))
	return p
}

// upPatchJPEGSize rewrites the frame size in the SOF0 segment.
func upPatchJPEGSize(tb testing.TB, j []byte, w, h uint16) []byte {
	tb.Helper()
	i := bytes.Index(j, []byte{0xff, 0xc0})
	if i < 0 {
		tb.Fatal("no SOF0")
	}
	j = bytes.Clone(j)
	binary.BigEndian.PutUint16(j[i+5:], h)
	binary.BigEndian.PutUint16(j[i+7:], w)
	return j
}

// upWithOrientation inserts an EXIF APP1 segment (big-endian TIFF, IFD0 with
// only the Orientation tag) right after the SOI marker.
func upWithOrientation(j []byte, o uint16) []byte {
	tiff := []byte("MM\x00*\x00\x00\x00\x08" + // header, IFD0 at 8
		"\x00\x01" + // one entry
		"\x01\x12\x00\x03\x00\x00\x00\x01" + // Orientation, SHORT, count 1
		"\x00\x00\x00\x00" + // value (patched below)
		"\x00\x00\x00\x00") // no next IFD
	binary.BigEndian.PutUint16(tiff[18:], o)
	seg := append([]byte("Exif\x00\x00"), tiff...)
	app1 := []byte{0xff, 0xe1, 0, 0}
	binary.BigEndian.PutUint16(app1[2:], uint16(len(seg)+2))
	out := append([]byte{}, j[:2]...)
	out = append(out, app1...)
	out = append(out, seg...)
	return append(out, j[2:]...)
}

func upReq(data []byte) UploadRequest {
	return UploadRequest{
		Disk: "goods", Owner: "utest", Base64: base64.StdEncoding.EncodeToString(data),
		SmallW: 64, SmallH: 64, BigW: 200, BigH: 80,
	}
}

func upKey(err error) string {
	var ue *UploadError
	if errors.As(err, &ue) {
		return ue.Key
	}
	return ""
}

// upCheckStored decodes a stored size, checks it is a w×h JPEG and returns it.
func upCheckStored(t *testing.T, dir string, th Thumb, disk string) image.Image {
	t.Helper()
	name := strings.TrimPrefix(th.URL, "/media/")
	if name == th.URL || !strings.HasPrefix(name, "uploads/"+disk+"/") {
		t.Fatalf("url %q not under /media/uploads/%s/", th.URL, disk)
	}
	raw, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	if ct := http.DetectContentType(raw); ct != "image/jpeg" {
		t.Fatalf("%s: stored type %s", name, ct)
	}
	img, err := jpeg.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if b := img.Bounds(); b.Dx() != th.Width || b.Dy() != th.Height {
		t.Fatalf("%s: %dx%d, want %dx%d", name, b.Dx(), b.Dy(), th.Width, th.Height)
	}
	if bytes.Contains(raw[:min(len(raw), 64)], []byte("Exif")) {
		t.Fatalf("%s: metadata kept", name)
	}
	return img
}

// upNoTemps fails if anything but finished JPEGs is left in dir's tree.
func upNoTemps(t *testing.T, dir string) {
	t.Helper()
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasPrefix(d.Name(), ".tmp-") || !strings.HasSuffix(d.Name(), ".jpg")) {
			t.Errorf("stray file %s", p)
		}
		return nil
	})
}

func upNear(c color.Color, r, g, b uint8) bool {
	cr, cg, cb, _ := c.RGBA()
	d := func(a uint32, b uint8) int { return int(a>>8) - int(b) }
	return upAbs(d(cr, r)) < 40 && upAbs(d(cg, g)) < 40 && upAbs(d(cb, b)) < 40
}

func upAbs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func TestProcessFormats(t *testing.T) {
	pic := upPicture(320, 240)
	tests := []struct {
		name string
		data []byte
		// colour expected at the centre of the small output, if any
		centre *color.RGBA
	}{
		{"jpeg", upJPEG(t, pic), nil},
		{"png", upPNG(t, pic), nil},
		{"png-gray16", upPNG(t, image.NewGray16(image.Rect(0, 0, 30, 50))), &color.RGBA{0, 0, 0, 255}},
		{"png-transparent", upTransparentPNG(t), nil},
		{"gif", upGIF(t, pic), nil},
		{"webp-lossless-transparent", upWebPLossless, &color.RGBA{255, 255, 255, 255}},
		{"webp-lossy", upWebPLossy, &color.RGBA{128, 128, 128, 255}},
		{"webp-alpha", upWebPAlpha, &color.RGBA{255, 255, 255, 255}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			req := upReq(tc.data)
			req.Disk = "avatar"
			up, err := Process(dir, "/media/", req)
			if err != nil {
				t.Fatal(err)
			}
			if id, err := hex.DecodeString(up.ID); err != nil || len(id) != 16 {
				t.Fatalf("id %q", up.ID)
			}
			if want := "/media/uploads/avatar/" + OwnerDir("utest") + "/" + up.ID + "-s.jpg"; up.Small.URL != want {
				t.Fatalf("small url %q, want %q", up.Small.URL, want)
			}
			if want := "/media/uploads/avatar/" + OwnerDir("utest") + "/" + up.ID + "-b.jpg"; up.Big.URL != want {
				t.Fatalf("big url %q, want %q", up.Big.URL, want)
			}
			if up.Small.Width != 64 || up.Small.Height != 64 || up.Big.Width != 200 || up.Big.Height != 80 {
				t.Fatalf("sizes %+v", up)
			}
			small := upCheckStored(t, dir, up.Small, "avatar")
			upCheckStored(t, dir, up.Big, "avatar")
			if c := tc.centre; c != nil && !upNear(small.At(32, 32), c.R, c.G, c.B) {
				t.Fatalf("centre %v, want about %v", small.At(32, 32), *c)
			}
			entries, _ := os.ReadDir(filepath.Join(dir, "uploads", "avatar", OwnerDir("utest")))
			if len(entries) != 2 {
				t.Fatalf("%d files stored, want 2", len(entries))
			}
			upNoTemps(t, dir)
		})
	}
}

func TestProcessTransparencyOnWhite(t *testing.T) {
	// Paletted with a transparent index: red left half, transparent right.
	pal := image.NewPaletted(image.Rect(0, 0, 40, 40), color.Palette{color.Transparent, color.RGBA{255, 0, 0, 255}})
	for y := range 40 {
		for x := range 20 {
			pal.SetColorIndex(x, y, 1)
		}
	}
	deep := image.NewNRGBA64(image.Rect(0, 0, 40, 40)) // 16 bits a channel
	for y := range 40 {
		for x := range 20 {
			deep.SetNRGBA64(x, y, color.NRGBA64{0xffff, 0, 0, 0xffff})
		}
	}
	for name, data := range map[string][]byte{
		"png-nrgba":    upTransparentPNG(t),
		"png-nrgba64":  upPNG(t, deep),
		"png-paletted": upPNG(t, pal),
		"gif":          upGIF(t, pal),
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			req := upReq(data)
			req.SmallW, req.SmallH = 40, 40
			up, err := Process(dir, "/media", req)
			if err != nil {
				t.Fatal(err)
			}
			img := upCheckStored(t, dir, up.Small, "goods")
			if !upNear(img.At(5, 20), 255, 0, 0) || !upNear(img.At(35, 20), 255, 255, 255) {
				t.Fatalf("left %v right %v, want red and white", img.At(5, 20), img.At(35, 20))
			}
		})
	}
}

// upThirds is red, green and blue vertical thirds.
func upThirds(w, h int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := []color.RGBA{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}}[3*x/w]
			m.SetRGBA(x, y, c)
		}
	}
	return m
}

func TestProcessCoverCrop(t *testing.T) {
	thirds := upThirds(600, 200)
	for name, data := range map[string][]byte{"png": upPNG(t, thirds), "jpeg": upJPEG(t, thirds)} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			req := upReq(data)
			req.SmallW, req.SmallH = 50, 50 // square from 3:1: only the green middle
			req.BigW, req.BigH = 600, 40    // 15:1: full width, all three thirds
			up, err := Process(dir, "/media", req)
			if err != nil {
				t.Fatal(err)
			}
			small := upCheckStored(t, dir, up.Small, "goods")
			for _, p := range []image.Point{{1, 1}, {25, 25}, {48, 48}, {1, 48}} {
				if !upNear(small.At(p.X, p.Y), 0, 255, 0) {
					t.Fatalf("small %v = %v, want green", p, small.At(p.X, p.Y))
				}
			}
			big := upCheckStored(t, dir, up.Big, "goods")
			if !upNear(big.At(5, 20), 255, 0, 0) || !upNear(big.At(300, 20), 0, 255, 0) || !upNear(big.At(594, 20), 0, 0, 255) {
				t.Fatalf("big %v %v %v, want red green blue", big.At(5, 20), big.At(300, 20), big.At(594, 20))
			}
		})
	}
}

// TestBoxShrinkYCbCr checks the YCbCr fast path against converting to RGBA
// first, for every chroma subsampling and odd crop offsets.
func TestBoxShrinkYCbCr(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, ratio := range []image.YCbCrSubsampleRatio{
		image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio420,
		image.YCbCrSubsampleRatio440, image.YCbCrSubsampleRatio411, image.YCbCrSubsampleRatio410,
	} {
		full := image.NewYCbCr(image.Rect(0, 0, 203, 151), ratio)
		for y := range 151 {
			for x := range 203 {
				// In gamut, where the colour conversion is affine.
				full.Y[full.YOffset(x, y)] = uint8(70 + (x+y)%100 + rng.IntN(16))
				full.Cb[full.COffset(x, y)] = uint8(128 + (x/9)%2*30 - 15)
				full.Cr[full.COffset(x, y)] = uint8(110 + y/5)
			}
		}
		src := full.SubImage(image.Rect(3, 5, 200, 150)).(*image.YCbCr)
		for _, sz := range [][2]int{{20, 20}, {60, 11}, {9, 40}, {150, 100}} {
			fast := coverScale(src, sz[0], sz[1])
			slow := coverScale(toRGBA(src), sz[0], sz[1])
			var worst int
			for i := range fast.Pix {
				worst = max(worst, upAbs(int(fast.Pix[i])-int(slow.Pix[i])))
			}
			if worst > 3 {
				t.Errorf("%v %v: YCbCr path differs by %d from the RGBA path", ratio, sz, worst)
			}
		}
	}
}

func TestCoverScaleHugeReduction(t *testing.T) {
	// 6300² (within MaxUploadPixels) to 1×1 would use k = 4200 blocks, whose
	// byte sums overflow uint32.
	src := image.NewYCbCr(image.Rect(0, 0, 6300, 6300), image.YCbCrSubsampleRatio420)
	for i := range src.Y {
		src.Y[i] = 250
	}
	for i := range src.Cb {
		src.Cb[i], src.Cr[i] = 128, 128
	}
	got := coverScale(src, 1, 1)
	if c := got.RGBAAt(0, 0); c.R < 245 || c.G < 245 || c.B < 245 {
		t.Fatalf("got %v, want about 250", c)
	}
}

func TestProcessUpscales(t *testing.T) {
	dir := t.TempDir()
	req := upReq(upJPEG(t, upPicture(10, 7)))
	req.BigW, req.BigH = 1000, 900
	up, err := Process(dir, "", req)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(up.Big.URL, "/uploads/goods/"+OwnerDir("utest")+"/") {
		t.Fatalf("url %q", up.Big.URL)
	}
	big, err := os.ReadFile(filepath.Join(dir, "uploads", "goods", OwnerDir("utest"), up.ID+"-b.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(big))
	if err != nil || cfg.Width != 1000 || cfg.Height != 900 {
		t.Fatalf("big %+v %v", cfg, err)
	}
}

func TestProcessOrientation(t *testing.T) {
	// Stored 80×40: red left half, blue right half. Orientation 6 means
	// "rotate 90° clockwise to display": 40×80, red on top, blue below.
	m := image.NewRGBA(image.Rect(0, 0, 80, 40))
	for y := range 40 {
		for x := range 80 {
			c := color.RGBA{255, 0, 0, 255}
			if x >= 40 {
				c = color.RGBA{0, 0, 255, 255}
			}
			m.SetRGBA(x, y, c)
		}
	}
	plain := upJPEG(t, m)
	tests := []struct {
		o               uint16
		top, bottom     [3]uint8
		left, right     [3]uint8
		w, h            int
		checkHorizontal bool
	}{
		{o: 1, w: 80, h: 40, left: [3]uint8{255, 0, 0}, right: [3]uint8{0, 0, 255}, checkHorizontal: true},
		{o: 2, w: 80, h: 40, left: [3]uint8{0, 0, 255}, right: [3]uint8{255, 0, 0}, checkHorizontal: true},
		{o: 6, w: 40, h: 80, top: [3]uint8{255, 0, 0}, bottom: [3]uint8{0, 0, 255}},
		{o: 8, w: 40, h: 80, top: [3]uint8{0, 0, 255}, bottom: [3]uint8{255, 0, 0}},
	}
	for _, tc := range tests {
		data := upWithOrientation(plain, tc.o)
		if got := exifOrientation(data); got != int(tc.o) {
			t.Fatalf("exifOrientation = %d, want %d", got, tc.o)
		}
		dir := t.TempDir()
		req := upReq(data)
		req.SmallW, req.SmallH = tc.w, tc.h
		up, err := Process(dir, "/media", req)
		if err != nil {
			t.Fatal(err)
		}
		img := upCheckStored(t, dir, up.Small, "goods")
		var a, b color.Color
		var wa, wb [3]uint8
		if tc.checkHorizontal {
			a, b, wa, wb = img.At(5, 20), img.At(75, 20), tc.left, tc.right
		} else {
			a, b, wa, wb = img.At(20, 5), img.At(20, 75), tc.top, tc.bottom
		}
		if !upNear(a, wa[0], wa[1], wa[2]) || !upNear(b, wb[0], wb[1], wb[2]) {
			t.Fatalf("orientation %d: got %v %v, want %v %v", tc.o, a, b, wa, wb)
		}
	}
}

func TestProcessEncodings(t *testing.T) {
	p := upPNG(t, upPicture(50, 50))
	std := base64.StdEncoding.EncodeToString(p)
	var wrapped strings.Builder
	for i := 0; i < len(std); i += 76 {
		wrapped.WriteString(std[i:min(i+76, len(std))] + "\r\n")
	}
	tests := []struct {
		name, field, contentType, key string
	}{
		{"raw", std, "", ""},
		{"data-url", "data:image/png;base64," + std, "image/png", ""},
		{"data-url-upper", "DATA:image/PNG;BASE64," + std, "", ""},
		{"data-url-other-image-type", "data:image/jpeg;base64," + std, "", ""},
		{"mime-wrapped", wrapped.String(), "", ""},
		{"unpadded-url-safe", base64.RawURLEncoding.EncodeToString(p), "", ""},
		{"plus-as-space", strings.ReplaceAll(std, "+", " "), "", ""},
		{"claimed-other-image", std, "image/gif", ""},
		{"claimed-with-params", std, "image/png; q=1", ""},
		{"claimed-text", std, "text/plain", KeyImageNotSupported},
		{"claimed-octet-stream", std, "application/octet-stream", KeyImageNotSupported},
		{"data-url-text", "data:text/html;base64," + std, "", KeyImageNotSupported},
		{"data-url-not-base64", "data:image/png," + std, "", KeyImageBadRequest},
		{"data-url-no-comma", "data:image/png;base64" + std, "", KeyImageBadRequest},
		{"data-url-empty", "data:image/png;base64,", "", KeyImageBadRequest},
		{"empty", "", "", KeyImageBadRequest},
		{"blank", " \r\n ", "", KeyImageBadRequest},
		{"not-base64", "!!!!****", "", KeyImageBadRequest},
		{"padding-inside", std[:8] + "=" + std[8:], "", KeyImageBadRequest},
		{"mixed-alphabets", "ab-+" + std, "", KeyImageBadRequest},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := upReq(nil)
			req.Base64, req.ContentType = tc.field, tc.contentType
			_, err := Process(t.TempDir(), "/media", req)
			if tc.key == "" && err != nil {
				t.Fatalf("unexpected error %v", err)
			}
			if got := upKey(err); got != tc.key {
				t.Fatalf("key %q (%v), want %q", got, err, tc.key)
			}
		})
	}
}

func TestProcessRefusesNonImages(t *testing.T) {
	j := upJPEG(t, upPicture(64, 64))
	p := upPNG(t, upPicture(64, 64))
	rnd := make([]byte, 4096)
	rand.NewChaCha8([32]byte{1, 2}).Read(rnd)
	tests := []struct {
		name string
		data []byte
	}{
		{"text", []byte("hello, this is just a text file\n")},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`)},
		{"svg-xml", []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/></svg>`)},
		{"html", []byte(`<!DOCTYPE html><html><body><img src=x onerror=alert(1)></body></html>`)},
		{"pdf", []byte("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n")},
		{"truncated-jpeg", j[:len(j)/2]},
		{"jpeg-header-only", j[:20]},
		{"truncated-png", p[:len(p)-40]},
		{"png-signature-only", p[:8]},
		{"gif-header-only", []byte("GIF89a\x10\x00\x10\x00")},
		{"random", rnd},
		{"zero-size-png", upPatchPNGSize(t, p, 0, 10)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			_, err := Process(dir, "/media", upReq(tc.data))
			if upKey(err) != KeyImageNotSupported {
				t.Fatalf("err %v, want %s", err, KeyImageNotSupported)
			}
			if _, err := os.Stat(filepath.Join(dir, "uploads")); !os.IsNotExist(err) {
				t.Fatal("refused upload created files")
			}
		})
	}
}

func TestProcessBadRequest(t *testing.T) {
	valid := upPNG(t, upPicture(20, 20))
	tests := []struct {
		name string
		edit func(*UploadRequest)
	}{
		{"empty-disk", func(r *UploadRequest) { r.Disk = "" }},
		{"unknown-disk", func(r *UploadRequest) { r.Disk = "banner" }},
		{"disk-case", func(r *UploadRequest) { r.Disk = "Avatar" }},
		{"disk-traversal", func(r *UploadRequest) { r.Disk = "../avatar" }},
		{"disk-slash", func(r *UploadRequest) { r.Disk = "goods/x" }},
		{"small-w-zero", func(r *UploadRequest) { r.SmallW = 0 }},
		{"small-h-negative", func(r *UploadRequest) { r.SmallH = -5 }},
		{"big-w-over", func(r *UploadRequest) { r.BigW = MaxSide + 1 }},
		{"big-h-huge", func(r *UploadRequest) { r.BigH = 1 << 40 }},
		{"quality-over", func(r *UploadRequest) { r.Quality = 101 }},
		{"quality-negative", func(r *UploadRequest) { r.Quality = -1 }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := upReq(valid)
			tc.edit(&req)
			_, err := Process(t.TempDir(), "/media", req)
			if upKey(err) != KeyImageBadRequest {
				t.Fatalf("err %v, want %s", err, KeyImageBadRequest)
			}
		})
	}
	// The limits themselves are fine.
	req := upReq(valid)
	req.SmallW, req.SmallH, req.Quality = 1, 1, 100
	req.BigW, req.BigH = MaxSide, 3
	if _, err := Process(t.TempDir(), "/media", req); err != nil {
		t.Fatal(err)
	}
	req.Quality = 1
	if _, err := Process(t.TempDir(), "/media", req); err != nil {
		t.Fatal(err)
	}
}

// upAllocated runs f and returns the bytes it allocated.
func upAllocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestProcessTooLarge(t *testing.T) {
	limit := base64.StdEncoding.EncodedLen(MaxUploadBytes)
	huge := strings.Repeat("A", 64<<20) // 64 MB field
	tests := []struct {
		name  string
		field string
	}{
		{"just-over", strings.Repeat("A", limit+8)},
		{"just-over-data-url", "data:image/png;base64," + strings.Repeat("A", limit+8)},
		{"huge", huge},
		{"huge-data-url", "data:image/jpeg;base64," + huge[23:]},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := upReq(nil)
			req.Base64 = tc.field
			var err error
			start := time.Now()
			alloc := upAllocated(func() { _, err = Process(t.TempDir(), "/media", req) })
			if upKey(err) != KeyImageTooLarge {
				t.Fatalf("err %v, want %s", err, KeyImageTooLarge)
			}
			if alloc > 1<<20 {
				t.Fatalf("allocated %d bytes before refusing", alloc)
			}
			if d := time.Since(start); d > time.Second {
				t.Fatalf("took %v", d)
			}
		})
	}
	// A real file over the limit (a PNG with trailing junk) is refused too,
	// while one right at the limit passes the size check.
	p := upPNG(t, upPicture(16, 16))
	over := append(bytes.Clone(p), make([]byte, MaxUploadBytes+1-len(p))...)
	if _, err := Process(t.TempDir(), "/media", upReq(over)); upKey(err) != KeyImageTooLarge {
		t.Fatalf("over: err %v, want %s", err, KeyImageTooLarge)
	}
	at := over[:MaxUploadBytes]
	if _, err := Process(t.TempDir(), "/media", upReq(at)); err != nil {
		t.Fatalf("at limit: %v", err)
	}
}

func TestProcessDecompressionBomb(t *testing.T) {
	p := upPNG(t, upPicture(8, 8))
	j := upJPEG(t, upPicture(16, 16))
	g := upGIF(t, upPicture(8, 8))
	bigGIF := bytes.Clone(g)
	binary.LittleEndian.PutUint16(bigGIF[6:], 65535)
	binary.LittleEndian.PutUint16(bigGIF[8:], 65535)
	deep := upPNG(t, image.NewRGBA64(image.Rect(0, 0, 4, 4))) // 16 bits a channel
	tests := []struct {
		name string
		data []byte
	}{
		{"png-50000x50000", upPatchPNGSize(t, p, 50000, 50000)},
		{"png-side-30000", upPatchPNGSize(t, p, 30000, 10)},
		{"png-2^24", upPatchPNGSize(t, p, 1<<24, 1<<24)},
		{"png-just-over", upPatchPNGSize(t, p, 8000, 5001)},
		{"png-16bit-30MP", upPatchPNGSize(t, deep, 6000, 5000)}, // 240 MB decoded
		{"jpeg-60000x60000", upPatchJPEGSize(t, j, 60000, 60000)},
		{"gif-65535x65535", bigGIF},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			start := time.Now()
			alloc := upAllocated(func() { _, err = Process(t.TempDir(), "/media", upReq(tc.data)) })
			if upKey(err) != KeyImageTooManyPixels {
				t.Fatalf("err %v, want %s", err, KeyImageTooManyPixels)
			}
			if alloc > 4<<20 {
				t.Fatalf("allocated %d bytes: pixels were decoded", alloc)
			}
			if d := time.Since(start); d > time.Second {
				t.Fatalf("took %v", d)
			}
		})
	}
}

func TestProcessJPEGScanBomb(t *testing.T) {
	j := upJPEG(t, upPicture(30, 20))
	if n := jpegScans(j, maxJPEGScans); n != 1 {
		t.Fatalf("baseline JPEG: %d scans", n)
	}
	if n := jpegScans(upWithOrientation(j, 6), maxJPEGScans); n != 1 {
		t.Fatalf("baseline JPEG with EXIF: %d scans", n)
	}
	if n := jpegScans(upProgressiveBomb(64, 64, 7), maxJPEGScans); n != 7 {
		t.Fatalf("progressive: %d scans, want 7", n)
	}
	// A few scans decode fine (to flat grey: no DC scan).
	dir := t.TempDir()
	up, err := Process(dir, "/media", upReq(upProgressiveBomb(800, 600, 5)))
	if err != nil {
		t.Fatal(err)
	}
	upCheckStored(t, dir, up.Big, "goods")
	// 5000 scans over 36 MP: ~300 KB that would take the decoder half a
	// minute; refused before decoding.
	bomb := upProgressiveBomb(6000, 6000, 5000)
	start := time.Now()
	_, err = Process(t.TempDir(), "/media", upReq(bomb))
	if upKey(err) != KeyImageNotSupported {
		t.Fatalf("err %v, want %s", err, KeyImageNotSupported)
	}
	if d := time.Since(start); d > time.Second {
		t.Fatalf("took %v", d)
	}
}

func TestProcessDiskErrorIsWrapped(t *testing.T) {
	dir := t.TempDir()
	// A file where the uploads folder should be makes MkdirAll fail.
	if err := os.WriteFile(filepath.Join(dir, "uploads"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Process(dir, "/media", upReq(upPNG(t, upPicture(20, 20))))
	if err == nil || upKey(err) != "" || !strings.Contains(err.Error(), "media:") {
		t.Fatalf("err %v, want a wrapped non-UploadError", err)
	}
	var pe *os.PathError
	if !errors.As(err, &pe) {
		t.Fatalf("err %v does not wrap the cause", err)
	}
}

func TestExifOrientationHostile(t *testing.T) {
	j := upJPEG(t, upPicture(8, 8))
	good := upWithOrientation(j, 3)
	if exifOrientation(good) != 3 {
		t.Fatal("orientation not found")
	}
	// Every truncation and a few corruptions must be handled without panics.
	for n := range len(good) {
		exifOrientation(good[:n])
	}
	for i := 2; i < 40 && i < len(good); i++ {
		bad := bytes.Clone(good)
		bad[i] ^= 0xff
		if o := exifOrientation(bad); o < 1 || o > 8 {
			t.Fatalf("orientation %d", o)
		}
	}
	if exifOrientation(upWithOrientation(j, 9)) != 1 {
		t.Fatal("invalid orientation value accepted")
	}
}

// upPhoto is a 4000×3000 photo-like image (gradients plus noise), so the
// JPEG has realistic entropy.
func upPhoto(tb testing.TB) []byte {
	const w, h = 4000, 3000
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	rng := rand.New(rand.NewPCG(7, 9))
	for y := range h {
		for x := range w {
			n := rng.IntN(24)
			i := m.PixOffset(x, y)
			m.Pix[i] = uint8(x*200/w + n)
			m.Pix[i+1] = uint8(y*200/h + n)
			m.Pix[i+2] = uint8((x+y)*100/(w+h) + (x/97+y/61)%2*80 + n)
			m.Pix[i+3] = 255
		}
	}
	return upJPEG(tb, m)
}

// BenchmarkProcessLarge: a 4000×3000 JPEG to 160×160 and 1200×400.
func BenchmarkProcessLarge(b *testing.B) {
	data := upPhoto(b)
	req := UploadRequest{
		Disk: "goods", Owner: "ubench", Base64: base64.StdEncoding.EncodeToString(data),
		SmallW: 160, SmallH: 160, BigW: 1200, BigH: 400,
	}
	dir := b.TempDir()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Process(dir, "/media", req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeLarge is the share of BenchmarkProcessLarge spent in the
// standard JPEG decoder alone.
func BenchmarkDecodeLarge(b *testing.B) {
	data := upPhoto(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := jpeg.Decode(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

// upProgressiveBomb builds a greyscale progressive JPEG of w×h (multiples of
// 8) whose scans all repeat the AC band 1..63 with nothing but end-of-band
// runs: about 40 bytes a scan, yet each makes the decoder visit every block.
func upProgressiveBomb(w, h, scans int) []byte {
	var b bytes.Buffer
	seg := func(marker byte, payload ...byte) {
		b.Write([]byte{0xff, marker, byte((len(payload) + 2) >> 8), byte(len(payload) + 2)})
		b.Write(payload)
	}
	b.Write([]byte{0xff, 0xd8})
	seg(0xdb, append([]byte{0}, bytes.Repeat([]byte{1}, 64)...)...)          // DQT
	seg(0xc2, 8, byte(h>>8), byte(h), byte(w>>8), byte(w), 1, 1, 0x11, 0)    // SOF2, 1 component
	seg(0xc4, append([]byte{0x00, 1}, append(make([]byte, 15), 0x00)...)...) // DC: one 1-bit code
	seg(0xc4, append([]byte{0x10, 1}, append(make([]byte, 15), 0xe0)...)...) // AC: EOB run 2^14+
	blocks := (w / 8) * (h / 8)
	var bits []byte // one EOB14 code ('0') plus 14 extra bits: a run of 32767 blocks
	for run := 0; run < blocks; run += 32767 {
		bits = append(bits, 0)
		for range 14 {
			bits = append(bits, 1)
		}
	}
	var data []byte
	for i := 0; i < len(bits); i += 8 {
		var v byte
		for j := range 8 {
			v <<= 1
			if i+j >= len(bits) || bits[i+j] == 1 { // pad with ones
				v |= 1
			}
		}
		data = append(data, v)
		if v == 0xff {
			data = append(data, 0) // byte stuffing
		}
	}
	for range scans {
		seg(0xda, 1, 1, 0x00, 1, 63, 0x00) // SOS: component 1, bands 1..63
		b.Write(data)
	}
	b.Write([]byte{0xff, 0xd9})
	return b.Bytes()
}
