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

// Error is a classified error: a code, a message safe to show, optional field
// details, and the underlying cause for the log.
type Error struct {
	Code    Code
	Message string            // user-facing; never internal details
	Fields  map[string]string // field -> message key, for invalid input
	Cause   error
}

func (e *Error) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("%s: %v", e.Message, e.Cause)
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.Cause }

// New makes a classified error.
func New(code Code, msg string) *Error { return &Error{Code: code, Message: msg} }

// Invalid reports bad input, naming the field and the message key.
func Invalid(field, key, msg string) *Error {
	return &Error{Code: InvalidInput, Message: msg, Fields: map[string]string{field: key}}
}

// NotFoundf reports that a thing does not exist.
func NotFoundf(format string, a ...any) *Error {
	return &Error{Code: NotFound, Message: fmt.Sprintf(format, a...)}
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
