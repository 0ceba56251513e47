package creation

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Ask is what the user asks for: a model of the item, their words and the
// options picked. From, when set, is the version refined.
type Ask struct {
	TreID   string
	From    string
	Model   string
	Prompt  string
	Swatch  string
	Pattern string
	Length  string
	Lang    string
}

// check refuses bad input and reads options named in the words (in
// English) that were not picked, so a prompt alone can ask for a change.
func (a *Ask) check() error {
	a.Prompt = strings.TrimSpace(a.Prompt)
	switch {
	case strings.ContainsRune(a.Prompt, 0) || !utf8.ValidString(a.Prompt):
		return ErrPromptChars
	case utf8.RuneCountInString(a.Prompt) > MaxPrompt:
		return errPromptLong()
	}
	if _, ok := swatchOf(a.Swatch); a.Swatch != "" && !ok {
		return ErrOptionUnknown
	}
	if (a.Pattern != "" && !oneOf(a.Pattern, Patterns)) || (a.Length != "" && !oneOf(a.Length, Lengths)) {
		return ErrOptionUnknown
	}
	a.fromWords()
	if a.Swatch == "" && a.Pattern == "" && a.Length == "" {
		return ErrNothingAsked
	}
	return nil
}

// wordAliases map words of a prompt to option keys.
var wordAliases = map[string]string{
	"white": "ivory", "cream": "ivory", "pink": "blush", "green": "emerald", "blue": "sky",
	"purple": "lilac", "violet": "lilac", "striped": "stripes", "stripe": "stripes",
	"dotted": "dots", "polka": "dots", "checked": "checks", "check": "checks", "plaid": "checks",
	"mini": "short", "shorter": "short", "maxi": "long", "longer": "long", "floor": "long",
}

func (a *Ask) fromWords() {
	for _, w := range strings.FieldsFunc(strings.ToLower(a.Prompt), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if k, ok := wordAliases[w]; ok {
			w = k
		}
		if _, ok := swatchOf(w); ok && a.Swatch == "" {
			a.Swatch = w
		}
		if oneOf(w, Patterns) && a.Pattern == "" {
			a.Pattern = w
		}
		if oneOf(w, Lengths) && a.Length == "" {
			a.Length = w
		}
	}
}
