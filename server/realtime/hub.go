// Package realtime is the websocket hub of /websocket/channel/v1/{conn}:
// one goroutine owns the index of connections by user; every connection
// has a bounded send queue, and a client too slow to drain it is dropped,
// never allowed to hold up the others. Frames are delivered after the
// change they tell about is committed; on PostgreSQL they also travel to
// the other nodes of the database (see Bus).
package realtime

import (
	"context"
	"encoding/json"
	"log/slog"

	"souk/app/chat"
)

// Limits of DESIGN §4a and the chat protocol.
const (
	QueueSize      = 64     // frames waiting for one connection; full means too slow
	PerAccount     = 20     // sockets one account may hold
	PerAddress     = 50     // sockets one client address may hold
	MaxConnections = 50_000 // all together, on one node
)

// wire is a frame ready to deliver: content encoded once, the message key
// rendered per connection language.
type wire struct {
	Users   []int           `json:"u"`
	Code    int             `json:"c"`
	Key     string          `json:"k,omitempty"`
	Args    []string        `json:"a,omitempty"`
	Content json.RawMessage `json:"x,omitempty"`
	// Sessions, for a session-end frame: only the connections of these
	// sessions get it (nil: all of the user's). Not a client field.
	Sessions []int `json:"s,omitempty"`
}

// Translator renders a message key in a language.
type Translator func(lang, key string, args ...string) string

// Hub owns the connections of this node.
type Hub struct {
	t       Translator
	log     *slog.Logger
	ops     chan func(idx index)
	stopped chan struct{} // closed when Run returns: nothing is queued any more
	caps    *caps
	publish func(ws []wire) // to the other nodes (PostgreSQL), or nil
}

// index is the hub goroutine's state: connections by user.
type index map[int]map[*conn]struct{}

// New makes a hub; Run serves it.
func New(t Translator, log *slog.Logger) *Hub {
	return &Hub{t: t, log: log, ops: make(chan func(idx index), 1024), stopped: make(chan struct{}), caps: newCaps()}
}

// Run owns the index until ctx ends; then every connection is closed.
func (h *Hub) Run(ctx context.Context) {
	idx := index{}
	defer close(h.stopped)
	for {
		select {
		case <-ctx.Done():
			for _, cs := range idx {
				for c := range cs {
					c.close()
				}
			}
			return
		case op := <-h.ops:
			op(idx)
		}
	}
}

// do runs op on the hub goroutine; it waits only for room in the queue,
// and not at all once the hub has stopped. It reports whether op was queued.
func (h *Hub) do(op func(idx index)) bool {
	select {
	case h.ops <- op:
		return true
	case <-h.stopped:
		return false
	}
}

func (h *Hub) attach(c *conn) {
	h.do(func(idx index) {
		if idx[c.user] == nil {
			idx[c.user] = map[*conn]struct{}{}
		}
		idx[c.user][c] = struct{}{}
	})
}

func (h *Hub) detach(c *conn) {
	h.do(func(idx index) {
		if cs := idx[c.user]; cs != nil {
			delete(cs, c)
			if len(cs) == 0 {
				delete(idx, c.user)
			}
		}
	})
}

// Deliver implements chat.Fanout: frames go to this node's connections
// and, on PostgreSQL, to the other nodes'.
func (h *Hub) Deliver(_ context.Context, ds []chat.Delivery) {
	ws := make([]wire, 0, len(ds))
	for _, d := range ds {
		w := wire{Users: d.Users, Code: d.Frame.Code, Key: d.Frame.Key, Args: d.Frame.Args}
		if d.Frame.Content != nil {
			raw, err := json.Marshal(d.Frame.Content)
			if err != nil {
				h.log.Error("realtime: encode frame", "code", d.Frame.Code, "err", err)
				continue
			}
			w.Content = raw
		}
		ws = append(ws, w)
	}
	h.local(ws)
	if h.publish != nil {
		h.publish(ws)
	}
}

// SessionsEnded sends frame 5 to the connections of the ended sessions
// (all of the user's when ids is nil) and closes them, here and on the
// other nodes.
func (h *Hub) SessionsEnded(userID int, ids []int) {
	ws := []wire{{Users: []int{userID}, Code: chat.FrameSessionEnd, Key: "SessionExpired", Sessions: ids}}
	h.local(ws)
	if h.publish != nil {
		h.publish(ws)
	}
}

// local queues ws for this node's connections.
func (h *Hub) local(ws []wire) {
	h.do(func(idx index) {
		for i := range ws {
			h.fan(idx, &ws[i])
		}
	})
}

// fan runs on the hub goroutine: it renders w once per language and
// queues it without waiting; a full queue drops that connection.
func (h *Hub) fan(idx index, w *wire) {
	rendered := map[string][]byte{}
	for _, uid := range w.Users {
		for c := range idx[uid] {
			if w.Code == chat.FrameSessionEnd {
				if w.Sessions != nil && !contains(w.Sessions, c.session) {
					continue
				}
				c.end(h.frameBytes(w, c.lang, c.token))
				delete(idx[uid], c)
				continue
			}
			b, ok := rendered[c.lang]
			if !ok {
				b = h.frameBytes(w, c.lang, "")
				rendered[c.lang] = b
			}
			if !c.offer(b) {
				h.log.Info("realtime: slow client dropped", "user", uid)
				delete(idx[uid], c)
				c.close()
			}
		}
		if len(idx[uid]) == 0 {
			delete(idx, uid)
		}
	}
}

// clientFrame is a frame as the client reads it: {code, easg?, content?}.
type clientFrame struct {
	Code    int             `json:"code"`
	Easg    string          `json:"easg,omitempty"`
	Content json.RawMessage `json:"content,omitempty"`
}

// frameBytes encodes w for a connection in lang; a session-end frame
// carries the connection's own token, which its client compares.
func (h *Hub) frameBytes(w *wire, lang, token string) []byte {
	f := clientFrame{Code: w.Code, Content: w.Content}
	if w.Key != "" {
		f.Easg = h.t(lang, w.Key, w.Args...)
	}
	if w.Code == chat.FrameSessionEnd {
		f.Content, _ = json.Marshal(map[string]string{"token": token})
	}
	b, _ := json.Marshal(f)
	return b
}

// Count is how many connections this node holds (for tests and metrics).
func (h *Hub) Count() int {
	n := make(chan int, 1)
	if !h.do(func(idx index) {
		total := 0
		for _, cs := range idx {
			total += len(cs)
		}
		n <- total
	}) {
		return 0
	}
	return <-n
}

func contains(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
