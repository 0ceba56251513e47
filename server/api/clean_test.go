package api

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestCleanJSON(t *testing.T) {
	tests := []struct {
		body string
		want bool
	}{
		{`{"a":"b"}`, true},
		{`{"a":"caf\u00e9 \ud83d\ude00"}`, true},
		{`{"a":"\\u0000"}`, true}, // an escaped backslash, then text
		{`{"a":"\\\u0000"}`, false},
		{`{"a":"x\u0000"}`, false},
		{`{"a\u0000":1}`, false},
		{"{\"a\":\"\x00\"}", false},
		{"{\"a\":\"\xff\"}", false},
		{`{"a":"\ud800"}`, false},
		{`{"a":"\ud800x"}`, false},
		{`{"a":"\ud800\u0041"}`, false},
		{`{"a":"\udc00"}`, false},
		{`{"a":"\uDBFF\uDFFF"}`, true},
		{`{"a":"\u12"}`, true}, // a syntax error, left to the decoder
		{`{"a":"\`, true},
		{`"\ud800\ud800\udc00"`, false},
	}
	for _, tt := range tests {
		if got := cleanJSON([]byte(tt.body)); got != tt.want {
			t.Errorf("cleanJSON(%q) = %v, want %v", tt.body, got, tt.want)
		}
	}
}

func TestCleanQuery(t *testing.T) {
	for q, want := range map[string]bool{"": true, "a=1&b=%C3%A9": true, "a=%00": false, "%00=1": false, "a=%ff": false,
		"a=%zz&b=%00": false, "a=%zz": true, "a=x+y": true, "q=%E2%82": false} {
		if got := cleanQuery(q); got != want {
			t.Errorf("cleanQuery(%q) = %v, want %v", q, got, want)
		}
	}
}

// FuzzCleanJSON: whatever cleanJSON lets through decodes to strings without
// NUL, and without U+FFFD unless the text had one (a replaced surrogate).
func FuzzCleanJSON(f *testing.F) {
	for _, s := range []string{`{"a":"b"}`, `"\u0000"`, `"\ud800"`, `"\ud800\udc00"`, "\"\xff\"", `["\\u0000"]`, `{"\u0000":1}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		if !cleanJSON([]byte(body)) {
			return
		}
		var v any
		if json.Unmarshal([]byte(body), &v) != nil {
			return
		}
		hadFFFD := strings.ContainsRune(body, utf8.RuneError) || strings.Contains(strings.ToLower(body), `\ufffd`)
		var walk func(any)
		walk = func(x any) {
			switch x := x.(type) {
			case string:
				if strings.IndexByte(x, 0) >= 0 || !hadFFFD && strings.ContainsRune(x, utf8.RuneError) {
					t.Fatalf("%q passed but decodes to %q", body, x)
				}
			case []any:
				for _, e := range x {
					walk(e)
				}
			case map[string]any:
				for k, e := range x {
					walk(k)
					walk(e)
				}
			}
		}
		walk(v)
	})
}

// A body slower than the minimum rate fails once the grace period is over.
func TestRateReader(t *testing.T) {
	now := time.Unix(0, 0)
	clock := func() time.Time { return now }
	r := newRateReader(nopCloser{strings.NewReader(strings.Repeat("x", 100))}, clock, 10*time.Second, 5)
	buf := make([]byte, 1)
	for i := 0; i < 20; i++ { // a byte a second: within the grace
		now = now.Add(500 * time.Millisecond)
		if _, err := r.Read(buf); err != nil {
			t.Fatalf("byte %d: %v", i, err)
		}
	}
	now = now.Add(5 * time.Second) // 21 bytes in 15 s, under 5 a second
	if _, err := r.Read(buf); err != errBodyTooSlow {
		t.Fatalf("err %v, want too slow", err)
	}
	fast := newRateReader(nopCloser{strings.NewReader(strings.Repeat("x", 1000))}, clock, time.Second, 5)
	now = now.Add(20 * time.Second)
	if _, err := fast.Read(make([]byte, 1000)); err != nil { // 1000 bytes in 20 s
		t.Fatal(err)
	}
}

type nopCloser struct{ *strings.Reader }

func (nopCloser) Close() error { return nil }
