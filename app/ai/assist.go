package ai

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Intents of a shopper's message in customer service, as the assistant
// understands them. IntentNone means unsure: a person takes over.
const (
	IntentNone     = ""
	IntentPerson   = "person"   // asks for a human
	IntentOrder    = "order"    // where is my order, its status
	IntentDelivery = "delivery" // when will it arrive
	IntentSize     = "size"     // sizes, size chart, measurements
	IntentReturns  = "returns"  // return policy, refunds
	IntentStock    = "stock"    // is an item in stock
)

// Intents are the intents an engine may answer, in the order ties are
// decided (an explicit request for a person wins).
var Intents = []string{IntentPerson, IntentReturns, IntentSize, IntentStock, IntentDelivery, IntentOrder}

// MaxAskLen bounds the runes of a shopper's message an engine reads, and
// MaxAnswerLen the runes of an answer an engine may phrase.
const (
	MaxAskLen    = 500
	MaxAnswerLen = 1200
)

// Ask is one shopper message for the customer-service assistant. Message
// and Facts are handed to a model as data, never as instructions.
type Ask struct {
	Lang    string `json:"lang"`
	Message string `json:"message"`
	Facts   any    `json:"facts,omitempty"` // the store's data for this shopper
}

// Reply is an engine's reading of an Ask. Answer is the engine's own
// phrasing in Ask.Lang; empty means the caller composes the answer from
// the facts with catalogue keys.
type Reply struct {
	Engine      string `json:"engine"`
	Intent      string `json:"intent"`
	OrderNumber string `json:"orderNumber,omitempty"`
	Answer      string `json:"answer,omitempty"`
}

// Assistant reads shoppers' messages in customer service.
type Assistant interface {
	Name() string
	Assist(ctx context.Context, a Ask) (*Reply, error)
}

// Keywords is the embedded assistant: it finds the intent by the words
// of assistWords (several languages) and leaves the answer to the caller.
// Deterministic and offline; the zero value is ready.
type Keywords struct{}

// Name is the engine's name as shown on screen.
func (Keywords) Name() string { return EngineBuiltin }

// Assist reads the intent and any order number from the message.
func (Keywords) Assist(_ context.Context, a Ask) (*Reply, error) {
	msg := clip(a.Message, MaxAskLen)
	return &Reply{Engine: EngineBuiltin, Intent: DetectIntent(msg), OrderNumber: OrderNumberIn(msg)}, nil
}

// Assist is the built-in engine's assistant (Keywords).
func (b *Builtin) Assist(ctx context.Context, a Ask) (*Reply, error) {
	return Keywords{}.Assist(ctx, a)
}

// DetectIntent scores each intent by its words found in text; the best
// wins, ties going to the earlier of Intents. Nothing found is IntentNone.
func DetectIntent(text string) string {
	t := " " + strings.ToLower(text) + " "
	best, bestScore := IntentNone, 0
	for _, in := range Intents {
		score := 0
		for _, w := range assistWords[in] {
			if strings.Contains(t, w) {
				score++
			}
		}
		if score > bestScore {
			best, bestScore = in, score
		}
	}
	if best == IntentNone && OrderNumberIn(text) != "" {
		return IntentOrder // a bare order number asks about that order
	}
	return best
}

// orderNumberRe matches the shape of an order number (order.newNumber:
// S, six date digits, ten random ones).
var orderNumberRe = regexp.MustCompile(`(?i)\bS\d{16}\b`)

// OrderNumberIn is the first order number written in text, upper-cased.
func OrderNumberIn(text string) string {
	return strings.ToUpper(orderNumberRe.FindString(text))
}

const assistInstructions = "You are the customer-service assistant of an online marketplace. The document has \"lang\" " +
	"(the shopper's language code), \"message\" (what the shopper wrote), \"intents\" (the intents you may choose) and " +
	"\"facts\" (the store's data about this shopper: their orders, delivery rules, return policy, sizes, stock). Choose " +
	"the shopper's intent: \"person\" if they ask for a human, \"\" if you are unsure or the facts do not answer. Write " +
	"a short answer in the shopper's language using only the facts; never invent orders, dates or numbers. Answer " +
	"with one JSON object: {\"intent\":\"\",\"orderNumber\":\"\",\"answer\":\"\"}."

// Assist asks the endpoint to read the message and phrase an answer from
// the facts. An intent outside Intents counts as unsure.
func (r *Remote) Assist(ctx context.Context, a Ask) (*Reply, error) {
	doc := map[string]any{"lang": a.Lang, "message": clip(a.Message, MaxAskLen), "intents": Intents, "facts": a.Facts}
	msgs, err := asData(assistInstructions, doc)
	if err != nil {
		return nil, err
	}
	raw, err := r.Chat(ctx, "assist", msgs, true, 600)
	if err != nil {
		return nil, err
	}
	var got Reply
	if err := json.Unmarshal([]byte(jsonPart(raw)), &got); err != nil {
		return nil, errUnavailable(fmt.Errorf("ai: assist: bad answer: %w", err))
	}
	out := &Reply{Engine: r.Name(), Intent: IntentNone, OrderNumber: OrderNumberIn(got.OrderNumber)}
	for _, in := range Intents {
		if got.Intent == in {
			out.Intent = in
		}
	}
	if ans := strings.TrimSpace(got.Answer); ans != "" && utf8.RuneCountInString(ans) <= MaxAnswerLen && !strings.ContainsRune(ans, 0) {
		out.Answer = ans
	}
	return out, nil
}
