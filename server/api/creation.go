package api

import (
	"context"

	"github.com/labstack/echo/v4"

	"souk/app/apperr"
	"souk/app/creation"
)

// Frame codes of the creation stream: progress while the engine works,
// then the version, or the error frame (FrameError).
const (
	FrameCreationProgress = 20 // {c, step, text, percent}
	FrameCreationVersion  = 21 // {c, version}
)

// Creations serves AI creation (not in SPEC §7; README): the options of an
// item, the streamed make call, a user's versions, one version, sharing.
type Creations struct {
	*Accounts
	svc *creation.Service
}

// NewCreations makes the AI creation handlers.
func NewCreations(a *Accounts, s *creation.Service) *Creations {
	return &Creations{Accounts: a, svc: s}
}

// Register mounts the calls.
func (h *Creations) Register(g *echo.Group) {
	g.POST("/aiCreation/choices", h.choices)
	g.POST("/aiCreation/make", h.make)
	g.POST("/aiCreation/versions", h.versions)
	g.POST("/aiCreation/version", h.version)
	g.POST("/aiCreation/share", h.share)
	g.POST("/aiCreation/publish", h.publish)
}

type creationReq struct {
	TreID       string `json:"treId"`
	CreateVUID  string `json:"createVUid"`
	CreationUID string `json:"creationUid"`
	From        string `json:"from"`
	Model       string `json:"model"`
	Prompt      string `json:"prompt"`
	Swatch      string `json:"swatch"`
	Pattern     string `json:"pattern"`
	Length      string `json:"length"`
}

// choices is public: the page shows an item's models before sign-in.
func (h *Creations) choices(c echo.Context) error {
	var req creationReq
	if _, err := h.bind(c, &req); err != nil {
		return h.fail(c, err)
	}
	ch, err := h.svc.Choices(c.Request().Context(), req.TreID, h.ctxOf(c).lang)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, false, ch)
}

// make streams NDJSON frames, each flushed: progress, then the version.
// The client's abort cancels the request's context, and the service then
// keeps nothing of the version.
func (h *Creations) make(c echo.Context) error {
	var req creationReq
	w := newFrameWriter(c, h.translator(c))
	if _, err := h.bind(c, &req); err != nil {
		w.failErr(err)
		return nil
	}
	caller, err := h.caller(c)
	if err != nil {
		w.failErr(err)
		return nil
	}
	t := h.translator(c)
	ask := creation.Ask{TreID: req.TreID, From: req.From, Model: req.Model, Prompt: req.Prompt, Swatch: req.Swatch,
		Pattern: req.Pattern, Length: req.Length, Lang: h.ctxOf(c).lang}
	v, err := h.svc.Make(c.Request().Context(), creation.User{ID: caller.User.ID, UID: caller.User.UID}, ask, func(step string, pct int) {
		w.frame(map[string]any{"c": FrameCreationProgress, "step": step, "text": t(step), "percent": pct})
	})
	if err != nil {
		if c.Request().Context().Err() == nil {
			if _, ok := apperr.As(err); !ok {
				h.log.Error("api", "path", c.Path(), "err", err)
			}
			w.failErr(err)
		}
		return nil
	}
	w.frame(map[string]any{"c": FrameCreationVersion, "version": v})
	return nil
}

func (h *Creations) versions(c echo.Context) error {
	var req creationReq
	uid, _, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	list, err := h.svc.List(c.Request().Context(), uid, req.TreID, req.CreationUID)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, false, list)
}

// version is public for a shared version; its owner sees it always.
func (h *Creations) version(c echo.Context) error {
	var req creationReq
	if _, err := h.bind(c, &req); err != nil {
		return h.fail(c, err)
	}
	viewer := 0
	if caller, err := h.caller(c); err == nil {
		viewer = caller.User.ID
	}
	v, err := h.svc.Get(c.Request().Context(), viewer, req.CreateVUID)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, false, v)
}

func (h *Creations) share(c echo.Context) error { return h.onVersion(c, h.svc.Share) }

// publish shows the version as a design on the caller's Creator page.
func (h *Creations) publish(c echo.Context) error { return h.onVersion(c, h.svc.Publish) }

// onVersion runs an owner's action on a version and answers the version.
func (h *Creations) onVersion(c echo.Context, act func(context.Context, int, string) (*creation.Version, error)) error {
	var req creationReq
	uid, _, err := h.signedIn(c, &req)
	if err != nil {
		return h.fail(c, err)
	}
	v, err := act(c.Request().Context(), uid, req.CreateVUID)
	if err != nil {
		return h.fail(c, err)
	}
	return h.ok(c, false, v)
}
