// Package form keeps data-driven forms: field definitions stored in the
// database (defaults seeded once), served with their values by the
// *WithForm calls, and the validation of a save against the same
// definition. It knows nothing of what a form is for: entities,
// identities and goods name their forms and keep their values.
package form

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"souk/ent"
	"souk/ent/formdef"
)

// Field types.
const (
	Text     = "text"     // one line
	TextArea = "textarea" // several lines
	Number   = "number"
	Select   = "select"   // one of Options
	Image    = "image"    // the URL of the owner's own upload on Disk
	Country  = "country"  // an ISO 3166 alpha-2 code
	RichText = "richtext" // HTML, sanitised to a small allow-list (see rich.go)
	Images   = "images"   // an ordered list of the owner's uploads, at most MaxItems
	Pairs    = "pairs"    // an ordered list of {k, v} texts, at most MaxItems
)

// Structured types: their values are checked by the caller's Checker
// (ValidateWith), since only the owner of the form knows their rules.
const (
	AttrGroups = "attrgroups" // one or two attribute groups whose values may carry an image
	Skus       = "skus"       // a price and stock per combination of attribute values
	Scenario   = "scenario"   // scenario labels with options and added prices
	Prices     = "prices"     // an amount per currency
	Ranges     = "ranges"     // unit prices from a start quantity on
	Category   = "category"   // the code of one of the catalogue's categories
)

// structured reports whether t is checked by the caller.
func structured(t string) bool {
	switch t {
	case AttrGroups, Skus, Scenario, Prices, Ranges, Category:
		return true
	}
	return false
}

// Option is one choice of a select field; Label is a catalogue key.
type Option struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// Field is one field definition. Label and Hint are catalogue keys; limits
// that are zero do not apply (MinLen, MaxLen in characters for text; Min,
// Max for numbers, with Int asking for a whole number).
type Field struct {
	Key      string   `json:"key"`
	Type     string   `json:"type"`
	Label    string   `json:"label"`
	Hint     string   `json:"hint,omitempty"`
	Required bool     `json:"required,omitempty"`
	MinLen   int      `json:"minLen,omitempty"`
	MaxLen   int      `json:"maxLen,omitempty"`
	Min      *float64 `json:"min,omitempty"`
	Max      *float64 `json:"max,omitempty"`
	Int      bool     `json:"int,omitempty"`
	Options  []Option `json:"options,omitempty"`
	Disk     string   `json:"disk,omitempty"` // image: avatar, background or goods
	// Crop is the image's upload size: small w, h, big w, h.
	Crop []int `json:"crop,omitempty"`
	// MaxItems bounds list types (images, pairs, attribute groups ...).
	MaxItems int `json:"maxItems,omitempty"`
}

// Form is a named list of fields; Version grows with every edit.
type Form struct {
	Name    string  `json:"name"`
	Version int     `json:"version"`
	Fields  []Field `json:"fields"`
}

// MaxText bounds any text value whatever a definition says.
const MaxText = 10000

// Service reads and seeds form definitions.
type Service struct{ db *ent.Client }

// New makes the service.
func New(db *ent.Client) *Service { return &Service{db: db} }

// Ensure stores each default definition whose name the database lacks; a
// stored definition (perhaps edited by an admin) keeps its edits but gains
// the built-in fields added to the code since it was stored, so code that
// relies on a field finds it.
func (s *Service) Ensure(ctx context.Context, defaults []Form) error {
	for _, f := range defaults {
		if err := check(f); err != nil {
			return err
		}
		raw, err := json.Marshal(f.Fields)
		if err != nil {
			return fmt.Errorf("form: encode %s: %w", f.Name, err)
		}
		err = s.db.FormDef.Create().SetName(f.Name).SetFields(string(raw)).OnConflictColumns(formdef.FieldName).Ignore().Exec(ctx)
		if err != nil {
			return fmt.Errorf("form: seed %s: %w", f.Name, err)
		}
		if err := s.addBuiltins(ctx, f); err != nil {
			return err
		}
	}
	return nil
}

// addBuiltins puts the fields of def that the stored definition lacks
// where def has them (after the field before them). The row is claimed at
// the version read, so two nodes starting at once add them once.
func (s *Service) addBuiltins(ctx context.Context, def Form) error {
	stored, err := load(ctx, s.db.FormDef, def.Name)
	if err != nil {
		return err
	}
	fields, added := withBuiltins(stored.Fields, def.Fields)
	if !added {
		return nil
	}
	raw, err := json.Marshal(fields)
	if err != nil {
		return fmt.Errorf("form: encode %s: %w", def.Name, err)
	}
	_, err = s.db.FormDef.Update().Where(formdef.NameEQ(def.Name), formdef.VersionEQ(stored.Version)).
		SetFields(string(raw)).SetVersion(stored.Version + 1).Save(ctx)
	if err != nil {
		return fmt.Errorf("form: add fields to %s: %w", def.Name, err)
	}
	return nil
}

// withBuiltins is stored with each field of builtin it lacks inserted after
// the field that precedes it in builtin (first when none does).
func withBuiltins(stored, builtin []Field) ([]Field, bool) {
	out := slices.Clone(stored)
	added := false
	for i, b := range builtin {
		if slices.ContainsFunc(out, func(f Field) bool { return f.Key == b.Key }) {
			continue
		}
		at := 0
		if i > 0 {
			prev := builtin[i-1].Key
			at = slices.IndexFunc(out, func(f Field) bool { return f.Key == prev }) + 1
		}
		out = slices.Insert(out, at, b)
		added = true
	}
	return out, added
}

// Get loads the definition named name.
func (s *Service) Get(ctx context.Context, name string) (*Form, error) {
	return load(ctx, s.db.FormDef, name)
}

// check refuses a definition that could not be validated against.
func check(f Form) error {
	seen := map[string]bool{}
	for _, fd := range f.Fields {
		if fd.Key == "" || seen[fd.Key] {
			return fmt.Errorf("form %s: empty or repeated key %q", f.Name, fd.Key)
		}
		seen[fd.Key] = true
		switch fd.Type {
		case Text, TextArea, Number, Country:
		case Select:
			if len(fd.Options) == 0 {
				return fmt.Errorf("form %s: select %s has no options", f.Name, fd.Key)
			}
		case RichText, Pairs:
		case Image, Images:
			if fd.Disk == "" || len(fd.Crop) != 4 {
				return fmt.Errorf("form %s: image %s needs a disk and a crop size", f.Name, fd.Key)
			}
		default:
			if !structured(fd.Type) {
				return fmt.Errorf("form %s: field %s has unknown type %q", f.Name, fd.Key, fd.Type)
			}
		}
	}
	return nil
}
