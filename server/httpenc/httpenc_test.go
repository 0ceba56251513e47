package httpenc

import "testing"

func TestNegotiate(t *testing.T) {
	tests := []struct {
		accept string
		want   Encoding
	}{
		{"", Identity},
		{"gzip", Gzip},
		{"gzip, deflate, br", Brotli},
		{"br;q=0, gzip", Gzip},
		{"BR", Brotli},
		{"gzip;q=0", Identity},
		{"*", Brotli},
		{"*;q=0.5, br;q=0", Gzip},
		{"identity", Identity},
		{"deflate", Identity},
		{"gzip;q=abc", Gzip},
		{" , ,br", Brotli},
	}
	for _, tt := range tests {
		if got := Negotiate(tt.accept); got != tt.want {
			t.Errorf("Negotiate(%q) = %q, want %q", tt.accept, got, tt.want)
		}
	}
}

func FuzzNegotiate(f *testing.F) {
	f.Add("gzip, br;q=0.5")
	f.Add("*;q=0")
	f.Fuzz(func(t *testing.T, accept string) {
		enc := Negotiate(accept)
		if enc != Identity && !Accepts(accept, enc) {
			t.Fatalf("chose %q that %q does not accept", enc, accept)
		}
	})
}
