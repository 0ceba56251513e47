package bench

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"

	"souk/app/account"
	"souk/app/catalog"
	"souk/server"
)

// Sockets per user in the socket figures: a user with a phone and a few
// tabs. A tenth of the users are sellers who receive the messages.
const socketsPerUser = 10

// SocketClient starts the client side of the socket figures and answers
// its input, its output and a wait for its end.
type SocketClient func(ctx context.Context) (io.WriteCloser, io.Reader, func() error, error)

// ChildSocketClient runs the client as another process of this binary
// (`souk bench-sockets-client`), so the server's memory is measured alone.
func ChildSocketClient(ctx context.Context) (io.WriteCloser, io.Reader, func() error, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, nil, nil, err
	}
	cmd := exec.CommandContext(ctx, self, "bench-sockets-client")
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, nil, nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, nil, err
	}
	return in, out, cmd.Wait, nil
}

// InProcessSocketClient runs the client in this process (tests: memory
// figures then include the client).
func InProcessSocketClient(ctx context.Context) (io.WriteCloser, io.Reader, func() error, error) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := RunSocketClient(ctx, inR, outW)
		outW.CloseWithError(err)
		done <- err
	}()
	return inW, outR, func() error { return <-done }, nil
}

// SocketOptions size the socket figures.
type SocketOptions struct {
	Sockets int // held open at once
	Rate    int // steady messages per second
	Seconds int
	Burst   int
	Client  SocketClient
}

// SocketFigures holds o.Sockets sockets on a, prints the server's memory
// per socket, then message latency at a steady rate and messages per
// second in a burst, all through chat/send and the sockets, and answers
// the client's report.
func SocketFigures(ctx context.Context, a *server.App, base string, o SocketOptions, out io.Writer) (SocketReport, error) {
	var rep SocketReport
	users := max(2, o.Sockets/socketsPerUser)
	a.Hub.SetCaps(socketsPerUser, o.Sockets+socketsPerUser, o.Sockets+socketsPerUser)
	plan, err := socketPlan(ctx, a, base, users, o)
	if err != nil {
		return rep, err
	}
	// Within chat's limit of 20 messages per 10 s per conversation and
	// sender: at most one a second each, and 6 more in the burst.
	plan.Rate, plan.Burst = min(plan.Rate, len(plan.Senders)), min(plan.Burst, 6*len(plan.Senders))
	before, rssBefore := serverMemory()
	in, cout, wait, err := o.Client(ctx)
	if err != nil {
		return rep, err
	}
	defer in.Close()
	lines := bufio.NewScanner(cout)
	lines.Buffer(make([]byte, 64<<10), 1<<20)
	raw, _ := json.Marshal(plan)
	began := time.Now()
	if _, err := fmt.Fprintf(in, "%s\n", raw); err != nil {
		return rep, fmt.Errorf("bench: send plan: %w", err)
	}
	if !lines.Scan() || !strings.HasPrefix(lines.Text(), "open ") {
		return rep, fmt.Errorf("bench: socket client did not open its sockets: %v %v", lines.Err(), wait())
	}
	opened := a.Hub.Count()
	for end := time.Now().Add(time.Minute); opened < users*socketsPerUser && time.Now().Before(end); opened = a.Hub.Count() {
		time.Sleep(20 * time.Millisecond)
	}
	openTime := time.Since(began)
	after, rssAfter := serverMemory()
	fmt.Fprintf(out, "\nRealtime sockets (loopback; the clients in another process), %d users with %d sockets each:\n", users, socketsPerUser)
	fmt.Fprintf(out, "  %d sockets open in %.1f s; server memory per socket %.1f KB (Go heap and stacks), %.1f KB resident\n",
		opened, openTime.Seconds(), perSocket(after-before, opened), perSocket(rssAfter-rssBefore, opened))
	if _, err := fmt.Fprintln(in, "go"); err != nil {
		return rep, fmt.Errorf("bench: start the phases: %w", err)
	}
	if !lines.Scan() || json.Unmarshal(lines.Bytes(), &rep) != nil {
		return rep, fmt.Errorf("bench: socket client report: %v %v", lines.Err(), wait())
	}
	if err := wait(); err != nil {
		return rep, fmt.Errorf("bench: socket client: %w", err)
	}
	fmt.Fprintf(out, "  steady %d messages/s for %d s (chat/send, stored, to the seller's %d sockets): latency p50 %.2f ms  p99 %.2f ms, %d deliveries lost\n",
		plan.Rate, plan.Seconds, socketsPerUser, rep.P50, rep.P99, rep.Lost)
	fmt.Fprintf(out, "  burst of %d messages from %d writers: %.0f messages/s stored and delivered (%.0f socket frames/s); %d sends failed\n",
		rep.BurstSent, plan.BurstConns, float64(rep.BurstSent)/rep.BurstSeconds, float64(rep.Frames)/rep.BurstSeconds, rep.Failed)
	return rep, nil
}

// socketPlan makes the users (a tenth of them sellers with an identity),
// their sessions, and one conversation per shopper with a seller.
func socketPlan(ctx context.Context, a *server.App, base string, users int, o SocketOptions) (SocketPlan, error) {
	plan := SocketPlan{Base: base, PerUser: socketsPerUser, Rate: o.Rate, Seconds: o.Seconds, Burst: o.Burst, BurstConns: 16}
	sellers := max(1, users/10)
	run := randomHex(4)
	var sellerUIDs []string
	for i := range users {
		u, err := a.DB.User.Create().SetUID(fmt.Sprintf("sock%s%05d", run, i)).SetUserName("bench").Save(ctx)
		if err != nil {
			return plan, fmt.Errorf("bench: user: %w", err)
		}
		l, err := a.Site.Accounts.SignInAs(ctx, u.ID, account.Client{IP: "127.0.0.1", UserAgent: "souk bench"})
		if err != nil {
			return plan, err
		}
		seller := i < sellers
		plan.Sockets = append(plan.Sockets, SocketUser{Token: l.Token, N: socketsPerUser, Recipient: seller})
		if seller {
			uid := fmt.Sprintf("idsock%s%04d", run, i)
			err := a.DB.Identity.Create().SetUID(uid).SetIdentityType(catalog.IdentitySeller).
				SetName("Bench seller " + strconv.Itoa(i)).SetUserID(u.ID).Exec(ctx)
			if err != nil {
				return plan, fmt.Errorf("bench: seller identity: %w", err)
			}
			sellerUIDs = append(sellerUIDs, uid)
			continue
		}
		var cv struct {
			UID string `json:"uid"`
		}
		err = apiInto(base, "chat/open", l.Token, map[string]string{"kind": "identity", "identityUid": sellerUIDs[i%sellers]}, &cv)
		if err != nil {
			return plan, err
		}
		plan.Senders = append(plan.Senders, Sender{Token: l.Token, Conversation: cv.UID})
	}
	return plan, nil
}

// serverMemory is the Go heap and stacks in use, and the resident set,
// after a collection.
func serverMemory() (goBytes, rssBytes int64) {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapInuse + m.StackInuse), rssKB() * 1024
}

func perSocket(bytes int64, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64(bytes) / float64(n) / 1024
}
