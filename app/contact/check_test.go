package contact

import (
	"testing"

	"souk/app/apperr"
)

// TestCheckSenderAddress: a signed-out sender's address is normalised once
// and refused with the field's message when missing or not an address a
// mail header can carry.
func TestCheckSenderAddress(t *testing.T) {
	for _, tt := range []struct{ email, want, key string }{
		{" Laila@Example.com ", "laila@example.com", ""},
		{"\t \n", "", "ContactEmailRequired"},
		{"ab", "", "EmailFormatError"},
		{"laila@example", "", "EmailFormatError"},
		{`a"b<c>@example.com`, "", "EmailFormatError"},
	} {
		out, err := check(Input{Name: "Laila", Email: tt.email, Subject: "S", Message: "M"}, false)
		e, _ := apperr.As(err)
		switch {
		case tt.key == "" && (err != nil || out.Email != tt.want):
			t.Errorf("%q: %q, %v; want %q", tt.email, out.Email, err, tt.want)
		case tt.key != "" && (e == nil || e.Fields["email"] != tt.key):
			t.Errorf("%q: %v, want the email field marked %s", tt.email, err, tt.key)
		}
	}
}
