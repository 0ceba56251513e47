package mail

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
)

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func TestOutboxNewestFirstAndBounded(t *testing.T) {
	tests := []struct{ sent, want int }{{0, 0}, {1, 1}, {3, 3}, {500, 500}, {501, 500}, {1234, 500}}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.sent), func(t *testing.T) {
			o := NewOutbox(quietLog())
			for i := range tt.sent {
				if err := o.Send(context.Background(), Message{To: "a@b.c", Subject: fmt.Sprint(i)}); err != nil {
					t.Fatal(err)
				}
			}
			got := o.List()
			if len(got) != tt.want {
				t.Fatalf("len = %d, want %d", len(got), tt.want)
			}
			for i, e := range got { // newest (sent-1) first, counting down
				if want := fmt.Sprint(tt.sent - 1 - i); e.Subject != want {
					t.Fatalf("List()[%d].Subject = %q, want %q", i, e.Subject, want)
				}
			}
		})
	}
}

func TestOutboxLogsAndRecords(t *testing.T) {
	var buf strings.Builder
	o := NewOutbox(slog.New(slog.NewTextHandler(&buf, nil)))
	m := Message{To: "a@b.c", Subject: "Your code", Text: "code 424242"}
	if err := o.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"a@b.c", "Your code", "424242"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("log %q lacks %q", buf.String(), want)
		}
	}
	e := o.List()[0]
	if e.To != m.To || e.Subject != m.Subject || e.Text != m.Text || e.At.IsZero() {
		t.Errorf("entry = %+v", e)
	}
}

func TestOutboxRefuses(t *testing.T) {
	o := NewOutbox(quietLog())
	if err := o.Send(context.Background(), Message{To: "a@b.c\r\nBcc: x@y.z"}); err == nil {
		t.Error("header injection accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := o.Send(ctx, Message{To: "a@b.c"}); err == nil {
		t.Error("cancelled ctx accepted")
	}
	if n := len(o.List()); n != 0 {
		t.Errorf("recorded %d refused messages", n)
	}
}

func TestOutboxConcurrent(t *testing.T) {
	o := NewOutbox(quietLog())
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 200 {
				o.Send(context.Background(), Message{To: "a@b.c", Subject: fmt.Sprint(g, i)})
				_ = o.List()
			}
		})
	}
	wg.Wait()
	got := o.List()
	if len(got) != outboxSize {
		t.Fatalf("len = %d, want %d", len(got), outboxSize)
	}
	seen := map[string]bool{}
	for _, e := range got {
		if seen[e.Subject] {
			t.Fatalf("duplicate entry %q", e.Subject)
		}
		seen[e.Subject] = true
	}
}
