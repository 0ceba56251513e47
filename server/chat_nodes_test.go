package server_test

import (
	"os"
	"strings"
	"testing"
)

// TestChatAcrossNodes runs two stores on one PostgreSQL database: the
// seller's socket is on the second, the shopper writes through the first,
// and the message (a long one too, which does not fit in a notification)
// arrives as frames 2 and 9; the seller's answer through the second reaches
// the shopper's socket on the first as frame 2 and the read as frame 7;
// logging out through the second ends the shopper's socket on the first.
func TestChatAcrossNodes(t *testing.T) {
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL not set: SQLite stores are single-node")
	}
	url := seededPostgresDB(t, base)
	a := startStore(t, seededNode(t, url))
	b := startStore(t, seededNode(t, url))
	w := newChatWorld(t, a)
	sell := b.dialChannel(t, w.seller, "en")
	shop := a.dialChannel(t, w.shopper, "en")
	b.waitSockets(t, 1)
	a.waitSockets(t, 1)

	// The world's first message may still be on its way to b through
	// PostgreSQL (it was sent before the socket opened): skip to n1.
	short := w.send(t, w.shopper, w.goodsCV, "n1", 1, "Across nodes?")
	if m := sell.message(t, "n1"); m.Seq != short.Seq {
		t.Errorf("frame 2 on the other node: %+v", m)
	}
	if n := sell.next(t, 9); !strings.HasPrefix(n.Easg, "New message from ") {
		t.Errorf("notice on the other node: %q", n.Easg)
	}
	long := strings.Repeat("<😀>", 500) // 2000 characters, well over 8000 bytes of JSON
	w.send(t, w.shopper, w.goodsCV, "n2", 1, long)
	if m := sell.message(t, "n2"); m.Content != long {
		t.Errorf("the long message on the other node: %.40q", m.Content)
	}

	bw := &chatWorld{s: b}
	answer := bw.send(t, w.seller, w.goodsCV, "n3", 1, "Yes.")
	if m := shop.message(t, "n3"); m.Seq != answer.Seq || m.Mine {
		t.Errorf("the answer on the first node: %+v", m)
	}
	if env := b.call(t, "POST", "chat/read", `{"uid":"`+w.goodsCV+`","seq":3}`, "TOKEN", w.seller); env.Code != 200 {
		t.Fatal(env.Easg)
	}
	if r := decodeFrame[struct{ Side string }](t, shop.next(t, 7)); r.Side != "peer" {
		t.Errorf("the read on the first node: %+v", r)
	}
	// Logging out through one node ends the session's socket on the other.
	if env := b.call(t, "POST", "logout", `{}`, "TOKEN", w.shopper); env.Code != 200 {
		t.Fatal(env.Easg)
	}
	if tok := decodeFrame[struct{ Token string }](t, shop.next(t, 5)); tok.Token != w.shopper {
		t.Errorf("session end on the other node: %+v", tok)
	}
	waitClosed(t, shop)
}
