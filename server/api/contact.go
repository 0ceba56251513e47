package api

import (
	"github.com/labstack/echo/v4"

	"souk/app/contact"
	"souk/ent"
)

// Contacts serves the contact form's call: signed in (a TOKEN) the message
// goes to the caller's customer service conversation, signed out by mail.
type Contacts struct {
	*Accounts
	svc *contact.Service
}

// NewContacts makes the contact form's handler.
func NewContacts(a *Accounts, s *contact.Service) *Contacts { return &Contacts{Accounts: a, svc: s} }

// Register mounts the call.
func (h *Contacts) Register(g *echo.Group) {
	g.POST("/contact/send", h.send)
}

type contactReq struct {
	Name      string `json:"name"`
	Email     string `json:"email"`
	Subject   string `json:"subject"`
	Message   string `json:"message"`
	Website   string `json:"website"` // the honeypot: people never see it, bots fill it
	RequestID string `json:"requestId"`
}

func (h *Contacts) send(c echo.Context) error {
	var req contactReq
	sealed, err := h.bind(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	// A session that is sent must be valid: an expired one answers 401, and
	// the page signs out and offers the signed-out form.
	var u *ent.User
	if c.Request().Header.Get("TOKEN") != "" {
		caller, err := h.caller(c)
		if err != nil {
			return h.fail(c, err)
		}
		u = caller.User
	}
	out, err := h.svc.Send(c.Request().Context(), u, contact.Input{Name: req.Name, Email: req.Email, Subject: req.Subject,
		Message: req.Message, Trap: req.Website, RequestID: req.RequestID}, contact.Client{IP: c.RealIP(), Lang: h.ctxOf(c).lang})
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, out)
}
