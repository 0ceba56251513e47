package server_test

import (
	"encoding/json"
	"fmt"
	"net/mail"
	"strings"
	"sync"
	"testing"

	"souk/app/contact"
)

type contactResult struct {
	Via          string `json:"via"`
	Conversation string `json:"conversationUid"`
}

func contactBody(fields map[string]string) string {
	b, _ := json.Marshal(fields)
	return string(b)
}

// contactMails are the outbox's contact-form mails, newest first.
func (s *testStore) contactMails() []string {
	var out []string
	for _, m := range s.app.Outbox.List() {
		if strings.HasPrefix(m.Subject, "Contact form: ") {
			out = append(out, m.Subject)
		}
	}
	return out
}

// TestContactFormRefusesBadInput: each bad form is refused with its message
// in the caller's language (Arabic where translated, else the catalogue's
// English), names the bad field, and sends nothing.
func TestContactFormRefusesBadInput(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		token := s.signUp(t, "contact-bad@example.com")
		ok := map[string]string{"name": "Laila", "email": "laila@example.com", "subject": "A question", "message": "Hello"}
		with := func(k, v string) string {
			m := map[string]string{}
			for a, b := range ok {
				m[a] = b
			}
			m[k] = v
			return contactBody(m)
		}
		tests := []struct {
			name, body, token, field, key string
		}{
			{"no subject", with("subject", "  "), "", "subject", "ContactSubjectRequired"},
			{"no message", with("message", "\n\t "), "", "message", "ContactMessageRequired"},
			{"no name", with("name", ""), "", "name", "ContactNameRequired"},
			{"no email", with("email", " "), "", "email", "ContactEmailRequired"},
			{"bad email", with("email", "laila@example"), "", "email", "EmailFormatError"},
			{"email a header cannot carry", with("email", `a"b<c>@example.com`), "", "email", "EmailFormatError"},
			{"name too long", with("name", strings.Repeat("ن", contact.MaxName+1)), "", "name", "ContactNameTooLong"},
			{"subject too long", with("subject", strings.Repeat("s", contact.MaxSubject+1)), "", "subject", "ContactSubjectTooLong"},
			{"message too long", with("message", strings.Repeat("m", contact.MaxMessage+1)), "", "message", "ContactMessageTooLong"},
			{"nul byte", with("message", "hi\x00there"), "", "", "InvalidCharacters"},
			{"nul byte signed in", `{"subject":"Hi","message":"a\u0000b"}`, token, "", "InvalidCharacters"},
			{"signed in, no subject", `{"subject":"","message":"Hello"}`, token, "subject", "ContactSubjectRequired"},
			{"signed in, message too long", contactBody(map[string]string{"subject": "S", "message": strings.Repeat("m", contact.MaxMessage+1)}), token, "message", "ContactMessageTooLong"},
		}
		for _, tt := range tests {
			for _, lang := range []string{"en", "ar"} {
				headers := []string{"ALAN", lang}
				if tt.token != "" {
					headers = append(headers, "TOKEN", tt.token)
				}
				env := s.call(t, "POST", "contact/send", tt.body, headers...)
				want := s.app.Site.Strings.T(lang, tt.key)
				if env.Code != 102 || env.Easg != want || want == tt.key {
					t.Errorf("%s (%s): %d %q, want 102 %q", tt.name, lang, env.Code, env.Easg, want)
				}
				if tt.field != "" && fieldsOf(env)[tt.field] != tt.key {
					t.Errorf("%s: fields %v, want %s: %s", tt.name, fieldsOf(env), tt.field, tt.key)
				}
			}
		}
		// NUL bytes are said in Arabic (that message is translated already).
		if ar := s.app.Site.Strings.T("ar", "InvalidCharacters"); ar == s.app.Site.Strings.T("en", "InvalidCharacters") {
			t.Error("InvalidCharacters is not translated into Arabic: the test cannot tell languages apart")
		}
		if n := len(s.contactMails()); n != 0 {
			t.Errorf("%d mails sent for refused forms", n)
		}
		if env := s.call(t, "POST", "contact/send", `{"subject":"S","message":"M"}`, "TOKEN", "not-a-session"); env.Code != 401 {
			t.Errorf("a dead session: %d %s, want 401", env.Code, env.Easg)
		}
	})
}

// TestContactFormReachesCustomerService: signed out, the message is mailed
// to customer service with the sender as Reply-To (a honeypot hit answers
// the same and sends nothing); signed in, it opens the shopper's
// conversation with customer service, and the next one continues it.
func TestContactFormReachesCustomerService(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		env := s.call(t, "POST", "contact/send", contactBody(map[string]string{"name": " Laila\r\nBcc: x@y.z ", "email": " Laila@Example.com ",
			"subject": "Where is\nmy parcel?", "message": "Order SK-1 has not arrived.\nThanks!"}), "ALAN", "de")
		if r := decode[contactResult](t, env); r.Via != "mail" || r.Conversation != "" {
			t.Fatalf("signed out: %+v", r)
		}
		list := s.app.Outbox.List()
		if len(list) == 0 {
			t.Fatal("no mail")
		}
		m := list[0]
		rt, err := mail.ParseAddress(m.ReplyTo)
		if m.To != "help@souk.test" || err != nil || rt.Address != "laila@example.com" || rt.Name != "Laila Bcc: x@y.z" ||
			m.Subject != "Contact form: Where is my parcel?" || !strings.Contains(m.Text, "Order SK-1 has not arrived.\nThanks!") ||
			!strings.Contains(m.Text, "laila@example.com") || !strings.Contains(m.Text, "page language: de") {
			t.Fatalf("mail: %+v", m)
		}

		before := len(s.contactMails())
		env = s.call(t, "POST", "contact/send", contactBody(map[string]string{"name": "Bot", "email": "bot@example.com",
			"subject": "Cheap", "message": "Buy", "website": "http://spam.example"}))
		if r := decode[contactResult](t, env); r.Via != "mail" || len(s.contactMails()) != before {
			t.Fatalf("honeypot: %+v, mails %d → %d", r, before, len(s.contactMails()))
		}

		token := s.signUp(t, "contact-in@example.com")
		send := func(subject, message, requestID string) contactResult {
			return decode[contactResult](t, s.call(t, "POST", "contact/send",
				contactBody(map[string]string{"subject": subject, "message": message, "requestId": requestID}), "TOKEN", token))
		}
		first := send("Size question", "Does the blue dress run small?", "r1")
		again := send("Size question", "Does the blue dress run small?", "r1") // a double click
		second := send("Another", "And the red one?", "r2")
		if first.Via != "chat" || first.Conversation == "" || again.Conversation != first.Conversation || second.Conversation != first.Conversation {
			t.Fatalf("signed in: %+v %+v %+v", first, again, second)
		}
		opened := decode[chatConv](t, s.call(t, "POST", "chat/open", `{"kind":"service"}`, "TOKEN", token))
		if opened.UID != first.Conversation || opened.Kind != "service" {
			t.Fatalf("not the customer service conversation: %+v", opened)
		}
		var page struct{ List []chatMsg }
		if err := json.Unmarshal(s.call(t, "POST", "chat/messages", `{"uid":"`+first.Conversation+`"}`, "TOKEN", token).Content, &page); err != nil {
			t.Fatal(err)
		}
		var texts []string
		for _, m := range page.List {
			texts = append(texts, m.Content)
		}
		want := []string{"Size question\n\nDoes the blue dress run small?", "Another\n\nAnd the red one?"}
		if fmt.Sprint(texts) != fmt.Sprint(want) {
			t.Fatalf("conversation holds %q, want %q", texts, want)
		}
		if len(s.contactMails()) != before {
			t.Fatal("a signed-in message was also mailed")
		}
	})
}

// TestContactFormRateLimits sends many forms at once: exactly the allowance
// gets through (each send is counted before it is checked and sent), the
// rest are told to wait, in the caller's language; signed out per client
// address, signed in per account.
func TestContactFormRateLimits(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		parallel := func(n int, call func(i int) envelope) (ok int, limited int) {
			var mu sync.Mutex
			var wg sync.WaitGroup
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					env := call(i)
					mu.Lock()
					defer mu.Unlock()
					switch env.Code {
					case 200:
						ok++
					case 441:
						limited++
						if !strings.Contains(env.Easg, "minutes") {
							t.Errorf("limited: %q", env.Easg)
						}
					default:
						t.Errorf("send %d: %d %s", i, env.Code, env.Easg)
					}
				}()
			}
			wg.Wait()
			return ok, limited
		}
		ok, limited := parallel(4*contact.PerAddress, func(i int) envelope {
			return s.call(t, "POST", "contact/send", contactBody(map[string]string{"name": "N", "email": fmt.Sprintf("p%d@example.com", i),
				"subject": fmt.Sprint("S", i), "message": "M"}))
		})
		if ok != contact.PerAddress || limited != 3*contact.PerAddress || len(s.contactMails()) != contact.PerAddress {
			t.Fatalf("signed out: %d sent, %d limited, %d mailed; want %d sent", ok, limited, len(s.contactMails()), contact.PerAddress)
		}

		token := s.signUp(t, "contact-rate@example.com")
		ok, limited = parallel(2*contact.PerAccount, func(i int) envelope {
			return s.call(t, "POST", "contact/send", contactBody(map[string]string{"subject": "S", "message": fmt.Sprint("M", i),
				"requestId": fmt.Sprint("q", i)}), "TOKEN", token)
		})
		if ok != contact.PerAccount || limited != contact.PerAccount {
			t.Fatalf("signed in: %d sent, %d limited; want %d", ok, limited, contact.PerAccount)
		}
		cv := decode[chatConv](t, s.call(t, "POST", "chat/open", `{"kind":"service"}`, "TOKEN", token))
		if cv.LastSeq != int64(contact.PerAccount) {
			t.Fatalf("the conversation holds %d messages, want %d", cv.LastSeq, contact.PerAccount)
		}
	})
}
