package listing

import (
	"context"
	"strings"

	"souk/app/ai"
	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/form"
)

// DraftRequest is "Write with AI" on the goods form: the form's values as
// they stand (unsaved) and a few words of the seller's, in the main
// language Lang. Nothing is stored: the draft goes back into the form.
type DraftRequest struct {
	UserUID string // whose uploads the pictures may be
	Lang    string
	Words   string
	Values  form.Values
}

// Draft drafts the caller's listing texts from the form's values.
func (e *Editor) Draft(ctx context.Context, userID int, in DraftRequest, t func(string) string) (*ai.Draft, error) {
	if e.ai == nil {
		return nil, apperr.New(apperr.NetworkError, "AIUnavailable")
	}
	if _, err := e.editorSeller(ctx, userID); err != nil {
		return nil, err
	}
	facts := draftFacts(in, t)
	if len(facts.Colours) == 0 && e.PictureColours != nil {
		// The first picture shows the item; its main colour names it.
		if imgs, _ := in.Values["images"].([]any); len(imgs) > 0 {
			if url, _ := imgs[0].(string); url != "" {
				if keys := e.PictureColours(ctx, in.UserUID, url); len(keys) > 0 {
					facts.Colours = keys[:1]
				}
			}
		}
	}
	if strings.TrimSpace(facts.Words) == "" && len(facts.Attributes) == 0 && len(facts.Colours) == 0 {
		return nil, apperr.Invalid("words", "AIWords", "AIDraftNothing")
	}
	return e.ai.Draft(ctx, userID, facts)
}

// draftFacts reads what the form says about the item: its kind, the
// values of its attribute groups, its colour options and the texts typed
// so far.
func draftFacts(in DraftRequest, t func(string) string) ai.Facts {
	v := in.Values
	f := ai.Facts{Lang: in.Lang, Words: strings.TrimSpace(in.Words)}
	if f.Words == "" {
		f.Words = draftClip(v["name"])
	}
	switch editorStr(v["bigType"]) {
	case "2":
		f.BigType = t("GoodsFormWholesale")
	case "1":
		f.BigType = t("GoodsFormConsumer")
	}
	for _, grp := range editorList(v, "attrs") {
		var names []string
		vals, _ := grp["values"].([]any)
		for _, x := range vals {
			vm, _ := x.(map[string]any)
			if n := draftClip(vm["name"]); n != "" && len(names) < 20 {
				names = append(names, n)
			}
		}
		if k := draftClip(grp["name"]); k != "" && len(names) > 0 && len(f.Attributes) < 4 {
			f.Attributes = append(f.Attributes, ai.Pair{K: k, V: strings.Join(names, ", ")})
		}
	}
	for _, l := range editorList(v, "scenario") {
		if id, _ := editorInt(l["labelId"]); id != catalog.LabelColour {
			continue
		}
		opts, _ := l["options"].([]any)
		for _, x := range opts {
			om, _ := x.(map[string]any)
			if n := draftClip(om["name"]); n != "" && len(f.Colours) < 20 {
				f.Colours = append(f.Colours, n)
			}
		}
	}
	return f
}

// draftClip is a form value as a short text: the unsaved form is not
// validated yet, and what reaches a model is bounded.
func draftClip(v any) string {
	r := []rune(strings.TrimSpace(editorStr(v)))
	return strings.TrimSpace(string(r[:min(len(r), 80)]))
}
