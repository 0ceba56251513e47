package i18n

import "testing"

func TestNumberFormatFor(t *testing.T) {
	tests := []struct {
		lang       string
		dec, group string
		after      bool
	}{
		{"en", ".", ",", false},
		{"de", ",", ".", true},
		{"fr", ",", "\u00a0", true},
		{"ja", ".", ",", false},
		{"ar", ".", ",", true},
	}
	for _, tt := range tests {
		f := NumberFormatFor(tt.lang)
		if f.Dec != tt.dec || f.SymbolAfter != tt.after || (tt.group != "\u00a0" && f.Group != tt.group) {
			t.Errorf("%s: got %+v", tt.lang, f)
		}
		if tt.group == "\u00a0" && f.Group != "\u00a0" && f.Group != "\u202f" {
			t.Errorf("%s: group %q, want a non-breaking space", tt.lang, f.Group)
		}
	}
}
