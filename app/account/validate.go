package account

import (
	"regexp"
	"strings"
	"unicode"

	"souk/app/apperr"
)

// NormalizeEmail removes all white space and lowercases (SPEC §5).
func NormalizeEmail(s string) string {
	return strings.ToLower(strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s))
}

// emailShape is "looks like x@y.z": something, @, a domain with a dot.
var emailShape = regexp.MustCompile(`^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$`)

// CheckEmail normalises an address and refuses one that does not look
// like x@y.z or is longer than an address can be.
func CheckEmail(raw string) (string, error) {
	e := NormalizeEmail(raw)
	if len(e) < 3 {
		return "", apperr.Invalid("email", "IncorrectEntry", "EmailRequired")
	}
	if len(e) > 254 || !emailShape.MatchString(e) {
		return "", apperr.Invalid("email", "EmailFormatError", "EmailFormatError")
	}
	return e, nil
}

// The browser never sends the password itself: it sends
// hex(SHA-256("souk|" + normalised email + "|" + password)), so the typed
// password does not appear in requests, proxies or logs, and the value is
// useless on any other site. The server stores argon2id of that value.
var transformed = regexp.MustCompile(`^[0-9a-f]{64}$`)

// CheckPassword refuses anything but a transformed password.
func CheckPassword(p string) error {
	if !transformed.MatchString(p) {
		return apperr.Invalid("password", "WeakPassword", "PasswordBadForm")
	}
	return nil
}

// CheckCode refuses a verification code shorter than 6 characters.
func CheckCode(c string) (string, error) {
	c = strings.TrimSpace(c)
	if len(c) < 6 || len(c) > 12 {
		return "", apperr.Invalid("verifyCode", "IncorrectEntry", "VerifyCodeRequired")
	}
	return c, nil
}

// CheckUsername trims a display name and bounds it.
func CheckUsername(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" || len([]rune(s)) > 40 || strings.ContainsAny(s, "<>\r\n\t") {
		return "", apperr.Invalid("username", "IncorrectEntry", "UsernameRule")
	}
	return s, nil
}
