package config

import "testing"

func TestLoad(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		wantErr bool
		check   func(Config) bool
	}{
		{"defaults", nil, false, func(c Config) bool {
			return c.Port == 8080 && c.BaseURL == "http://localhost:8080" && !c.Dev && c.DatabaseURL == "" && c.SeedGoods == 480
		}},
		{"port and base", map[string]string{"PORT": "9000", "BASE_URL": "https://souk.example/"}, false, func(c Config) bool {
			return c.Port == 9000 && c.BaseURL == "https://souk.example"
		}},
		{"dev", map[string]string{"DEV": "1"}, false, func(c Config) bool { return c.Dev }},
		{"bad port", map[string]string{"PORT": "http"}, true, nil},
		{"port out of range", map[string]string{"PORT": "70000"}, true, nil},
		{"bad dev", map[string]string{"DEV": "sometimes"}, true, nil},
		{"apps unset", nil, false, func(c Config) bool {
			return c.AndroidAPK == "" && c.PlayStoreURL == "" && c.AppStoreURL == "" && c.ContactEmail == "help@souk.test"
		}},
		{"apk with version", map[string]string{"ANDROID_APK": "/srv/souk.apk", "ANDROID_APK_VERSION": "1.4.2"}, false, func(c Config) bool {
			return c.AndroidAPK == "/srv/souk.apk" && c.AndroidVersion == "1.4.2"
		}},
		{"apk without version", map[string]string{"ANDROID_APK": "/srv/souk.apk"}, true, nil},
		{"apk version with a slash", map[string]string{"ANDROID_APK": "/srv/souk.apk", "ANDROID_APK_VERSION": "1/../2"}, true, nil},
		{"store page not a url", map[string]string{"PLAY_STORE_URL": "souk"}, true, nil},
		{"store page javascript", map[string]string{"APP_STORE_URL": "javascript:alert(1)"}, true, nil},
		{"contact email", map[string]string{"CONTACT_EMAIL": "Souk help <care@souk.example>"}, false, func(c Config) bool { return c.ContactEmail == "Souk help <care@souk.example>" }},
		{"bad contact email", map[string]string{"CONTACT_EMAIL": "care"}, true, nil},
		{"ai defaults", nil, false, func(c Config) bool {
			return c.AIQuotaUser == 100 && c.AIQuotaDay == 5000 && c.AITimeout.Seconds() == 60 && c.AIImageModel == ""
		}},
		{"ai settings", map[string]string{"AI_IMAGE_MODEL": "gpt-image-1", "AI_QUOTA_USER": "3", "AI_QUOTA_DAY": "9", "AI_TIMEOUT": "5s"}, false, func(c Config) bool {
			return c.AIImageModel == "gpt-image-1" && c.AIQuotaUser == 3 && c.AIQuotaDay == 9 && c.AITimeout.Seconds() == 5
		}},
		{"ai quota zero", map[string]string{"AI_QUOTA_USER": "0"}, true, nil},
		{"password memory default", nil, false, func(c Config) bool { return c.PasswordMemoryKiB == 64*1024 }},
		{"password memory lowered", map[string]string{"ARGON2_MEMORY_KIB": "1024"}, false, func(c Config) bool { return c.PasswordMemoryKiB == 1024 }},
		{"password memory too low", map[string]string{"ARGON2_MEMORY_KIB": "64"}, true, nil},
		{"password memory not a number", map[string]string{"ARGON2_MEMORY_KIB": "64M"}, true, nil},
		{"ai timeout bad", map[string]string{"AI_TIMEOUT": "soon"}, true, nil},
		{"image embeddings", map[string]string{"AI_IMAGE_EMBED_MODEL": "clip", "AI_IMAGE_EMBED_MIN": "0.72"}, false, func(c Config) bool {
			return c.AIImageEmbedModel == "clip" && c.AIImageEmbedMin == 0.72
		}},
		{"image embeddings default", nil, false, func(c Config) bool { return c.AIImageEmbedModel == "" && c.AIImageEmbedMin == 0.8 }},
		{"image embeddings min bad", map[string]string{"AI_IMAGE_EMBED_MIN": "high"}, true, nil},
		{"image embeddings min out of range", map[string]string{"AI_IMAGE_EMBED_MIN": "3"}, true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Load(func(k string) string { return tt.env[k] })
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if tt.check != nil && !tt.check(c) {
				t.Fatalf("unexpected config %+v", c)
			}
		})
	}
}
