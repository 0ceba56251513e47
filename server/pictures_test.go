package server_test

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// flatPNG is a w×h single-colour RGB PNG, written row by row so the test
// never holds its pixels: a 40 MP one is about 120 KB.
func flatPNG(w, h int) []byte {
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&out, binary.BigEndian, uint32(len(data)))
		crc := crc32.NewIEEE()
		crc.Write([]byte(typ))
		crc.Write(data)
		out.WriteString(typ)
		out.Write(data)
		_ = binary.Write(&out, binary.BigEndian, crc.Sum32())
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 2 // 8-bit RGB
	chunk("IHDR", ihdr)
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	row := make([]byte, 1+3*w) // filter byte 0, then the pixels
	for x := 0; x < w; x++ {
		copy(row[1+3*x:], []byte{190, 40, 60})
	}
	for y := 0; y < h; y++ {
		_, _ = zw.Write(row)
	}
	_ = zw.Close()
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

// searchPicture posts a picture to search by image and returns its frames;
// safe to call from many goroutines.
func (s *testStore) searchPicture(pic []byte) ([]frame, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("image", "p.png")
	_, _ = fw.Write(pic)
	_ = mw.WriteField("contentType", "image/png")
	_ = mw.Close()
	res, err := http.Post(s.URL+"/api/v1/souk/image/stream/search", mw.FormDataContentType(), &body)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	var out []frame
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var f frame
		if err := json.Unmarshal(sc.Bytes(), &f); err != nil {
			return nil, fmt.Errorf("not a frame: %q", sc.Text())
		}
		out = append(out, f)
	}
	return out, nil
}

// inParallel sends pic to search by image n times at once.
func (s *testStore) inParallel(t *testing.T, n int, pic []byte) [][]frame {
	t.Helper()
	out := make([][]frame, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() { defer wg.Done(); out[i], errs[i] = s.searchPicture(pic) }()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// Search by image is bounded in memory: pictures above its pixel budget
// are refused from their header (8 parallel 40 MP PNGs used to take over a
// gigabyte), and the pictures it decodes go through the decoding gate it
// shares with uploads, two at a time.
func TestImageSearchIsBounded(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	for i := 0; !s.app.Visual.Ready(); i++ { // its background build allocates too
		if i > 1200 {
			t.Fatal("the visual index is not ready")
		}
		time.Sleep(100 * time.Millisecond)
	}
	huge := flatPNG(8000, 5000)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	all := s.inParallel(t, 8, huge)
	runtime.ReadMemStats(&after)
	for _, fs := range all {
		if len(fs) != 1 || fs[0].C != 400 || fs[0].Code != 102 || !strings.Contains(fs[0].Easg, "12") {
			t.Fatalf("a 40 MP picture answered frames %v, want one error frame naming the 12 MP budget", codes(fs))
		}
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 200<<20 {
		t.Fatalf("8 parallel 40 MP searches allocated %d MB", alloc>>20)
	}

	fits := flatPNG(3600, 2700) // 9.7 MP
	for _, fs := range s.inParallel(t, 8, fits) {
		if len(fs) < 2 || fs[0].C != 5 || fs[len(fs)-1].C != 7 {
			t.Fatalf("a 9.7 MP picture answered %v", codes(fs))
		}
	}
	if g := s.app.Gate; g.MaxInUse() < 1 || g.MaxInUse() > g.Cap() || g.Cap() > 2 {
		t.Fatalf("decoding gate: at most %d in use of %d", g.MaxInUse(), g.Cap())
	}
}

// drip is an upload whose body arrives a byte a second.
type drip struct {
	conn   net.Conn
	answer chan string // the server's answer, when it comes
	stop   chan struct{}
}

// startDrip sends an upload's headers, waits until the handler reads the
// body (the server's 100 Continue says so), then sends a byte a second.
func (s *testStore) startDrip(t *testing.T, token string) *drip {
	t.Helper()
	u, _ := url.Parse(s.URL)
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	fmt.Fprintf(conn, "POST /api/v1/souk/file/imageBase64/uploadCut/avatar/160/160/640/640 HTTP/1.1\r\nHost: %s\r\nTOKEN: %s\r\n"+
		"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n", u.Host, token)
	br := bufio.NewReader(conn)
	line, err := br.ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "HTTP/1.1 100") {
		t.Fatalf("drip: %q %v, want 100 Continue", line, err)
	}
	_, _ = br.ReadString('\n') // the blank line after it
	d := &drip{conn: conn, answer: make(chan string, 1), stop: make(chan struct{})}
	go func() {
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			d.answer <- "error: " + err.Error()
			return
		}
		b, _ := io.ReadAll(res.Body)
		d.answer <- string(b)
	}()
	go func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			if _, err := conn.Write([]byte("i")); err != nil {
				return
			}
			select {
			case <-d.stop:
				return
			case <-tick.C:
			}
		}
	}()
	t.Cleanup(func() { close(d.stop) })
	return d
}

// Slow upload bodies do not hold the decoding slots: two uploads dripping
// a byte a second are still open when a third, normal upload succeeds, and
// a drip is then cut off for its rate.
func TestSlowUploadsDoNotHoldSlots(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	token := s.signUp(t, "drip@example.com")
	drips := []*drip{s.startDrip(t, token), s.startDrip(t, token)}

	form := url.Values{"image": {pngB64(300, 200)}, "contentType": {"image/png"}}
	req, _ := http.NewRequest("POST", s.URL+"/api/v1/souk/file/imageBase64/uploadCut/avatar/160/160/640/640", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("TOKEN", token)
	client := &http.Client{Timeout: 30 * time.Second} // past this, the drips hold the slots
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("the normal upload did not get through: %v", err)
	}
	var env envelope
	_ = json.NewDecoder(res.Body).Decode(&env)
	res.Body.Close()
	if env.Code != 200 {
		t.Fatalf("the normal upload answered %d %s", env.Code, env.Easg)
	}
	for i, d := range drips {
		select {
		case a := <-d.answer:
			t.Fatalf("drip %d was answered before the normal upload finished: %s", i, a)
		default:
		}
	}
	select {
	case a := <-drips[0].answer:
		if !strings.Contains(a, `"code":102`) {
			t.Fatalf("a dripping upload answered %s, want 102", a)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("a dripping upload was never cut off")
	}
}
