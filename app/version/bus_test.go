package version

import (
	"context"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"
)

func TestChunksStayUnderThePayloadLimit(t *testing.T) {
	names := make([]string, 2000)
	for i := range names {
		names[i] = "goods:tr" + strings.Repeat("x", i%40)
	}
	total := 0
	for _, c := range chunks(names, maxPayload) {
		size := 0
		for _, n := range c {
			size += len(n) + 4
		}
		if size > maxPayload-64 {
			t.Fatalf("a chunk of %d bytes", size)
		}
		total += len(c)
	}
	if total != len(names) {
		t.Fatalf("%d names sent, want %d", total, len(names))
	}
}

// Two nodes on one PostgreSQL database: a bump on one reaches the other,
// and a node does not apply its own bumps twice.
func TestBusRelaysBumpsBetweenNodes(t *testing.T) {
	url := os.Getenv("TEST_DATABASE_URL")
	if url == "" {
		t.Skip("TEST_DATABASE_URL not set")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, b := New(), New()
	if _, err := StartBus(ctx, url, a, log); err != nil {
		t.Fatal(err)
	}
	if _, err := StartBus(ctx, url, b, log); err != nil {
		t.Fatal(err)
	}
	name := "goods:bus-" + time.Now().Format("150405.000000")
	a.Bump(name)
	deadline := time.Now().Add(10 * time.Second)
	for b.Get(name) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the other node never saw the bump")
		}
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond) // its own notification comes back to a too
	if got := a.Get(name); got != 1 {
		t.Fatalf("the bumping node counts %d, want 1", got)
	}
}
