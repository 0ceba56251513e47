package mail

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"mime/quotedprintable"
	netmail "net/mail"
	"strings"
	"testing"
	"time"
)

// sendOne sends m through rawURL with a generous deadline.
func sendOne(t *testing.T, rawURL string, m Message) error {
	t.Helper()
	s, err := NewSMTP(rawURL)
	if err != nil {
		t.Fatalf("NewSMTP: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return s.Send(ctx, m)
}

// parse reads a received DATA block and decodes its subject and body.
func parse(t *testing.T, data []byte) (h netmail.Header, subject, body string) {
	t.Helper()
	msg, err := netmail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("ReadMessage: %v\n%s", err, data)
	}
	subject, err = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		t.Fatalf("decode subject: %v", err)
	}
	raw, err := io.ReadAll(quotedprintable.NewReader(msg.Body))
	if err != nil {
		t.Fatalf("decode body: %v", err)
	}
	return msg.Header, subject, strings.ReplaceAll(string(raw), "\r\n", "\n")
}

func TestSMTPDelivers(t *testing.T) {
	long := strings.Repeat("رمز التحقق الخاص بك ", 10) // > 76 bytes: soft line breaks
	tests := []struct {
		name, subject, text, to string
		wantSubjectEncoded      bool
	}{
		{"ascii", "Your code", "Your code is 123456.\n", "buyer@example.com", false},
		{"chinese", "您的验证码", "您的验证码是 123456。\n请勿分享。", "买家 <buyer@example.com>", true},
		{"arabic", "رمز التحقق من Souk", long + "\n.dot line\n=equals= and trailing space ", "buyer@example.com", true},
		{"long subject", strings.Repeat("تأكيد ", 40), "x", "buyer@example.com", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			addr, be := startServer(t, serverOpts{})
			err := sendOne(t, "smtp://"+addr, Message{To: tt.to, Subject: tt.subject, Text: tt.text})
			if err != nil {
				t.Fatalf("Send: %v", err)
			}
			got := be.all()
			if len(got) != 1 {
				t.Fatalf("server got %d messages, want 1", len(got))
			}
			r := got[0]
			if r.From != "no-reply@souk.local" || len(r.Rcpt) != 1 || r.Rcpt[0] != "buyer@example.com" {
				t.Errorf("envelope = MAIL FROM %q RCPT %q", r.From, r.Rcpt)
			}
			if r.User != "" {
				t.Errorf("AUTH sent without a user in the URL: %q", r.User)
			}
			h, subject, body := parse(t, r.Data)
			checkHeaders(t, h, tt.to)
			if subject != tt.subject {
				t.Errorf("subject = %q, want %q", subject, tt.subject)
			}
			if raw := h.Get("Subject"); strings.HasPrefix(raw, "=?UTF-8?") != tt.wantSubjectEncoded {
				t.Errorf("raw subject %q, encoded want %v", raw, tt.wantSubjectEncoded)
			}
			// A message always ends with a line break, so one is added
			// when the text lacks it.
			if want := strings.TrimSuffix(tt.text, "\n") + "\n"; body != want {
				t.Errorf("body = %q, want %q", body, want)
			}
			checkLineLengths(t, r.Data)
		})
	}
}

func checkHeaders(t *testing.T, h netmail.Header, to string) {
	t.Helper()
	from, err := h.AddressList("From")
	if err != nil || len(from) != 1 || from[0].Address != "no-reply@souk.local" || from[0].Name != "Souk" {
		t.Errorf("From = %q (%v)", h.Get("From"), err)
	}
	want, _ := netmail.ParseAddress(to)
	got, err := h.AddressList("To")
	if err != nil || len(got) != 1 || *got[0] != *want {
		t.Errorf("To = %q (%v), want %v", h.Get("To"), err, want)
	}
	if d, err := h.Date(); err != nil || time.Since(d) > time.Minute {
		t.Errorf("Date = %q (%v)", h.Get("Date"), err)
	}
	if id := h.Get("Message-ID"); !strings.HasPrefix(id, "<") || !strings.HasSuffix(id, "@souk.local>") {
		t.Errorf("Message-ID = %q", id)
	}
	for k, v := range map[string]string{
		"MIME-Version":              "1.0",
		"Content-Type":              "text/plain; charset=UTF-8",
		"Content-Transfer-Encoding": "quoted-printable",
	} {
		if h.Get(k) != v {
			t.Errorf("%s = %q, want %q", k, h.Get(k), v)
		}
	}
}

// checkLineLengths enforces RFC 5322's 998-byte header limit, RFC 2045's
// 76-byte quoted-printable limit, and 7-bit cleanliness.
func checkLineLengths(t *testing.T, data []byte) {
	t.Helper()
	head, body, _ := strings.Cut(string(data), "\r\n\r\n")
	for part, limit := range map[string]int{head: 998, body: 76} {
		for _, line := range strings.Split(part, "\r\n") {
			if len(line) > limit {
				t.Errorf("line of %d bytes (limit %d): %q", len(line), limit, line)
			}
			for _, c := range []byte(line) {
				if c >= 0x80 {
					t.Fatalf("8-bit byte in line %q", line)
				}
			}
		}
	}
}

// A contact message goes to customer service with the sender as Reply-To,
// its display name encoded like any header.
func TestSMTPReplyTo(t *testing.T) {
	addr, be := startServer(t, serverOpts{})
	rt := (&netmail.Address{Name: "Laila Ahmed ليلى", Address: "laila@example.com"}).String()
	if err := sendOne(t, "smtp://"+addr, Message{To: "help@souk.test", Subject: "Question", Text: "Hi", ReplyTo: rt}); err != nil {
		t.Fatal(err)
	}
	got := be.all()
	if len(got) != 1 || len(got[0].Rcpt) != 1 || got[0].Rcpt[0] != "help@souk.test" {
		t.Fatalf("delivered %+v, want one message to help@souk.test only", got)
	}
	h, _, _ := parse(t, got[0].Data)
	list, err := h.AddressList("Reply-To")
	if err != nil || len(list) != 1 || list[0].Address != "laila@example.com" || list[0].Name != "Laila Ahmed ليلى" {
		t.Fatalf("Reply-To = %q (%v)", h.Get("Reply-To"), err)
	}
	checkLineLengths(t, got[0].Data)
}

func TestSMTPFromParameter(t *testing.T) {
	addr, be := startServer(t, serverOpts{})
	from := "?from=" + "Souk%20Market%20%3Cmail%40souk.example%3E"
	if err := sendOne(t, "smtp://"+addr+from, Message{To: "a@b.c", Subject: "s", Text: "t"}); err != nil {
		t.Fatal(err)
	}
	r := be.all()[0]
	h, _, _ := parse(t, r.Data)
	if r.From != "mail@souk.example" || h.Get("From") != `"Souk Market" <mail@souk.example>` {
		t.Errorf("MAIL FROM %q, From header %q", r.From, h.Get("From"))
	}
}

func TestSMTPAuthAndTLS(t *testing.T) {
	tests := []struct {
		name    string
		opts    serverOpts
		url     string // %s is the server address
		wantErr string // empty means delivered
	}{
		{"plain loopback", serverOpts{}, "smtp://ali:s%3Acret@%s", ""},
		{"starttls self-signed refused", serverOpts{startTLS: true}, "smtp://ali:s%3Acret@%s", "certificate"},
		{"starttls insecure", serverOpts{startTLS: true}, "smtp://ali:s%3Acret@%s?insecure=1", ""},
		{"smtps self-signed refused", serverOpts{implicit: true}, "smtps://ali:s%3Acret@%s", "certificate"},
		{"smtps insecure", serverOpts{implicit: true}, "smtps://ali:s%3Acret@%s?insecure=1", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			addr, be := startServer(t, tt.opts)
			err := sendOne(t, strings.Replace(tt.url, "%s", addr, 1), Message{To: "a@b.c", Subject: "s", Text: "t"})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want mention of %q", err, tt.wantErr)
				}
				if len(be.all()) != 0 {
					t.Error("message delivered despite the error")
				}
				return
			}
			if err != nil {
				t.Fatalf("Send: %v", err)
			}
			got := be.all()
			if len(got) != 1 || got[0].User != "ali" || got[0].Pass != "s:cret" {
				t.Fatalf("server got %+v, want AUTH ali / s:cret", got)
			}
		})
	}
}

func TestSMTPRejectedRecipient(t *testing.T) {
	addr, _ := startServer(t, serverOpts{rejectRcpt: true})
	err := sendOne(t, "smtp://"+addr, Message{To: "ghost@example.com", Subject: "s", Text: "t"})
	if err == nil || !strings.Contains(err.Error(), "RCPT") || !strings.Contains(err.Error(), "ghost@example.com") ||
		!strings.Contains(err.Error(), "no such user") {
		t.Fatalf("err = %v, want RCPT rejection naming the recipient and the server's reason", err)
	}
}

func TestSMTPHungServer(t *testing.T) {
	tests := []struct {
		name    string
		ctx     func() (context.Context, context.CancelFunc)
		wantErr error
	}{
		{"deadline", func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 300*time.Millisecond)
		}, context.DeadlineExceeded},
		{"cancel without deadline", func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(300*time.Millisecond, cancel)
			return ctx, cancel
		}, context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			addr, accepted := silentServer(t)
			s, err := NewSMTP("smtp://" + addr)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := tt.ctx()
			defer cancel()
			start := time.Now()
			err = s.Send(ctx, Message{To: "a@b.c", Subject: "s", Text: "t"})
			if took := time.Since(start); took > 3*time.Second {
				t.Fatalf("Send took %v; a hung server must not block past ctx", took)
			}
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if accepted() != 1 {
				t.Fatalf("server accepted %d connections, want 1", accepted())
			}
		})
	}
}

func TestSMTPRefusesHeaderInjection(t *testing.T) {
	tests := []struct {
		name string
		m    Message
	}{
		{"bcc in to", Message{To: "a@b.c\r\nBcc: x@y.z", Subject: "s"}},
		{"lf in to", Message{To: "a@b.c\nBcc: x@y.z", Subject: "s"}},
		{"crlf in subject", Message{To: "a@b.c", Subject: "hi\r\nBcc: x@y.z"}},
		{"cr in subject", Message{To: "a@b.c", Subject: "hi\rBcc: x@y.z"}},
		{"two recipients", Message{To: "a@b.c, x@y.z", Subject: "s"}},
		{"not an address", Message{To: "nobody", Subject: "s"}},
		{"bcc in reply-to", Message{To: "a@b.c", Subject: "s", ReplyTo: "v@w.x\r\nBcc: x@y.z"}},
		{"reply-to not an address", Message{To: "a@b.c", Subject: "s", ReplyTo: "nobody"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			addr, accepted := silentServer(t)
			s, err := NewSMTP("smtp://" + addr)
			if err != nil {
				t.Fatal(err)
			}
			// A wrongly dialling Send would hang here until the deadline,
			// long enough for the accept to be counted.
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			if err := s.Send(ctx, tt.m); err == nil || ctx.Err() != nil {
				t.Fatalf("err = %v (ctx %v), want an immediate refusal", err, ctx.Err())
			}
			if n := accepted(); n != 0 {
				t.Fatalf("%d connections made for a refused message", n)
			}
		})
	}
}
