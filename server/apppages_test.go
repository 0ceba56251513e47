package server_test

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"souk/app/mobileapp"
	"souk/app/seed"
)

// pageOf is the HTML of path, uncompressed, with its status.
func (s *testStore) pageOf(t *testing.T, path string) (int, string) {
	t.Helper()
	res, body := s.get(t, path, "Accept-Encoding", "identity")
	return res.StatusCode, body
}

// TestAppPagesUnconfigured: with no APK and no store pages, downloadapp
// pitches the app and says plainly it is not available yet, dlandroidapp
// says there is no download (noindex), and no download address exists.
// Both are in every language; downloadapp, contact and aboutsouk are in the
// sitemaps, dlandroidapp is not.
func TestAppPagesUnconfigured(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	for _, lang := range []string{"en", "ar", "zh-tw"} {
		code, body := s.pageOf(t, "/"+lang+"/downloadapp")
		if code != 200 || !strings.Contains(body, "Souk in your pocket") || !strings.Contains(body, `data-testid="app-unavailable"`) ||
			strings.Contains(body, `data-testid="badge-play"`) || strings.Contains(body, `data-testid="app-qr"`) {
			t.Fatalf("/%s/downloadapp: %d %.400s", lang, code, body)
		}
		if !strings.Contains(body, `hreflang="ar" href="http://souk.test/ar/downloadapp"`) || strings.Contains(body, `name="robots"`) {
			t.Errorf("/%s/downloadapp: no hreflang alternates, or noindex", lang)
		}
		code, body = s.pageOf(t, "/"+lang+"/dlandroidapp")
		if code != 200 || !strings.Contains(body, `data-testid="apk-unavailable"`) || strings.Contains(body, `data-testid="apk-download"`) ||
			!strings.Contains(body, "Souk for Android") || strings.Contains(body, `data-testid="text-body"`) ||
			!strings.Contains(body, `<meta name="robots" content="noindex`) || strings.Contains(body, `hreflang=`) {
			t.Fatalf("/%s/dlandroidapp: %d %.400s", lang, code, body)
		}
	}
	if res, _ := s.get(t, "/download/souk-android-1.0.apk"); res.StatusCode != 404 {
		t.Errorf("an APK is served with none configured: %d", res.StatusCode)
	}
	_, sm := s.pageOf(t, "/sitemaps/de-0.xml")
	for _, p := range []string{"/de/downloadapp", "/de/contact", "/de/aboutsouk"} {
		if !strings.Contains(sm, "<loc>http://souk.test"+p+"</loc>") {
			t.Errorf("sitemap de-0 lacks %s", p)
		}
	}
	if strings.Contains(sm, "dlandroidapp") {
		t.Error("the noindex dlandroidapp is in the sitemap")
	}
	// The contact page is public and the same for everyone: the form's
	// signed-in variant is the browser's business.
	res, body := s.get(t, "/en/contact", "Accept-Encoding", "identity")
	if res.StatusCode != 200 || !strings.Contains(body, `data-testid="contact-form"`) || !strings.Contains(body, `name="email"`) || !strings.Contains(body, "Contact us") {
		t.Fatalf("/en/contact: %d %.300s", res.StatusCode, body)
	}
	// The page's inline boot script is allowed by its hash.
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' 'sha256-") {
		t.Errorf("CSP %q", csp)
	}
}

// TestAppPagesConfigured: with an APK and both stores configured,
// dlandroidapp states the APK's version, size and SHA-256 (computed from the
// file) and downloads it; downloadapp links the stores and the APK page and
// shows the QR code of the language's downloadapp address.
func TestAppPagesConfigured(t *testing.T) {
	apk := append([]byte("PK\x03\x04"), []byte(strings.Repeat("souk android package ", 60000))...)
	path := filepath.Join(t.TempDir(), "souk.apk")
	if err := os.WriteFile(path, apk, 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(apk)
	s := startStoreEnv(t, sqliteOnly(t), map[string]string{"ANDROID_APK": path, "ANDROID_APK_VERSION": "2.3.1",
		"PLAY_STORE_URL": "https://play.google.com/store/apps/details?id=test.souk", "APP_STORE_URL": "https://apps.apple.com/app/id1"})

	code, body := s.pageOf(t, "/en/dlandroidapp")
	for _, want := range []string{hex.EncodeToString(sum[:]), ">2.3.1<", "1.2 MB", `href="/download/souk-android-2.3.1.apk"`, `data-testid="apk-download"`} {
		if code != 200 || !strings.Contains(body, want) {
			t.Errorf("/en/dlandroidapp lacks %q: %d", want, code)
		}
	}
	res, err := http.Get(s.URL + "/download/souk-android-2.3.1.apk")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || string(got) != string(apk) || res.Header.Get("Content-Type") != mobileapp.APKType ||
		!strings.Contains(res.Header.Get("Content-Disposition"), `filename="souk-android-2.3.1.apk"`) {
		t.Fatalf("download: %d %q %q, %d bytes", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Content-Disposition"), len(got))
	}
	for _, p := range []string{"/download/souk-android-2.3.0.apk", "/download/souk.apk", "/download/..%2Fsouk.apk"} {
		if res, _ := s.get(t, p); res.StatusCode != 404 {
			t.Errorf("%s: %d, want 404", p, res.StatusCode)
		}
	}

	code, body = s.pageOf(t, "/ar/downloadapp")
	for _, want := range []string{`href="https://play.google.com/store/apps/details?id=test.souk"`, `href="https://apps.apple.com/app/id1"`,
		`href="/ar/dlandroidapp"`, `src="/qr/downloadapp-ar.svg"`, `src="/static/badges/google-play.svg"`} {
		if code != 200 || !strings.Contains(body, want) {
			t.Errorf("/ar/downloadapp lacks %q: %d", want, code)
		}
	}
	want, err := mobileapp.QRSVG("http://souk.test/ar/downloadapp")
	if err != nil {
		t.Fatal(err)
	}
	res, svg := s.get(t, "/qr/downloadapp-ar.svg", "Accept-Encoding", "identity")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/svg+xml" || svg != string(want) {
		t.Fatalf("QR: %d %q %.100s", res.StatusCode, res.Header.Get("Content-Type"), svg)
	}
	for _, p := range []string{"/qr/downloadapp-xx.svg", "/qr/downloadapp-ar.png", "/qr/other-ar.svg", "/qr/downloadapp-AR.svg", "/static/badges/none.svg"} {
		if res, _ := s.get(t, p); res.StatusCode != 404 {
			t.Errorf("%s: %d, want 404", p, res.StatusCode)
		}
	}
	if res, _ := s.get(t, "/static/badges/app-store.svg"); res.StatusCode != 200 {
		t.Errorf("the App Store badge: %d", res.StatusCode)
	}
}

// TestAppPagesTextsAreEditable: the pitch is back-office content, in each
// language or English until translated; a save shows at once.
func TestAppPagesTextsAreEditable(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	if _, body := s.pageOf(t, "/de/downloadapp"); !strings.Contains(body, `data-testid="text-fallback"`) || !strings.Contains(body, "Souk in your pocket") {
		t.Fatalf("/de/downloadapp before: %.300s", body)
	}
	admin := s.loginAs(t, seed.OperatorEmail, seed.DemoPassword)
	for _, name := range []string{"downloadapp", "dlandroidapp"} {
		env := s.call(t, "POST", "operations/editform/save", `{"name":"`+name+`","lanCode":"de","version":0,"value":{"title":"Souk-App `+name+`","text":"<p>Überall einkaufen.</p>"}}`, "TOKEN", admin)
		if env.Code != 200 {
			t.Fatalf("save %s: %d %s", name, env.Code, env.Easg)
		}
		body := s.within2s(t, "/de/"+name, "Souk-App "+name)
		// Without an APK, dlandroidapp shows the title only: no install steps for nothing to install.
		if !strings.Contains(body, "Überall einkaufen.") || strings.Contains(body, `data-testid="text-body"`) != (name == "downloadapp") ||
			strings.Contains(body, `data-testid="text-fallback"`) {
			t.Fatalf("/de/%s after the save: %.300s", name, body)
		}
	}
	if _, body := s.pageOf(t, "/fr/downloadapp"); !strings.Contains(body, "Souk in your pocket") {
		t.Error("/fr/downloadapp lost its English fallback")
	}
}

// TestAppPagesFollowTheAPK: the APK file may be replaced or removed after
// the start. dlandroidapp then states the new file's facts (never the old
// ones from its cache), and while the file is gone it and the download
// answer 503 saying so in the page's language; back, all is as before.
func TestAppPagesFollowTheAPK(t *testing.T) {
	path := filepath.Join(t.TempDir(), "souk.apk")
	at := time.Now().Add(-time.Hour)
	put := func(b []byte) string {
		t.Helper()
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		at = at.Add(time.Minute)
		if err := os.Chtimes(path, at, at); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		return hex.EncodeToString(sum[:])
	}
	first := put([]byte("PK\x03\x04first build"))
	s := startStoreEnv(t, sqliteOnly(t), map[string]string{"ANDROID_APK": path, "ANDROID_APK_VERSION": "4.0.0"})
	if code, body := s.pageOf(t, "/en/dlandroidapp"); code != 200 || !strings.Contains(body, first) {
		t.Fatalf("before: %d, SHA-256 %s missing", code, first)
	}
	second := put([]byte("PK\x03\x04second build, longer"))
	if code, body := s.pageOf(t, "/en/dlandroidapp"); code != 200 || !strings.Contains(body, second) || strings.Contains(body, first) {
		t.Fatalf("replaced: %d, want the new SHA-256 %s only", code, second)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	code, body := s.pageOf(t, "/ar/dlandroidapp")
	if code != 503 || !strings.Contains(body, `data-testid="apk-unreadable"`) || strings.Contains(body, second) || strings.Contains(body, `data-testid="apk-download"`) {
		t.Fatalf("removed: %d %.300s", code, body)
	}
	if _, body := s.pageOf(t, "/en/downloadapp"); strings.Contains(body, `data-testid="apk-link"`) {
		t.Error("downloadapp links an APK that cannot be read")
	}
	res, text := s.get(t, "/download/souk-android-4.0.0.apk", "Accept-Language", "en")
	if res.StatusCode != 503 || !strings.Contains(text, "try again") {
		t.Fatalf("download while removed: %d %q", res.StatusCode, text)
	}
	put([]byte("PK\x03\x04first build"))
	if code, body := s.pageOf(t, "/en/dlandroidapp"); code != 200 || !strings.Contains(body, first) {
		t.Fatalf("back: %d, SHA-256 %s missing", code, first)
	}
	if res, _ := s.get(t, "/download/souk-android-4.0.0.apk"); res.StatusCode != 200 {
		t.Fatalf("download when back: %d", res.StatusCode)
	}
}
