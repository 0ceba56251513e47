package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	netmail "net/mail"
	"net/smtp"
	"os"
	"time"
)

// Send delivers m. The whole conversation, not just the dial, is bounded by
// ctx's deadline (or 15 s) and aborted if ctx is cancelled.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	h, err := validate(m) // before dialing: a bad header never reaches the wire
	if err != nil {
		return err
	}
	msg, err := build(s.from, h, m, time.Now())
	if err != nil {
		return err
	}
	if err := s.deliver(ctx, h.to, msg); err != nil {
		return withCause(ctx, err)
	}
	return nil
}

// withCause adds the ctx error to a bare "i/o timeout" so callers can test
// errors.Is(err, context.DeadlineExceeded). The conn deadline can fire a
// moment before ctx's own timer, hence the os.ErrDeadlineExceeded case.
func withCause(ctx context.Context, err error) error {
	if cerr := ctx.Err(); cerr != nil {
		return fmt.Errorf("%w (%w)", err, cerr)
	}
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return fmt.Errorf("%w (%w)", err, context.DeadlineExceeded)
	}
	return err
}

func (s *SMTP) deliver(ctx context.Context, to *netmail.Address, msg []byte) error {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, defaultTimeout)
		defer cancel()
	}
	conn, err := s.dial(ctx)
	if err != nil {
		return fmt.Errorf("mail: connect %s: %w", s.addr(), err)
	}
	defer conn.Close()
	dl, _ := ctx.Deadline()
	conn.SetDeadline(dl)
	// Cancellation has no deadline of its own; force pending I/O to fail.
	stop := context.AfterFunc(ctx, func() { conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	c, err := smtp.NewClient(conn, s.host)
	if err != nil {
		return fmt.Errorf("mail: SMTP greeting from %s: %w", s.addr(), err)
	}
	defer c.Close()
	if err := s.session(c, to, msg); err != nil {
		return err
	}
	// The server has accepted the message; a failed QUIT must not make the
	// caller retry and send it twice.
	_ = c.Quit()
	return nil
}

func (s *SMTP) dial(ctx context.Context) (net.Conn, error) {
	if s.implicit {
		d := &tls.Dialer{Config: s.tlsConfig()}
		return d.DialContext(ctx, "tcp", s.addr())
	}
	var d net.Dialer
	return d.DialContext(ctx, "tcp", s.addr())
}

// session runs EHLO, STARTTLS, AUTH, MAIL, RCPT and DATA.
func (s *SMTP) session(c *smtp.Client, to *netmail.Address, msg []byte) error {
	if err := c.Hello("localhost"); err != nil {
		return fmt.Errorf("mail: SMTP EHLO: %w", err)
	}
	if ok, _ := c.Extension("STARTTLS"); ok && !s.implicit {
		if err := c.StartTLS(s.tlsConfig()); err != nil {
			return fmt.Errorf("mail: SMTP STARTTLS (add ?insecure=1 for a self-signed certificate): %w", err)
		}
	}
	if s.user != "" {
		// net/smtp refuses PLAIN over an unencrypted link except to localhost.
		if err := c.Auth(smtp.PlainAuth("", s.user, s.pass, s.host)); err != nil {
			return fmt.Errorf("mail: SMTP AUTH as %q: %w", s.user, err)
		}
	}
	if err := c.Mail(s.from.Address); err != nil {
		return fmt.Errorf("mail: SMTP MAIL FROM <%s>: %w", s.from.Address, err)
	}
	if err := c.Rcpt(to.Address); err != nil {
		return fmt.Errorf("mail: SMTP RCPT TO <%s> rejected: %w", to.Address, err)
	}
	return writeData(c, msg)
}

func writeData(c *smtp.Client, msg []byte) error {
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("mail: SMTP DATA: %w", err)
	}
	if _, err := w.Write(msg); err != nil {
		w.Close()
		return fmt.Errorf("mail: SMTP DATA: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("mail: SMTP message not accepted: %w", err)
	}
	return nil
}
