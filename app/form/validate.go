package form

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"souk/app/apperr"
	"souk/app/media"
)

// Values are a form's values by field key: strings, and numbers for
// number fields.
type Values = map[string]any

// Field error keys (catalogue keys; the client shows them with the field's
// limits from the definition).
const (
	ErrUnknown  = "FormUnknownField"
	ErrRequired = "FormRequired"
	ErrShort    = "FormTooShort"
	ErrLong     = "FormTooLong"
	ErrSmall    = "FormTooSmall"
	ErrLarge    = "FormTooLarge"
	ErrWhole    = "FormNotWhole"
	ErrNumber   = "FormNotNumber"
	ErrText     = "FormNotText"
	ErrOption   = "FormNotInList"
	ErrImage    = "FormBadImage"
	ErrCountry  = "FormBadCountry"
	ErrChars    = "InvalidCharacters"
)

var countryRe = regexp.MustCompile(`^[A-Z]{2}$`)

// MaxUnknown bounds how many unknown fields an answer names one by one.
const MaxUnknown = 20

// Validate checks in against f for the uploads of owner (a user uid) and
// returns the clean values (texts trimmed, empty optional fields left out).
// Every bad field is named in one invalid-input error, and nothing of in
// is kept when there is one.
func Validate(f *Form, in Values, owner string) (Values, error) {
	return ValidateWith(f, in, owner, nil)
}

// Checker checks the value of a structured field (AttrGroups, Skus ...): it
// answers the clean value, or errors keyed by the field's key or a path
// under it ("skus.2.stock").
// It may also take over a plain field (handled true), as goods do for
// images, which may keep the item's existing pictures.
type Checker func(fd Field, raw any, all Values) (v any, errs map[string]string, handled bool)

// ValidateWith is Validate with the checker of the form's structured
// fields; it sees the raw values of the whole form, since rules such as
// "a sku per combination" span fields.
func ValidateWith(f *Form, in Values, owner string, check Checker) (Values, error) {
	if len(in) > len(f.Fields)+MaxUnknown { // not a form anyone filled in: do not echo it back
		return nil, apperr.Invalid("values", ErrUnknown, "FormHasErrors")
	}
	bad := map[string]string{}
	byKey := make(map[string]Field, len(f.Fields))
	for _, fd := range f.Fields {
		byKey[fd.Key] = fd
	}
	for k := range in {
		if _, ok := byKey[k]; !ok {
			if !utf8.ValidString(k) || strings.IndexByte(k, 0) >= 0 || len(k) > 64 {
				k = "?"
			}
			bad[k] = ErrUnknown
		}
	}
	out := Values{}
	for _, fd := range f.Fields {
		if check != nil && !structured(fd.Type) && in[fd.Key] != nil {
			if v, errs, ok := check(fd, in[fd.Key], in); ok {
				for k, e := range errs {
					bad[k] = e
				}
				if len(errs) == 0 && v != nil {
					out[fd.Key] = v
				} else if len(errs) == 0 && fd.Required {
					bad[fd.Key] = ErrRequired
				}
				continue
			}
		}
		if structured(fd.Type) {
			if in[fd.Key] == nil {
				if fd.Required {
					bad[fd.Key] = ErrRequired
				}
				continue
			}
			if check == nil {
				bad[fd.Key] = ErrUnknown
				continue
			}
			v, errs, _ := check(fd, in[fd.Key], in)
			for k, e := range errs {
				bad[k] = e
			}
			if len(errs) == 0 && v != nil {
				out[fd.Key] = v
			}
			continue
		}
		v, key := value(fd, in[fd.Key], owner)
		switch {
		case key != "":
			bad[fd.Key] = key
		case v == nil && fd.Required:
			bad[fd.Key] = ErrRequired
		case v != nil:
			out[fd.Key] = v
		}
	}
	if len(bad) > 0 {
		return nil, &apperr.Error{Code: apperr.InvalidInput, Key: "FormHasErrors", Fields: bad}
	}
	return out, nil
}

// value is one field's clean value (nil when empty), or the key of what is
// wrong with it.
func value(fd Field, raw any, owner string) (any, string) {
	if raw == nil {
		return nil, ""
	}
	switch fd.Type {
	case Images:
		return imageList(fd, raw, owner)
	case Pairs:
		return pairs(fd, raw)
	case RichText:
		return richText(fd, raw)
	}
	if fd.Type == Number {
		var n float64
		switch x := raw.(type) {
		case float64:
			n = x
		case string: // a number field of an HTML form arrives as text
			if strings.TrimSpace(x) == "" {
				return nil, ""
			}
			p, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
			if err != nil {
				return nil, ErrNumber
			}
			n = p
		default:
			return nil, ErrNumber
		}
		switch {
		case math.IsNaN(n) || math.IsInf(n, 0):
			return nil, ErrNumber
		case fd.Int && n != math.Trunc(n):
			return nil, ErrWhole
		case fd.Min != nil && n < *fd.Min:
			return nil, ErrSmall
		case fd.Max != nil && n > *fd.Max:
			return nil, ErrLarge
		}
		return n, ""
	}
	s, ok := raw.(string)
	if !ok {
		return nil, ErrText
	}
	if !utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0 {
		return nil, ErrChars
	}
	s = strings.TrimSpace(s)
	if fd.Type != TextArea {
		s = strings.Join(strings.Fields(s), " ") // one line: no tabs or newlines
	}
	if s == "" {
		return nil, ""
	}
	n := utf8.RuneCountInString(s)
	switch fd.Type {
	case Text, TextArea:
		switch {
		case fd.MinLen > 0 && n < fd.MinLen:
			return nil, ErrShort
		case fd.MaxLen > 0 && n > fd.MaxLen, n > MaxText:
			return nil, ErrLong
		}
	case Select:
		for _, o := range fd.Options {
			if o.Value == s {
				return s, ""
			}
		}
		return nil, ErrOption
	case Country:
		if !countryRe.MatchString(s) {
			return nil, ErrCountry
		}
	case Image:
		if !OwnUpload(s, fd.Disk, owner) {
			return nil, ErrImage
		}
	}
	return s, ""
}

// OwnUpload accepts only the URL of an upload on disk in owner's folder:
// /media/uploads/<disk>/<owner folder>/<id>-<s|b>.jpg.
func OwnUpload(url, disk, owner string) bool {
	p, ok := strings.CutPrefix(url, "/media/")
	if !ok {
		return false
	}
	d, dir, ok := media.ParseUploadPath(p)
	return ok && d == disk && dir == media.OwnerDir(owner)
}

// Printable reports whether s is valid UTF-8 without control characters
// (line breaks included): what a one-line value typed by a person (a
// place, a carrier's name, an id) may be.
func Printable(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsFunc(s, unicode.IsControl)
}
