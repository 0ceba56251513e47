// Package review holds the review status of SPEC §4, shared by everything an
// operator reviews (entities, identities, goods), and its wire object.
package review

import (
	"strings"
	"unicode/utf8"

	"souk/app/apperr"
)

// Review statuses (SPEC §4).
const (
	None     = 0
	Waiting  = 1 // RENS
	Pass     = 2 // Reviewed
	Doing    = 3 // REIN
	Rejected = 4 // REFA
)

// MaxReason bounds a rejection reason (characters).
const MaxReason = 500

// labels are the catalogue keys of the statuses' names; colours as the
// goods enums serve them.
var labels = map[int][2]string{
	None:     {"ReviewStatusNone", ""},
	Waiting:  {"ReviewStatusWaiting", "#b26a00"},
	Pass:     {"ReviewStatusPass", "#1b7f3b"},
	Doing:    {"ReviewStatusDoing", "#1f5fbf"},
	Rejected: {"ReviewStatusRejected", "#b3261e"},
}

// Status is the review status object of SPEC §3: id, tNa (its name in the
// reader's language), color.
type Status struct {
	ID    int    `json:"id"`
	TNa   string `json:"tNa"`
	Color string `json:"color"`
}

// Object is status s named by t (a catalogue lookup in the reader's language).
func Object(s int, t func(key string) string) Status {
	l, ok := labels[s]
	if !ok {
		l = labels[None]
	}
	return Status{ID: s, TNa: t(l[0]), Color: l[1]}
}

// All lists the status objects, None to Rejected, named by t.
func All(t func(key string) string) []Status {
	out := make([]Status, 0, len(labels))
	for s := None; s <= Rejected; s++ {
		out = append(out, Object(s, t))
	}
	return out
}

// Open reports whether an owner's item in status s waits for an operator.
func Open(s int) bool { return s == Waiting || s == Doing }

// Actions a reviewer takes on an item.
const (
	ActTake   = "take"
	ActPass   = "pass"
	ActReject = "reject"
)

// CheckDecision checks a reviewer's action and reason, and answers the
// reason trimmed: a rejection needs one, in valid text of at most
// MaxReason characters. Errors are apperr values with catalogue keys.
func CheckDecision(action, reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	switch action {
	case ActTake, ActPass:
	case ActReject:
		if reason == "" {
			return "", apperr.Invalid("reason", "FormRequired", "ReviewReasonRequired")
		}
		if utf8.RuneCountInString(reason) > MaxReason || !utf8.ValidString(reason) || strings.IndexByte(reason, 0) >= 0 {
			return "", apperr.Invalid("reason", "FormTooLong", "ReviewReasonTooLong")
		}
	default:
		return "", apperr.Invalid("action", "FormNotInList", "ReviewActionUnknown")
	}
	return reason, nil
}

// Decided is a pass or a rejection of an owner's item, told after the
// commit so the owner hears of it (SPEC §7 frame 9) wherever they are.
type Decided struct {
	Kind   string // entity, identity or goods
	UID    string
	Owner  int // the owner's user id
	Action string
	// Link is the page where the owner sees the decision, without the
	// language prefix.
	Link string
}
