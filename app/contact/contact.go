// Package contact is the contact form (/{lang}/contact): a signed-in
// shopper's message opens, or continues, their conversation with customer
// service (app/chat); a signed-out visitor's is mailed to customer service
// with the visitor's address as Reply-To. Both are bounded: lengths, a
// honeypot field that bots fill and people never see, and rates per client
// address, per sender address and per account, reserved before the message
// is sent (a honeypot hit included), so parallel requests cannot slip past
// a count.
package contact

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"time"

	"souk/app/apperr"
	"souk/app/chat"
	"souk/app/mail"
	"souk/app/ratelimit"
	"souk/ent"
)

// Limits.
const (
	MaxName    = 80
	MaxSubject = 150
	// MaxMessage keeps subject and message within one chat message
	// (chat.MaxTextRunes) with room for the line between them.
	MaxMessage = 1800
	// Messages per hour: from one client address or one sender address
	// signed out, from one account signed in, and signed out from everyone
	// together (what the customer service mailbox receives at most).
	PerAddress = 5
	PerSender  = 5
	PerAccount = 10
	PerStore   = 300
	Window     = time.Hour
)

// Ways a message reaches customer service.
const (
	ViaChat = "chat"
	ViaMail = "mail"
)

// Input is one filled-in form. Trap is the honeypot field: people leave it
// empty because they never see it.
type Input struct {
	Name, Email, Subject, Message, Trap string
	// RequestID makes a signed-in send idempotent (a double click posts once).
	RequestID string
}

// Client is who sends: the connection's address and the page's language.
type Client struct{ IP, Lang string }

// Result says where the message went: the conversation to open, or mail.
type Result struct {
	Via          string `json:"via"`
	Conversation string `json:"conversationUid,omitempty"`
}

// Chat is what the service needs of app/chat.
type Chat interface {
	Open(ctx context.Context, u *ent.User, in chat.OpenInput, loc chat.Locale) (*chat.ConversationView, error)
	Send(ctx context.Context, u *ent.User, uid string, in chat.SendInput, loc chat.Locale) (*chat.Message, error)
}

// Translator renders a catalogue key in a language.
type Translator func(lang, key string, args ...string) string

// Options wire the service.
type Options struct {
	Chat Chat
	Mail mail.Sender
	To   string // the customer service mailbox (CONTACT_EMAIL)
	T    Translator
	Now  func() time.Time
	Log  *slog.Logger
}

// Service takes contact messages. Safe for concurrent use.
type Service struct {
	o                             Options
	addrs, senders, accounts, all *ratelimit.Window
}

// New makes the service.
func New(o Options) *Service {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	return &Service{o: o,
		addrs: ratelimit.New(PerAddress, Window, o.Now), senders: ratelimit.New(PerSender, Window, o.Now),
		accounts: ratelimit.New(PerAccount, Window, o.Now), all: ratelimit.New(PerStore, Window, o.Now)}
}

// Send delivers a message from u (nil: signed out). Nothing is sent when
// the input is refused or a limit is reached.
func (s *Service) Send(ctx context.Context, u *ent.User, in Input, c Client) (*Result, error) {
	in, err := check(in, u != nil)
	if err != nil {
		return nil, err
	}
	release, err := s.reserve(u, in, c)
	if err != nil {
		return nil, err
	}
	var out *Result
	if u != nil {
		out, err = s.toChat(ctx, u, in, c)
	} else {
		out, err = s.toMail(ctx, in, c)
	}
	if err != nil {
		release() // nothing was delivered: the try does not count
	}
	return out, err
}

// reserve counts the message against every limit that applies, before it is
// sent; a refused one gives back what it took. release gives all back.
func (s *Service) reserve(u *ent.User, in Input, c Client) (release func(), err error) {
	type slot struct {
		w   *ratelimit.Window
		key string
	}
	var slots []slot
	if u != nil {
		slots = []slot{{s.accounts, fmt.Sprint(u.ID)}}
	} else {
		slots = []slot{{s.addrs, ratelimit.AddrKey(c.IP)}, {s.senders, in.Email}, {s.all, "all"}}
	}
	release = func() {
		for _, sl := range slots {
			sl.w.Release(sl.key)
		}
	}
	for i, sl := range slots {
		if ok, wait := sl.w.Allow(sl.key); !ok {
			for _, back := range slots[:i] {
				back.w.Release(back.key)
			}
			return nil, apperr.New(apperr.RateLimited, "ContactTooOften", "minutes", ratelimit.Minutes(wait))
		}
	}
	return release, nil
}

// toChat opens (or reopens) the shopper's conversation with customer
// service and posts the subject and the message into it as one text.
func (s *Service) toChat(ctx context.Context, u *ent.User, in Input, c Client) (*Result, error) {
	loc := chat.Locale{Lang: c.Lang}
	conv, err := s.o.Chat.Open(ctx, u, chat.OpenInput{Kind: chat.KindService}, loc)
	if err != nil {
		return nil, err
	}
	id := in.RequestID
	if id == "" {
		id = randomID()
	}
	text := in.Subject + "\n\n" + in.Message
	if _, err := s.o.Chat.Send(ctx, u, conv.UID, chat.SendInput{AppID: "contact:" + id, Type: chat.TypeText, Content: text}, loc); err != nil {
		return nil, err
	}
	return &Result{Via: ViaChat, Conversation: conv.UID}, nil
}

// toMail mails the message to customer service, in English (the staff's
// language), with the sender as Reply-To. A honeypot hit answers as if it
// was sent, so a bot learns nothing, and sends nothing; Send reserved it
// like a real message, so it counts against the address's and the shop's
// caps (a bot gets no free tries).
func (s *Service) toMail(ctx context.Context, in Input, c Client) (*Result, error) {
	if in.Trap != "" {
		return &Result{Via: ViaMail}, nil
	}
	t := s.o.T
	m := mail.Message{To: s.o.To, ReplyTo: replyTo(in.Name, in.Email),
		Subject: t("en", "ContactMailSubject", "subject", in.Subject),
		Text:    t("en", "ContactMailText", "name", in.Name, "email", in.Email, "lang", c.Lang, "message", in.Message)}
	if err := s.o.Mail.Send(ctx, m); err != nil {
		s.o.Log.ErrorContext(ctx, "contact: mail to customer service", "err", err)
		return nil, apperr.New(apperr.RateLimited, "ContactNotSent")
	}
	return &Result{Via: ViaMail}, nil
}

func randomID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
