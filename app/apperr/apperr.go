// Package apperr is Souk's one error taxonomy. Services return these (wrapped
// with context); server/ maps them to the API envelope's codes in one place.
package apperr

import (
	"errors"
	"fmt"
)

// Code is a business code of the API envelope (SPEC §8).
type Code int

// The codes of the error catalogue. HTTP status stays 200 for these.
const (
	OK              Code = 200
	Unauthorized    Code = 401
	NoNickName      Code = 444
	Generic         Code = 443
	NotFound        Code = 104 // shown with the server's message (101-199 range)
	InvalidInput    Code = 102
	Conflict        Code = 109
	RateLimited     Code = 441
	Forbidden       Code = 442
	Blocked         Code = 126
	AccountMissing  Code = 127
	AccountExists   Code = 128
	NetworkError    Code = 5000
	RegionRequired  Code = 5500001
	AlreadyHandled  Code = 76888888
	InternalProblem Code = 443
)

// Error is a classified error: a code, the catalogue key of the message shown
// to the user (rendered in the request's language at the edge), optional
// field details, and the underlying cause for the log.
type Error struct {
	Code   Code
	Key    string            // message key in locales/en.json; never internal details
	Args   []string          // name, value pairs for the key's {name} placeholders
	Fields map[string]string // field -> message key, for invalid input
	Cause  error
}

func (e *Error) Error() string {
	msg := e.Key
	if len(e.Args) > 0 {
		msg += fmt.Sprint(e.Args)
	}
	if e.Cause != nil {
		return fmt.Sprintf("%s: %v", msg, e.Cause)
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Cause }

// Translator renders a catalogue key in some language, replacing {name}
// placeholders from name, value pairs.
type Translator func(key string, args ...string) string

// Render is the user-facing message in the language t speaks.
func (e *Error) Render(t Translator) string { return t(e.Key, e.Args...) }

// New makes a classified error whose message is the catalogue key with its
// {name} arguments as name, value pairs.
func New(code Code, key string, args ...string) *Error {
	return &Error{Code: code, Key: key, Args: args}
}

// Invalid reports bad input, naming the field, the field's short key, and
// the message key.
func Invalid(field, fieldKey, key string, args ...string) *Error {
	return &Error{Code: InvalidInput, Key: key, Args: args, Fields: map[string]string{field: fieldKey}}
}

// Is makes errors.Is find a classified error by its code and key, so a
// copy made by Wrap still matches the package-level error it came from.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code && t.Key == e.Key
}

// Wrap attaches a cause (for the log) to a classified error.
func (e *Error) Wrap(cause error) *Error {
	// A copy: package-level errors (ErrBusy and the like) are shared by
	// every request, and setting their Cause in place raced.
	c := *e
	c.Cause = cause
	return &c
}

// As finds the classified error in err's chain.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// CodeOf returns the business code of err, or InternalProblem if unclassified.
func CodeOf(err error) Code {
	if err == nil {
		return OK
	}
	if e, ok := As(err); ok {
		return e.Code
	}
	return InternalProblem
}
