package mail

import (
	"strings"
	"testing"
)

func TestNewSMTPURL(t *testing.T) {
	tests := []struct {
		url     string
		wantErr string // empty: valid
		check   func(*SMTP) bool
	}{
		{"smtp://mail.example.com:1025", "", func(s *SMTP) bool {
			return s.addr() == "mail.example.com:1025" && !s.implicit && s.user == "" && s.from.String() == `"Souk" <no-reply@souk.local>`
		}},
		{"smtp://mail.example.com", "", func(s *SMTP) bool { return s.port == "587" }},
		{"smtps://u:p%40ss@mail.example.com", "", func(s *SMTP) bool {
			return s.port == "465" && s.implicit && s.user == "u" && s.pass == "p@ss"
		}},
		{"smtp://[::1]:25?insecure=1&from=a%40b.c", "", func(s *SMTP) bool {
			return s.addr() == "[::1]:25" && s.insecure && s.from.Address == "a@b.c"
		}},
		{"http://mail.example.com", "scheme", nil},
		{"mail.example.com:25", "scheme", nil},
		{"smtp://:25", "no host", nil},
		{"smtp://mail.example.com:0", "port", nil},
		{"smtp://mail.example.com:99999", "port", nil},
		{"smtp://mail.example.com?from=not-an-address", "from", nil},
		{"smtp://mail.example.com?insecure=maybe", "insecure", nil},
		{"smtp://mail.example.com?form=a%40b.c", "unknown parameter", nil},
		{"smtp://user:hunter2@mail.example.com:port", "invalid SMTP URL", nil},
		{"smtp://user:hunter2@%zz", "invalid SMTP URL", nil},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			s, err := NewSMTP(tt.url)
			if tt.wantErr == "" {
				if err != nil || !tt.check(s) {
					t.Fatalf("NewSMTP = %+v, %v", s, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want mention of %q", err, tt.wantErr)
			}
			if strings.Contains(err.Error(), "hunter2") {
				t.Fatalf("error leaks the password: %v", err)
			}
		})
	}
}
