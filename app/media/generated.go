package media

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
)

// GeneratedDisk is the upload folder of pictures an image engine made.
const GeneratedDisk = "creation"

// SaveGenerated stores a picture an image engine made the way an upload is
// stored: checked against the upload pixel limit, re-encoded as JPEG
// without metadata in two square sizes (small and big edge), each size
// checked against MaxUploadBytes, written atomically to the owner's folder
// of GeneratedDisk.
func (s *Store) SaveGenerated(ownerUID string, img image.Image, small, big int) (*Uploaded, error) {
	b := img.Bounds()
	if uerr := checkPixels(b.Dx(), b.Dy(), 4, MaxUploadPixels); uerr != nil {
		return nil, uerr
	}
	if small < 1 || big < 1 || small > MaxSide || big > MaxSide {
		return nil, refuse(KeyImageBadRequest, "Output sizes must be 1 to 4096 pixels.")
	}
	src := toRGBA(img)
	sb, err := encodeThumb(src, small, small, 1, DefaultUploadQuality)
	if err != nil {
		return nil, err
	}
	bb, err := encodeThumb(src, big, big, 1, DefaultUploadQuality)
	if err != nil {
		return nil, err
	}
	if len(sb) > MaxUploadBytes || len(bb) > MaxUploadBytes {
		return nil, tooLarge()
	}
	return storeSizes(s.dir, s.prefix, GeneratedDisk, ownerUID, sb, bb,
		UploadRequest{SmallW: small, SmallH: small, BigW: big, BigH: big})
}

// Picture decodes a goods picture by its URL (a demo picture, rendered
// afresh from its spec, or an upload read from disk): the base an image
// engine works from. Any other URL is ErrNotFound.
func (s *Store) Picture(url string, spec func(uid string) (DemoSpec, bool)) (image.Image, error) {
	name, ok := strings.CutPrefix(url, s.prefix+"/")
	if !ok {
		return nil, ErrNotFound
	}
	if IsUploadName(name) {
		p := filepath.Join(s.dir, filepath.FromSlash(name))
		if !exists(p) {
			return nil, ErrNotFound
		}
		return decodeStoredJPEG(p)
	}
	uid, size, ok := parseName(name)
	if !ok {
		return nil, ErrNotFound
	}
	sp, ok := spec(uid)
	if !ok {
		return nil, fmt.Errorf("media: picture %s: %w", uid, ErrNotFound)
	}
	return RenderDemo(sp, size, size), nil
}

// RemoveUpload deletes an uploaded or generated file by its URL (a
// half-made creation's pictures); any other URL is left alone.
func (s *Store) RemoveUpload(url string) {
	name, ok := strings.CutPrefix(url, s.prefix+"/")
	if ok && IsUploadName(name) {
		_ = os.Remove(filepath.Join(s.dir, filepath.FromSlash(name)))
	}
}
