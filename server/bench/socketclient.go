package bench

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
	"golang.org/x/sync/errgroup"

	"souk/server/realtime"
)

// SocketPlan is what the socket client is told on its standard input: whose
// sockets to open and who writes to whom.
type SocketPlan struct {
	Base       string       `json:"base"`    // http://host:port
	PerUser    int          `json:"perUser"` // sockets per user: each message reaches the recipient's PerUser sockets
	Sockets    []SocketUser `json:"sockets"`
	Senders    []Sender     `json:"senders"`
	Rate       int          `json:"rate"`    // steady messages per second
	Seconds    int          `json:"seconds"` // of the steady phase
	Burst      int          `json:"burst"`   // messages sent as fast as the server takes them
	BurstConns int          `json:"burstConns"`
}

// SocketUser opens N sockets with Token; frames on a Recipient's sockets
// are the ones measured.
type SocketUser struct {
	Token     string `json:"token"`
	N         int    `json:"n"`
	Recipient bool   `json:"recipient"`
}

// Sender writes in Conversation (to a recipient) with Token.
type Sender struct {
	Token        string `json:"token"`
	Conversation string `json:"conversation"`
}

// SocketReport is what the client prints as its last line.
type SocketReport struct {
	Opened       int     `json:"opened"`
	SteadySent   int     `json:"steadySent"`
	P50          float64 `json:"p50"` // ms, send started to frame 2 on a recipient's socket
	P99          float64 `json:"p99"`
	Lost         int     `json:"lost"`   // steady deliveries that never came
	Failed       int64   `json:"failed"` // sends the server refused or did not answer within 30 s
	BurstSent    int     `json:"burstSent"`
	BurstSeconds float64 `json:"burstSeconds"`
	Frames       int64   `json:"frames"` // every frame read during the burst, on every socket
}

// clientState collects deliveries from every socket's reader.
type clientState struct {
	mu        sync.Mutex
	latencies []time.Duration
	steady    atomic.Bool
	delivered atomic.Int64 // frame 2 on a recipient's socket
	frames    atomic.Int64
}

// RunSocketClient is the bench's other process: it reads a SocketPlan from
// in, opens the sockets, prints "open N", waits for a line on in ("go"),
// runs the steady phase and the burst, and prints the SocketReport as
// JSON. Its memory is its own, so the server's per-socket figure is clean.
func RunSocketClient(ctx context.Context, in io.Reader, out io.Writer) error {
	r := bufio.NewReader(in)
	line, err := r.ReadBytes('\n')
	if err != nil {
		return fmt.Errorf("socket client: read plan: %w", err)
	}
	var plan SocketPlan
	if err := json.Unmarshal(line, &plan); err != nil {
		return fmt.Errorf("socket client: plan: %w", err)
	}
	st := &clientState{}
	conns, err := openSockets(ctx, plan, st)
	defer func() {
		for _, c := range conns {
			_ = c.Close()
		}
	}()
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "open %d\n", len(conns))
	if _, err := r.ReadString('\n'); err != nil {
		return fmt.Errorf("socket client: wait for go: %w", err)
	}
	rep := SocketReport{Opened: len(conns)}
	// Keep-alive connections for the senders, as browsers have.
	hc := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 128}}
	if err := steadyPhase(hc, plan, st, &rep); err != nil {
		return err
	}
	if err := burstPhase(ctx, hc, plan, st, &rep); err != nil {
		return err
	}
	b, _ := json.Marshal(rep)
	fmt.Fprintf(out, "%s\n", b)
	return nil
}

// openSockets dials every socket, 64 at a time (a listen backlog is finite).
func openSockets(ctx context.Context, plan SocketPlan, st *clientState) ([]*websocket.Conn, error) {
	wsBase := "ws" + strings.TrimPrefix(plan.Base, "http") + "/websocket/channel/v1/"
	var mu sync.Mutex
	var conns []*websocket.Conn
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(64)
	for _, u := range plan.Sockets {
		path := wsBase + realtime.EncodeConn(realtime.ConnString{V: "bench", Lan: "en", Token: u.Token})
		for range u.N {
			g.Go(func() error {
				ws, _, err := websocket.DefaultDialer.DialContext(gctx, path, nil)
				if err != nil {
					return fmt.Errorf("socket client: dial: %w", err)
				}
				mu.Lock()
				conns = append(conns, ws)
				mu.Unlock()
				go readFrames(ws, u.Recipient, st)
				return nil
			})
		}
	}
	return conns, g.Wait()
}

// readFrames reads one socket until it closes; on a recipient's socket a
// chat message (frame 2) in the steady phase is a latency sample.
func readFrames(ws *websocket.Conn, recipient bool, st *clientState) {
	type frame struct {
		Code    int `json:"code"`
		Content struct {
			AppID string `json:"appId"`
		} `json:"content"`
	}
	for {
		_, raw, err := ws.ReadMessage()
		if err != nil {
			return
		}
		st.frames.Add(1)
		var f frame // fresh each time: Unmarshal keeps fields a frame lacks
		if !recipient || json.Unmarshal(raw, &f) != nil || f.Code != 2 {
			continue
		}
		st.delivered.Add(1)
		if !st.steady.Load() {
			continue
		}
		// appId is "b<send start, unix ns>-<n>".
		sent, err := strconv.ParseInt(strings.TrimPrefix(strings.SplitN(f.Content.AppID, "-", 2)[0], "b"), 10, 64)
		if err == nil {
			d := time.Since(time.Unix(0, sent))
			st.mu.Lock()
			st.latencies = append(st.latencies, d)
			st.mu.Unlock()
		}
	}
}

// send posts message n of s through chat/send; its appId carries the time
// the send started.
func send(hc *http.Client, base string, s Sender, n int) error {
	body := map[string]any{"uid": s.Conversation, "appId": fmt.Sprintf("b%d-%d", time.Now().UnixNano(), n), "type": 1,
		"content": "Is this available in a size 40? (" + strconv.Itoa(n) + ")"}
	_, err := apiCallWith(hc, base, "chat/send", s.Token, body)
	return err
}

// steadyPhase sends plan.Rate messages a second for plan.Seconds, spread
// over the senders, and measures each delivery to a recipient's socket.
func steadyPhase(hc *http.Client, plan SocketPlan, st *clientState, rep *SocketReport) error {
	st.steady.Store(true)
	start := st.delivered.Load()
	want := int64(0)
	tick := time.NewTicker(time.Second / time.Duration(plan.Rate))
	defer tick.Stop()
	var wg sync.WaitGroup
	var failed atomic.Int64
	total := plan.Rate * plan.Seconds
	for n := range total {
		<-tick.C
		s := plan.Senders[n%len(plan.Senders)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			if send(hc, plan.Base, s, n) != nil {
				failed.Add(1)
				return
			}
			atomic.AddInt64(&want, int64(plan.PerUser))
		}()
	}
	wg.Wait()
	rep.Failed = failed.Load()
	waitFor(func() bool { return st.delivered.Load()-start >= atomic.LoadInt64(&want) }, 30*time.Second)
	st.steady.Store(false)
	st.mu.Lock()
	lat := st.latencies
	st.mu.Unlock()
	s := summarize(lat)
	rep.SteadySent, rep.P50, rep.P99 = total, ms(s.p50), ms(s.p99)
	rep.Lost = int(want - (st.delivered.Load() - start))
	return nil
}

// burstPhase sends plan.Burst messages from BurstConns writers at once and
// times until every recipient socket has the ones the server took.
func burstPhase(ctx context.Context, hc *http.Client, plan SocketPlan, st *clientState, rep *SocketReport) error {
	start, frames0 := st.delivered.Load(), st.frames.Load()
	var want, failed, next atomic.Int64
	began := time.Now()
	g, gctx := errgroup.WithContext(ctx)
	for range plan.BurstConns {
		g.Go(func() error {
			for gctx.Err() == nil {
				n := int(next.Add(1) - 1)
				if n >= plan.Burst {
					return nil
				}
				s := plan.Senders[n%len(plan.Senders)]
				if send(hc, plan.Base, s, 1_000_000+n) != nil {
					failed.Add(1)
					continue
				}
				want.Add(int64(plan.PerUser))
			}
			return gctx.Err()
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	waitFor(func() bool { return st.delivered.Load()-start >= want.Load() }, 60*time.Second)
	rep.BurstSent, rep.BurstSeconds = plan.Burst-int(failed.Load()), time.Since(began).Seconds()
	rep.Failed += failed.Load()
	rep.Frames = st.frames.Load() - frames0
	return nil
}

func waitFor(done func() bool, max time.Duration) {
	for end := time.Now().Add(max); !done() && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
}
