package mobileapp

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"time"
)

// stamp tells one version of a file from another without reading it.
type stamp struct {
	size int64
	mod  time.Time
}

func stampOf(path string) (stamp, error) {
	st, err := os.Stat(path)
	if err != nil {
		return stamp{}, err
	}
	return stamp{st.Size(), st.ModTime()}, nil
}

// measure reads the APK for its size and SHA-256. A file that changes while
// it is read (being copied in place) is refused: its facts are no one's.
func measure(c Config) (*APK, stamp, error) {
	f, err := os.Open(c.APKPath)
	if err != nil {
		return nil, stamp{}, wrap(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, stamp{}, wrap(err)
	}
	before := stamp{st.Size(), st.ModTime()}
	magic := make([]byte, 4)
	if _, err := io.ReadFull(f, magic); err != nil || string(magic) != "PK\x03\x04" {
		return nil, before, fmt.Errorf("mobileapp: ANDROID_APK %s is not an APK (a zip archive)", c.APKPath)
	}
	h := sha256.New()
	h.Write(magic)
	n, err := io.Copy(h, f)
	if err != nil {
		return nil, before, wrap(err)
	}
	if after, err := stampOf(c.APKPath); err != nil || after != before || n+int64(len(magic)) != before.size {
		return nil, stamp{}, fmt.Errorf("mobileapp: ANDROID_APK %s changed while it was read", c.APKPath)
	}
	return &APK{Version: c.APKVersion, Size: before.size, SHA256: hex.EncodeToString(h.Sum(nil)),
		URL: APKPrefix + FileName(c.APKVersion), path: c.APKPath}, before, nil
}
