package server_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"souk/server/realtime"
)

// socketFrame is a realtime frame as the client reads it.
type socketFrame struct {
	Code    int             `json:"code"`
	Easg    string          `json:"easg"`
	Content json.RawMessage `json:"content"`
}

// socket is a client of /websocket/channel/v1/{conn}; frames arrive on
// frames, and closed is closed when the server ends the connection.
type socket struct {
	ws     *websocket.Conn
	frames chan socketFrame
	closed chan struct{}
}

// guard bounds a wait for a frame that should come, so a broken server
// fails the test instead of hanging it (not a timing assertion).
const guard = 20 * time.Second

func (s *testStore) dialChannel(t *testing.T, token, lan string) *socket {
	t.Helper()
	conn := realtime.EncodeConn(realtime.ConnString{V: "test", Lan: lan, Token: token})
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(s.URL, "http")+"/websocket/channel/v1/"+conn, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	k := &socket{ws: ws, frames: make(chan socketFrame, 256), closed: make(chan struct{})}
	go func() {
		defer close(k.closed)
		for {
			var f socketFrame
			if err := ws.ReadJSON(&f); err != nil {
				return
			}
			k.frames <- f
		}
	}()
	return k
}

// waitSockets waits until the hub holds n sockets: a dial returns once the
// upgrade is answered, a moment before the hub indexes the connection.
func (s *testStore) waitSockets(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(guard)
	for s.app.Hub.Count() != n {
		if time.Now().After(deadline) {
			t.Fatalf("the hub holds %d sockets, want %d", s.app.Hub.Count(), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// next is the next frame of code (others are skipped).
func (k *socket) next(t *testing.T, code int) socketFrame {
	t.Helper()
	timer := time.NewTimer(guard)
	defer timer.Stop()
	for {
		select {
		case f := <-k.frames:
			if f.Code == code {
				return f
			}
		case <-k.closed:
			for len(k.frames) > 0 { // frames read before the close come first
				if f := <-k.frames; f.Code == code {
					return f
				}
			}
			t.Fatalf("the socket closed while waiting for frame %d", code)
		case <-timer.C:
			t.Fatalf("no frame %d", code)
		}
	}
}

// TestChatSocket: a message sent over HTTP reaches the other side as frame
// 2 (with a notice 9 and the unread count 8) and the sender as 3 and 2;
// reading sends 7 to both and 8 to the reader; logging out sends 5 to the
// session's socket and closes it; a bad token gets 5 and the close.
func TestChatSocket(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		w := newChatWorld(t, s)
		shop, sell := s.dialChannel(t, w.shopper, "en"), s.dialChannel(t, w.seller, "en")
		s.waitSockets(t, 2)

		sent := w.send(t, w.shopper, w.goodsCV, "sock1", 1, "Can it ship by Friday?")
		for _, f := range []socketFrame{shop.next(t, 3), shop.next(t, 2)} {
			m := decodeFrame[chatMsg](t, f)
			if m.AppID != "sock1" || m.Seq != sent.Seq || !m.Mine {
				t.Errorf("the sender's frame %d: %+v", f.Code, m)
			}
		}
		if m := sell.message(t, "sock1"); m.Mine || m.Side != "shopper" || m.Conversation != w.goodsCV {
			t.Errorf("the seller's frame 2: %+v", m)
		}
		if n := sell.next(t, 9); !strings.HasPrefix(n.Easg, "New message from ") || !strings.Contains(string(n.Content), `"link":"/bigchat?c=`+w.goodsCV+`"`) {
			t.Errorf("notice: %q %s", n.Easg, n.Content)
		}
		type unread struct {
			Total int            `json:"total"`
			Map   map[string]int `json:"map"`
		}
		if u := decodeFrame[unread](t, sell.next(t, 8)); u.Total != 2 || u.Map[w.goodsCV] != 2 {
			t.Errorf("the seller's unread frame: %+v", u)
		}

		env := s.call(t, "POST", "chat/read", fmt.Sprintf(`{"uid":%q,"seq":%d}`, w.goodsCV, sent.Seq), "TOKEN", w.seller)
		if env.Code != 200 {
			t.Fatal(env.Easg)
		}
		type read struct {
			Conversation, Side string
			Seq                int64
		}
		for who, k := range map[string]*socket{"shopper": shop, "seller": sell} {
			if r := decodeFrame[read](t, k.next(t, 7)); r.Conversation != w.goodsCV || r.Side != "peer" || r.Seq != sent.Seq {
				t.Errorf("%s's read frame: %+v", who, r)
			}
		}
		if u := decodeFrame[unread](t, sell.next(t, 8)); u.Total != 0 {
			t.Errorf("the seller's unread after reading: %+v", u)
		}

		// Logging out ends this session's socket, with its token.
		if env := s.call(t, "POST", "logout", `{}`, "TOKEN", w.shopper); env.Code != 200 {
			t.Fatal(env.Easg)
		}
		end := shop.next(t, 5)
		if tok := decodeFrame[struct{ Token string }](t, end); tok.Token != w.shopper || end.Easg == "" {
			t.Errorf("session end frame: %+v", end)
		}
		waitClosed(t, shop)

		bad := s.dialChannel(t, "not-a-token", "en")
		if f := bad.next(t, 5); f.Easg == "" {
			t.Errorf("bad token frame: %+v", f)
		}
		waitClosed(t, bad)
	})
}

// message is the next frame 2 of appID (earlier ones are skipped).
func (k *socket) message(t *testing.T, appID string) chatMsg {
	t.Helper()
	for {
		if m := decodeFrame[chatMsg](t, k.next(t, 2)); m.AppID == appID {
			return m
		}
	}
}

func waitClosed(t *testing.T, k *socket) {
	t.Helper()
	select {
	case <-k.closed:
	case <-time.After(guard):
		t.Fatal("the server did not close the socket")
	}
}

func decodeFrame[T any](t *testing.T, f socketFrame) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(f.Content, &v); err != nil {
		t.Fatalf("frame %d content %s: %v", f.Code, f.Content, err)
	}
	return v
}

// TestSessionEndOnlyItsSockets: ending one session from another device
// sends 5 to that session's socket and closes it; the other session's
// socket stays and keeps getting frames.
func TestSessionEndOnlyItsSockets(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	w := newChatWorld(t, s)
	laptop := w.seller
	phone := s.loginAs(t, "c-seller@example.com", "secret123")
	onLaptop, onPhone := s.dialChannel(t, laptop, "en"), s.dialChannel(t, phone, "en")
	s.waitSockets(t, 2)
	safe := decode[struct {
		Sessions []struct {
			ID      string `json:"id"`
			Current bool   `json:"current"`
		} `json:"sessions"`
	}](t, s.call(t, "GET", "my/getSafeInfo", "", "TOKEN", phone))
	phoneID := ""
	for _, ss := range safe.Sessions {
		if ss.Current {
			phoneID = ss.ID
		}
	}
	if env := s.call(t, "POST", "my/endSession", `{"id":"`+phoneID+`"}`, "TOKEN", laptop); env.Code != 200 {
		t.Fatal(env.Easg)
	}
	if tok := decodeFrame[struct{ Token string }](t, onPhone.next(t, 5)); tok.Token != phone {
		t.Errorf("frame 5 on the phone carries %q", tok.Token)
	}
	waitClosed(t, onPhone)
	w.send(t, w.shopper, w.goodsCV, "after", 1, "Still there?")
	timer := time.NewTimer(guard)
	defer timer.Stop()
	for { // frames arrive in order: a 5 would come before the message
		select {
		case f := <-onLaptop.frames:
			if f.Code == 5 {
				t.Fatal("the laptop's socket heard the phone's session end")
			}
			if f.Code == 2 {
				return
			}
		case <-timer.C:
			t.Fatal("the laptop's socket got no message")
		}
	}
}
