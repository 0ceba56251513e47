package media

import (
	"context"
	"errors"
	"sync"
	"testing"
)

// Search by image has a smaller pixel budget than uploads, checked on the
// header: a picture above it is refused before any pixel is decoded.
func TestDecodeQueryPixelBudget(t *testing.T) {
	small := upPNG(t, upPicture(40, 30))
	tests := []struct {
		name string
		data []byte
		key  string
	}{
		{"13 MP header", upPatchPNGSize(t, small, 4000, 3250), KeyImageSearchTooManyPixels},
		{"39 MP header", upPatchPNGSize(t, small, 7800, 5000), KeyImageSearchTooManyPixels},
		{"13 MP JPEG header", upPatchJPEGSize(t, upJPEG(t, upPicture(40, 30)), 4000, 3250), KeyImageSearchTooManyPixels},
		{"60 MP header", upPatchPNGSize(t, small, 10000, 6000), KeyImageSearchTooManyPixels},
		{"small picture", small, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			alloc := upAllocated(func() { _, err = DecodeQuery(tt.data) })
			if upKey(err) != tt.key {
				t.Fatalf("err %v, want key %q", err, tt.key)
			}
			if tt.key != "" && alloc > 1<<20 {
				t.Fatalf("refusing allocated %d bytes", alloc)
			}
			var ue *UploadError
			if errors.As(err, &ue) && ue.Err().Key != KeyImageSearchTooManyPixels {
				t.Fatalf("answered with key %q", ue.Err().Key)
			}
		})
	}
}

// The gate never lets more than its slots in at once, and counts the most
// that were in.
func TestGateBoundsConcurrency(t *testing.T) {
	g := NewGate(2)
	var wg sync.WaitGroup
	var mu sync.Mutex
	in, most := 0, 0
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			release, err := g.Enter(context.Background())
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			in++
			most = max(most, in)
			mu.Unlock()
			mu.Lock()
			in--
			mu.Unlock()
			release()
			release() // a second release is harmless
		}()
	}
	wg.Wait()
	if most > 2 || g.MaxInUse() > 2 || g.MaxInUse() < 1 || g.Cap() != 2 {
		t.Fatalf("most %d, MaxInUse %d, Cap %d", most, g.MaxInUse(), g.Cap())
	}
	// A waiter whose request ends leaves without a slot.
	r1, _ := g.Enter(context.Background())
	r2, _ := g.Enter(context.Background())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.Enter(ctx); err == nil {
		t.Fatal("entered a full gate")
	}
	r1()
	r2()
}

// Uploads go to their owner's folder, whose name is derived from the user
// uid; an upload without an owner is refused.
func TestUploadOwnerFolder(t *testing.T) {
	dir := t.TempDir()
	req := upReq(upPNG(t, upPicture(30, 20)))
	req.Disk, req.Owner = "avatar", "uAbC-_x9"
	up, err := Process(dir, "/media", req)
	if err != nil {
		t.Fatal(err)
	}
	owner := OwnerDir("uAbC-_x9")
	if len(owner) != 24 || owner == OwnerDir("uabc-_x9") {
		t.Fatalf("owner folder %q", owner)
	}
	for _, u := range []string{up.Small.URL, up.Big.URL} {
		disk, o, ok := ParseUploadPath(u[len("/media/"):])
		if !ok || disk != "avatar" || o != owner {
			t.Fatalf("%s: %q %q %v", u, disk, o, ok)
		}
	}
	req.Owner = ""
	if _, err := Process(dir, "/media", req); upKey(err) != KeyImageBadRequest {
		t.Fatalf("no owner: %v", err)
	}
	for _, p := range []string{"uploads/avatar/../../../etc/passwd", "uploads/avatar/" + owner + "/../x/" + up.ID + "-s.jpg",
		"uploads/avatar/" + up.ID + "-s.jpg", "uploads/other/" + owner + "/" + up.ID + "-s.jpg", "uploads/avatar/" + owner + "/" + up.ID + "-s.png"} {
		if _, _, ok := ParseUploadPath(p); ok {
			t.Errorf("%s accepted", p)
		}
	}
}
