package media

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sync/singleflight"
)

// Square edge lengths of the three stored sizes.
const (
	LargeSize = 800
	SmallSize = 400
	TinySize  = 160
	// JPEGQuality balances size (~30-60 KB large) against visible artefacts.
	JPEGQuality = 82
	maxUIDLen   = 128
)

// ErrNotFound reports an invalid file name or a uid the spec func rejects.
var ErrNotFound = errors.New("media: not found")

// Sizes holds the URLs and pixel sizes of one product's demo photo.
type Sizes struct {
	LargeURL       string
	LargeW, LargeH int
	SmallURL       string
	SmallW, SmallH int
	TinyURL        string
	TinyW, TinyH   int
}

// Store renders demo photos lazily into dir and names them under urlPrefix.
type Store struct {
	dir, prefix string
	group       singleflight.Group
}

// NewStore returns a store writing to dir (e.g. DATA_DIR/media) whose files
// are served under urlPrefix (e.g. "/media").
func NewStore(dir, urlPrefix string) *Store {
	return &Store{dir: dir, prefix: strings.TrimRight(urlPrefix, "/")}
}

// DemoSizes returns the URLs for uid's demo photo. Nothing is rendered: files
// are produced on first request through Open.
func (s *Store) DemoSizes(uid string) Sizes {
	base := s.prefix + "/demo/" + uid
	return Sizes{
		LargeURL: base + "-l.jpg", LargeW: LargeSize, LargeH: LargeSize,
		SmallURL: base + "-s.jpg", SmallW: SmallSize, SmallH: SmallSize,
		TinyURL: base + "-t.jpg", TinyW: TinySize, TinyH: TinySize,
	}
}

// Open maps a request name such as "demo/<uid>-s.jpg" to a file on disk,
// rendering it from spec(uid) on first use. Concurrent callers for the same
// name share one render. Invalid names and unknown uids yield ErrNotFound.
func (s *Store) Open(name string, spec func(uid string) (DemoSpec, bool)) (string, error) {
	uid, size, ok := parseName(name)
	if !ok {
		return "", ErrNotFound
	}
	// Safe to join: parseName admits only "demo/" plus [A-Za-z0-9_-.] chars.
	path := filepath.Join(s.dir, filepath.FromSlash(name))
	if exists(path) {
		return path, nil
	}
	_, err, _ := s.group.Do(path, func() (any, error) {
		// Re-check: a flight that finished after our Stat already wrote it.
		if exists(path) {
			return nil, nil
		}
		sp, ok := spec(uid)
		if !ok {
			return nil, ErrNotFound
		}
		return nil, writeJPEG(path, RenderDemo(sp, size, size))
	})
	if err != nil {
		return "", err
	}
	return path, nil
}

// parseName accepts exactly "demo/<uid>-<l|s|t>.jpg" with uid made of
// [A-Za-z0-9_-]; anything else (slashes, dots, traversal) is rejected.
func parseName(name string) (uid string, size int, ok bool) {
	rest, found := strings.CutPrefix(name, "demo/")
	if !found {
		return "", 0, false
	}
	rest, found = strings.CutSuffix(rest, ".jpg")
	if !found || len(rest) < 3 || rest[len(rest)-2] != '-' {
		return "", 0, false
	}
	switch rest[len(rest)-1] {
	case 'l':
		size = LargeSize
	case 's':
		size = SmallSize
	case 't':
		size = TinySize
	default:
		return "", 0, false
	}
	uid = rest[:len(rest)-2]
	return uid, size, validUID(uid)
}

func validUID(uid string) bool {
	if uid == "" || len(uid) > maxUIDLen {
		return false
	}
	for _, r := range uid {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-'
		if !ok {
			return false
		}
	}
	return true
}

func exists(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// EncodeJPEG writes img at the store's quality; exported for callers that
// stream renders without touching disk.
func EncodeJPEG(w io.Writer, img image.Image) error {
	return jpeg.Encode(w, img, &jpeg.Options{Quality: JPEGQuality})
}

// writeJPEG encodes in memory, then writes a temp file in the target dir and
// renames it, so readers never observe a half-written photo.
func writeJPEG(path string, img image.Image) error {
	var buf bytes.Buffer
	if err := EncodeJPEG(&buf, img); err != nil {
		return fmt.Errorf("media: encode: %w", err)
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("media: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".tmp-*.jpg")
	if err != nil {
		return fmt.Errorf("media: %w", err)
	}
	_, err = tmp.Write(buf.Bytes())
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
		return fmt.Errorf("media: write %s: %w", path, err)
	}
	return nil
}
