package mail

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	netmail "net/mail"
	"net/url"
	"strconv"
	"time"
)

// defaultFrom is used when the URL has no ?from=.
const defaultFrom = "Souk <no-reply@souk.local>"

// defaultTimeout bounds a Send whose ctx has no deadline, so a hung server
// never blocks a request forever.
const defaultTimeout = 15 * time.Second

// SMTP sends through a server given as a URL:
//
//	smtp://user:pass@host:port    STARTTLS when offered; ?insecure=1 skips certificate checks
//	smtps://user:pass@host:465    implicit TLS
//
// ?from=... sets the From address (default "Souk <no-reply@souk.local>").
type SMTP struct {
	host, port string
	implicit   bool // smtps: TLS from the first byte
	insecure   bool
	user, pass string // empty user means no AUTH
	from       *netmail.Address
}

// NewSMTP parses and validates rawURL. Errors never echo the URL, which may
// hold a password.
func NewSMTP(rawURL string) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // url.Error repeats the raw URL, password included
		}
		return nil, fmt.Errorf("mail: invalid SMTP URL: %v", err)
	}
	s := &SMTP{implicit: u.Scheme == "smtps"}
	if err := s.setAddr(u); err != nil {
		return nil, err
	}
	if err := s.setQuery(u.Query()); err != nil {
		return nil, err
	}
	if u.User != nil {
		s.user = u.User.Username()
		s.pass, _ = u.User.Password()
	}
	return s, nil
}

func (s *SMTP) setAddr(u *url.URL) error {
	if u.Scheme != "smtp" && u.Scheme != "smtps" {
		return fmt.Errorf("mail: SMTP URL scheme must be smtp or smtps, not %q", u.Scheme)
	}
	s.host, s.port = u.Hostname(), u.Port()
	if s.host == "" {
		return errors.New("mail: SMTP URL has no host")
	}
	if s.port == "" {
		s.port = map[bool]string{false: "587", true: "465"}[s.implicit]
	}
	if p, err := strconv.Atoi(s.port); err != nil || p < 1 || p > 65535 {
		return fmt.Errorf("mail: SMTP URL port %q is not 1-65535", s.port)
	}
	return nil
}

func (s *SMTP) setQuery(q url.Values) error {
	for k := range q {
		if k != "from" && k != "insecure" {
			// A typo such as ?form= would otherwise be silently ignored.
			return fmt.Errorf("mail: SMTP URL has unknown parameter %q (want from, insecure)", k)
		}
	}
	from := defaultFrom
	if q.Has("from") {
		from = q.Get("from")
	}
	a, err := netmail.ParseAddress(from)
	if err != nil {
		return fmt.Errorf("mail: SMTP URL from=%q: %v", from, err)
	}
	s.from = a
	if q.Has("insecure") {
		if s.insecure, err = strconv.ParseBool(q.Get("insecure")); err != nil {
			return fmt.Errorf("mail: SMTP URL insecure=%q is not a boolean", q.Get("insecure"))
		}
	}
	return nil
}

func (s *SMTP) addr() string { return net.JoinHostPort(s.host, s.port) }

func (s *SMTP) tlsConfig() *tls.Config {
	return &tls.Config{ServerName: s.host, InsecureSkipVerify: s.insecure, MinVersion: tls.VersionTLS12}
}
