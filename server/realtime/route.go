package realtime

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
	"github.com/labstack/echo/v4"

	"souk/app/account"
	"souk/app/apperr"
)

// ConnString is the path segment of /websocket/channel/v1/{conn}:
// base64url (no padding) of this JSON.
type ConnString struct {
	V     string `json:"v"`
	Lan   string `json:"lan"`
	Token string `json:"token"`
}

// maxConnString bounds the segment before it is decoded.
const maxConnString = 2048

// ParseConn decodes a connection string; ok is false when it is not one.
func ParseConn(s string) (ConnString, bool) {
	var cs ConnString
	if len(s) > maxConnString {
		return cs, false
	}
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
	if err != nil || json.Unmarshal(raw, &cs) != nil {
		return ConnString{}, false
	}
	return cs, true
}

// EncodeConn is what clients put in the path (tests use it).
func EncodeConn(cs ConnString) string {
	b, _ := json.Marshal(cs)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Auth resolves a session token.
type Auth func(ctx context.Context, token string) (*account.Caller, error)

// upgrader: an idle socket holds no write buffer (the pool lends one per
// message), which with the handler's goroutine ending after the upgrade
// (see Handler) is most of what keeps 10 000 sockets within the memory
// budget (make bench prints the figure).
var upgrader = websocket.Upgrader{
	ReadBufferSize: 1024, WriteBufferSize: 4096, WriteBufferPool: &sync.Pool{},
	CheckOrigin: func(r *http.Request) bool { // other sites' pages may not open it
		o := r.Header.Get("Origin")
		return o == "" || strings.TrimPrefix(strings.TrimPrefix(o, "https://"), "http://") == r.Host
	},
}

// Handler serves GET /websocket/channel/v1/:conn. A bad or expired token
// gets frame 5 and the close; a signed-in user's socket joins the hub.
// normalize maps the connection's language to a supported one.
func (h *Hub) Handler(auth Auth, normalize func(string) string) echo.HandlerFunc {
	return func(c echo.Context) error {
		cs, _ := ParseConn(c.Param("conn"))
		lang := normalize(cs.Lan)
		caller, err := auth(c.Request().Context(), cs.Token)
		if e, ok := apperr.As(err); err != nil && (!ok || e.Code != apperr.Unauthorized) {
			// Not the token's fault (the database is away): the client
			// retries with backoff and keeps its session.
			h.log.Warn("realtime: authenticate", "err", err)
			return c.String(http.StatusServiceUnavailable, h.t(lang, "ErrorOccurs"))
		}
		user := 0
		if err == nil {
			user = caller.User.ID
		}
		addr := c.RealIP()
		if !h.caps.take(addr, user) {
			return c.String(http.StatusTooManyRequests, h.t(lang, "ChatTooManySockets"))
		}
		ws, uerr := upgrader.Upgrade(c.Response(), c.Request(), nil)
		if uerr != nil {
			h.caps.give(addr, user)
			return nil // the upgrader answered
		}
		if err != nil {
			endAtOnce(h, ws, lang, cs.Token)
			h.caps.give(addr, user)
			return nil
		}
		conn := newConn(ws, user, caller.Session.ID, cs.Token, lang, caller.Session.ExpiresAt)
		h.attach(conn)
		go conn.writePump(h)
		// The session may have ended between the check above and attach:
		// its frame 5 went to the sockets indexed then. Checking again now
		// that this one is queued for the index means one of the two ends it.
		if _, err := auth(c.Request().Context(), cs.Token); err != nil {
			if e, ok := apperr.As(err); ok && e.Code == apperr.Unauthorized {
				conn.end(h.frameBytes(&wire{Code: 5, Key: "SessionExpired"}, lang, cs.Token))
			}
		}
		// The reads go on in a goroutine of their own and this handler
		// returns: its goroutine's stack, grown through the middleware, and
		// the request are not held for the life of the socket.
		go func() {
			defer h.caps.give(addr, user)
			conn.readPump(h)
		}()
		return nil
	}
}

// endAtOnce tells a client its session is over, then closes.
func endAtOnce(h *Hub, ws *websocket.Conn, lang, token string) {
	defer ws.Close()
	deadline := time.Now().Add(writeWait)
	_ = ws.SetWriteDeadline(deadline)
	_ = ws.WriteMessage(websocket.TextMessage, h.frameBytes(&wire{Code: 5, Key: "SessionExpired"}, lang, token))
	_ = ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.ClosePolicyViolation, ""), deadline)
}
