package server_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"souk/server/api"
)

// dialQR opens a QR login socket and reads its first code; it returns the
// HTTP status when the server refuses the socket.
func (s *testStore) dialQR(t *testing.T) (*websocket.Conn, int) {
	t.Helper()
	ws, res, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(s.URL, "http")+"/websocket/loginByBombmsgQRCode/empty?lang=en", nil)
	if err != nil {
		if res == nil {
			t.Fatal(err)
		}
		return nil, res.StatusCode
	}
	t.Cleanup(func() { ws.Close() })
	var f struct{ Code string }
	if err := ws.ReadJSON(&f); err != nil || f.Code != "loginByBombmsgQRCode" {
		t.Fatalf("first frame %q %v", f.Code, err)
	}
	return ws, http.StatusSwitchingProtocols
}

// A client address keeps at most QRSocketsPerAddress QR login sockets
// open; closing one makes room for another.
func TestQRSocketsPerAddress(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	var open []*websocket.Conn
	for range api.QRSocketsPerAddress {
		ws, status := s.dialQR(t)
		if ws == nil {
			t.Fatalf("socket %d refused: %d", len(open)+1, status)
		}
		open = append(open, ws)
	}
	for range 3 {
		if ws, status := s.dialQR(t); ws != nil || status != http.StatusTooManyRequests {
			t.Fatalf("a socket past the limit answered %d, want 429", status)
		}
	}
	open[0].Close()
	for i := 0; ; i++ { // the server notices the close on its next read
		ws, _ := s.dialQR(t)
		if ws != nil {
			break
		}
		if i > 100 {
			t.Fatal("a closed socket's place was never freed")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Asking for a new code over and over does not make the server draw one
// each time: a fresh code is kept.
func TestQRRefreshIsThrottled(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	ws, _ := s.dialQR(t)
	for range 50 {
		if err := ws.WriteJSON(map[string]string{"code": "refresh"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := ws.WriteJSON(map[string]int{"code": 1}); err != nil {
		t.Fatal(err)
	}
	codes := 0
	for { // frames come in order: the pong answers the ping sent last
		var f struct{ Code string }
		if err := ws.ReadJSON(&f); err != nil {
			t.Fatal(err)
		}
		if f.Code == "pong" {
			break
		}
		if f.Code == "loginByBombmsgQRCode" {
			codes++
		}
	}
	if codes > 1 {
		t.Fatalf("50 refreshes drew %d new codes", codes)
	}
}
