package form

import (
	"strings"
	"testing"

	"souk/app/apperr"
	"souk/app/media"
)

func f64(v float64) *float64 { return &v }

var testForm = &Form{Name: "t", Fields: []Field{
	{Key: "name", Type: Text, Label: "FormName", Required: true, MinLen: 2, MaxLen: 10},
	{Key: "about", Type: TextArea, Label: "FormBrief", MaxLen: 20},
	{Key: "days", Type: Number, Label: "FormLeadDays", Int: true, Min: f64(1), Max: f64(365)},
	{Key: "craft", Type: Select, Label: "FormCraft", Options: []Option{{Value: "dresses", Label: "FormCraftDresses"}}},
	{Key: "country", Type: Country, Label: "FormCountry"},
	{Key: "avatar", Type: Image, Label: "Avatar", Disk: "avatar", Crop: []int{1, 1, 2, 2}},
}}

func TestValidate(t *testing.T) {
	mine := "/media/uploads/avatar/" + media.OwnerDir("uana") + "/" + strings.Repeat("0", 32) + "-s.jpg"
	theirs := "/media/uploads/avatar/" + media.OwnerDir("ubob") + "/" + strings.Repeat("0", 32) + "-s.jpg"
	cases := []struct {
		name  string
		in    Values
		field string // "" = valid
		key   string
		check func(Values) bool
	}{
		{"minimal", Values{"name": "Ana"}, "", "", func(v Values) bool { return len(v) == 1 }},
		{"trimmed, one line", Values{"name": "  A \n na "}, "", "", func(v Values) bool { return v["name"] == "A na" }},
		{"textarea keeps lines", Values{"name": "Ana", "about": " a\nb "}, "", "", func(v Values) bool { return v["about"] == "a\nb" }},
		{"empty optional left out", Values{"name": "Ana", "about": "  ", "days": ""}, "", "", func(v Values) bool { return len(v) == 1 }},
		{"all set", Values{"name": "Ana", "days": 30.0, "craft": "dresses", "country": "PT", "avatar": mine}, "", "", func(v Values) bool { return v["days"] == 30.0 }},
		{"number as text", Values{"name": "Ana", "days": " 12 "}, "", "", func(v Values) bool { return v["days"] == 12.0 }},
		{"required missing", Values{}, "name", ErrRequired, nil},
		{"required blank", Values{"name": "   "}, "name", ErrRequired, nil},
		{"unknown field", Values{"name": "Ana", "x": "1"}, "x", ErrUnknown, nil},
		{"too short", Values{"name": "A"}, "name", ErrShort, nil},
		{"too long in characters", Values{"name": strings.Repeat("é", 11)}, "name", ErrLong, nil},
		{"ten accented characters fit", Values{"name": strings.Repeat("é", 10)}, "", "", nil},
		{"not text", Values{"name": 5.0}, "name", ErrText, nil},
		{"object", Values{"name": map[string]any{}}, "name", ErrText, nil},
		{"NUL", Values{"name": "An\x00a"}, "name", ErrChars, nil},
		{"bad UTF-8", Values{"name": "An\xffa"}, "name", ErrChars, nil},
		{"below min", Values{"name": "Ana", "days": 0.0}, "days", ErrSmall, nil},
		{"above max", Values{"name": "Ana", "days": 366.0}, "days", ErrLarge, nil},
		{"not whole", Values{"name": "Ana", "days": 1.5}, "days", ErrWhole, nil},
		{"not a number", Values{"name": "Ana", "days": "soon"}, "days", ErrNumber, nil},
		{"bool for number", Values{"name": "Ana", "days": true}, "days", ErrNumber, nil},
		{"option not in list", Values{"name": "Ana", "craft": "cars"}, "craft", ErrOption, nil},
		{"country", Values{"name": "Ana", "country": "pt"}, "country", ErrCountry, nil},
		{"another user's picture", Values{"name": "Ana", "avatar": theirs}, "avatar", ErrImage, nil},
		{"a foreign picture", Values{"name": "Ana", "avatar": "https://evil.example/a.jpg"}, "avatar", ErrImage, nil},
		{"a picture that climbs out", Values{"name": "Ana", "avatar": "/media/uploads/avatar/../../secret"}, "avatar", ErrImage, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := Validate(testForm, c.in, "uana")
			if c.field == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if c.check != nil && !c.check(out) {
					t.Fatalf("values %v", out)
				}
				return
			}
			e, ok := apperr.As(err)
			if !ok || e.Code != apperr.InvalidInput || e.Fields[c.field] != c.key || out != nil {
				t.Fatalf("got %v %v, want %s on %s", out, err, c.key, c.field)
			}
		})
	}
}

func TestTooManyValues(t *testing.T) {
	in := Values{"name": "Ana"}
	for i := 0; i < len(testForm.Fields)+MaxUnknown; i++ {
		in[strings.Repeat("k", i+1)] = "x"
	}
	_, err := Validate(testForm, in, "uana")
	if e, ok := apperr.As(err); !ok || len(e.Fields) != 1 || e.Fields["values"] != ErrUnknown {
		t.Fatalf("%v", err)
	}
}

func TestDefinitionsAreChecked(t *testing.T) {
	for _, bad := range []Form{
		{Name: "dup", Fields: []Field{{Key: "a", Type: Text}, {Key: "a", Type: Text}}},
		{Name: "type", Fields: []Field{{Key: "a", Type: "color"}}},
		{Name: "select", Fields: []Field{{Key: "a", Type: Select}}},
		{Name: "image", Fields: []Field{{Key: "a", Type: Image}}},
	} {
		if check(bad) == nil {
			t.Errorf("%s: accepted", bad.Name)
		}
	}
}

func TestPrintable(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"Lyon, quai 3", true},
		{"الرياض", true},
		{"", true},
		{"two\nlines", false},
		{"tab\there", false},
		{"nul\x00", false},
		{"bad \xff utf-8", false},
	} {
		if got := Printable(c.in); got != c.want {
			t.Errorf("Printable(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}
