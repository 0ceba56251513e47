package media

import (
	"errors"
	"image/jpeg"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
)

func TestParseName(t *testing.T) {
	long := make([]byte, maxUIDLen+1)
	for i := range long {
		long[i] = 'a'
	}
	tests := []struct {
		name string
		uid  string
		size int
		ok   bool
	}{
		{"demo/abc-l.jpg", "abc", LargeSize, true},
		{"demo/abc-s.jpg", "abc", SmallSize, true},
		{"demo/abc-t.jpg", "abc", TinySize, true},
		{"demo/A_b-9-s.jpg", "A_b-9", SmallSize, true},
		{"demo/../x-l.jpg", "", 0, false},
		{"demo/..-l.jpg", "", 0, false},
		{"demo/a-x.jpg", "", 0, false},
		{"demo/a-L.jpg", "", 0, false},
		{"demo/-l.jpg", "", 0, false},
		{"demo/a-l.png", "", 0, false},
		{"demo/a-ll.jpg", "", 0, false},
		{"demo/a/b-l.jpg", "", 0, false},
		{"demo/a\\b-l.jpg", "", 0, false},
		{"demo/a.b-l.jpg", "", 0, false},
		{"demo/a%2e-l.jpg", "", 0, false},
		{"demo/a-l.jpg/", "", 0, false},
		{"demo/a-l.jpg\x00", "", 0, false},
		{"demo/é-l.jpg", "", 0, false},
		{"/demo/a-l.jpg", "", 0, false},
		{"other/a-l.jpg", "", 0, false},
		{"demo/" + string(long) + "-l.jpg", "", 0, false},
		{"", "", 0, false},
	}
	for _, tt := range tests {
		uid, size, ok := parseName(tt.name)
		if ok != tt.ok || (ok && (uid != tt.uid || size != tt.size)) {
			t.Errorf("parseName(%q) = %q, %d, %v; want %q, %d, %v", tt.name, uid, size, ok, tt.uid, tt.size, tt.ok)
		}
	}
}

func TestDemoSizes(t *testing.T) {
	got := NewStore(t.TempDir(), "/media/").DemoSizes("p1")
	want := Sizes{
		LargeURL: "/media/demo/p1-l.jpg", LargeW: 800, LargeH: 800,
		SmallURL: "/media/demo/p1-s.jpg", SmallW: 400, SmallH: 400,
		TinyURL: "/media/demo/p1-t.jpg", TinyW: 160, TinyH: 160,
	}
	if got != want {
		t.Fatalf("DemoSizes = %+v, want %+v", got, want)
	}
}

// countingSpec knows only uid "p1" and counts how often it is asked.
func countingSpec(n *atomic.Int32) func(string) (DemoSpec, bool) {
	return func(uid string) (DemoSpec, bool) {
		n.Add(1)
		return SpecFromSeed(uid, ShapeMug, red), uid == "p1"
	}
}

func TestOpenRendersOnce(t *testing.T) {
	dir := t.TempDir()
	s := NewStore(dir, "/media")
	var calls atomic.Int32
	var wg sync.WaitGroup
	paths := make([]string, 32)
	for i := range paths {
		wg.Go(func() {
			p, err := s.Open("demo/p1-s.jpg", countingSpec(&calls))
			if err != nil {
				t.Error(err)
			}
			paths[i] = p
		})
	}
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Fatalf("spec called %d times, want 1", n)
	}
	want := filepath.Join(dir, "demo", "p1-s.jpg")
	for _, p := range paths {
		if p != want {
			t.Fatalf("path %q, want %q", p, want)
		}
	}
	checkJPEG(t, want, SmallSize)
	if _, err := s.Open("demo/p1-s.jpg", countingSpec(&calls)); err != nil || calls.Load() != 1 {
		t.Fatalf("cached open: err %v, calls %d", err, calls.Load())
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, "demo", ".tmp-*")); len(leftovers) > 0 {
		t.Fatalf("temp files left behind: %v", leftovers)
	}
}

func checkJPEG(t *testing.T, path string, size int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := jpeg.DecodeConfig(f)
	if err != nil || cfg.Width != size || cfg.Height != size {
		t.Fatalf("decode %s: %+v, %v", path, cfg, err)
	}
}

func TestOpenNotFound(t *testing.T) {
	tests := []struct {
		name      string
		wantCalls int32
	}{
		{"demo/unknown-l.jpg", 1}, // valid name, spec says no
		{"demo/../p1-l.jpg", 0},   // rejected before asking
		{"demo/p1-x.jpg", 0},
		{"demo/p1.jpg", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			var calls atomic.Int32
			_, err := NewStore(dir, "/media").Open(tt.name, countingSpec(&calls))
			if !errors.Is(err, ErrNotFound) {
				t.Fatalf("err = %v, want ErrNotFound", err)
			}
			if calls.Load() != tt.wantCalls {
				t.Fatalf("spec called %d times, want %d", calls.Load(), tt.wantCalls)
			}
			if entries, _ := os.ReadDir(filepath.Join(dir, "demo")); len(entries) > 0 {
				t.Fatalf("files written for a miss: %v", entries)
			}
		})
	}
}

func TestOpenAllSizes(t *testing.T) {
	s := NewStore(t.TempDir(), "/media")
	var calls atomic.Int32
	for suffix, size := range map[string]int{"l": LargeSize, "s": SmallSize, "t": TinySize} {
		p, err := s.Open("demo/p1-"+suffix+".jpg", countingSpec(&calls))
		if err != nil {
			t.Fatal(err)
		}
		checkJPEG(t, p, size)
	}
}
