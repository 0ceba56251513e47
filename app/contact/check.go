package contact

import (
	"net/mail"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"souk/app/account"
	"souk/app/apperr"
)

// requestID is what a client may send as RequestID; anything else is
// ignored (the send is then not idempotent, which only costs a duplicate).
var requestID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,40}$`)

// problems collects what is wrong with a form: the message names the first
// problem, the fields map marks each field with its own message.
type problems struct {
	fields map[string]string
	first  *apperr.Error
}

func (p *problems) mark(field string, e *apperr.Error) {
	if _, ok := p.fields[field]; ok {
		return
	}
	p.fields[field] = e.Key
	if p.first == nil {
		p.first = e
	}
}

// check cleans a form (names and subjects on one line, the message trimmed,
// the address normalised) and refuses what is missing, too long, not an
// address, or not text (NUL bytes, invalid UTF-8: the API refused those
// already; enforced again here, where the rule lives, as DESIGN §4 asks of
// every service, like app/review, app/form and app/content do).
func check(in Input, signedIn bool) (Input, error) {
	p := &problems{fields: map[string]string{}}
	for field, v := range map[string]string{"name": in.Name, "email": in.Email, "subject": in.Subject,
		"message": in.Message, "website": in.Trap, "requestId": in.RequestID} {
		if !utf8.ValidString(v) || strings.IndexByte(v, 0) >= 0 {
			p.mark(field, apperr.New(apperr.InvalidInput, "InvalidCharacters"))
		}
	}
	if p.first != nil {
		p.first.Fields = p.fields
		return in, p.first
	}
	in.Name, in.Subject = oneLine(in.Name), oneLine(in.Subject)
	in.Message = strings.TrimSpace(in.Message)
	if !requestID.MatchString(in.RequestID) {
		in.RequestID = ""
	}
	if !signedIn {
		in.Email = checkSender(p, in)
	}
	switch n := utf8.RuneCountInString(in.Subject); {
	case n == 0:
		p.mark("subject", apperr.New(apperr.InvalidInput, "ContactSubjectRequired"))
	case n > MaxSubject:
		p.mark("subject", apperr.New(apperr.InvalidInput, "ContactSubjectTooLong"))
	}
	switch n := utf8.RuneCountInString(in.Message); {
	case n == 0:
		p.mark("message", apperr.New(apperr.InvalidInput, "ContactMessageRequired"))
	case n > MaxMessage:
		p.mark("message", apperr.New(apperr.InvalidInput, "ContactMessageTooLong"))
	}
	if p.first != nil {
		p.first.Fields = p.fields
		return in, p.first
	}
	return in, nil
}

// checkSender checks a signed-out sender's name and address and answers
// the address normalised (account.CheckEmail: lower case, no spaces); it
// must also be one a mail header can carry as Reply-To.
func checkSender(p *problems, in Input) string {
	switch n := utf8.RuneCountInString(in.Name); {
	case n == 0:
		p.mark("name", apperr.New(apperr.InvalidInput, "ContactNameRequired"))
	case n > MaxName:
		p.mark("name", apperr.New(apperr.InvalidInput, "ContactNameTooLong"))
	}
	email, err := account.CheckEmail(in.Email)
	switch {
	case strings.TrimSpace(in.Email) == "":
		p.mark("email", apperr.New(apperr.InvalidInput, "ContactEmailRequired"))
	case err != nil:
		p.mark("email", apperr.New(apperr.InvalidInput, "EmailFormatError"))
	default:
		if a, err := mail.ParseAddress(email); err != nil || a.Address != email {
			p.mark("email", apperr.New(apperr.InvalidInput, "EmailFormatError"))
		}
	}
	return email
}

// oneLine folds every run of white space (line breaks included) into one
// space and drops control characters: names and subjects go into mail
// headers.
func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return ' '
		}
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// replyTo is the sender as a Reply-To address (checked by checkSender).
func replyTo(name, email string) string {
	return (&mail.Address{Name: name, Address: email}).String()
}
