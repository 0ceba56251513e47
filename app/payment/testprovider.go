package payment

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"
)

// Test card numbers (the ones shoppers know from Stripe's test mode).
const (
	CardSucceeds    = "4242424242424242"
	CardDeclines    = "4000000000000002"
	CardNoFunds     = "4000000000009995"
	CardNeedsAction = "4000002500003155"
)

// Sink receives a signed callback body, as the webhook endpoint would.
type Sink func(ctx context.Context, body []byte, signature string) error

// TestProvider is the embedded default provider. Final outcomes are also
// reported later by callback, like a real provider, so the callback path
// is the one that runs in every test and demo.
type TestProvider struct {
	secret []byte
	sink   Sink
	delay  time.Duration
	now    func() time.Time

	mu      sync.Mutex
	waiting map[string]string // refs that await the buyer's confirmation → payment uid
	wg      sync.WaitGroup
}

// NewTestProvider makes the provider; callbacks go to sink after delay.
func NewTestProvider(secret []byte, sink Sink, delay time.Duration) *TestProvider {
	return &TestProvider{secret: secret, sink: sink, delay: delay, now: time.Now, waiting: map[string]string{}}
}

// Charge decides by method and card number.
func (p *TestProvider) Charge(ctx context.Context, c Charge) (Outcome, error) {
	ref := "tp_" + randomHex(12)
	if c.Amount <= 0 {
		return Outcome{}, fmt.Errorf("payment: nothing to charge")
	}
	switch c.Method {
	case PayPal, GooglePay, ApplePay: // the wallet approves on its side, then calls back
		p.later(Event{Kind: EventSucceeded, Ref: ref, Payment: c.PaymentUID})
		return Outcome{Status: Pending, Ref: ref}, nil
	case Card:
	default:
		return Outcome{}, fmt.Errorf("payment: the test provider does not take method %d", c.Method)
	}
	if key := checkCard(c.Card, p.now()); key != "" {
		return Outcome{Status: Failed, Ref: ref, Reason: key}, nil
	}
	switch digits(c.Card.Number) {
	case CardDeclines:
		p.later(Event{Kind: EventFailed, Ref: ref, Payment: c.PaymentUID, Reason: "CardDeclined"})
		return Outcome{Status: Failed, Ref: ref, Reason: "CardDeclined"}, nil
	case CardNoFunds:
		p.later(Event{Kind: EventFailed, Ref: ref, Payment: c.PaymentUID, Reason: "CardNoFunds"})
		return Outcome{Status: Failed, Ref: ref, Reason: "CardNoFunds"}, nil
	case CardNeedsAction:
		p.mu.Lock()
		p.waiting[ref] = c.PaymentUID
		p.mu.Unlock()
		return Outcome{Status: Action, Ref: ref}, nil
	}
	p.later(Event{Kind: EventSucceeded, Ref: ref, Payment: c.PaymentUID})
	return Outcome{Status: Succeeded, Ref: ref}, nil
}

// Confirm answers a pending confirmation; the result comes by callback.
func (p *TestProvider) Confirm(_ context.Context, ref string, approve bool) error {
	p.mu.Lock()
	uid, ok := p.waiting[ref]
	delete(p.waiting, ref)
	p.mu.Unlock()
	if !ok {
		return fmt.Errorf("payment: nothing awaits confirmation under %q", ref)
	}
	if approve {
		p.later(Event{Kind: EventSucceeded, Ref: ref, Payment: uid})
	} else {
		p.later(Event{Kind: EventFailed, Ref: ref, Payment: uid, Reason: "PaymentNotConfirmed"})
	}
	return nil
}

// Refund always succeeds in test mode, reported by callback.
func (p *TestProvider) Refund(_ context.Context, ref, paymentUID string, amount int64, key string) error {
	if amount <= 0 {
		return fmt.Errorf("payment: nothing to refund")
	}
	p.later(Event{Kind: EventRefunded, Ref: ref, Payment: paymentUID, Key: key})
	return nil
}

// Wait blocks until every scheduled callback has been delivered (tests, shutdown).
func (p *TestProvider) Wait() { p.wg.Wait() }

// later delivers a callback after the delay, retrying like a real provider
// when the receiver fails.
func (p *TestProvider) later(ev Event) {
	ev.ID = "evt_" + randomHex(12)
	ev.At = p.now().UTC()
	body, _ := json.Marshal(ev)
	sig := Sign(p.secret, body)
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		wait := p.delay
		for try := 0; try < 5; try++ {
			time.Sleep(wait)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			err := p.sink(ctx, body, sig)
			cancel()
			if err == nil {
				return
			}
			wait = max(2*wait, 200*time.Millisecond)
		}
	}()
}

// checkCard validates what a real provider would refuse outright; it
// answers the catalogue key of the problem, "" when there is none.
func checkCard(c *CardInput, now time.Time) string {
	if c == nil {
		return "CardDetailsRequired"
	}
	n := digits(c.Number)
	if len(n) < 12 || len(n) > 19 || !luhn(n) {
		return "CardNumberInvalid"
	}
	if c.ExpMonth < 1 || c.ExpMonth > 12 || c.ExpYear < 2000 || c.ExpYear > 2100 {
		return "CardExpiryInvalid"
	}
	if c.ExpYear < now.Year() || (c.ExpYear == now.Year() && c.ExpMonth < int(now.Month())) {
		return "CardExpired"
	}
	if cvc := digits(c.CVC); len(cvc) < 3 || len(cvc) > 4 || cvc != strings.TrimSpace(c.CVC) {
		return "CardCvcInvalid"
	}
	return ""
}

func digits(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else if r != ' ' && r != '-' {
			return ""
		}
	}
	return b.String()
}

func luhn(n string) bool {
	sum := 0
	for i := len(n) - 1; i >= 0; i-- {
		d := int(n[i] - '0')
		if (len(n)-i)%2 == 0 {
			if d *= 2; d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
