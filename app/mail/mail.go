// Package mail sends Souk's verification codes and notices by email, either
// through an SMTP server or, in development, into an in-memory Outbox.
package mail

import (
	"context"
	"errors"
	"log/slog"
	netmail "net/mail"
	"strings"
)

// Message is one email. ReplyTo, when set, is where answers go (the
// contact form's sender), as an address with an optional display name.
type Message struct{ To, Subject, Text, ReplyTo string }

// Sender delivers messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// New picks the sender for the configuration:
//
//	smtpURL == "":          (outbox, outbox, nil)
//	smtpURL != "" && dev:   (smtp that also records into outbox, outbox, nil)
//	smtpURL != "" && !dev:  (smtp, nil, nil)
func New(smtpURL string, dev bool, log *slog.Logger) (Sender, *Outbox, error) {
	if smtpURL == "" {
		o := NewOutbox(log)
		return o, o, nil
	}
	s, err := NewSMTP(smtpURL)
	if err != nil {
		return nil, nil, err
	}
	if !dev {
		return s, nil, nil
	}
	o := NewOutbox(log)
	return tee{o, s}, o, nil
}

// tee records before sending so a developer can still read a code from the
// outbox when the SMTP server is down or rejects the message.
type tee struct {
	rec  *Outbox
	real Sender
}

func (t tee) Send(ctx context.Context, m Message) error {
	if err := t.rec.Send(ctx, m); err != nil {
		return err
	}
	return t.real.Send(ctx, m)
}

// headers are a message's addresses, parsed once by validate.
type headers struct {
	to, replyTo *netmail.Address // replyTo nil: none
}

// validate is shared by every Sender so development (Outbox) rejects exactly
// what production (SMTP) would, and injection is refused before any I/O. It
// answers the parsed addresses, which build writes as they are.
func validate(m Message) (headers, error) {
	var h headers
	if strings.ContainsAny(m.To, "\r\n") || strings.ContainsAny(m.ReplyTo, "\r\n") {
		return h, errors.New("mail: recipient contains a line break")
	}
	if m.ReplyTo != "" {
		rt, err := netmail.ParseAddress(m.ReplyTo)
		if err != nil {
			return h, errors.New("mail: invalid reply-to address: " + err.Error())
		}
		h.replyTo = rt
	}
	if strings.ContainsAny(m.Subject, "\r\n") {
		return h, errors.New("mail: subject contains a line break")
	}
	to, err := netmail.ParseAddress(m.To)
	if err != nil {
		return h, errors.New("mail: invalid recipient address: " + err.Error())
	}
	h.to = to
	return h, nil
}
