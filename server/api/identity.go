package api

import (
	"context"
	"strconv"

	"github.com/labstack/echo/v4"

	"souk/app/account"
	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/form"
	"souk/app/identity"
	"souk/app/staff"
)

// Identities serves the entity and identity calls of SPEC §7 (myEntity/*,
// myIdentity/*) and the operators' review calls (operations/bigger*).
type Identities struct {
	*Accounts
	svc *identity.Service
}

// NewIdentities makes the entity and identity handlers.
func NewIdentities(a *Accounts, s *identity.Service) *Identities {
	return &Identities{Accounts: a, svc: s}
}

// Register mounts the calls.
func (h *Identities) Register(g *echo.Group) {
	g.POST("/myEntity/addType", h.entityType(true))
	g.POST("/myEntity/editType", h.entityType(false))
	g.GET("/myEntity/getInfoWithForm", h.myEntity)
	g.POST("/myEntity/saveEntityForm", h.saveEntity)
	g.GET("/myIdentity/getInfo/:type", ownIdentity(h, h.svc.MyIdentity))
	g.GET("/myIdentity/getInfoWithForm/:type", ownIdentity(h, h.svc.IdentityWithForm))
	g.POST("/myIdentity/saveIdentityForm/:type", h.saveIdentity)
	g.POST("/operations/biggerentity/list", h.queue(identity.KindEntity))
	g.POST("/operations/biggerentity/decide", h.decide(identity.KindEntity))
	g.POST("/operations/biggeridentity/list", h.queue(identity.KindIdentity))
	g.POST("/operations/biggeridentity/decide", h.decide(identity.KindIdentity))
	g.POST("/operations/biggerentity/trail", h.trail(identity.KindEntity))
	g.POST("/operations/biggeridentity/trail", h.trail(identity.KindIdentity))
}

// tr names review statuses in the request's language.
func (h *Identities) tr(c echo.Context) func(string) string {
	t := h.translator(c)
	return func(k string) string { return t(k) }
}

// identityType reads {type}: a number (22) or a page name (seller).
func identityType(c echo.Context) (int, error) {
	p := c.Param("type")
	if n, err := strconv.Atoi(p); err == nil && identity.Applicable(n) {
		return n, nil
	}
	if n, ok := catalog.IdentityTypeNames[p]; ok && identity.Applicable(n) {
		return n, nil
	}
	return 0, apperr.New(apperr.NotFound, "IdentityTypeUnknown")
}

// whoAmI authenticates the caller after binding req.
func (h *Identities) whoAmI(c echo.Context, req any) (*account.Caller, bool, error) {
	sealed, err := h.bind(c, req)
	if err != nil {
		return nil, sealed, err
	}
	caller, err := h.caller(c)
	return caller, sealed, err
}

type entityTypeReq struct {
	EntityType int `json:"entityType"`
}

func (h *Identities) entityType(add bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		var req entityTypeReq
		uid, sealed, err := h.signedIn(c, &req)
		if err != nil {
			return h.fail(c, err)
		}
		ctx := c.Request().Context()
		var out any
		if add {
			out, err = h.svc.AddType(ctx, uid, req.EntityType, h.tr(c))
		} else {
			out, err = h.svc.EditType(ctx, uid, req.EntityType, h.tr(c))
		}
		if err != nil {
			return h.fail(c, err)
		}
		return h.ok(c, sealed, out)
	}
}

func (h *Identities) myEntity(c echo.Context) error {
	var req struct{}
	uid, sealed, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	out, err := h.svc.MyEntity(c.Request().Context(), uid, h.tr(c))
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, out)
}

type valuesReq struct {
	Values form.Values `json:"values"`
}

func (h *Identities) saveEntity(c echo.Context) error {
	var req valuesReq
	caller, sealed, err := h.whoAmI(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	out, err := h.svc.SaveEntity(c.Request().Context(), caller.User.ID, caller.User.UID, req.Values, h.tr(c))
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, out)
}

// ownIdentity answers a read of the caller's identity of the path's type
// (myIdentity/getInfo and getInfoWithForm differ only in what they read).
func ownIdentity[T any](h *Identities, read func(ctx context.Context, userID, typ int, lang string, t func(string) string) (T, error)) echo.HandlerFunc {
	return func(c echo.Context) error {
		var req struct{}
		uid, sealed, err := h.signedIn(c, &req)
		if err != nil {
			return h.fail(c, err)
		}
		typ, err := identityType(c)
		if err != nil {
			return h.fail(c, err)
		}
		out, err := read(c.Request().Context(), uid, typ, h.ctxOf(c).lang, h.tr(c))
		if err != nil {
			return h.fail(c, err)
		}
		return h.ok(c, sealed, out)
	}
}

func (h *Identities) saveIdentity(c echo.Context) error {
	var req valuesReq
	caller, sealed, err := h.whoAmI(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	typ, err := identityType(c)
	if err != nil {
		return h.fail(c, err)
	}
	out, err := h.svc.SaveIdentity(c.Request().Context(), caller.User.ID, caller.User.UID, typ, req.Values, h.ctxOf(c).lang, h.tr(c))
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, out)
}

type queueReq struct {
	IdentityType int `json:"identityType"`
	Status       int `json:"status"`
	Page         int `json:"page"`
}

// operator authenticates a staff call; without a session or the role the
// answer is the unknown call's, so operations calls do not show.
func (h *Identities) operator(c echo.Context, req any) (*account.Caller, bool, error) {
	caller, sealed, err := h.whoAmI(c, req)
	if e, ok := apperr.As(err); ok && e.Code == apperr.Unauthorized {
		return nil, sealed, staff.ErrNoRole()
	}
	if err != nil {
		return nil, sealed, err
	}
	if err := staff.Require(caller.User, staff.Reviewer); err != nil {
		return nil, sealed, err
	}
	return caller, sealed, nil
}

func (h *Identities) queue(kind string) echo.HandlerFunc {
	return func(c echo.Context) error {
		var req queueReq
		caller, sealed, err := h.operator(c, &req)
		if err != nil {
			return h.fail(c, err)
		}
		out, err := h.svc.List(c.Request().Context(), caller.User,
			identity.Queue{Kind: kind, IdentityType: req.IdentityType, Status: req.Status, Page: req.Page}, h.tr(c))
		if err != nil {
			return h.fail(c, err)
		}
		return h.ok(c, sealed, out)
	}
}

type decideReq struct {
	UID    string `json:"uid"`
	Action string `json:"action"`
	Reason string `json:"reason"`
}

func (h *Identities) decide(kind string) echo.HandlerFunc {
	return func(c echo.Context) error {
		var req decideReq
		caller, sealed, err := h.operator(c, &req)
		if err != nil {
			return h.fail(c, err)
		}
		err = h.svc.Decide(c.Request().Context(), caller.User,
			identity.Decision{Kind: kind, UID: req.UID, Action: req.Action, Reason: req.Reason})
		if err != nil {
			return h.fail(c, err)
		}
		return h.ok(c, sealed, nil)
	}
}

type trailReq struct {
	UID string `json:"uid"`
}

// trail answers the audit rows of one reviewed item.
func (h *Identities) trail(kind string) echo.HandlerFunc {
	return func(c echo.Context) error {
		var req trailReq
		caller, sealed, err := h.operator(c, &req)
		if err != nil {
			return h.fail(c, err)
		}
		out, err := h.svc.Trail(c.Request().Context(), caller.User, kind, req.UID)
		if err != nil {
			return h.fail(c, err)
		}
		return h.ok(c, sealed, out)
	}
}
