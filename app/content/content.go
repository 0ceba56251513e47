// Package content is the back office's content and form editor
// (operations/EditForm/{EditName}): the store's named content per language
// (about, contact, the dresses FAQ, hots pages), the home page's index data
// blocks, and the field definitions of the entity, identity and goods
// forms. Reviewers read, admins save; a save carries the version it edited
// (a stale one is refused), and every save is audited with before and after.
package content

import (
	"bytes"
	"context"
	"encoding/json"

	"souk/app/apperr"
	"souk/app/form"
	"souk/app/i18n"
	"souk/app/staff"
	"souk/ent"
)

// Kinds of editable things; a kind says the value's shape.
const (
	KindText = "text" // {title, text}: a page's text (about, contact, the app download pages)
	KindFAQ  = "faq"  // {entries: [{q, a}]}
	KindHots = "hots" // {pages: [{uid, title, text, goods}]}
	KindHome = "home" // {blocks: [{key, title, text, cta, link, goods}]}
	KindForm = "form" // {fields: [form.Field]}, the same in every language
)

// Audit kinds (staff.Decision.Kind) and action.
const (
	auditContent = "content"
	auditForm    = "form"
	actionEdit   = "edit"
)

// docKinds are the named content documents, stored per language.
var docKinds = map[string]string{"about": KindText, "contact": KindText, "dressesfaq": KindFAQ, "hots": KindHots,
	"downloadapp": KindText, "dlandroidapp": KindText}

// docOrder is the index's order of the content names.
var docOrder = []string{"home", "about", "contact", "dressesfaq", "hots", "downloadapp", "dlandroidapp"}

// HomeName is the EditName of the home page's index data.
const HomeName = "home"

// Name is one EditName as the index lists it.
type Name struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
}

// Doc is what the editor shows of one EditName in one language.
type Doc struct {
	Name    string `json:"name"`
	Kind    string `json:"kind"`
	Lang    string `json:"lanCode"`
	Version int    `json:"version"`
	Value   any    `json:"value"`
	// Fallback is the English value, shown beside a language that has none yet.
	Fallback any           `json:"fallback,omitempty"`
	Trail    []staff.Entry `json:"trail"`
}

// Edit is one save: the value of Name in Lang, made from Version.
type Edit struct {
	Name    string
	Lang    string
	Version int
	Value   json.RawMessage
}

// Options wire the service.
type Options struct {
	Forms *form.Service
	Staff *staff.Service
	Langs *i18n.Set
	// Builtin are the default form definitions: their fields stay (form.CheckEdit).
	Builtin []form.Form
	// Known reports whether a catalogue key exists (form labels).
	Known func(key string) bool
	// OnChange runs after a committed save of name, so the pages showing it
	// change at once (the page cache's versions).
	OnChange func(name string)
}

// Service reads and saves editable content.
type Service struct {
	db *ent.Client
	o  Options
}

// New makes the service.
func New(db *ent.Client, o Options) *Service {
	if o.OnChange == nil {
		o.OnChange = func(string) {}
	}
	return &Service{db: db, o: o}
}

// Names lists every EditName: the content first, then the forms.
func (s *Service) Names() []Name {
	out := make([]Name, 0, len(docOrder)+len(s.o.Builtin))
	for _, n := range docOrder {
		out = append(out, Name{Name: n, Kind: s.kindOf(n)})
	}
	for _, f := range s.o.Builtin {
		out = append(out, Name{Name: f.Name, Kind: KindForm})
	}
	return out
}

// Known reports whether name is an EditName.
func (s *Service) Known(name string) bool { return s.kindOf(name) != "" }

func (s *Service) kindOf(name string) string {
	if name == HomeName {
		return KindHome
	}
	if k, ok := docKinds[name]; ok {
		return k
	}
	if s.builtin(name) != nil {
		return KindForm
	}
	return ""
}

func (s *Service) builtin(name string) *form.Form {
	for i := range s.o.Builtin {
		if s.o.Builtin[i].Name == name {
			return &s.o.Builtin[i]
		}
	}
	return nil
}

// target checks the name and language of a read or save.
func (s *Service) target(name, lang string) (kind, code string, err error) {
	kind = s.kindOf(name)
	if kind == "" {
		return "", "", apperr.New(apperr.NotFound, "EditNameUnknown")
	}
	if kind == KindForm {
		return kind, "en", nil // labels are catalogue keys: one definition for every language
	}
	code, ok := s.o.Langs.Match(lang)
	if !ok || lang == "" {
		return "", "", apperr.Invalid("lanCode", "EditLangUnknown", "EditLangUnknown")
	}
	return kind, code, nil
}

// Get answers name in lang as the editor shows it, with its audit trail.
func (s *Service) Get(ctx context.Context, u *ent.User, name, lang string) (*Doc, error) {
	if err := staff.Require(u, staff.Reviewer); err != nil {
		return nil, err
	}
	return s.read(ctx, name, lang)
}

func (s *Service) read(ctx context.Context, name, lang string) (*Doc, error) {
	kind, code, err := s.target(name, lang)
	if err != nil {
		return nil, err
	}
	d := &Doc{Name: name, Kind: kind, Lang: code}
	audit := auditContent
	switch kind {
	case KindForm:
		audit = auditForm
		f, err := s.o.Forms.Get(ctx, name)
		if err != nil {
			return nil, err
		}
		d.Version, d.Value = f.Version, FormValue{Fields: f.Fields}
	case KindHome:
		err = s.readHome(ctx, d)
	default:
		err = s.readDoc(ctx, d)
	}
	if err != nil {
		return nil, err
	}
	if d.Trail, err = s.o.Staff.Trail(ctx, audit, name); err != nil {
		return nil, err
	}
	return d, nil
}

// Save stores an admin's edit and answers the saved document. Nothing is
// written when the value is refused or the version is not the stored one.
func (s *Service) Save(ctx context.Context, u *ent.User, e Edit) (*Doc, error) {
	if err := staff.Require(u, staff.Admin); err != nil {
		return nil, err
	}
	kind, code, err := s.target(e.Name, e.Lang)
	if err != nil {
		return nil, err
	}
	e.Lang = code
	if e.Version < 0 {
		return nil, form.ErrStale()
	}
	tx, err := s.db.Tx(ctx)
	if err != nil {
		return nil, err
	}
	defer func() { _ = tx.Rollback() }()
	var changed bool
	switch kind {
	case KindForm:
		changed, err = s.saveForm(ctx, tx, u, e)
	case KindHome:
		changed, err = s.saveHome(ctx, tx, u, e)
	default:
		changed, err = s.saveDoc(ctx, tx, u, kind, e)
	}
	if err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	if changed {
		s.o.OnChange(e.Name)
	}
	return s.read(ctx, e.Name, e.Lang)
}

// record audits one edit in tx.
func (s *Service) record(ctx context.Context, tx *ent.Tx, u *ent.User, kind, name, lang string, before, after any) error {
	return s.o.Staff.Record(ctx, tx, staff.Decision{Actor: u, Kind: kind, UID: name, Action: actionEdit,
		Before: map[string]any{"lang": lang, "value": before}, After: map[string]any{"lang": lang, "value": after}})
}

// decode reads a value strictly: an unknown member or a wrong type is the
// editor's mistake, said as such.
func decode(raw json.RawMessage, v any) error {
	if len(raw) == 0 || string(raw) == "null" {
		return apperr.Invalid("value", form.ErrRequired, "EditValueShape")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return apperr.Invalid("value", form.ErrList, "EditValueShape").Wrap(err)
	}
	return nil
}
