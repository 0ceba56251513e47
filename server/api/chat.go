package api

import (
	"github.com/labstack/echo/v4"

	"souk/app/apperr"
	"souk/app/chat"
	"souk/app/staff"
	"souk/ent"
)

// Chats serves the chat calls (chat/*) and the operators' chat lists
// (operations/chat/*). Login is required for all of them.
type Chats struct {
	*Accounts
	svc *chat.Service
}

// NewChats makes the chat handlers.
func NewChats(a *Accounts, s *chat.Service) *Chats { return &Chats{Accounts: a, svc: s} }

// Register mounts the calls.
func (h *Chats) Register(g *echo.Group) {
	g.POST("/chat/open", h.open)
	g.POST("/chat/list", h.list)
	g.POST("/chat/messages", h.messages)
	g.POST("/chat/send", h.send)
	g.POST("/chat/read", h.read)
	g.POST("/chat/unread", h.unread)
	g.POST("/chat/report", h.report)
	g.POST("/operations/chat/list", h.staffList)
	g.POST("/operations/chat/reports", h.staffReports)
}

// user binds req and authenticates the caller.
func (h *Chats) user(c echo.Context, req any) (*ent.User, bool, error) {
	sealed, err := h.bind(c, req)
	if err != nil {
		return nil, sealed, err
	}
	caller, err := h.caller(c)
	if err != nil {
		return nil, sealed, err
	}
	return caller.User, sealed, nil
}

// staffUser is user for operators; anyone else gets the unknown call's answer.
func (h *Chats) staffUser(c echo.Context, req any) (*ent.User, bool, error) {
	u, sealed, err := h.user(c, req)
	if e, ok := apperr.As(err); ok && e.Code == apperr.Unauthorized {
		return nil, sealed, staff.ErrNoRole()
	}
	if err == nil {
		err = staff.Require(u, staff.Reviewer)
	}
	return u, sealed, err
}

func (h *Chats) locale(c echo.Context) chat.Locale {
	rc := h.ctxOf(c)
	return chat.Locale{Lang: rc.lang, Currency: rc.currency}
}

// answer writes out or the error.
func (h *Chats) answer(c echo.Context, sealed bool, out any, err error) error {
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, sealed, out)
}

type chatOpenReq struct {
	Kind        string `json:"kind"`
	TreID       string `json:"treId"`
	IdentityUID string `json:"identityUid"`
	OrderNumber string `json:"orderNumber"`
}

func (h *Chats) open(c echo.Context) error {
	var req chatOpenReq
	u, sealed, err := h.user(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	out, err := h.svc.Open(c.Request().Context(), u, chat.OpenInput{Kind: req.Kind, TreID: req.TreID,
		IdentityUID: req.IdentityUID, OrderNumber: req.OrderNumber}, h.locale(c))
	return h.answer(c, sealed, out, err)
}

type chatPageReq struct {
	Page int `json:"page"`
}

func (h *Chats) list(c echo.Context) error {
	var req chatPageReq
	u, sealed, err := h.user(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	out, err := h.svc.List(c.Request().Context(), u, req.Page, h.locale(c))
	return h.answer(c, sealed, out, err)
}

type chatMessagesReq struct {
	UID       string `json:"uid"`
	AfterSeq  int64  `json:"afterSeq"`
	BeforeSeq int64  `json:"beforeSeq"`
	Limit     int    `json:"limit"`
}

func (h *Chats) messages(c echo.Context) error {
	var req chatMessagesReq
	u, sealed, err := h.user(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	out, err := h.svc.Messages(c.Request().Context(), u, req.UID,
		chat.MessagesInput{AfterSeq: req.AfterSeq, BeforeSeq: req.BeforeSeq, Limit: req.Limit}, h.locale(c))
	return h.answer(c, sealed, out, err)
}

type chatSendReq struct {
	UID     string `json:"uid"`
	AppID   string `json:"appId"`
	Type    int    `json:"type"`
	Content string `json:"content"`
}

func (h *Chats) send(c echo.Context) error {
	var req chatSendReq
	u, sealed, err := h.user(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	out, err := h.svc.Send(c.Request().Context(), u, req.UID,
		chat.SendInput{AppID: req.AppID, Type: req.Type, Content: req.Content}, h.locale(c))
	return h.answer(c, sealed, out, err)
}

type chatReadReq struct {
	UID string `json:"uid"`
	Seq int64  `json:"seq"`
}

func (h *Chats) read(c echo.Context) error {
	var req chatReadReq
	u, sealed, err := h.user(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	err = h.svc.Read(c.Request().Context(), u, req.UID, req.Seq)
	return h.answer(c, sealed, struct{}{}, err)
}

func (h *Chats) unread(c echo.Context) error {
	var req struct{}
	u, sealed, err := h.user(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	out, err := h.svc.UnreadOf(c.Request().Context(), u)
	return h.answer(c, sealed, out, err)
}

type chatReportReq struct {
	UID    string `json:"uid"`
	Reason string `json:"reason"`
}

func (h *Chats) report(c echo.Context) error {
	var req chatReportReq
	u, sealed, err := h.user(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	err = h.svc.Report(c.Request().Context(), u, req.UID, req.Reason)
	return h.answer(c, sealed, struct{}{}, err)
}

func (h *Chats) staffList(c echo.Context) error {
	var req chatPageReq
	u, sealed, err := h.staffUser(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	out, err := h.svc.StaffList(c.Request().Context(), u, req.Page, h.locale(c))
	return h.answer(c, sealed, out, err)
}

func (h *Chats) staffReports(c echo.Context) error {
	var req chatPageReq
	_, sealed, err := h.staffUser(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	out, err := h.svc.Reports(c.Request().Context(), req.Page)
	return h.answer(c, sealed, map[string]any{"list": out}, err)
}
