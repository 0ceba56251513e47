package content

import (
	"context"

	"souk/app/apperr"
)

// FAQName is the dresses FAQ's EditName.
const FAQName = "dressesfaq"

// FAQ is the dresses FAQ as the storefront shows it. An entry's faqId is
// its position from 1: entries have no other name, and an admin's reorder
// moves the question with its page.
type FAQ struct {
	Entries []QA   `json:"entries"` // answers are sanitised rich text
	Lan     string `json:"lan"`     // the language it is written in (English when lang has none)
}

// DressesFAQ answers the FAQ in lang, or in English when lang has none yet.
func (s *Service) DressesFAQ(ctx context.Context, lang string) (*FAQ, error) {
	for _, l := range []string{lang, "en"} {
		v, _, err := s.docValue(ctx, s.db.ContentDoc, FAQName, l, KindFAQ)
		if err != nil {
			return nil, err
		}
		if f := v.(FAQValue); len(f.Entries) > 0 {
			return &FAQ{Entries: f.Entries, Lan: l}, nil
		}
	}
	return nil, apperr.New(apperr.NotFound, "EditNameUnknown")
}
