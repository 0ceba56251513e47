package mobileapp

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

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
			a, err := Load(tt.c)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if err != nil {
				return
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
		apps *Apps
		name string
		ok   bool
	}{
		{a, "souk-android-2.0.apk", true},
		{a, "souk-android-1.0.apk", false},
		{a, "../a.apk", false},
		{none, "souk-android-2.0.apk", false},
		{nil, "souk-android-2.0.apk", false},
	} {
		if got, ok := tt.apps.APKFile(tt.name); ok != tt.ok || (ok && got != p) {
			t.Errorf("APKFile(%q) = %q, %v; want ok %v", tt.name, got, ok, tt.ok)
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
