package server_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

var sixDigits = regexp.MustCompile(`\d{6}`)

// code returns the newest code mailed to an address.
func (s *testStore) code(t *testing.T, email string) string {
	t.Helper()
	for _, m := range s.app.Outbox.List() {
		if m.To == email {
			return sixDigits.FindString(m.Subject)
		}
	}
	t.Fatalf("no mail to %s", email)
	return ""
}

func pwOf(email, password string) string {
	h := sha256.Sum256([]byte("souk|" + email + "|" + password))
	return hex.EncodeToString(h[:])
}

// signUp registers an account over HTTP and returns its token.
func (s *testStore) signUp(t *testing.T, email string) string {
	t.Helper()
	if env := s.call(t, "POST", "get/registerByEmail/verifycode", `{"email":"`+email+`"}`); env.Code != 200 {
		t.Fatalf("code request: %d %s", env.Code, env.Easg)
	}
	body, _ := json.Marshal(map[string]string{"email": email, "password": pwOf(email, "secret123"), "verifyCode": s.code(t, email)})
	env := s.call(t, "POST", "registerByEmail", string(body))
	var l struct{ Token string }
	if env.Code != 200 || json.Unmarshal(env.Content, &l) != nil || l.Token == "" {
		t.Fatalf("register: %d %s", env.Code, env.Easg)
	}
	return l.Token
}

func TestAccountCallsAreOwnOnly(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		ana, bob := s.signUp(t, "ana@example.com"), s.signUp(t, "bob@example.com")
		var bobSafe struct {
			Email    string                `json:"email"`
			Sessions []struct{ ID string } `json:"sessions"`
		}
		env := s.call(t, "GET", "my/getSafeInfo", "", "TOKEN", bob)
		if err := json.Unmarshal(env.Content, &bobSafe); err != nil || len(bobSafe.Sessions) != 1 {
			t.Fatalf("bob's safe info: %s", env.Content)
		}
		// Ana's calls only ever see and change Ana.
		if env := s.call(t, "GET", "my/getSafeInfo", "", "TOKEN", ana); strings.Contains(string(env.Content), bobSafe.Sessions[0].ID) || !strings.Contains(string(env.Content), "an***") {
			t.Fatalf("ana's safe info shows someone else: %s", env.Content)
		}
		if env := s.call(t, "POST", "my/endSession", `{"id":"`+bobSafe.Sessions[0].ID+`"}`, "TOKEN", ana); env.Code != 104 {
			t.Fatalf("ending bob's session with ana's token answered %d", env.Code)
		}
		if env := s.call(t, "POST", "my/editUsername", `{"username":"Ana K."}`, "TOKEN", ana); env.Code != 200 {
			t.Fatal(env.Easg)
		}
		if env := s.call(t, "GET", "my/getMyInfo", "", "TOKEN", bob); !strings.Contains(string(env.Content), `"userName":"bob"`) {
			t.Fatalf("bob was renamed: %s", env.Content)
		}
		if env := s.call(t, "GET", "my/getMyInfo", "", "TOKEN", ana); !strings.Contains(string(env.Content), `"email":"ana@example.com"`) {
			t.Fatalf("own info: %s", env.Content)
		}
		// A public profile never shows the email.
		var me struct{ UserUID string }
		_ = json.Unmarshal(s.call(t, "GET", "my/getMyInfo", "", "TOKEN", bob).Content, &me)
		if env := s.call(t, "GET", "user/getUserInfo?userUid="+url.QueryEscape(me.UserUID), ""); env.Code != 200 || strings.Contains(string(env.Content), "bob@") {
			t.Fatalf("public profile: %d %s", env.Code, env.Content)
		}
		// Every signed-in call refuses a missing or forged token with 401.
		for _, c := range []struct{ method, path, body string }{
			{"GET", "my/getSafeInfo", ""}, {"GET", "my/getMyInfo", ""}, {"GET", "my/getMyProfileInfo", ""},
			{"POST", "my/editUsername", `{"username":"x"}`}, {"POST", "my/editAvatar", `{"url":"/media/uploads/avatar/0123456789-s.jpg"}`},
			{"POST", "my/editBackground", `{"url":"/media/uploads/background/0123456789-b.jpg"}`}, {"POST", "my/endSession", `{"id":"x"}`},
			{"POST", "logout", `{}`}, {"POST", "auth/resetEmail", `{"email":"x@y.z","verifyCode":"123456"}`},
			{"POST", "get/changeEmail/verifycode", `{"email":"x@y.z"}`}, {"POST", "get/destroyAccount/verifycode", `{}`},
			{"POST", "my/destroyAccount", `{"verifyCode":"123456"}`}, {"POST", "auth/qr/scan", `{"ticket":"x"}`}, {"POST", "auth/qr/confirm", `{"ticket":"x"}`},
		} {
			for _, tok := range []string{"", "forged-token-" + strings.Repeat("x", 30)} {
				if env := s.call(t, c.method, c.path, c.body, "TOKEN", tok); env.Code != 401 {
					t.Errorf("%s with token %q answered %d, want 401", c.path, tok, env.Code)
				}
			}
		}
		// After logout and after closing, the token is refused.
		if env := s.call(t, "POST", "logout", `{}`, "TOKEN", ana); env.Code != 200 {
			t.Fatal(env.Easg)
		}
		if env := s.call(t, "GET", "my/getMyInfo", "", "TOKEN", ana); env.Code != 401 {
			t.Fatalf("logged-out token answered %d", env.Code)
		}
		s.call(t, "POST", "get/destroyAccount/verifycode", `{}`, "TOKEN", bob)
		if env := s.call(t, "POST", "my/destroyAccount", `{"verifyCode":"`+s.code(t, "bob@example.com")+`"}`, "TOKEN", bob); env.Code != 200 {
			t.Fatal(env.Easg)
		}
		if env := s.call(t, "GET", "my/getMyInfo", "", "TOKEN", bob); env.Code != 401 {
			t.Fatalf("a closed account's token answered %d", env.Code)
		}
	})
}

func (s *testStore) upload(t *testing.T, token, disk, image string) envelope {
	t.Helper()
	form := url.Values{"image": {image}, "contentType": {"image/png"}, "quality": {"85"}}
	req, _ := http.NewRequest("POST", s.URL+"/api/v1/souk/file/imageBase64/uploadCut/"+disk+"/160/160/640/640", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("TOKEN", token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var env envelope
	if res.StatusCode == 413 {
		return envelope{Code: 413}
	}
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
		t.Fatalf("upload: status %d", res.StatusCode)
	}
	return env
}

func pngB64(w, h int) string {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = byte(i)
	}
	img.Set(0, 0, color.RGBA{255, 0, 0, 255})
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return base64.StdEncoding.EncodeToString(b.Bytes())
}

// bombB64 is a small PNG whose header claims 50000×50000 pixels.
func bombB64() string {
	raw, _ := base64.StdEncoding.DecodeString(pngB64(8, 8))
	binary.BigEndian.PutUint32(raw[16:], 50000)
	binary.BigEndian.PutUint32(raw[20:], 50000)
	binary.BigEndian.PutUint32(raw[29:], crc32.ChecksumIEEE(raw[12:29]))
	return base64.StdEncoding.EncodeToString(raw)
}

func TestUploads(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	tok := s.signUp(t, "pic@example.com")
	if env := s.upload(t, "", "avatar", pngB64(300, 200)); env.Code != 401 {
		t.Fatalf("an upload without a session answered %d", env.Code)
	}
	env := s.upload(t, tok, "avatar", pngB64(300, 200))
	var up struct {
		Small struct {
			URL    string
			Width  int
			Height int
		}
	}
	if env.Code != 200 || json.Unmarshal(env.Content, &up) != nil || up.Small.Width != 160 {
		t.Fatalf("upload: %d %s %s", env.Code, env.Easg, env.Content)
	}
	if res, _ := s.get(t, up.Small.URL); res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/jpeg" {
		t.Fatalf("uploaded picture not served: %d", res.StatusCode)
	}
	if env := s.call(t, "POST", "my/editAvatar", `{"url":"`+up.Small.URL+`"}`, "TOKEN", tok); env.Code != 200 {
		t.Fatal(env.Easg)
	}
	if env := s.call(t, "POST", "my/editAvatar", `{"url":"https://evil.example/x.jpg"}`, "TOKEN", tok); env.Code != 102 {
		t.Fatalf("a foreign URL as avatar answered %d", env.Code)
	}
	tests := []struct{ name, image, key string }{
		{"text file", base64.StdEncoding.EncodeToString([]byte("hello, not a picture")), "ImageNotSupported"},
		{"svg", base64.StdEncoding.EncodeToString([]byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)), "ImageNotSupported"},
		{"decompression bomb", bombB64(), "ImageTooManyPixels"},
		{"oversized: 10.5 MB decoded", strings.Repeat("A", 14<<20), "ImageTooLarge"},
		{"not base64", "%%%%", "ImageBadRequest"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := s.upload(t, tok, "avatar", tt.image)
			if env.Code != 102 || !strings.Contains(string(env.Content), tt.key) || env.Easg == "" {
				t.Fatalf("answered %d %q %s, want 102 with %s", env.Code, env.Easg, env.Content, tt.key)
			}
		})
	}
	if env := s.upload(t, tok, "avatar", strings.Repeat("A", 17<<20)); env.Code != 413 && !strings.Contains(string(env.Content), "ImageTooLarge") {
		t.Fatalf("a 17 MB body answered %d %s", env.Code, env.Content)
	}
	if env := s.upload(t, tok, "../../etc", pngB64(10, 10)); env.Code != 102 {
		t.Fatalf("a bad disk name answered %d", env.Code)
	}
}

func base64Decode(s string) ([]byte, error) { return base64.StdEncoding.DecodeString(s) }

func mustB64(s string) []byte {
	b, _ := base64.StdEncoding.DecodeString(s)
	return b
}

// auth/resetEmail takes the password derived with the current address and
// with the new one: after the move the same password signs in with the new
// address (issue 8.6).
func TestChangeEmailKeepsPasswordOverAPI(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		tok := s.signUp(t, "move@example.com")
		if env := s.call(t, "POST", "get/changeEmail/verifycode", `{"email":"moved@example.com"}`, "TOKEN", tok); env.Code != 200 {
			t.Fatalf("code: %d %s", env.Code, env.Easg)
		}
		req := func(password string) string {
			b, _ := json.Marshal(map[string]string{"email": "moved@example.com", "verifyCode": s.code(t, "moved@example.com"),
				"password": pwOf("move@example.com", password), "newPassword": pwOf("moved@example.com", password)})
			return string(b)
		}
		if env := s.call(t, "POST", "auth/resetEmail", req("not-mine1"), "TOKEN", tok); env.Code != 102 || env.Easg == "" {
			t.Fatalf("a wrong current password answered %d %q", env.Code, env.Easg)
		}
		if env := s.call(t, "POST", "auth/resetEmail", req("secret123"), "TOKEN", tok); env.Code != 200 {
			t.Fatalf("change email: %d %s", env.Code, env.Easg)
		}
		body, _ := json.Marshal(map[string]string{"name": "moved@example.com", "password": pwOf("moved@example.com", "secret123")})
		if env := s.call(t, "POST", "loginByPwd", string(body)); env.Code != 200 {
			t.Fatalf("log in with the new address and the same password: %d %s", env.Code, env.Easg)
		}
	})
}
