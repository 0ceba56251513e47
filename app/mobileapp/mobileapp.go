// Package mobileapp is what the store says about its native apps: the
// Android APK this server offers for direct download (its version, size and
// SHA-256, read from the file once at start, so the page never states a
// checksum nobody computed), the stores' pages, and the QR code that takes
// a desktop visitor's phone to the download page.
package mobileapp

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
)

// Config is the apps' configuration (app/config): every part may be empty.
type Config struct {
	APKPath     string // the APK file on this server's disk
	APKVersion  string
	PlayURL     string // the Play Store page
	AppStoreURL string // the App Store page
}

// APK is the Android package offered for direct download.
type APK struct {
	Version string `json:"version"`
	Size    int64  `json:"size"`   // bytes
	SHA256  string `json:"sha256"` // hex
	URL     string `json:"url"`    // where this server serves it
	path    string
}

// Apps is what the download pages show. A nil APK and empty store URLs mean
// the app is not available (yet): the pages say so rather than link nowhere.
type Apps struct {
	APK         *APK   `json:"apk,omitempty"`
	PlayURL     string `json:"playUrl,omitempty"`
	AppStoreURL string `json:"appStoreUrl,omitempty"`
}

// APKPrefix is the path the APK is served under.
const APKPrefix = "/download/"

// APKType is the media type of an Android package.
const APKType = "application/vnd.android.package-archive"

// Load reads the APK (when configured) to measure it. A configured file that
// cannot be read, or is not a zip archive as every APK is, stops the start:
// a download page must not offer what is not there.
func Load(c Config) (*Apps, error) {
	a := &Apps{PlayURL: c.PlayURL, AppStoreURL: c.AppStoreURL}
	if c.APKPath == "" {
		return a, nil
	}
	f, err := os.Open(c.APKPath)
	if err != nil {
		return nil, fmt.Errorf("mobileapp: ANDROID_APK: %w", err)
	}
	defer f.Close()
	magic := make([]byte, 4)
	if _, err := io.ReadFull(f, magic); err != nil || string(magic) != "PK\x03\x04" {
		return nil, fmt.Errorf("mobileapp: ANDROID_APK %s is not an APK (a zip archive)", c.APKPath)
	}
	h := sha256.New()
	h.Write(magic)
	n, err := io.Copy(h, f)
	if err != nil {
		return nil, fmt.Errorf("mobileapp: read ANDROID_APK: %w", err)
	}
	a.APK = &APK{Version: c.APKVersion, Size: n + int64(len(magic)), SHA256: hex.EncodeToString(h.Sum(nil)),
		URL: APKPrefix + FileName(c.APKVersion), path: c.APKPath}
	return a, nil
}

// FileName is the name the APK of version is downloaded as.
func FileName(version string) string { return "souk-android-" + version + ".apk" }

// APKFile is the path of the APK on disk when name is its file name (the
// name carries the version, so a download may be cached for good).
func (a *Apps) APKFile(name string) (string, bool) {
	if a == nil || a.APK == nil || name != FileName(a.APK.Version) {
		return "", false
	}
	return a.APK.path, true
}
