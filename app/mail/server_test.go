package mail

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"log"
	"math/big"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// received is what the test SMTP server saw in one transaction.
type received struct {
	User, Pass string
	From       string
	Rcpt       []string
	Data       []byte
}

// backend records every transaction; rejectRcpt makes RCPT fail with 550.
type backend struct {
	rejectRcpt bool
	mu         sync.Mutex
	got        []received
}

func (b *backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{b: b}, nil }

func (b *backend) all() []received {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]received(nil), b.got...)
}

type session struct {
	b   *backend
	cur received
}

func (s *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		s.cur.User, s.cur.Pass = user, pass
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error { s.cur.From = from; return nil }

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if s.b.rejectRcpt {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	}
	s.cur.Rcpt = append(s.cur.Rcpt, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.cur.Data = data
	s.b.mu.Lock()
	s.b.got = append(s.b.got, s.cur)
	s.b.mu.Unlock()
	return nil
}

func (s *session) Reset()        { s.cur = received{User: s.cur.User, Pass: s.cur.Pass} }
func (s *session) Logout() error { return nil }

// serverOpts selects the TLS flavour of the test server.
type serverOpts struct {
	startTLS   bool // offer STARTTLS with a self-signed certificate
	implicit   bool // TLS from the first byte (smtps)
	rejectRcpt bool
}

// startServer runs a real go-smtp server on 127.0.0.1 and returns its
// address and recording backend.
func startServer(t *testing.T, o serverOpts) (string, *backend) {
	t.Helper()
	be := &backend{rejectRcpt: o.rejectRcpt}
	srv := smtp.NewServer(be)
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true // PLAIN over a plaintext loopback link
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	srv.ErrorLog = log.New(io.Discard, "", 0)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if o.startTLS || o.implicit {
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{selfSigned(t)}}
	}
	if o.implicit {
		l = tls.NewListener(l, srv.TLSConfig)
	}
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	return l.Addr().String(), be
}

// selfSigned makes a certificate for 127.0.0.1 that no trust store knows.
func selfSigned(t *testing.T) tls.Certificate {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "souk test"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
}

// silentServer accepts connections and never says a word, like a hung MTA.
// It returns the address and a counter of accepted connections.
func silentServer(t *testing.T) (string, func() int) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := l.Accept()
			if errors.Is(err, net.ErrClosed) {
				return
			}
			if err == nil {
				mu.Lock()
				conns = append(conns, c)
				mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		l.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return l.Addr().String(), func() int { mu.Lock(); defer mu.Unlock(); return len(conns) }
}
