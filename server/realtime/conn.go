package realtime

import (
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Timings of the socket (chat protocol): the server pings every 30 s; a
// client heard from neither by pong nor by heartbeat for 60 s is gone.
const (
	PingEvery    = 30 * time.Second
	ReadDeadline = 60 * time.Second
	writeWait    = 10 * time.Second
	maxIncoming  = 4096 // a heartbeat is {"code":1}
)

// conn is one socket of a signed-in user.
type conn struct {
	ws      *websocket.Conn
	user    int
	session int
	token   string
	lang    string
	expires time.Time
	send    chan []byte // bounded; nil entry: close after what is queued
	done    chan struct{}
	once    sync.Once
}

func newConn(ws *websocket.Conn, user, session int, token, lang string, expires time.Time) *conn {
	return &conn{ws: ws, user: user, session: session, token: token, lang: lang, expires: expires,
		send: make(chan []byte, QueueSize), done: make(chan struct{})}
}

// offer queues b without waiting; false means the queue is full.
func (c *conn) offer(b []byte) bool {
	select {
	case c.send <- b:
		return true
	default:
		return false
	}
}

// end queues a last frame and then the close; with no room, it closes now.
func (c *conn) end(last []byte) {
	if !c.offer(last) || !c.offer(nil) {
		c.close()
	}
}

// close ends the connection once; both pumps stop.
func (c *conn) close() {
	c.once.Do(func() {
		close(c.done)
		_ = c.ws.Close()
	})
}

// readPump reads heartbeats and pongs, which keep the connection alive,
// until the client goes or is silent too long; then it detaches.
func (c *conn) readPump(h *Hub) {
	defer func() {
		h.detach(c)
		c.close()
	}()
	c.ws.SetReadLimit(maxIncoming)
	alive := func() { _ = c.ws.SetReadDeadline(time.Now().Add(ReadDeadline)) }
	alive()
	c.ws.SetPongHandler(func(string) error { alive(); return nil })
	for {
		if _, _, err := c.ws.ReadMessage(); err != nil {
			return
		}
		alive() // any frame from the client ({code:1}) counts as a heartbeat
	}
}

// writePump writes queued frames and pings; when the session has expired
// it sends the session-end frame and closes.
func (c *conn) writePump(h *Hub) {
	ping := time.NewTicker(PingEvery)
	defer func() {
		ping.Stop()
		c.close()
	}()
	for {
		select {
		case <-c.done:
			return
		case b := <-c.send:
			if b == nil {
				_ = c.ws.WriteControl(websocket.CloseMessage,
					websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""), time.Now().Add(writeWait))
				return
			}
			_ = c.ws.SetWriteDeadline(time.Now().Add(writeWait))
			if err := c.ws.WriteMessage(websocket.TextMessage, b); err != nil {
				return
			}
		case now := <-ping.C:
			if now.After(c.expires) {
				h.detach(c)
				_ = c.ws.SetWriteDeadline(now.Add(writeWait))
				_ = c.ws.WriteMessage(websocket.TextMessage, h.frameBytes(&wire{Code: 5, Key: "SessionExpired"}, c.lang, c.token))
				return
			}
			if err := c.ws.WriteControl(websocket.PingMessage, nil, now.Add(writeWait)); err != nil {
				return
			}
		}
	}
}
