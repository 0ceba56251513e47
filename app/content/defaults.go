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
	"contact": TextValue{Title: "Contact us", Text: "<p>A question about an order, a seller, a dress or your account? Write to us with the form; we answer within two working days.</p>" +
		"<p>For an order, please give its number.</p>"},
	"dressesfaq": FAQValue{Entries: dressesFAQ},
	"hots":       HotsValue{Pages: []HotsPage{}},
	"downloadapp": TextValue{Title: "Souk in your pocket", Text: "<p>Shop consumer goods, wholesale lots and made-to-measure dresses wherever you are, with the account you already have.</p>" +
		"<ul><li><strong>Search by text or by photo</strong>: point your camera at something you like and find it for sale.</li>" +
		"<li><strong>Chat</strong> with sellers, makers and customer service, and hear at once when they answer.</li>" +
		"<li><strong>Follow your orders</strong> from payment to your door, and your dress from tailoring to delivery.</li></ul>"},
	"dlandroidapp": TextValue{Title: "Souk for Android", Text: "<p>Install Souk on your Android phone straight from us, without an app store.</p>" +
		"<ol><li>Download the file below.</li><li>Open it; your phone asks you to allow installing apps from your browser once.</li>" +
		"<li>Sign in with your Souk account.</li></ol>" +
		"<p>To check the download is intact, compare its SHA-256 checksum with the one shown here.</p>"},
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

// dressesFAQ answers what brides ask before ordering a made-to-measure
// dress; the numbers are SPEC §9's. The measuring answer points to the size
// chart that every dress page shows.
var dressesFAQ = []QA{
	{Q: "How do I choose my size?", A: "<p>Every dress comes in standard US sizes 0 to 28W, each in petite, regular and tall heights, or made to your own measurements. " +
		"Compare your bust, waist and hips with the <strong>size chart</strong> on the dress's page and pick the size that fits your largest measurement; our atelier takes it in where needed.</p>" +
		"<p>Between two sizes, or with a fuller bust or hips than the chart, choose <strong>Custom size</strong>.</p>"},
	{Q: "How do I measure myself for a custom size?", A: "<p>Wear the underwear you will wear on the day and ask someone to measure you with a soft tape, held snug but not tight:</p>" +
		"<ul><li><strong>Bust</strong>: around the fullest part of the bust, tape level under the arms.</li>" +
		"<li><strong>Waist</strong>: around the narrowest part of the waist, about 2 cm above the navel.</li>" +
		"<li><strong>Hips</strong>: around the fullest part of the hips, feet together.</li>" +
		"<li><strong>Hollow to floor</strong>: from the hollow between the collarbones straight down to the floor, barefoot.</li></ul>" +
		"<p>Enter the numbers in centimetres or inches when you choose Custom size on the dress's page; its size chart shows how the standard sizes compare.</p>"},
	{Q: "When will my dress arrive?", A: "<p>The seller confirms your order and measurements within 15 days. A dress in a standard size arrives within about 25 days.</p>" +
		"<p>A custom-size dress is sewn for you: tailoring takes about 71 working days and shipping about 35 more. Each dress page shows the dates for an order placed today.</p>"},
	{Q: "Can I return a made-to-measure dress?", A: "<p>A dress in a standard size can be returned by mail within 10 days of delivery; you pay the return postage.</p>" +
		"<p>A custom-size dress is cut for one person and cannot be returned, unless it differs from the measurements you gave or arrives damaged: then write to us within 10 days with photos and we remake or refund it.</p>"},
	{Q: "Can I change my measurements after ordering?", A: "<p>Yes, until the seller confirms the order. Write to customer service from your order page with the new measurements.</p>"},
}
