package media

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gen2brain/webp"
)

// WebPQuality is the lossy WebP quality. On the demo pictures q80 is about
// a third of the bytes of the q82 JPEG with no visible loss.
const WebPQuality = 80

// webpMethod is libwebp's effort (0 fast .. 6 small); 4 is its default.
const webpMethod = 4

// EncodeWebP writes img as lossy WebP at WebPQuality. The encoder is libwebp
// compiled to WebAssembly (no cgo): the first call compiles it (~1 s).
func EncodeWebP(w io.Writer, img image.Image) error {
	if err := webp.Encode(w, img, webp.Options{Quality: WebPQuality, Method: webpMethod}); err != nil {
		return fmt.Errorf("media: encode webp: %w", err)
	}
	return nil
}

// WarmWebP compiles the encoder, so that the first picture asked for after
// a start does not wait for it (~0.8 s of one core).
func WarmWebP() { webp.Init() }

// OpenWebP maps "demo/<uid>-<l|s|t>.webp", or an upload's name with .webp
// for .jpg, to a file on disk holding the WebP twin of that JPEG, encoded
// on first use and kept next to it. Demo pictures are rendered again from
// their spec (no second lossy step); uploads are decoded from their stored
// JPEG. Invalid names, unknown uids and missing uploads yield ErrNotFound
// before any pixel work. Rendering and encoding run inside gate, shared with
// uploads and search by image, so requests for many new pictures queue
// rather than pile up; concurrent callers for one name share one encode.
func (s *Store) OpenWebP(ctx context.Context, name string, spec func(uid string) (DemoSpec, bool), gate *Gate) (string, error) {
	base, ok := strings.CutSuffix(name, ".webp")
	if !ok {
		return "", ErrNotFound
	}
	find, ok := s.webpSource(base+".jpg", spec)
	if !ok {
		return "", ErrNotFound
	}
	// Safe to join: base+".jpg" passed a name check admitting no traversal.
	path := filepath.Join(s.dir, filepath.FromSlash(base+".webp"))
	if exists(path) {
		return path, nil
	}
	flight := s.group.DoChan(path, func() (any, error) {
		if exists(path) { // a flight that finished after our Stat wrote it
			return nil, nil
		}
		draw, err := find()
		if err != nil {
			return nil, err
		}
		// The encode is shared: the visitor who started it leaving must not
		// fail the others waiting for it (they got a 500 each), so it waits
		// for the gate on its own bounded clock.
		wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), webpWait)
		defer cancel()
		release, err := gate.Enter(wctx)
		if err != nil {
			return nil, fmt.Errorf("media: wait to encode %s: %w", name, err)
		}
		defer release()
		return nil, writeWebP(path, draw)
	})
	select {
	case r := <-flight:
		if r.Err != nil {
			return "", r.Err
		}
		return path, nil
	case <-ctx.Done():
		return "", fmt.Errorf("media: wait for %s: %w", name, ctx.Err())
	}
}

// webpWait bounds how long an encode waits for a decoding slot; past it
// the picture is refused as busy (context.DeadlineExceeded).
const webpWait = 20 * time.Second

// painter makes a picture's pixels: the costly step, run inside the gate.
type painter func() (image.Image, error)

// webpSource checks a JPEG name and returns find, which looks the picture
// up without touching pixels (ErrNotFound if there is none) and returns its
// painter.
func (s *Store) webpSource(jpgName string, spec func(uid string) (DemoSpec, bool)) (find func() (painter, error), ok bool) {
	if IsUploadName(jpgName) {
		src := filepath.Join(s.dir, filepath.FromSlash(jpgName))
		return func() (painter, error) {
			if !exists(src) {
				return nil, ErrNotFound
			}
			return func() (image.Image, error) { return decodeStoredJPEG(src) }, nil
		}, true
	}
	uid, size, ok := parseName(jpgName)
	if !ok {
		return nil, false
	}
	return func() (painter, error) {
		sp, ok := spec(uid)
		if !ok {
			return nil, ErrNotFound
		}
		return func() (image.Image, error) { return RenderDemo(sp, size, size), nil }, nil
	}, true
}

// decodeStoredJPEG decodes an upload's JPEG as written by Process: our own
// output, so no upload defences are needed beyond its MaxSide bound.
func decodeStoredJPEG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("media: open %s: %w", filepath.Base(path), err)
	}
	defer f.Close()
	img, err := jpeg.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("media: decode %s: %w", filepath.Base(path), err)
	}
	return img, nil
}

// writeWebP makes the pixels, encodes them and writes path atomically.
func writeWebP(path string, draw painter) error {
	img, err := draw()
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := EncodeWebP(&buf, img); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("media: %w", err)
	}
	return writeFileAtomic(path, buf.Bytes())
}
