package form

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"souk/app/apperr"
	"souk/ent"
	"souk/ent/formdef"
)

// Limits of an edited definition.
const (
	MaxFields  = 60   // fields in one form
	MaxOptions = 50   // options of one select
	MaxListCap = 1000 // the largest MaxItems an admin may set
)

// Catalogue keys of a refused edit (each named with the field's key).
const (
	ErrEditRemoved  = "FormEditBuiltinRemoved"  // a built-in field is missing
	ErrEditType     = "FormEditBuiltinType"     // a built-in field changed type
	ErrEditRequired = "FormEditBuiltinRequired" // a required built-in field made optional
	ErrEditFixed    = "FormEditBuiltinFixed"    // a fixed part (options, pictures, structure) changed
	ErrEditKey      = "FormEditKey"             // a new field's key is not a plain name
	ErrEditRepeated = "FormEditKeyRepeated"
	ErrEditAddType  = "FormEditType"   // a new field of a type that cannot be added
	ErrEditLabel    = "FormEditLabel"  // a label or hint that no catalogue has
	ErrEditLimits   = "FormEditLimits" // impossible limits (min above max, beyond MaxText)
	ErrEditOptions  = "FormEditOptions"
	ErrEditTooMany  = "FormEditTooMany"
)

var (
	fieldKeyRe = regexp.MustCompile(`^[a-z][a-zA-Z0-9]{0,39}$`)
	optionRe   = regexp.MustCompile(`^[a-z0-9_-]{1,40}$`)
)

// addable are the types an admin may add: the ones Validate checks alone
// (pictures need a disk, structured types need their owner's checker).
func addable(t string) bool {
	switch t {
	case Text, TextArea, Number, Select, Country, RichText:
		return true
	}
	return false
}

// CheckEdit refuses an edited field list that the code behind the form
// could not live with: a built-in field removed or retyped, a required one
// made optional, a fixed part changed, a new field of a type only code can
// check, impossible limits, or a label no catalogue has (known says which
// catalogue keys exist). Every problem is named by its field's position.
func CheckEdit(builtin, fields []Field, known func(string) bool) error {
	bad := map[string]string{}
	var first *apperr.Error // the message names the first problem
	fail := func(i int, e *apperr.Error) {
		p := "fields." + strconv.Itoa(i)
		if _, ok := bad[p]; !ok {
			bad[p] = e.Key
		}
		if first == nil {
			first = e
		}
	}
	if len(fields) == 0 || len(fields) > MaxFields {
		return apperr.New(apperr.InvalidInput, ErrEditTooMany, "max", strconv.Itoa(MaxFields))
	}
	byKey := map[string]int{}
	for i, f := range fields {
		if _, dup := byKey[f.Key]; dup {
			fail(i, apperr.New(apperr.InvalidInput, ErrEditRepeated, "key", safeKey(f.Key)))
			continue
		}
		byKey[f.Key] = i
		if e := fieldProblem(f, known); e != nil {
			fail(i, e)
		}
	}
	for _, b := range builtin {
		i, ok := byKey[b.Key]
		if !ok {
			fail(len(fields), apperr.New(apperr.InvalidInput, ErrEditRemoved, "key", b.Key))
			continue
		}
		if e := builtinProblem(b, fields[i]); e != nil {
			fail(i, e)
		}
	}
	for i, f := range fields {
		if !slices.ContainsFunc(builtin, func(b Field) bool { return b.Key == f.Key }) && !addable(f.Type) {
			fail(i, apperr.New(apperr.InvalidInput, ErrEditAddType, "key", safeKey(f.Key)))
		}
	}
	if first == nil {
		return nil
	}
	first.Fields = bad
	return first
}

// fieldProblem checks one field alone: its key, labels and limits.
func fieldProblem(f Field, known func(string) bool) *apperr.Error {
	switch {
	case !fieldKeyRe.MatchString(f.Key):
		return apperr.New(apperr.InvalidInput, ErrEditKey, "key", safeKey(f.Key))
	case !known(f.Label) || (f.Hint != "" && !known(f.Hint)):
		return apperr.New(apperr.InvalidInput, ErrEditLabel, "key", f.Key)
	case f.MinLen < 0 || f.MaxLen < 0 || f.MaxLen > MaxText || (f.MaxLen > 0 && f.MinLen > f.MaxLen),
		f.MaxItems < 0 || f.MaxItems > MaxListCap,
		f.Min != nil && f.Max != nil && *f.Min > *f.Max:
		return apperr.New(apperr.InvalidInput, ErrEditLimits, "key", f.Key)
	case f.Type == Select && (len(f.Options) == 0 || len(f.Options) > MaxOptions):
		return apperr.New(apperr.InvalidInput, ErrEditOptions, "key", f.Key)
	}
	seen := map[string]bool{}
	for _, o := range f.Options {
		if !optionRe.MatchString(o.Value) || seen[o.Value] || !known(o.Label) {
			return apperr.New(apperr.InvalidInput, ErrEditOptions, "key", f.Key)
		}
		seen[o.Value] = true
	}
	return nil
}

// safeKey is a refused key fit to show back: short, clean text.
func safeKey(k string) string {
	if len(k) > 40 || !utf8.ValidString(k) || strings.IndexByte(k, 0) >= 0 {
		return "?"
	}
	return k
}

// builtinProblem compares an edited built-in field with its default: the
// labels, limits and (for plain fields) whether it is required may change.
func builtinProblem(b, f Field) *apperr.Error {
	switch {
	case f.Type != b.Type:
		return apperr.New(apperr.InvalidInput, ErrEditType, "key", b.Key)
	case b.Required && !f.Required:
		return apperr.New(apperr.InvalidInput, ErrEditRequired, "key", b.Key)
	case !sameValues(b.Options, f.Options), f.Disk != b.Disk, !slices.Equal(f.Crop, b.Crop), f.Int != b.Int && b.Int,
		// the checkers and storage of pictures and structured fields rely on these
		(structured(b.Type) || b.Type == Image || b.Type == Images) && (f.Required != b.Required || f.MaxItems != b.MaxItems):
		return apperr.New(apperr.InvalidInput, ErrEditFixed, "key", b.Key)
	}
	return nil
}

// sameValues: a built-in select keeps its values (code reads them); the
// labels may change.
func sameValues(a, b []Option) bool {
	return slices.EqualFunc(a, b, func(x, y Option) bool { return x.Value == y.Value })
}

// ErrStale answers a save made from an outdated copy.
func ErrStale() *apperr.Error { return apperr.New(apperr.Conflict, "EditStale") }

// Replace stores fields as the definition of name in tx if it is still at
// version, and answers the definition before and after. The caller has
// checked the fields (CheckEdit).
func (s *Service) Replace(ctx context.Context, tx *ent.Tx, name string, version int, fields []Field) (before, after *Form, err error) {
	before, err = load(ctx, tx.FormDef, name)
	if err != nil {
		return nil, nil, err
	}
	after = &Form{Name: name, Version: version + 1, Fields: fields}
	if err := check(*after); err != nil {
		return nil, nil, apperr.New(apperr.InvalidInput, ErrEditLimits, "key", name).Wrap(err)
	}
	raw, err := json.Marshal(fields)
	if err != nil {
		return nil, nil, fmt.Errorf("form: encode %s: %w", name, err)
	}
	// Claim the row at the version the admin edited: a save from another
	// tab in between moved it, and this one changes nothing.
	n, err := tx.FormDef.Update().Where(formdef.NameEQ(name), formdef.VersionEQ(version)).
		SetFields(string(raw)).SetVersion(version + 1).Save(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("form: save %s: %w", name, err)
	}
	if n == 0 {
		return nil, nil, ErrStale()
	}
	return before, after, nil
}

// load reads a definition through c (the client or a transaction's).
func load(ctx context.Context, c *ent.FormDefClient, name string) (*Form, error) {
	row, err := c.Query().Where(formdef.NameEQ(name)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apperr.New(apperr.NotFound, "FormNotFound")
	}
	if err != nil {
		return nil, fmt.Errorf("form: load %s: %w", name, err)
	}
	f := &Form{Name: row.Name, Version: row.Version}
	if err := json.Unmarshal([]byte(row.Fields), &f.Fields); err != nil {
		return nil, fmt.Errorf("form: decode %s: %w", name, err)
	}
	return f, nil
}
