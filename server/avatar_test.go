package server_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// The avatar and background accept only the caller's own uploads of that
// kind: another user's upload, a path that climbs out of the uploads, or a
// made-up name in someone's folder are refused.
func TestProfilePicturesAreOwnUploads(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		ana, bob := s.signUp(t, "ana.pic@example.com"), s.signUp(t, "bob.pic@example.com")
		var up struct {
			Small, Big struct{ URL string }
		}
		env := s.upload(t, ana, "avatar", pngB64(300, 200))
		if env.Code != 200 || json.Unmarshal(env.Content, &up) != nil {
			t.Fatalf("upload: %d %s", env.Code, env.Easg)
		}
		if res, _ := s.get(t, up.Small.URL); res.StatusCode != 200 {
			t.Fatalf("%s: %d", up.Small.URL, res.StatusCode)
		}
		folder := up.Small.URL[:strings.LastIndex(up.Small.URL, "/")+1]
		tests := []struct {
			name, token, call, url string
			code                   int
		}{
			{"own avatar", ana, "my/editAvatar", up.Small.URL, 200},
			{"another user's avatar", bob, "my/editAvatar", up.Small.URL, 102},
			{"another user's as background", bob, "my/editBackground", up.Big.URL, 102},
			{"an avatar as background", ana, "my/editBackground", up.Big.URL, 102},
			{"climbing out", ana, "my/editAvatar", "/media/uploads/../../../etc/passwd", 102},
			{"climbing out of the own folder", ana, "my/editAvatar", folder + "../../x/" + strings.TrimPrefix(up.Small.URL, folder), 102},
			{"outside the folders", ana, "my/editAvatar", "/media/uploads/avatar/" + strings.Repeat("a", 32) + "-s.jpg", 102},
			{"a foreign URL", ana, "my/editAvatar", "https://evil.example/x.jpg", 102},
			{"empty", ana, "my/editAvatar", "", 102},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				body, _ := json.Marshal(map[string]string{"url": tt.url})
				if env := s.call(t, "POST", tt.call, string(body), "TOKEN", tt.token); env.Code != tt.code {
					t.Fatalf("answered %d %q, want %d", env.Code, env.Easg, tt.code)
				}
			})
		}
		var me struct {
			AvatarURL string `json:"avatarUrl"`
		}
		env = s.call(t, "GET", "my/getMyProfileInfo", "", "TOKEN", bob)
		if json.Unmarshal(env.Content, &me) != nil || me.AvatarURL != "" {
			t.Fatalf("bob's avatar is %q", me.AvatarURL)
		}
	})
}
