package api

import (
	"encoding/base64"
	"net/http"
	"strings"
	"time"

	"github.com/gorilla/websocket"
	"github.com/labstack/echo/v4"
	qrcode "github.com/skip2/go-qrcode"

	"souk/app/account"
)

// qrFrame is one message on the QR login socket. code is
// loginByBombmsgQRCode (with url and img), scaned, loginOk (with content),
// expired, or pong.
type qrFrame struct {
	Code    string         `json:"code"`
	URL     string         `json:"url,omitempty"`
	Img     string         `json:"img,omitempty"` // data:image/png;base64 of the QR code
	Content *account.Login `json:"content,omitempty"`
}

var upgrader = websocket.Upgrader{
	ReadBufferSize: 1024, WriteBufferSize: 4096,
	CheckOrigin: sameOrigin,
}

// sameOrigin refuses sockets opened by other sites' pages.
func sameOrigin(r *http.Request) bool {
	o := r.Header.Get("Origin")
	return o == "" || strings.TrimPrefix(strings.TrimPrefix(o, "https://"), "http://") == r.Host
}

// QRSocket serves /websocket/loginByBombmsgQRCode/empty: it shows a QR code
// for a fresh ticket, tells the screen when an app scans it and when the
// app confirms (with the new session's token), and replaces the code when
// it expires or the screen asks ("refresh"). Clients ping with {code:1}.
// Each client address may keep QRSocketsPerAddress sockets open, and a
// screen gets a new code on request at most every qrRefreshEvery.
func (a *Accounts) QRSocket(baseURL string) echo.HandlerFunc {
	open := newOpenCount(QRSocketsPerAddress, QRSocketsMax)
	return func(c echo.Context) error {
		ip := c.RealIP()
		if !open.take(ip) {
			return c.String(http.StatusTooManyRequests, a.translator(c)("QRTooManySockets"))
		}
		defer open.give(ip)
		ws, err := upgrader.Upgrade(c.Response(), c.Request(), nil)
		if err != nil {
			return nil // the upgrader already answered
		}
		defer ws.Close()
		lang := a.langs.Normalize(c.QueryParam("lang"))
		incoming := make(chan string, 4)
		go readQR(ws, incoming)
		for {
			id, events := a.acc.QR.Open()
			if !a.serveTicket(ws, id, events, incoming, baseURL+"/"+lang+"/qrlogin/"+id) {
				a.acc.QR.Close(id)
				return nil
			}
			a.acc.QR.Close(id)
		}
	}
}

// serveTicket runs one ticket; it reports whether to go on with a new one.
func (a *Accounts) serveTicket(ws *websocket.Conn, id string, events <-chan account.QREvent, incoming <-chan string, url string) bool {
	drawn := time.Now()
	png, err := qrcode.Encode(url, qrcode.Medium, 256)
	if err != nil {
		return false
	}
	if writeQR(ws, qrFrame{Code: "loginByBombmsgQRCode", URL: url, Img: "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)}) != nil {
		return false
	}
	expiry := time.NewTimer(account.QRLife)
	defer expiry.Stop()
	ping := time.NewTicker(30 * time.Second)
	defer ping.Stop()
	for {
		select {
		case e := <-events:
			if e.State == account.QRScanned {
				if writeQR(ws, qrFrame{Code: "scaned"}) != nil {
					return false
				}
			} else if e.State == account.QRConfirmed {
				_ = writeQR(ws, qrFrame{Code: "loginOk", Content: e.Login})
				return false
			}
		case <-expiry.C:
			return writeQR(ws, qrFrame{Code: "expired"}) == nil && waitRefresh(incoming, ws)
		case msg, ok := <-incoming:
			if !ok {
				return false
			}
			if msg == "refresh" {
				if time.Since(drawn) >= qrRefreshEvery {
					return true
				}
				continue // the code is fresh: drawing codes on demand is not free
			}
			if writeQR(ws, qrFrame{Code: "pong"}) != nil {
				return false
			}
		case <-ping.C:
			if ws.WriteControl(websocket.PingMessage, nil, time.Now().Add(5*time.Second)) != nil {
				return false
			}
		}
	}
}

// waitRefresh keeps an expired screen until it asks for a new code (or for
// ten minutes).
func waitRefresh(incoming <-chan string, ws *websocket.Conn) bool {
	deadline := time.After(10 * time.Minute)
	for {
		select {
		case msg, ok := <-incoming:
			if !ok {
				return false
			}
			if msg == "refresh" {
				return true
			}
			_ = writeQR(ws, qrFrame{Code: "pong"})
		case <-deadline:
			return false
		}
	}
}

func writeQR(ws *websocket.Conn, f qrFrame) error {
	_ = ws.SetWriteDeadline(time.Now().Add(10 * time.Second))
	return ws.WriteJSON(f)
}

// readQR forwards the screen's messages ("refresh", pings) and closes
// incoming when the socket ends. Reads are bounded in size and time.
func readQR(ws *websocket.Conn, incoming chan<- string) {
	defer close(incoming)
	ws.SetReadLimit(1024)
	_ = ws.SetReadDeadline(time.Now().Add(90 * time.Second))
	ws.SetPongHandler(func(string) error { return ws.SetReadDeadline(time.Now().Add(90 * time.Second)) })
	for {
		var m struct {
			Code any `json:"code"`
		}
		if err := ws.ReadJSON(&m); err != nil {
			return
		}
		_ = ws.SetReadDeadline(time.Now().Add(90 * time.Second))
		if s, ok := m.Code.(string); ok && s == "refresh" {
			incoming <- "refresh"
		} else {
			incoming <- "ping"
		}
	}
}
