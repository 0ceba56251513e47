package realtime

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/labstack/echo/v4"

	"souk/app/account"
	"souk/app/apperr"
	"souk/app/chat"
	"souk/ent"
)

// guard bounds waits for what must happen, so a broken hub fails instead
// of hanging (not a timing assertion).
const guard = 20 * time.Second

// testHub serves a hub whose tokens are "u<user id>".
func testHub(t *testing.T) (*Hub, *httptest.Server) {
	t.Helper()
	h := New(func(_, key string, _ ...string) string { return key }, slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx, cancel := context.WithCancel(context.Background())
	go h.Run(ctx)
	var mu sync.Mutex
	seen := map[string]bool{}
	auth := func(_ context.Context, token string) (*account.Caller, error) {
		if token == "down" {
			return nil, errors.New("database away")
		}
		// "e<id>": a session that ends right after its first check.
		if strings.HasPrefix(token, "e") {
			mu.Lock()
			ended := seen[token]
			seen[token] = true
			mu.Unlock()
			if ended {
				return nil, apperr.New(apperr.Unauthorized, "SessionExpired")
			}
			token = "u" + token[1:]
		}
		id, err := strconv.Atoi(strings.TrimPrefix(token, "u"))
		if err != nil || !strings.HasPrefix(token, "u") {
			return nil, apperr.New(apperr.Unauthorized, "SessionExpired")
		}
		return &account.Caller{User: &ent.User{ID: id}, Session: &ent.Session{ID: id, ExpiresAt: time.Now().Add(time.Hour)}}, nil
	}
	e := echo.New()
	e.GET("/ws/:conn", h.Handler(auth, func(s string) string { return s }))
	srv := httptest.NewServer(e)
	t.Cleanup(func() { srv.Close(); cancel() })
	return h, srv
}

func dial(t *testing.T, srv *httptest.Server, user int) (*websocket.Conn, int) {
	t.Helper()
	conn := EncodeConn(ConnString{V: "t", Lan: "en", Token: "u" + strconv.Itoa(user)})
	ws, res, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.URL, "http")+"/ws/"+conn, nil)
	if err != nil {
		if res != nil {
			return nil, res.StatusCode
		}
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	return ws, http.StatusSwitchingProtocols
}

func waitCount(t *testing.T, h *Hub, n int) {
	t.Helper()
	deadline := time.Now().Add(guard)
	for h.Count() != n {
		if time.Now().After(deadline) {
			t.Fatalf("hub holds %d connections, want %d", h.Count(), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestSlowClientDropped: a client that never reads fills its queue and is
// dropped, while another client keeps getting every frame meanwhile: each
// of its frames arrives before the next is sent, so the hub never waited
// on the slow one.
func TestSlowClientDropped(t *testing.T) {
	h, srv := testHub(t)
	_, _ = dial(t, srv, 1) // never read
	fast, _ := dial(t, srv, 2)
	waitCount(t, h, 2)
	got := make(chan string, 1)
	go func() {
		for {
			_, b, err := fast.ReadMessage()
			if err != nil {
				close(got)
				return
			}
			got <- string(b)
		}
	}()
	big := strings.Repeat("x", 64<<10)
	for i := 0; h.Count() == 2; i++ {
		if i > 5000 {
			t.Fatal("the slow client was never dropped")
		}
		h.Deliver(context.Background(), []chat.Delivery{{Users: []int{1}, Frame: chat.Frame{Code: chat.FrameReceived, Content: big}}})
		h.Deliver(context.Background(), []chat.Delivery{{Users: []int{2}, Frame: chat.Frame{Code: chat.FrameUnreadCount, Content: i}}})
		select {
		case f, ok := <-got:
			if !ok || !strings.Contains(f, `"content":`+strconv.Itoa(i)+`}`) {
				t.Fatalf("frame %d to the fast client: %q", i, f)
			}
		case <-time.After(guard):
			t.Fatalf("frame %d to the fast client did not arrive: the hub is held up", i)
		}
	}
	waitCount(t, h, 1)
}

// TestSocketCaps: an account holds at most PerAccount sockets; the next is
// refused before the upgrade, and a closed one makes room.
func TestSocketCaps(t *testing.T) {
	h, srv := testHub(t)
	var open []*websocket.Conn
	for range PerAccount {
		ws, status := dial(t, srv, 7)
		if status != http.StatusSwitchingProtocols {
			t.Fatalf("socket %d refused: %d", len(open)+1, status)
		}
		open = append(open, ws)
	}
	waitCount(t, h, PerAccount)
	if _, status := dial(t, srv, 7); status != http.StatusTooManyRequests {
		t.Fatalf("socket %d: status %d, want 429", PerAccount+1, status)
	}
	if _, status := dial(t, srv, 8); status != http.StatusSwitchingProtocols {
		t.Fatalf("another account was refused: %d", status)
	}
	open[0].Close()
	waitCount(t, h, PerAccount) // 19 of account 7 and 1 of account 8
	deadline := time.Now().Add(guard)
	for {
		if _, status := dial(t, srv, 7); status == http.StatusSwitchingProtocols {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a closed socket never made room")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestConnString: the path segment decodes with or without padding, and
// anything else is refused.
func TestConnString(t *testing.T) {
	enc := EncodeConn(ConnString{V: "1.2", Lan: "ar", Token: "abc"})
	for _, c := range []struct {
		in string
		ok bool
	}{{enc, true}, {enc + "==", true}, {"!!", false}, {"e30", true}, {strings.Repeat("a", 3000), false}} {
		if _, ok := ParseConn(c.in); ok != c.ok {
			t.Errorf("ParseConn(%.20q) ok=%v", c.in, ok)
		}
	}
	if cs, _ := ParseConn(enc); cs.Lan != "ar" || cs.Token != "abc" || cs.V != "1.2" {
		t.Errorf("decoded %+v", cs)
	}
}

// TestSocketRefusals: a bad token gets frame 5 with that token, then the
// close; a failure that is not the token's (the database is away) is 503
// before the upgrade, so the client keeps its session and retries.
func TestSocketRefusals(t *testing.T) {
	_, srv := testHub(t)
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws/"
	ws, _, err := websocket.DefaultDialer.Dial(url+EncodeConn(ConnString{Lan: "en", Token: "bogus"}), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	_ = ws.SetReadDeadline(time.Now().Add(guard))
	if _, b, err := ws.ReadMessage(); err != nil || string(b) != `{"code":5,"easg":"SessionExpired","content":{"token":"bogus"}}` {
		t.Fatalf("bad token: %s %v", b, err)
	}
	if _, _, err := ws.ReadMessage(); !websocket.IsCloseError(err, websocket.ClosePolicyViolation) {
		t.Fatalf("after frame 5: %v, want the close", err)
	}
	if _, res, err := websocket.DefaultDialer.Dial(url+EncodeConn(ConnString{Token: "down"}), nil); err == nil || res == nil || res.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("database away: %v %v", res, err)
	}
}

// TestSessionEndsWhileAttaching: a session that ends between the socket's
// check and its joining the hub (its frame 5 went out before this socket
// was indexed) is checked again once joined, and the socket gets frame 5
// and the close instead of living on with a dead session.
func TestSessionEndsWhileAttaching(t *testing.T) {
	h, srv := testHub(t)
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.URL, "http")+"/ws/"+EncodeConn(ConnString{Lan: "en", Token: "e7"}), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	_ = ws.SetReadDeadline(time.Now().Add(guard))
	if _, b, err := ws.ReadMessage(); err != nil || !strings.Contains(string(b), `"code":5`) {
		t.Fatalf("want frame 5: %s %v", b, err)
	}
	if _, _, err := ws.ReadMessage(); err == nil {
		t.Fatal("the socket stayed open after frame 5")
	}
	waitCount(t, h, 0)
}
