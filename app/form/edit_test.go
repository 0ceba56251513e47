package form

import (
	"testing"

	"souk/app/apperr"
)

func TestCheckEdit(t *testing.T) {
	known := func(k string) bool { return k == "Name" || k == "Other" || k == "Yes" || k == "No" }
	builtin := []Field{
		{Key: "name", Type: Text, Label: "Name", Required: true, MaxLen: 60},
		{Key: "kind", Type: Select, Label: "Name", Options: []Option{{Value: "a", Label: "Yes"}, {Value: "b", Label: "No"}}},
		{Key: "pics", Type: Images, Label: "Name", Disk: "goods", Crop: []int{1, 1, 2, 2}, MaxItems: 5},
	}
	with := func(edit func(fs []Field) []Field) []Field {
		fs := make([]Field, len(builtin))
		copy(fs, builtin)
		fs[1].Options = append([]Option(nil), builtin[1].Options...)
		return edit(fs)
	}
	for _, c := range []struct {
		name   string
		fields []Field
		want   string // "" accepted
	}{
		{"as it is", with(func(fs []Field) []Field { return fs }), ""},
		{"label and limit changed", with(func(fs []Field) []Field { fs[0].Label, fs[0].MaxLen = "Other", 80; return fs }), ""},
		{"option label changed", with(func(fs []Field) []Field { fs[1].Options[0].Label = "No"; return fs }), ""},
		{"field added", with(func(fs []Field) []Field {
			return append(fs, Field{Key: "taxId", Type: Text, Label: "Other", Required: true, MaxLen: 20})
		}), ""},
		{"built-in removed", with(func(fs []Field) []Field { return fs[1:] }), ErrEditRemoved},
		{"built-in retyped", with(func(fs []Field) []Field { fs[0].Type = TextArea; return fs }), ErrEditType},
		{"required made optional", with(func(fs []Field) []Field { fs[0].Required = false; return fs }), ErrEditRequired},
		{"option value changed", with(func(fs []Field) []Field { fs[1].Options[0].Value = "z"; return fs }), ErrEditFixed},
		{"pictures bound changed", with(func(fs []Field) []Field { fs[2].MaxItems = 50; return fs }), ErrEditFixed},
		{"unknown label", with(func(fs []Field) []Field { fs[0].Label = "Nope"; return fs }), ErrEditLabel},
		{"min above max", with(func(fs []Field) []Field { fs[0].MinLen = 70; return fs }), ErrEditLimits},
		{"beyond MaxText", with(func(fs []Field) []Field { fs[0].MaxLen = MaxText + 1; return fs }), ErrEditLimits},
		{"repeated key", with(func(fs []Field) []Field { return append(fs, fs[0]) }), ErrEditRepeated},
		{"bad key", with(func(fs []Field) []Field { return append(fs, Field{Key: "Tax id", Type: Text, Label: "Other"}) }), ErrEditKey},
		{"picture added", with(func(fs []Field) []Field {
			return append(fs, Field{Key: "logo", Type: Image, Label: "Other", Disk: "avatar", Crop: []int{1, 1, 2, 2}})
		}), ErrEditAddType},
		{"select without options", with(func(fs []Field) []Field { return append(fs, Field{Key: "pick", Type: Select, Label: "Other"}) }), ErrEditOptions},
		{"no fields", nil, ErrEditTooMany},
	} {
		err := CheckEdit(builtin, c.fields, known)
		e, _ := apperr.As(err)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.want != "" && (e == nil || e.Key != c.want || e.Code != apperr.InvalidInput):
			t.Errorf("%s: %v, want %s", c.name, err, c.want)
		}
	}
}
