package listing

import "testing"

func TestEditorMinor(t *testing.T) {
	cases := []struct {
		in     any
		digits int
		want   int64
		err    string
	}{
		{"120.00", 2, 12000, ""},
		{"120", 2, 12000, ""},
		{"0.5", 2, 50, ""},
		{120.5, 2, 12050, ""},
		{"1500", 0, 1500, ""},
		{"99.999", 2, 0, "FormTooManyDecimals"},
		{"10.5", 0, 0, "FormTooManyDecimals"},
		{10.005, 2, 0, "FormTooManyDecimals"},
		{"-1", 2, 0, "FormTooSmall"},
		{"1e3", 2, 0, "FormNotNumber"},
		{"", 2, 0, "FormNotNumber"},
		{true, 2, 0, "FormNotNumber"},
		{"999999999999", 2, 0, "FormTooLarge"},
	}
	for _, c := range cases {
		got, err := editorMinor(c.in, c.digits)
		if got != c.want || err != c.err {
			t.Errorf("editorMinor(%v, %d) = %d %q, want %d %q", c.in, c.digits, got, err, c.want, c.err)
		}
	}
	if s := editorFormat(12005, 2); s != "120.05" {
		t.Errorf("format: %s", s)
	}
	if s := editorFormat(1500, 0); s != "1500" {
		t.Errorf("format: %s", s)
	}
}
