package ai

import (
	"context"
	"errors"

	"souk/app/apperr"
)

// Engine is the one interface the app uses for written work: drafting a
// listing's texts and translating texts. Two engines implement it: the
// built-in deterministic one (lexicon and rules, nothing leaves the
// process) and Remote, any OpenAI-compatible endpoint. Image generation and
// editing get their own interface beside this one (an engine may offer
// both), so a text-only engine never has to pretend to draw.
type Engine interface {
	// Name says which engine made a result; it is shown on screen.
	Name() string
	// Draft composes a listing's name, brief, intro and intro attributes
	// in facts.Lang from what is known about the item.
	Draft(ctx context.Context, facts Facts) (*Draft, error)
	// Translate puts texts written in from into each language of to.
	Translate(ctx context.Context, from string, to []string, texts []Source) (*Translations, error)
}

// Engine names shown on screen.
const (
	EngineBuiltin = "builtin"
	EngineRemote  = "remote"
)

// Facts are what a draft is made from. Everything here may come from a
// seller and is handed to a model as data, never as instructions.
type Facts struct {
	Lang       string   `json:"lang"`                 // the item's main language
	Category   string   `json:"category,omitempty"`   // category name in Lang
	BigType    string   `json:"bigType,omitempty"`    // consumer, wholesale, dress…
	Words      string   `json:"words,omitempty"`      // what the seller typed
	Colours    []string `json:"colours,omitempty"`    // colour words (options, pictures)
	Sizes      []string `json:"sizes,omitempty"`      // size names
	Attributes []Pair   `json:"attributes,omitempty"` // attribute groups and values already entered
}

// Pair is one intro attribute: a name and its value.
type Pair struct {
	K string `json:"k"`
	V string `json:"v"`
}

// Draft is a listing's texts as an engine proposes them; the seller edits
// them before anything is saved.
type Draft struct {
	Engine     string `json:"engine"`
	Lang       string `json:"lang"`
	Name       string `json:"name"`
	Brief      string `json:"brief"`
	Intro      string `json:"intro"`
	IntroAttrs []Pair `json:"introAttrs"`
}

// Source is one text to translate, named by the caller's key.
type Source struct {
	Key string `json:"key"`
	Txt string `json:"txt"`
}

// Result is one translated text. Untranslated means the engine could not
// translate it: Txt is then the source text, in the source language.
type Result struct {
	Txt          string `json:"txt"`
	Untranslated bool   `json:"untranslated,omitempty"`
}

// Translations are an engine's answer: language → source key → result.
type Translations struct {
	Engine string                       `json:"engine"`
	Texts  map[string]map[string]Result `json:"texts"`
}

// Limits on what one call may carry (prompts and outputs are bounded).
const (
	MaxTexts     = 64    // texts in one translation call
	MaxTextLen   = 5000  // runes in one text
	MaxTotalLen  = 20000 // runes in one translation call
	MaxLangs     = 20    // target languages in one call
	MaxWordsLen  = 500   // runes of the seller's words for a draft
	maxReplySize = 1 << 20
)

// ErrUnavailable is an endpoint that is down, slow or answering nonsense;
// users see AIUnavailable.
var ErrUnavailable = errors.New("ai: endpoint unavailable")

func errUnavailable(cause error) error {
	return apperr.New(apperr.NetworkError, "AIUnavailable").Wrap(errors.Join(ErrUnavailable, cause))
}
