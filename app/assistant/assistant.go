// Package assistant is customer service's first answer: when a shopper
// writes in a customer-service conversation, it reads the intent (where
// is my order, delivery dates, sizes, return policy, stock) and answers
// from the store's data for that shopper, in the shopper's language; on
// request, or when unsure, it hands the conversation over to a person and
// keeps quiet there until a person has taken it. It never answers in
// conversations with sellers.
package assistant

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"souk/app/ai"
	"souk/app/catalog"
	"souk/app/chat"
	"souk/app/ratelimit"
	"souk/ent"
)

// Limits.
const (
	// AnswersPerWin answers per conversation in AnswerWindow: a flood of
	// messages gets a few answers, then waits for staff.
	AnswersPerWin = 6
	AnswerWindow  = time.Minute
	// PersonHold is how long after a person's reply the assistant keeps
	// quiet in that conversation.
	PersonHold = 24 * time.Hour
	// Parallel bounds answers worked on at once; Queue how long a message
	// waits for a turn before it is handed to a person unanswered.
	Parallel = 4
	Queue    = 10 * time.Second
)

// Translator renders a catalogue key in a language.
type Translator func(lang, key string, args ...string) string

// Options are the service's collaborators.
type Options struct {
	Chat    *chat.Service
	Cat     *catalog.Service
	Engine  ai.Assistant // the configured engine; nil: keywords only
	T       Translator
	Timeout time.Duration // bounds one engine call (default 20 s)
	Now     func() time.Time
	Log     *slog.Logger
}

// Service answers shoppers in customer service. Safe for concurrent use.
type Service struct {
	db       *ent.Client
	chats    *chat.Service
	cat      *catalog.Service
	engine   ai.Assistant
	fallback ai.Assistant
	t        Translator
	timeout  time.Duration
	now      func() time.Time
	log      *slog.Logger
	limit    *ratelimit.Window
	slots    chan struct{}
	work     sync.WaitGroup
}

// New makes the service; Listen connects it to the chat.
func New(db *ent.Client, o Options) *Service {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.Timeout <= 0 {
		o.Timeout = 20 * time.Second
	}
	if o.Engine == nil {
		o.Engine = ai.Keywords{}
	}
	return &Service{db: db, chats: o.Chat, cat: o.Cat, engine: o.Engine, fallback: ai.Keywords{}, t: o.T,
		timeout: o.Timeout, now: o.Now, log: o.Log, limit: ratelimit.New(AnswersPerWin, AnswerWindow, o.Now),
		slots: make(chan struct{}, Parallel)}
}

// Listen makes the assistant hear customer-service messages.
func (s *Service) Listen() { s.chats.OnServiceText = s.Hear }

// Hear answers h in the background: the shopper's send does not wait for
// an engine.
func (s *Service) Hear(ctx context.Context, h chat.Heard) {
	s.work.Add(1)
	go func() {
		defer s.work.Done()
		if err := s.Answer(context.WithoutCancel(ctx), h); err != nil {
			s.log.Warn("assistant: answer", "conversation", h.Conversation, "seq", h.Seq, "err", err)
		}
	}()
}

// Wait waits for the answers being worked on (shutdown, tests).
func (s *Service) Wait() { s.work.Wait() }

// Answer answers shopper message h once, unless a person has the
// conversation.
func (s *Service) Answer(ctx context.Context, h chat.Heard) error {
	c, err := s.chats.Conversation(ctx, h.ConvID)
	if err != nil {
		return err
	}
	if s.quiet(c) {
		return nil
	}
	if done, err := s.chats.Answered(ctx, c.ID, h.Seq); err != nil || done {
		return err
	}
	if ok, _ := s.limit.Allow(c.UID); !ok {
		return nil // flooding: staff see every message anyway
	}
	select {
	case s.slots <- struct{}{}:
		defer func() { <-s.slots }()
	case <-time.After(Queue): // too busy: a person answers rather than nobody
		return s.say(ctx, h, s.fallback.Name(), s.t(h.Loc.Lang, "AssistUnsure"), true)
	}
	treUID := linkedGoods(h.Text)
	if treUID == "" {
		if treUID, err = s.chats.ShopperGoods(ctx, c); err != nil {
			return err
		}
	}
	f, err := s.facts(ctx, c.ShopperID, treUID, c.OrderNumber, h.Loc.Lang)
	if err != nil {
		return err
	}
	r := s.read(ctx, h, f)
	if r.OrderNumber == "" {
		r.OrderNumber = c.OrderNumber // opened from an order: that one is meant
	}
	text, handover := s.compose(r, f, h.Loc.Lang)
	return s.say(ctx, h, r.Engine, text, handover)
}

// quiet: a person has the conversation (handed over, or replied lately).
func (s *Service) quiet(c *ent.Conversation) bool {
	return c.NeedsPerson || (c.PersonAt != nil && s.now().Sub(*c.PersonAt) < PersonHold)
}

// read asks the engine; an engine that fails leaves the keywords to read
// the message.
func (s *Service) read(ctx context.Context, h chat.Heard, f *Facts) *ai.Reply {
	cctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	ask := ai.Ask{Lang: h.Loc.Lang, Message: h.Text, Facts: f}
	r, err := s.engine.Assist(cctx, ask)
	if err == nil {
		return r
	}
	s.log.Warn("assistant: engine failed, keywords read the message", "engine", s.engine.Name(), "err", err)
	r, _ = s.fallback.Assist(ctx, ask)
	return r
}

func (s *Service) say(ctx context.Context, h chat.Heard, engine, text string, handover bool) error {
	_, err := s.chats.SayAsAssistant(ctx, h.ConvID, chat.Say{ReplyTo: h.Seq, Engine: engine, Text: text, Handover: handover}, h.Loc)
	return err
}
