package media

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/image/draw"
	"golang.org/x/image/webp"
)

// Upload limits.
const (
	// MaxUploadBytes caps the decoded file size.
	MaxUploadBytes = 10 << 20
	// MaxUploadPixels caps width*height as declared by the image header, so a
	// small file claiming a huge canvas (decompression bomb) is refused before
	// any pixel memory is allocated.
	MaxUploadPixels = 40_000_000
	// MaxSide caps each requested output side.
	MaxSide = 4096
	// maxDeclaredSide caps each side declared by the image header.
	maxDeclaredSide = 20000
	// maxDecodeBytes caps the memory the decoder may allocate for the pixels
	// (header-declared pixels times bytes per pixel of the decoded model), so
	// 16-bit-per-channel PNGs get half the pixel budget of 8-bit ones.
	maxDecodeBytes = 4 * MaxUploadPixels
	// DefaultUploadQuality is the JPEG quality used when the request has 0.
	DefaultUploadQuality = 85
	// maxDataURLHeader bounds the scan for the comma of a data: URL.
	maxDataURLHeader = 256
	// maxJPEGScans bounds the scans of a (progressive) JPEG. Real files have
	// about 10; a hostile one repeats ~60-byte scans that each make the
	// decoder walk every block (~7 ms at 36 MP): ~20 CPU minutes for 10 MB.
	maxJPEGScans = 100
)

// Message keys of UploadError.
const (
	KeyImageTooLarge      = "ImageTooLarge"
	KeyImageNotSupported  = "ImageNotSupported"
	KeyImageTooManyPixels = "ImageTooManyPixels"
	KeyImageBadRequest    = "ImageBadRequest"
)

// uploadDisks are the accepted UploadRequest.Disk values.
var uploadDisks = map[string]bool{"avatar": true, "background": true, "goods": true, "chat": true}

// UploadRequest is what the handler parsed from
// POST file/imageBase64/uploadCut/{diskName}/{smallW}/{smallH}/{bigW}/{bigH}.
type UploadRequest struct {
	Disk        string // "avatar", "background", "goods" or "chat"; anything else is refused
	Owner       string // the uploader's user uid: files go to the owner's folder (see OwnerDir)
	Base64      string // the image field: raw base64 or a data:image/...;base64, URL
	ContentType string // the client's claim; may differ from the sniffed type only if both are images
	Quality     int    // JPEG quality 1..100; 0 means DefaultUploadQuality

	SmallW, SmallH, BigW, BigH int // output sizes, 1..MaxSide each
}

// Thumb is one stored size of an upload.
type Thumb struct {
	URL    string `json:"url"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// Uploaded is the stored result of Process.
type Uploaded struct {
	ID    string `json:"id"`
	Small Thumb  `json:"small"`
	Big   Thumb  `json:"big"`
}

// UploadError is a refusal of bad input. Key is the catalogue key shown to
// the user (KeyImageTooLarge, KeyImageNotSupported, KeyImageTooManyPixels,
// KeyImageBadRequest; see Err); Message is English detail for logs and tests.
type UploadError struct {
	Key, Message string
}

func (e *UploadError) Error() string { return "media: " + e.Message }

func refuse(key, msg string) *UploadError { return &UploadError{Key: key, Message: msg} }

// Process decodes, validates and re-encodes an upload into the two sizes,
// cover-cropped to exactly SmallW×SmallH and BigW×BigH, as JPEGs without any
// metadata. They are written atomically to
// dir/uploads/<disk>/<OwnerDir(owner)>/<id>-s.jpg and <id>-b.jpg and named
// under urlPrefix (e.g. "/media"). Bad input yields an *UploadError;
// anything else (disk full, ...) is a wrapped error.
func Process(dir, urlPrefix string, req UploadRequest) (*Uploaded, error) {
	quality, uerr := checkRequest(&req)
	if uerr != nil {
		return nil, uerr
	}
	data, claim, uerr := decodeField(req.Base64)
	if uerr != nil {
		return nil, uerr
	}
	sniffed := http.DetectContentType(data[:min(len(data), 512)])
	dec, ok := uploadDecoders[sniffed]
	if !ok {
		return nil, refuse(KeyImageNotSupported, "Only JPEG, PNG, GIF and WebP images are supported.")
	}
	for _, c := range []string{claim, req.ContentType} {
		if !claimOK(c, sniffed) {
			return nil, refuse(KeyImageNotSupported, "The file is not the image type it claims to be.")
		}
	}
	img, uerr := decodeImage(dec, data, MaxUploadPixels)
	if uerr != nil {
		return nil, uerr
	}
	orient := 1
	if sniffed == "image/jpeg" {
		orient = exifOrientation(data)
	}

	// JPEG and lossy WebP stay in YCbCr: each size reads only its crop, and no
	// full-resolution RGBA copy is made. Everything else becomes opaque RGBA.
	src := img
	if _, ok := img.(*image.YCbCr); !ok {
		src = toRGBA(img)
	}
	small, err := encodeThumb(src, req.SmallW, req.SmallH, orient, quality)
	if err != nil {
		return nil, err
	}
	big, err := encodeThumb(src, req.BigW, req.BigH, orient, quality)
	if err != nil {
		return nil, err
	}

	return storeSizes(dir, urlPrefix, req.Disk, req.Owner, small, big, req)
}

// storeSizes writes the two encoded sizes of one picture atomically under
// dir/uploads/<disk>/<OwnerDir(owner)>/ and names them under urlPrefix.
func storeSizes(dir, urlPrefix, disk, ownerUID string, small, big []byte, req UploadRequest) (*Uploaded, error) {
	id, err := newUploadID()
	if err != nil {
		return nil, err
	}
	owner := OwnerDir(ownerUID)
	folder := filepath.Join(dir, "uploads", disk, owner)
	if err := os.MkdirAll(folder, 0o755); err != nil {
		return nil, fmt.Errorf("media: upload dir: %w", err)
	}
	smallPath := filepath.Join(folder, id+"-s.jpg")
	if err := writeFileAtomic(smallPath, small); err != nil {
		return nil, err
	}
	if err := writeFileAtomic(filepath.Join(folder, id+"-b.jpg"), big); err != nil {
		os.Remove(smallPath)
		return nil, err
	}
	base := strings.TrimRight(urlPrefix, "/") + "/uploads/" + disk + "/" + owner + "/" + id
	return &Uploaded{
		ID:    id,
		Small: Thumb{URL: base + "-s.jpg", Width: req.SmallW, Height: req.SmallH},
		Big:   Thumb{URL: base + "-b.jpg", Width: req.BigW, Height: req.BigH},
	}, nil
}

// checkRequest validates everything but the image and returns the quality.
func checkRequest(req *UploadRequest) (int, *UploadError) {
	if !uploadDisks[req.Disk] {
		return 0, refuse(KeyImageBadRequest, "Unknown upload kind.")
	}
	if req.Owner == "" {
		return 0, refuse(KeyImageBadRequest, "An upload needs an owner.")
	}
	for _, side := range []int{req.SmallW, req.SmallH, req.BigW, req.BigH} {
		if side < 1 || side > MaxSide {
			return 0, refuse(KeyImageBadRequest, fmt.Sprintf("Image sizes must be between 1 and %d pixels.", MaxSide))
		}
	}
	switch q := req.Quality; {
	case q == 0:
		return DefaultUploadQuality, nil
	case q < 1 || q > 100:
		return 0, refuse(KeyImageBadRequest, "Quality must be between 1 and 100.")
	default:
		return q, nil
	}
}

// decodeField strips an optional data: URL header (returning its media type
// as a claim) and decodes the base64 payload. The size limit is checked on the
// encoded length first, so an oversized field is refused without allocating.
func decodeField(field string) (data []byte, claim string, uerr *UploadError) {
	s := strings.TrimSpace(field)
	if len(s) >= 5 && strings.EqualFold(s[:5], "data:") {
		comma := strings.IndexByte(s[:min(len(s), maxDataURLHeader)], ',')
		if comma < 0 {
			return nil, "", refuse(KeyImageBadRequest, "The image field is not a valid data URL.")
		}
		params := strings.Split(s[5:comma], ";")
		if len(params) < 2 || !strings.EqualFold(strings.TrimSpace(params[len(params)-1]), "base64") {
			return nil, "", refuse(KeyImageBadRequest, "The image data URL must be base64-encoded.")
		}
		claim, s = params[0], s[comma+1:]
	}
	// Line breaks are tolerated, so allow some slack before counting.
	maxEncoded := base64.StdEncoding.EncodedLen(MaxUploadBytes)
	if len(s) > 2*maxEncoded {
		return nil, claim, tooLarge()
	}
	// Payload characters, without line breaks and padding.
	n := len(s) - strings.Count(s, "\r") - strings.Count(s, "\n") - strings.Count(s, "\t") - strings.Count(s, "=")
	if n*6/8 > MaxUploadBytes {
		return nil, claim, tooLarge()
	}
	if n == 0 {
		return nil, claim, refuse(KeyImageBadRequest, "The image is empty.")
	}
	urlSafe := strings.ContainsAny(s, "-_")
	var buf []byte
	if !strings.ContainsAny(s, "\r\n\t ") {
		buf = []byte(s)
	} else {
		// Drop line breaks and accept '+' turned into ' ' by a client that
		// forgot to escape it in a form body.
		buf = make([]byte, 0, len(s))
		for i := 0; i < len(s); i++ {
			switch c := s[i]; c {
			case '\r', '\n', '\t':
			case ' ':
				buf = append(buf, '+')
			default:
				buf = append(buf, c)
			}
		}
	}
	buf = bytes.TrimRight(buf, "=")
	enc := base64.RawStdEncoding
	if urlSafe {
		enc = base64.RawURLEncoding
	}
	out := make([]byte, enc.DecodedLen(len(buf)))
	m, err := enc.Decode(out, buf)
	if err != nil {
		return nil, claim, refuse(KeyImageBadRequest, "The image field is not valid base64.")
	}
	return out[:m], claim, nil
}

func tooLarge() *UploadError {
	return refuse(KeyImageTooLarge, fmt.Sprintf("The image is larger than %d MB.", MaxUploadBytes>>20))
}

// claimOK reports whether a client's claimed media type is acceptable for
// the sniffed one: empty, equal, or both images (the sniffed type wins).
func claimOK(claim, sniffed string) bool {
	mt, _, _ := strings.Cut(claim, ";")
	mt = strings.ToLower(strings.TrimSpace(mt))
	return mt == "" || mt == sniffed || strings.HasPrefix(mt, "image/")
}

type uploadDecoder struct {
	config func([]byte) (image.Config, error)
	decode func([]byte) (image.Image, error)
	check  func([]byte) *UploadError // optional, before decoding the pixels
}

// uploadDecoders maps the sniffed types we accept to their decoders; using
// them directly (not image.Decode) keeps the format fixed by the sniff.
var uploadDecoders = map[string]uploadDecoder{
	"image/jpeg": {
		func(b []byte) (image.Config, error) { return jpeg.DecodeConfig(bytes.NewReader(b)) },
		func(b []byte) (image.Image, error) { return jpeg.Decode(bytes.NewReader(b)) },
		func(b []byte) *UploadError {
			if jpegScans(b, maxJPEGScans) > maxJPEGScans {
				return refuse(KeyImageNotSupported, "The JPEG has too many progressive scans; please save it again.")
			}
			return nil
		},
	},
	"image/png": {
		func(b []byte) (image.Config, error) { return png.DecodeConfig(bytes.NewReader(b)) },
		func(b []byte) (image.Image, error) { return png.Decode(bytes.NewReader(b)) },
		nil,
	},
	"image/gif": { // the first frame only
		func(b []byte) (image.Config, error) { return gif.DecodeConfig(bytes.NewReader(b)) },
		func(b []byte) (image.Image, error) { return gif.Decode(bytes.NewReader(b)) },
		nil,
	},
	"image/webp": {
		func(b []byte) (image.Config, error) { return webp.DecodeConfig(bytes.NewReader(b)) },
		func(b []byte) (image.Image, error) { return webp.Decode(bytes.NewReader(b)) },
		nil,
	},
}

// decodeImage checks the header-declared size against maxPixels before
// decoding the pixels. Decoder panics on hostile input are turned into
// refusals.
func decodeImage(dec uploadDecoder, data []byte, maxPixels int64) (img image.Image, uerr *UploadError) {
	notSupported := refuse(KeyImageNotSupported, "The image could not be read.")
	defer func() {
		if recover() != nil {
			img, uerr = nil, notSupported
		}
	}()
	cfg, err := dec.config(data)
	if err != nil {
		return nil, notSupported
	}
	if uerr := checkPixels(cfg.Width, cfg.Height, bytesPerPixel(cfg), maxPixels); uerr != nil {
		return nil, uerr
	}
	if dec.check != nil {
		if uerr := dec.check(data); uerr != nil {
			return nil, uerr
		}
	}
	img, err = dec.decode(data)
	if err != nil {
		return nil, notSupported
	}
	b := img.Bounds()
	if uerr := checkPixels(b.Dx(), b.Dy(), 0, maxPixels); uerr != nil {
		return nil, uerr
	}
	return img, nil
}

func checkPixels(w, h, bpp int, maxPixels int64) *UploadError {
	if w < 1 || h < 1 {
		return refuse(KeyImageNotSupported, "The image is empty.")
	}
	px := int64(w) * int64(h)
	if maxPixels < MaxUploadPixels && px > maxPixels {
		return refuse(KeyImageSearchTooManyPixels, fmt.Sprintf("The picture has too many pixels to search with (at most %d megapixels).", maxPixels/1_000_000))
	}
	if w > maxDeclaredSide || h > maxDeclaredSide || px > MaxUploadPixels || px*int64(bpp) > maxDecodeBytes {
		return refuse(KeyImageTooManyPixels, fmt.Sprintf("The image has too many pixels (at most %d megapixels, %d pixels a side).",
			MaxUploadPixels/1_000_000, maxDeclaredSide))
	}
	return nil
}

// bytesPerPixel estimates what the decoder allocates per pixel.
func bytesPerPixel(cfg image.Config) int {
	switch m := cfg.ColorModel; m.(type) {
	case color.Palette:
		return 1
	default:
		switch m {
		case color.GrayModel:
			return 1
		case color.Gray16Model:
			return 2
		case color.RGBA64Model, color.NRGBA64Model:
			return 8
		}
		return 4 // RGBA, NRGBA, CMYK, YCbCr (at most 3 with 4:4:4) ...
	}
}

// toRGBA returns img as an opaque RGBA image, transparency flattened onto
// white (JPEG has no alpha). *image.RGBA and *image.NRGBA are converted in
// place, sparing a second full-size copy; others are copied.
func toRGBA(img image.Image) *image.RGBA {
	switch m := img.(type) {
	case *image.RGBA:
		flattenPremultiplied(m.Pix)
		return m
	case *image.NRGBA:
		for i := 0; i+3 < len(m.Pix); i += 4 {
			p := m.Pix[i : i+4 : i+4]
			if a := p[3]; a != 0xff {
				for c := range 3 {
					p[c] = uint8((uint32(p[c])*uint32(a)+127)/255) + 0xff - a
				}
				p[3] = 0xff
			}
		}
		return &image.RGBA{Pix: m.Pix, Stride: m.Stride, Rect: m.Rect}
	}
	b := img.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	switch m := img.(type) {
	case *image.Paletted:
		var lut [256][4]uint8
		for i := range lut {
			lut[i] = [4]uint8{0, 0, 0, 0xff} // what image/png uses past the palette
			if i < len(m.Palette) && m.Palette[i] != nil {
				r, g, b, a := m.Palette[i].RGBA()
				lut[i] = [4]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
				flattenPremultiplied(lut[i][:])
			}
		}
		for y := 0; y < b.Dy(); y++ {
			src := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):][:b.Dx()]
			row := dst.Pix[y*dst.Stride:][:4*b.Dx()]
			for x, idx := range src {
				copy(row[4*x:4*x+4], lut[idx][:])
			}
		}
		return dst
	case *image.NYCbCrA:
		draw.Draw(dst, dst.Bounds(), &m.YCbCr, b.Min, draw.Src)
		for y := 0; y < b.Dy(); y++ {
			alpha := m.A[m.AOffset(b.Min.X, b.Min.Y+y):][:b.Dx()]
			row := dst.Pix[y*dst.Stride:][:4*b.Dx()]
			for x, a := range alpha {
				if a == 0xff {
					continue
				}
				p := row[4*x : 4*x+4]
				for c := range 3 {
					p[c] = uint8((uint32(p[c])*uint32(a)+127)/255) + 0xff - a
				}
			}
		}
		return dst
	}
	draw.Draw(dst, dst.Bounds(), img, b.Min, draw.Src)
	switch img.(type) {
	case *image.YCbCr, *image.Gray, *image.Gray16, *image.CMYK:
		return dst // always opaque
	}
	flattenPremultiplied(dst.Pix)
	return dst
}

// flattenPremultiplied puts premultiplied RGBA pixels over white:
// c' = c + (255 - a).
func flattenPremultiplied(pix []uint8) {
	for i := 0; i+3 < len(pix); i += 4 {
		p := pix[i : i+4 : i+4]
		if w := 0xff - p[3]; w != 0 {
			p[0] = uint8(min(int(p[0])+int(w), 0xff)) // saturate: input may not be premultiplied
			p[1] = uint8(min(int(p[1])+int(w), 0xff))
			p[2] = uint8(min(int(p[2])+int(w), 0xff))
			p[3] = 0xff
		}
	}
}

// encodeThumb cover-crops src (*image.RGBA or *image.YCbCr) to w×h as
// displayed after the EXIF orientation and encodes it as JPEG.
func encodeThumb(src image.Image, w, h, orient, quality int) ([]byte, error) {
	rw, rh := w, h
	if orient >= 5 { // rotated by 90°: crop the stored image transposed
		rw, rh = h, w
	}
	t := coverScale(src, rw, rh)
	if orient > 1 {
		t = applyOrientation(t, orient)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, t, &jpeg.Options{Quality: quality}); err != nil {
		return nil, fmt.Errorf("media: encode upload %dx%d: %w", w, h, err)
	}
	return buf.Bytes(), nil
}

const (
	// boxGap is the smallest reduction left to Catmull-Rom after the box filter.
	boxGap = 1.5
	// maxBox bounds the box side so that uint32 sums of k·k bytes never overflow.
	maxBox = 1024
)

// coverScale scales src (*image.RGBA or *image.YCbCr) so it covers w×h and
// centre-crops it to exactly w×h. Large reductions first average k×k blocks
// (a cheap area-average prefilter) down to boxGap to 2·boxGap times the
// target, then Catmull-Rom does the remaining fraction.
func coverScale(src image.Image, w, h int) *image.RGBA {
	b := src.Bounds()
	sw, sh := b.Dx(), b.Dy()
	cw, ch := sw, sh
	if int64(sw)*int64(h) > int64(sh)*int64(w) { // wider than the target: crop the sides
		cw = int((int64(sh)*int64(w) + int64(h)/2) / int64(h))
	} else {
		ch = int((int64(sw)*int64(h) + int64(w)/2) / int64(w))
	}
	cw, ch = max(cw, 1), max(ch, 1)
	k := min(int(min(float64(cw)/float64(w), float64(ch)/float64(h))/boxGap), maxBox)
	if k >= 2 {
		cw -= cw % k
		ch -= ch % k
	}
	x0, y0 := b.Min.X+(sw-cw)/2, b.Min.Y+(sh-ch)/2
	crop := image.Rect(x0, y0, x0+cw, y0+ch)
	var mid *image.RGBA
	switch s := src.(type) {
	case *image.YCbCr:
		if k >= 2 {
			mid = boxShrinkYCbCr(s, crop, k)
		} else {
			mid = toRGBA(s.SubImage(crop))
		}
	case *image.RGBA:
		mid = s.SubImage(crop).(*image.RGBA)
		if k >= 2 {
			mid = boxShrink(mid, k)
		}
	default:
		mid = toRGBA(src) // not reached: Process passes only the two above
		return coverScale(mid, w, h)
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(dst, dst.Bounds(), mid, mid.Bounds(), draw.Src, nil)
	return dst
}

// boxShrink averages k×k blocks of src, whose sides are multiples of k.
func boxShrink(src *image.RGBA, k int) *image.RGBA {
	b := src.Bounds()
	dw, dh := b.Dx()/k, b.Dy()/k
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	sum := make([]uint32, 4*dw)
	area := uint32(k * k)
	for dy := range dh {
		clear(sum)
		for j := range k {
			row := src.Pix[src.PixOffset(b.Min.X, b.Min.Y+dy*k+j):][:4*dw*k]
			for dx := range dw {
				s := sum[4*dx : 4*dx+4 : 4*dx+4]
				px := row[4*dx*k : 4*(dx+1)*k]
				for i := 0; i < len(px); i += 4 {
					s[0] += uint32(px[i])
					s[1] += uint32(px[i+1])
					s[2] += uint32(px[i+2])
					s[3] += uint32(px[i+3])
				}
			}
		}
		out := dst.Pix[dy*dst.Stride:][:4*dw]
		for i, v := range sum {
			out[i] = uint8((v + area/2) / area)
		}
	}
	return dst
}

// boxShrinkYCbCr averages k×k blocks of the rectangle r (sides multiples of
// k) of src and converts them to RGB. Averaging before the (affine) colour
// conversion equals averaging after it, and reads a third of the bytes.
func boxShrinkYCbCr(src *image.YCbCr, r image.Rectangle, k int) *image.RGBA {
	dw, dh := r.Dx()/k, r.Dy()/k
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	sx, sy := chromaStep(src.SubsampleRatio)
	ys := make([]uint32, dw)
	area := uint32(k * k)
	// Column sums of the chroma samples under the crop, one row of blocks
	// at a time: columns c0 .. c0+cw-1 relative to the chroma origin.
	cx := src.Rect.Min.X / sx
	c0 := r.Min.X/sx - cx
	cw := (r.Max.X-1)/sx - cx - c0 + 1
	cbs, crs := make([]uint32, cw), make([]uint32, cw)
	for dy := range dh {
		clear(ys)
		top := r.Min.Y + dy*k
		for j := range k {
			row := src.Y[src.YOffset(r.Min.X, top+j):][:dw*k]
			for dx := range ys {
				var s uint32
				for _, v := range row[dx*k : dx*k+k] {
					s += uint32(v)
				}
				ys[dx] += s
			}
		}
		// Chroma samples under the block rows, weighted by their overlap
		// with the rows (as DrawYCbCr, a chroma sample covers sx×sy pixels).
		clear(cbs)
		clear(crs)
		for c := top / sy; c <= (top+k-1)/sy; c++ {
			w := uint32(min(top+k, (c+1)*sy) - max(top, c*sy))
			off := (c-src.Rect.Min.Y/sy)*src.CStride + c0
			rowCb, rowCr := src.Cb[off:][:len(cbs)], src.Cr[off:][:len(crs)]
			for i := range cbs {
				cbs[i] += w * uint32(rowCb[i])
				crs[i] += w * uint32(rowCr[i])
			}
		}
		out := dst.Pix[dy*dst.Stride:][:4*dw]
		for dx := range dw {
			left := r.Min.X + dx*k
			var cb, cr uint32
			for c := left / sx; c <= (left+k-1)/sx; c++ {
				w := uint32(min(left+k, (c+1)*sx) - max(left, c*sx))
				cb += w * cbs[c-cx-c0]
				cr += w * crs[c-cx-c0]
			}
			R, G, B := color.YCbCrToRGB(uint8((ys[dx]+area/2)/area), uint8((cb+area/2)/area), uint8((cr+area/2)/area))
			p := out[4*dx : 4*dx+4 : 4*dx+4]
			p[0], p[1], p[2], p[3] = R, G, B, 0xff
		}
	}
	return dst
}

// chromaStep returns how many luma columns and rows share a chroma sample.
func chromaStep(r image.YCbCrSubsampleRatio) (sx, sy int) {
	switch r {
	case image.YCbCrSubsampleRatio422:
		return 2, 1
	case image.YCbCrSubsampleRatio420:
		return 2, 2
	case image.YCbCrSubsampleRatio440:
		return 1, 2
	case image.YCbCrSubsampleRatio411:
		return 4, 1
	case image.YCbCrSubsampleRatio410:
		return 4, 2
	default:
		return 1, 1
	}
}

// applyOrientation turns a stored image into its displayed form for EXIF
// orientation o (2..8); 5..8 swap the sides.
func applyOrientation(m *image.RGBA, o int) *image.RGBA {
	sw, sh := m.Bounds().Dx(), m.Bounds().Dy()
	w, h := sw, sh
	if o >= 5 {
		w, h = sh, sw
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			var sx, sy int
			switch o {
			case 2:
				sx, sy = w-1-x, y
			case 3:
				sx, sy = w-1-x, h-1-y
			case 4:
				sx, sy = x, h-1-y
			case 5:
				sx, sy = y, x
			case 6:
				sx, sy = y, w-1-x
			case 7:
				sx, sy = h-1-y, w-1-x
			case 8:
				sx, sy = h-1-y, x
			default:
				sx, sy = x, y
			}
			copy(dst.Pix[dst.PixOffset(x, y):][:4], m.Pix[m.PixOffset(sx, sy):][:4])
		}
	}
	return dst
}

// exifOrientation returns the EXIF orientation (1..8) of a JPEG, 1 if absent.
// Only the segments before the first scan are looked at.
func exifOrientation(data []byte) int {
	if len(data) < 4 || data[0] != 0xff || data[1] != 0xd8 {
		return 1
	}
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xff {
			return 1
		}
		marker := data[i+1]
		switch {
		case marker == 0xff: // fill byte
			i++
			continue
		case marker == 0x01 || marker >= 0xd0 && marker <= 0xd8: // no length
			i += 2
			continue
		case marker == 0xda || marker == 0xd9: // start of scan, end of image
			return 1
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			return 1
		}
		seg := data[i+4 : i+2+n]
		if marker == 0xe1 && bytes.HasPrefix(seg, []byte("Exif\x00\x00")) {
			if o := tiffOrientation(seg[6:]); o != 0 {
				return o
			}
		}
		i += 2 + n
	}
	return 1
}

// jpegScans counts the start-of-scan markers of a JPEG, walking the marker
// segments and skipping entropy-coded data, and stops once past limit.
func jpegScans(data []byte, limit int) int {
	n := 0
	for i := 2; i+1 < len(data); {
		if data[i] != 0xff { // entropy-coded data: on to the next 0xFF
			j := bytes.IndexByte(data[i:], 0xff)
			if j < 0 {
				break
			}
			i += j
			continue
		}
		switch m := data[i+1]; {
		case m == 0xff: // fill byte
			i++
			continue
		case m == 0x00 || m == 0x01 || m >= 0xd0 && m <= 0xd8: // stuffed 0xFF, TEM, RSTn, SOI
			i += 2
			continue
		case m == 0xd9: // end of image
			return n
		case m == 0xda:
			if n++; n > limit {
				return n
			}
		}
		if i+4 > len(data) {
			break
		}
		size := int(binary.BigEndian.Uint16(data[i+2:]))
		if size < 2 {
			break
		}
		i += 2 + size
	}
	return n
}

// tiffOrientation reads tag 0x0112 of IFD0 of an EXIF TIFF block; 0 if none.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 0
	}
	var bo binary.ByteOrder
	switch string(t[:4]) {
	case "II*\x00":
		bo = binary.LittleEndian
	case "MM\x00*":
		bo = binary.BigEndian
	default:
		return 0
	}
	off := uint64(bo.Uint32(t[4:]))
	if off+2 > uint64(len(t)) {
		return 0
	}
	n := int(bo.Uint16(t[off:]))
	entries := t[off+2:]
	for k := 0; k < n && 12*k+12 <= len(entries); k++ {
		e := entries[12*k : 12*k+12]
		if bo.Uint16(e) != 0x0112 {
			continue
		}
		if bo.Uint16(e[2:]) != 3 { // SHORT
			return 0
		}
		if v := bo.Uint16(e[8:]); v >= 1 && v <= 8 {
			return int(v)
		}
		return 0
	}
	return 0
}

func newUploadID() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("media: upload id: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// writeFileAtomic writes a temp file next to path and renames it, so readers
// never observe a half-written file; the temp file is removed on failure.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return fmt.Errorf("media: write %s: %w", filepath.Base(path), err)
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("media: write %s: %w", filepath.Base(path), err)
	}
	return nil
}
