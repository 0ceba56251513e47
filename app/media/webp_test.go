package media

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	xwebp "golang.org/x/image/webp"
)

// checkWebP decodes path with the standard extended library's decoder (not
// the encoder's own) and checks its size.
func checkWebP(t *testing.T, path string, w, h int) int64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := xwebp.Decode(f)
	if err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Fatalf("%s: %dx%d, want %dx%d", path, b.Dx(), b.Dy(), w, h)
	}
	st, _ := f.Stat()
	return st.Size()
}

// Many requests for one new WebP make one encode, inside the gate, and the
// file is a smaller twin of the JPEG of the same size.
func TestOpenWebPEncodesOnce(t *testing.T) {
	dir := t.TempDir()
	s := NewStore(dir, "/media")
	gate := NewGate(DecodeSlots)
	var calls atomic.Int32
	var wg sync.WaitGroup
	paths := make([]string, 16)
	for i := range paths {
		wg.Go(func() {
			p, err := s.OpenWebP(context.Background(), "demo/p1-s.webp", countingSpec(&calls), gate)
			if err != nil {
				t.Error(err)
			}
			paths[i] = p
		})
	}
	wg.Wait()
	want := filepath.Join(dir, "demo", "p1-s.webp")
	for _, p := range paths {
		if p != want {
			t.Fatalf("path %q, want %q", p, want)
		}
	}
	if calls.Load() != 1 || gate.MaxInUse() != 1 {
		t.Fatalf("spec asked %d times, gate held %d at once; want 1 and 1", calls.Load(), gate.MaxInUse())
	}
	size := checkWebP(t, want, SmallSize, SmallSize)
	jpg, err := s.Open("demo/p1-s.jpg", countingSpec(&calls))
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(jpg); size >= st.Size() {
		t.Fatalf("WebP %d bytes, JPEG %d: not smaller", size, st.Size())
	}
	if _, err := s.OpenWebP(context.Background(), "demo/p1-s.webp", countingSpec(&calls), gate); err != nil || calls.Load() != 2 {
		t.Fatalf("cached open: err %v, spec asked %d times", err, calls.Load())
	}
}

// Bad names, unknown goods and missing uploads are refused before any
// pixel work: the gate is never entered and nothing is written.
func TestOpenWebPNotFound(t *testing.T) {
	for _, name := range []string{
		"demo/unknown-s.webp", "demo/p1-s.jpg.webp", "demo/p1-x.webp", "demo/../p1-s.webp", "demo/p1-s.WEBP",
		"demo/p1-s.webp/", "p1-s.webp", "uploads/goods/0123456789abcdef01234567/0123456789abcdef0123456789abcdef-s.webp",
		"uploads/goods/../../demo/p1-s.webp", "uploads/other/0123456789abcdef0123456789abcdef-s.webp",
	} {
		dir := t.TempDir()
		gate := NewGate(1)
		var calls atomic.Int32
		_, err := NewStore(dir, "/media").OpenWebP(context.Background(), name, countingSpec(&calls), gate)
		if !errors.Is(err, ErrNotFound) {
			t.Errorf("%s: err %v, want ErrNotFound", name, err)
		}
		if gate.MaxInUse() != 0 {
			t.Errorf("%s: entered the gate", name)
		}
		if entries, _ := os.ReadDir(dir); len(entries) > 0 {
			t.Errorf("%s: wrote %v", name, entries)
		}
	}
}

// An upload's WebP twin has the size of its JPEG.
func TestOpenWebPUpload(t *testing.T) {
	dir := t.TempDir()
	up, err := Process(dir, "/media", upReq(upJPEG(t, upPicture(300, 200))))
	if err != nil {
		t.Fatal(err)
	}
	for _, th := range []Thumb{up.Small, up.Big} {
		name := strings.TrimSuffix(strings.TrimPrefix(th.URL, "/media/"), ".jpg") + ".webp"
		p, err := NewStore(dir, "/media").OpenWebP(context.Background(), name, countingSpec(new(atomic.Int32)), NewGate(1))
		if err != nil {
			t.Fatal(err)
		}
		checkWebP(t, p, th.Width, th.Height)
	}
}

// A visitor who leaves while the encode waits for the gate gets their
// context's error at once and encodes nothing; another visitor waiting for
// the same picture is not failed by it (it got a 500), and gets the picture
// once a slot frees, from the one shared encode.
func TestOpenWebPWaitsForGate(t *testing.T) {
	dir := t.TempDir()
	gate := NewGate(1)
	release, _ := gate.Enter(context.Background())
	s := NewStore(dir, "/media")
	var leftCalls, stayedCalls atomic.Int32
	ctx, cancel := context.WithCancel(context.Background())
	left := make(chan error, 1)
	go func() {
		_, err := s.OpenWebP(ctx, "demo/p1-t.webp", countingSpec(&leftCalls), gate)
		left <- err
	}()
	for leftCalls.Load() == 0 { // the leaving visitor's encode has started and waits for the gate
		runtime.Gosched()
	}
	stayed := make(chan error, 1)
	go func() {
		_, err := s.OpenWebP(context.Background(), "demo/p1-t.webp", countingSpec(&stayedCalls), gate)
		stayed <- err
	}()
	time.Sleep(50 * time.Millisecond) // let the second visitor join that encode (ordering, not a timing check)
	cancel()
	if err := <-left; !errors.Is(err, context.Canceled) {
		t.Fatalf("the visitor who left: %v, want context.Canceled", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "demo", "p1-t.webp")); err == nil {
		t.Fatal("encoded without a gate slot")
	}
	release()
	if err := <-stayed; err != nil {
		t.Fatalf("the visitor who stayed: %v", err)
	}
	checkWebP(t, filepath.Join(dir, "demo", "p1-t.webp"), TinySize, TinySize)
	if n := leftCalls.Load() + stayedCalls.Load(); n != 1 {
		t.Fatalf("%d encodes, want 1", n)
	}
}

// BenchmarkEncodeWebP is the encode time per size of a demo picture, the
// cost of a WebP's first request (README, Performance).
func BenchmarkEncodeWebP(b *testing.B) {
	for _, size := range []int{LargeSize, SmallSize, TinySize} {
		img := RenderDemo(SpecFromSeed("bench", ShapeDress, red), size, size)
		_ = EncodeWebP(io.Discard, img) // compiles the encoder once
		b.Run(strconv.Itoa(size), func(b *testing.B) {
			for b.Loop() {
				if err := EncodeWebP(io.Discard, img); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
