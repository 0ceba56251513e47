package content

import (
	"context"
	"fmt"

	"souk/ent/contentdoc"
)

// defaults are the English documents a new database starts with; admins
// edit and translate them in the back office.
var defaults = map[string]any{
	"about": TextValue{Title: "About Souk", Text: "<p>Souk is a marketplace for consumer goods, wholesale goods and made-to-measure dresses.</p>" +
		"<p>Sellers, makers, creators and analysts each have their own pages; shoppers search by text or by picture and buy through one cart.</p>"},
	"contact": TextValue{Title: "Contact us", Text: "<p>Write to <strong>help@souk.test</strong>; we answer within two working days.</p>" +
		"<p>For an order, please give its number.</p>"},
	"dressesfaq": FAQValue{Entries: []QA{
		{Q: "How long does a made-to-measure dress take?", A: "<p>Tailoring takes about 71 working days, shipping about 35 more.</p>"},
		{Q: "Which measurements do I need?", A: "<p>Bust, waist, hips and hollow to floor, in centimetres or inches.</p>"},
	}},
	"hots": HotsValue{Pages: []HotsPage{}},
}

// EnsureDefaults writes each default document English lacks; a stored one
// (perhaps edited) is left as it is.
func (s *Service) EnsureDefaults(ctx context.Context) error {
	for _, name := range docOrder[1:] {
		p, err := asPayload(defaults[name])
		if err != nil {
			return err
		}
		err = s.db.ContentDoc.Create().SetName(name).SetLang("en").SetPayload(p).
			OnConflictColumns(contentdoc.FieldName, contentdoc.FieldLang).Ignore().Exec(ctx)
		if err != nil {
			return fmt.Errorf("content: seed %s: %w", name, err)
		}
	}
	return nil
}
