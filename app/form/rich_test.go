package form

import (
	"strings"
	"testing"

	"souk/app/apperr"
	"souk/app/media"
)

var listForm = &Form{Name: "l", Fields: []Field{
	{Key: "intro", Type: RichText, Label: "GoodsFormIntro", MaxLen: 20},
	{Key: "pics", Type: Images, Label: "GoodsFormImages", Disk: "goods", Crop: []int{1, 1, 2, 2}, MaxItems: 2},
	{Key: "attrs", Type: Pairs, Label: "GoodsFormIntroAttrs", MaxItems: 2, MaxLen: 5},
	{Key: "skus", Type: Skus, Label: "GoodsFormSkus"},
}}

func TestValidateListsAndRichText(t *testing.T) {
	pic := func(owner string, n int) string {
		return "/media/uploads/goods/" + media.OwnerDir(owner) + "/" + strings.Repeat(string(rune('0'+n)), 32) + "-b.jpg"
	}
	cases := []struct {
		name  string
		in    Values
		field string // "" = valid
		key   string
		want  any
	}{
		{"script removed", Values{"intro": `<p onclick="x">Hi <b>there</b></p><script>alert(1)</script>`}, "", "", "<p>Hi <b>there</b></p>"},
		{"links and images removed", Values{"intro": `<a href="javascript:x">a</a><img src=x onerror=y>`}, "", "", "a"},
		{"only a script is empty", Values{"intro": `<script>alert(1)</script>`}, "", "", nil},
		{"long as read, not as tagged", Values{"intro": "<p>" + strings.Repeat("a", 21) + "</p>"}, "intro", ErrLong, nil},
		{"rich text not text", Values{"intro": 5.0}, "intro", ErrText, nil},
		{"own pictures in order", Values{"pics": []any{pic("u", 2), pic("u", 1)}}, "", "", []any{pic("u", 2), pic("u", 1)}},
		{"someone else's picture", Values{"pics": []any{pic("v", 1)}}, "pics", ErrImage, nil},
		{"too many pictures", Values{"pics": []any{pic("u", 1), pic("u", 2), pic("u", 3)}}, "pics", ErrTooMany, nil},
		{"a picture twice", Values{"pics": []any{pic("u", 1), pic("u", 1)}}, "pics", ErrImage, nil},
		{"pictures not a list", Values{"pics": pic("u", 1)}, "pics", ErrList, nil},
		{"pairs", Values{"attrs": []any{map[string]any{"k": " a ", "v": "b"}}}, "", "", []any{map[string]any{"k": "a", "v": "b"}}},
		{"pair too long", Values{"attrs": []any{map[string]any{"k": "abcdef", "v": "b"}}}, "attrs", ErrLong, nil},
		{"pair with an extra key", Values{"attrs": []any{map[string]any{"k": "a", "v": "b", "x": "c"}}}, "attrs", ErrList, nil},
		{"a structured field without a checker", Values{"skus": []any{}}, "skus", ErrUnknown, nil},
	}
	for _, c := range cases {
		out, err := Validate(listForm, c.in, "u")
		if c.field == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
				continue
			}
			var got any
			for _, v := range out {
				got = v
			}
			if g, w := strings.TrimSpace(fmtAny(got)), fmtAny(c.want); g != w {
				t.Errorf("%s: got %s, want %s", c.name, g, w)
			}
			continue
		}
		e, ok := apperr.As(err)
		if !ok || e.Fields[c.field] != c.key {
			t.Errorf("%s: %v, want %s on %s", c.name, err, c.key, c.field)
		}
	}
}

func fmtAny(v any) string {
	if v == nil {
		return "<nil>"
	}
	return strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(fmtV(v), "\n", ""), "  ", ""))
}

func fmtV(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		s := "["
		for _, e := range x {
			s += fmtV(e) + ","
		}
		return s + "]"
	case map[string]any:
		return "{k:" + fmtV(x["k"]) + " v:" + fmtV(x["v"]) + "}"
	}
	return "?"
}
