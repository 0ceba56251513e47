package mail

import (
	"context"
	"testing"
)

func TestNew(t *testing.T) {
	addr, be := startServer(t, serverOpts{})
	url := "smtp://" + addr
	tests := []struct {
		name       string
		url        string
		dev        bool
		wantOutbox bool
		wantSMTP   bool // the message reaches the SMTP server
	}{
		{"no url", "", false, true, false},
		{"no url dev", "", true, true, false},
		{"smtp dev", url, true, true, true},
		{"smtp prod", url, false, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(be.all())
			s, o, err := New(tt.url, tt.dev, quietLog())
			if err != nil {
				t.Fatal(err)
			}
			if (o != nil) != tt.wantOutbox {
				t.Fatalf("outbox = %v, want present %v", o, tt.wantOutbox)
			}
			if err := s.Send(context.Background(), Message{To: "a@b.c", Subject: tt.name, Text: "t"}); err != nil {
				t.Fatal(err)
			}
			if o != nil && (len(o.List()) != 1 || o.List()[0].Subject != tt.name) {
				t.Errorf("outbox = %+v, want the sent message", o.List())
			}
			if got := len(be.all()) - before; got != map[bool]int{true: 1}[tt.wantSMTP] {
				t.Errorf("server got %d messages, want SMTP %v", got, tt.wantSMTP)
			}
		})
	}
	if _, ok := mustNew(t, "", false).(*Outbox); !ok {
		t.Error("no URL: sender is not the *Outbox")
	}
	if _, ok := mustNew(t, url, false).(*SMTP); !ok {
		t.Error("prod: sender is not *SMTP")
	}
	if _, _, err := New("ftp://x", true, nil); err == nil {
		t.Error("bad URL accepted")
	}
}

func mustNew(t *testing.T, url string, dev bool) Sender {
	t.Helper()
	s, _, err := New(url, dev, quietLog())
	if err != nil {
		t.Fatal(err)
	}
	return s
}
