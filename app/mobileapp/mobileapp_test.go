package mobileapp

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	qrcode "github.com/skip2/go-qrcode"
)

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	apk := append([]byte("PK\x03\x04"), make([]byte, 5000)...)
	apk[100] = 7
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good, text := write("souk.apk", apk), write("notes.txt", []byte("not an apk"))
	sum := sha256.Sum256(apk)
	tests := []struct {
		name    string
		c       Config
		wantErr bool
		apk     *APK
	}{
		{"nothing configured", Config{}, false, nil},
		{"stores only", Config{PlayURL: "https://play.example/souk"}, false, nil},
		{"apk", Config{APKPath: good, APKVersion: "1.4.2"}, false,
			&APK{Version: "1.4.2", Size: int64(len(apk)), SHA256: hex.EncodeToString(sum[:]), URL: "/download/souk-android-1.4.2.apk"}},
		{"missing file", Config{APKPath: filepath.Join(dir, "gone.apk"), APKVersion: "1"}, true, nil},
		{"not a zip", Config{APKPath: text, APKVersion: "1"}, true, nil},
		{"empty file", Config{APKPath: write("empty.apk", nil), APKVersion: "1"}, true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Load(tt.c)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			a, err := s.Current()
			if err != nil {
				t.Fatal(err)
			}
			if a.PlayURL != tt.c.PlayURL || a.AppStoreURL != tt.c.AppStoreURL {
				t.Errorf("stores %+v", a)
			}
			switch {
			case tt.apk == nil && a.APK != nil:
				t.Errorf("APK %+v offered, want none", a.APK)
			case tt.apk != nil && (a.APK == nil || a.APK.Version != tt.apk.Version || a.APK.Size != tt.apk.Size ||
				a.APK.SHA256 != tt.apk.SHA256 || a.APK.URL != tt.apk.URL):
				t.Errorf("APK %+v, want %+v", a.APK, tt.apk)
			}
		})
	}
}

func TestAPKFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.apk")
	if err := os.WriteFile(p, []byte("PK\x03\x04rest"), 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := Load(Config{APKPath: p, APKVersion: "2.0"})
	if err != nil {
		t.Fatal(err)
	}
	none, _ := Load(Config{})
	for _, tt := range []struct {
		apps *Service
		name string
		ok   bool
	}{
		{a, "souk-android-2.0.apk", true},
		{a, "souk-android-1.0.apk", false},
		{a, "../a.apk", false},
		{none, "souk-android-2.0.apk", false},
		{nil, "souk-android-2.0.apk", false},
	} {
		if got, ok, err := tt.apps.APKFile(tt.name); ok != tt.ok || err != nil || (ok && got != p) {
			t.Errorf("APKFile(%q) = %q, %v, %v; want ok %v", tt.name, got, ok, err, tt.ok)
		}
	}
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := a.APKFile("souk-android-2.0.apk"); !ok || !errors.Is(err, ErrUnreadable) {
		t.Errorf("APKFile of a removed APK: %v, %v; want ErrUnreadable", ok, err)
	}
}

// TestCurrentFollowsTheFile: after start the APK may be replaced or
// removed. Current measures a replaced file again (a new size or time),
// offers no APK while the file is gone or not an APK (ErrUnreadable), and
// says OnChange once per change of what the pages show.
func TestCurrentFollowsTheFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "souk.apk")
	at := time.Now().Add(-time.Hour)
	put := func(b []byte) {
		t.Helper()
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		at = at.Add(time.Minute) // a new modification time, whatever the file system's resolution
		if err := os.Chtimes(p, at, at); err != nil {
			t.Fatal(err)
		}
	}
	v1, v2, v3 := []byte("PK\x03\x04first"), []byte("PK\x03\x04second!"), []byte("PK\x03\x04third!!") // v3: v2's size
	put(v1)
	s, err := Load(Config{APKPath: p, APKVersion: "3.0", PlayURL: "https://play.example/souk"})
	if err != nil {
		t.Fatal(err)
	}
	changes := 0
	s.OnChange = func(cause error) {
		changes++
		if a, err := s.Current(); (cause != nil) != (err != nil) || (cause == nil) != (a.APK != nil) {
			t.Errorf("OnChange(%v) while Current answers %+v, %v", cause, a, err)
		}
	}
	hexSum := func(b []byte) string { sum := sha256.Sum256(b); return hex.EncodeToString(sum[:]) }
	steps := []struct {
		name    string
		do      func()
		sum     string // "" : no APK offered, ErrUnreadable
		changes int
	}{
		{"unchanged", func() {}, hexSum(v1), 0},
		{"replaced", func() { put(v2) }, hexSum(v2), 1},
		{"replaced, same size", func() { put(v3) }, hexSum(v3), 2},
		{"touched only", func() { put(v3) }, hexSum(v3), 2},
		{"removed", func() { os.Remove(p) }, "", 3},
		{"still removed", func() {}, "", 3},
		{"not an APK", func() { put([]byte("half a copy")) }, "", 3},
		{"back", func() { put(v1) }, hexSum(v1), 4},
	}
	for _, st := range steps {
		st.do()
		a, err := s.Current()
		switch {
		case st.sum == "" && (!errors.Is(err, ErrUnreadable) || a.APK != nil || !a.APKUnreadable):
			t.Fatalf("%s: %+v, %v; want no APK and ErrUnreadable", st.name, a, err)
		case st.sum != "" && (err != nil || a.APK == nil || a.APK.SHA256 != st.sum || a.APKUnreadable):
			t.Fatalf("%s: %+v, %v; want SHA-256 %s", st.name, a, err, st.sum)
		case a.PlayURL != "https://play.example/souk":
			t.Fatalf("%s: the store is gone: %+v", st.name, a)
		case changes != st.changes:
			t.Fatalf("%s: %d changes, want %d", st.name, changes, st.changes)
		}
	}
}

// TestQRSVG reads the modules back out of the SVG and compares them with
// the code the library computes: the drawing is the code, module for module.
func TestQRSVG(t *testing.T) {
	for _, text := range []string{"http://souk.test/en/downloadapp", "https://souk.example/zh-tw/downloadapp"} {
		svg, err := QRSVG(text)
		if err != nil {
			t.Fatal(err)
		}
		q, _ := qrcode.New(text, qrcode.Medium)
		want := q.Bitmap()
		n := len(want)
		got := make([][]bool, n)
		for i := range got {
			got[i] = make([]bool, n)
		}
		if !regexp.MustCompile(`^<svg [^>]*viewBox="0 0 ` + strconv.Itoa(n) + ` ` + strconv.Itoa(n) + `"`).Match(svg) {
			t.Fatalf("%s: viewBox: %.120s", text, svg)
		}
		for _, m := range regexp.MustCompile(`M(\d+) (\d+)h(\d+)v1h-(\d+)z`).FindAllStringSubmatch(string(svg), -1) {
			x, _ := strconv.Atoi(m[1])
			y, _ := strconv.Atoi(m[2])
			run, _ := strconv.Atoi(m[3])
			for i := 0; i < run; i++ {
				got[y][x+i] = true
			}
		}
		for y := range want {
			for x := range want[y] {
				if got[y][x] != want[y][x] {
					t.Fatalf("%s: module (%d,%d) is %v, want %v", text, x, y, got[y][x], want[y][x])
				}
			}
		}
		if len(svg) > 8000 {
			t.Errorf("%s: %d bytes", text, len(svg))
		}
	}
}
