package mail

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"mime"
	"mime/quotedprintable"
	netmail "net/mail"
	"strings"
	"time"
	"unicode/utf8"
)

// build renders an RFC 5322 message to the addresses validate parsed. Non-ASCII survives any 7-bit relay:
// the subject as RFC 2047 encoded-words, the body as quoted-printable.
func build(from *netmail.Address, h headers, m Message, now time.Time) ([]byte, error) {
	subject, text := m.Subject, m.Text
	var b bytes.Buffer
	header := func(k, v string) { fmt.Fprintf(&b, "%s: %s\r\n", k, v) }
	header("From", from.String()) // Address.String encodes a non-ASCII name
	header("To", h.to.String())
	if h.replyTo != nil {
		header("Reply-To", h.replyTo.String())
	}
	header("Subject", encodeSubject(subject))
	header("Date", now.Format(time.RFC1123Z))
	header("Message-ID", messageID(from.Address))
	header("MIME-Version", "1.0")
	header("Content-Type", "text/plain; charset=UTF-8")
	header("Content-Transfer-Encoding", "quoted-printable")
	b.WriteString("\r\n")
	qp := quotedprintable.NewWriter(&b) // also normalises line ends to CRLF
	if _, err := qp.Write([]byte(text)); err != nil {
		return nil, fmt.Errorf("mail: encode body: %w", err)
	}
	if err := qp.Close(); err != nil {
		return nil, fmt.Errorf("mail: encode body: %w", err)
	}
	if !bytes.HasSuffix(b.Bytes(), []byte("\r\n")) {
		b.WriteString("\r\n") // SMTP DATA would add it anyway; be explicit
	}
	return b.Bytes(), nil
}

// encodeSubject leaves ASCII alone. Q costs 3 bytes per non-ASCII byte and
// B 4/3 per byte, so B is shorter once over a sixth of the bytes are
// non-ASCII (Arabic, Chinese). Encoded-words are folded onto continuation
// lines to stay under the line-length limit.
func encodeSubject(s string) string {
	high := 0
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			high++
		}
	}
	enc := mime.QEncoding
	if high*6 > len(s) {
		enc = mime.BEncoding
	}
	return strings.ReplaceAll(enc.Encode("UTF-8", s), "?= =?", "?=\r\n =?")
}

// messageID is globally unique without needing the host name.
func messageID(fromAddr string) string {
	domain := fromAddr[strings.LastIndexByte(fromAddr, '@')+1:]
	return "<" + rand.Text() + "@" + domain + ">"
}
