package ai

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

const draftInstructions = "You write product listings for an online marketplace. From the facts about one item, " +
	"write in the language whose code is given as \"lang\": a name (at most 120 characters), a brief (one or two " +
	"sentences, at most 300 characters), an intro (a short description, at most 1500 characters, plain text) and " +
	"up to 8 intro attributes (short name and value pairs). Never invent facts that are not given. Answer with one " +
	"JSON object: {\"name\":\"\",\"brief\":\"\",\"intro\":\"\",\"introAttrs\":[{\"k\":\"\",\"v\":\"\"}]}."

// Draft asks the endpoint for a listing's texts, streamed, and keeps them
// within the goods form's limits.
func (r *Remote) Draft(ctx context.Context, facts Facts) (*Draft, error) {
	msgs, err := asData(draftInstructions, facts)
	if err != nil {
		return nil, err
	}
	raw, err := r.ChatStream(ctx, "draft", msgs, 1200, nil)
	if err != nil {
		return nil, err
	}
	var d Draft
	if err := json.Unmarshal([]byte(jsonPart(raw)), &d); err != nil || d.Name == "" {
		return nil, errUnavailable(fmt.Errorf("ai: draft: bad answer: %v", err))
	}
	d.Engine, d.Lang = r.Name(), facts.Lang
	return clampDraft(&d), nil
}

const translateInstructions = "You translate product listing texts for an online marketplace. The document has " +
	"\"from\" (the source language code), \"to\" (target language codes) and \"texts\" (key → text). Translate every " +
	"text into every target language, keeping meaning, numbers, sizes and brand names, and keeping any HTML markup. " +
	"Answer with one JSON object: {\"<target code>\": {\"<key>\": \"<translation>\"}}."

// Translate asks the endpoint for every text in every language at once; a
// text it leaves out is returned untranslated.
func (r *Remote) Translate(ctx context.Context, from string, to []string, texts []Source) (*Translations, error) {
	doc := map[string]any{"from": from, "to": to, "texts": sourceMap(texts)}
	msgs, err := asData(translateInstructions, doc)
	if err != nil {
		return nil, err
	}
	raw, err := r.Chat(ctx, "translate", msgs, true, 8000)
	if err != nil {
		return nil, err
	}
	var got map[string]map[string]string
	if err := json.Unmarshal([]byte(jsonPart(raw)), &got); err != nil {
		return nil, errUnavailable(fmt.Errorf("ai: translate: bad answer: %w", err))
	}
	out := &Translations{Engine: r.Name(), Texts: map[string]map[string]Result{}}
	for _, l := range to {
		out.Texts[l] = map[string]Result{}
		for _, s := range texts {
			t := strings.TrimSpace(got[l][s.Key])
			if t == "" || utf8.RuneCountInString(t) > 2*MaxTextLen {
				out.Texts[l][s.Key] = Result{Txt: s.Txt, Untranslated: true}
				continue
			}
			out.Texts[l][s.Key] = Result{Txt: t}
		}
	}
	return out, nil
}

func sourceMap(texts []Source) map[string]string {
	m := make(map[string]string, len(texts))
	for _, s := range texts {
		m[s.Key] = s.Txt
	}
	return m
}

// jsonPart is the JSON object in a model's answer (some wrap it in a code
// fence despite being asked not to).
func jsonPart(s string) string {
	i, j := strings.Index(s, "{"), strings.LastIndex(s, "}")
	if i < 0 || j < i {
		return s
	}
	return s[i : j+1]
}

// clampDraft keeps a draft within the goods form's limits.
func clampDraft(d *Draft) *Draft {
	d.Name = clip(d.Name, 120)
	d.Brief = clip(d.Brief, 500)
	d.Intro = clip(d.Intro, 5000)
	var attrs []Pair
	for _, p := range d.IntroAttrs {
		if k, v := clip(p.K, 80), clip(p.V, 80); k != "" && v != "" && len(attrs) < 10 {
			attrs = append(attrs, Pair{K: k, V: v})
		}
	}
	d.IntroAttrs = attrs
	return d
}

func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return strings.TrimSpace(string([]rune(s)[:n]))
}
