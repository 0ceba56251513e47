// Package payment talks to payment providers behind one interface. The
// embedded default is a test provider that behaves like a real one: test
// card numbers that succeed, decline or need confirmation, and final
// outcomes delivered later as signed webhook-style callbacks. Orders own
// what a payment means; this package only charges, refunds and verifies.
package payment

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"
)

// Payment methods of SPEC §3.
const (
	Card      = 1
	PayPal    = 2
	GooglePay = 3
	ApplePay  = 4
	Doge      = 5
)

// Methods lists every method a checkout offers.
var Methods = []int{Card, PayPal, GooglePay, ApplePay, Doge}

// Outcome statuses of a charge.
const (
	Succeeded = "succeeded"
	Action    = "action"  // the buyer must confirm (3-D Secure and the like)
	Pending   = "pending" // the provider will call back
	Failed    = "failed"
)

// CardInput is what the buyer typed; it goes to the provider and is never stored.
type CardInput struct {
	Number   string `json:"number"`
	ExpMonth int    `json:"expMonth"`
	ExpYear  int    `json:"expYear"`
	CVC      string `json:"cvc"`
	Name     string `json:"name"`
}

// Charge asks a provider to take an amount (minor units of Currency).
type Charge struct {
	PaymentUID string
	Amount     int64
	Currency   string
	Method     int
	Card       *CardInput
}

// Outcome is the provider's immediate answer.
type Outcome struct {
	Status string
	Ref    string // the provider's id for the charge; callbacks name it
	Reason string // when Failed: the catalogue key of why, shown to the buyer in their language
}

// Provider charges, confirms and refunds (everything but Doge).
type Provider interface {
	Charge(ctx context.Context, c Charge) (Outcome, error)
	// Confirm is the buyer's answer to an Action outcome. The outcome
	// arrives later as a callback.
	Confirm(ctx context.Context, ref string, approve bool) error
	// Refund returns money; the outcome arrives later as a callback.
	Refund(ctx context.Context, ref, paymentUID string, amount int64, key string) error
}

// Event kinds a provider reports.
const (
	EventSucceeded = "payment.succeeded"
	EventFailed    = "payment.failed"
	EventRefunded  = "refund.succeeded"
)

// Event is one provider callback. Key is the caller's key of a refund (the
// order number), echoed back. Reason is a failure's catalogue key: an
// adapter maps its provider's decline codes to ours, never passing on the
// provider's (English) text.
type Event struct {
	ID      string    `json:"id"`
	Kind    string    `json:"type"`
	Ref     string    `json:"ref"`
	Payment string    `json:"paymentUid"` // ours, echoed back like a real provider's metadata
	Key     string    `json:"key,omitempty"`
	Reason  string    `json:"reason,omitempty"`
	At      time.Time `json:"created"`
}

// Sign computes the signature header of a callback body.
func Sign(secret, body []byte) string {
	m := hmac.New(sha256.New, secret)
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// Verify checks a callback's signature and decodes it.
func Verify(secret, body []byte, signature string) (Event, error) {
	var ev Event
	if !hmac.Equal([]byte(Sign(secret, body)), []byte(signature)) {
		return ev, fmt.Errorf("payment: callback signature does not match")
	}
	if err := json.Unmarshal(body, &ev); err != nil {
		return ev, fmt.Errorf("payment: callback body: %w", err)
	}
	if ev.ID == "" || ev.Ref == "" || ev.Kind == "" {
		return ev, fmt.Errorf("payment: callback without id, ref or type")
	}
	return ev, nil
}
