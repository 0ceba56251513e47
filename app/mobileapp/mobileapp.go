// Package mobileapp is what the store says about its native apps: the
// Android APK this server offers for direct download (its version, size and
// SHA-256, measured from the file, so the page never states a checksum
// nobody computed), the stores' pages, and the QR code that takes a desktop
// visitor's phone to the download page.
package mobileapp

import (
	"errors"
	"fmt"
	"sync"
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
// APKUnreadable says an APK is configured but its file cannot be read now
// (removed, or being replaced): there is nothing to offer until it can.
type Apps struct {
	APK           *APK   `json:"apk,omitempty"`
	PlayURL       string `json:"playUrl,omitempty"`
	AppStoreURL   string `json:"appStoreUrl,omitempty"`
	APKUnreadable bool   `json:"apkUnreadable,omitempty"`
}

// APKPrefix is the path the APK is served under.
const APKPrefix = "/download/"

// APKType is the media type of an Android package.
const APKType = "application/vnd.android.package-archive"

// ErrUnreadable is Current's error while the configured APK cannot be read.
var ErrUnreadable = errors.New("mobileapp: the configured APK cannot be read")

// Service keeps what the pages show in step with the APK file: each look
// compares the file's size and modification time with those of the file
// measured, and measures it again when they differ (once, however many
// look at the same time). Safe for concurrent use.
type Service struct {
	c Config
	// OnChange is called after what Current answers changed (the pages
	// showing it must be rendered again), with why the APK cannot be
	// offered now (nil: it can).
	OnChange func(cause error)

	mu    sync.Mutex
	stamp stamp // of the file apps was measured from (zero: none)
	apps  *Apps // never modified once published
	err   error
}

// Load measures the APK (when configured). A configured file that cannot be
// read, or is not a zip archive as every APK is, stops the start: a
// download page must not offer what is not there.
func Load(c Config) (*Service, error) {
	s := &Service{c: c, apps: &Apps{PlayURL: c.PlayURL, AppStoreURL: c.AppStoreURL}}
	if c.APKPath == "" {
		return s, nil
	}
	apk, st, err := measure(c)
	if err != nil {
		return nil, err
	}
	s.apps.APK, s.stamp = apk, st
	return s, nil
}

// Current is what the pages show now. While the configured APK cannot be
// read it answers the stores alone, marked APKUnreadable, and
// ErrUnreadable. A nil Service offers nothing.
func (s *Service) Current() (*Apps, error) {
	if s == nil {
		return &Apps{}, nil
	}
	if s.c.APKPath == "" {
		return s.apps, nil
	}
	apps, changed, cause, err := s.look()
	if changed && s.OnChange != nil {
		s.OnChange(cause) // outside the lock: it may look again
	}
	return apps, err
}

// look compares the file with the one measured and measures it again when
// it differs. changed says what Current answers changed; cause is why the
// file cannot be offered (nil when it can).
func (s *Service) look() (apps *Apps, changed bool, cause, err error) {
	now, cause := stampOf(s.c.APKPath)
	s.mu.Lock()
	defer s.mu.Unlock()
	if cause == nil && now == s.stamp {
		return s.apps, false, nil, s.err
	}
	next := &Apps{PlayURL: s.c.PlayURL, AppStoreURL: s.c.AppStoreURL}
	if cause == nil {
		var measured stamp
		if next.APK, measured, cause = measure(s.c); cause == nil {
			now = measured
		}
	}
	if cause != nil {
		// Gone, not an APK, or changed while read: offer no APK. The stamp
		// kept is the one seen (zero when gone), so the file is measured
		// again only once it changes.
		next.APK, next.APKUnreadable, err = nil, true, ErrUnreadable
	}
	s.stamp = now
	if sameApps(s.apps, next) {
		return s.apps, false, cause, s.err
	}
	s.apps, s.err = next, err
	return s.apps, true, cause, s.err
}

// sameApps reports whether a and b say the same (a file touched but not
// changed is measured again, and changes nothing the pages show).
func sameApps(a, b *Apps) bool {
	if a.APKUnreadable != b.APKUnreadable || (a.APK == nil) != (b.APK == nil) {
		return false
	}
	return a.APK == nil || *a.APK == *b.APK
}

// FileName is the name the APK of version is downloaded as.
func FileName(version string) string { return "souk-android-" + version + ".apk" }

// APKFile is the path of the APK on disk when name is its file name (the
// name carries the version, so a download may be cached for good). ok is
// false for any other name; err is ErrUnreadable while the file cannot be
// read.
func (s *Service) APKFile(name string) (path string, ok bool, err error) {
	if s == nil || s.c.APKPath == "" || name != FileName(s.c.APKVersion) {
		return "", false, nil
	}
	if _, err := s.Current(); err != nil {
		return "", true, err
	}
	return s.c.APKPath, true, nil
}

// wrap names the configuration in an error from reading the APK.
func wrap(err error) error { return fmt.Errorf("mobileapp: ANDROID_APK: %w", err) }
